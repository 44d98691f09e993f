import ChimeDaemon
import Foundation
import Testing

@Suite("WakeupChannel")
struct WakeupChannelTests {
    @Test("values posted from another thread wake the loop and arrive in order")
    func wakesLoopFromAnotherThread() throws {
        let loop = try EventLoop()
        let channel = try WakeupChannel<String>()
        var received: [String] = []
        try loop.register(channel.fileDescriptor) { _ in received += try channel.drain() }

        let poster = BackgroundThread { () -> Bool in
            do {
                for message in ["one", "two", "three"] { try channel.post(message) }
                return true
            } catch {
                return false
            }
        }

        #expect(try runLoop(loop) { received.count == 3 && poster.result != nil })
        #expect(received == ["one", "two", "three"])
        #expect(poster.result == true)
    }

    @Test("draining resets the wake-up: an empty channel leaves the loop asleep")
    func drainResets() throws {
        let loop = try EventLoop()
        let channel = try WakeupChannel<Int>()
        var wakes = 0
        try loop.register(channel.fileDescriptor) { _ in
            wakes += 1
            _ = try channel.drain()
        }
        try channel.post(1)
        try channel.post(2)

        try loop.runOnce(timeout: .seconds(5))
        #expect(wakes == 1)
        #expect(try loop.runOnce(timeout: .zero) == 0)
        #expect(try channel.drain() == [])
    }

    @Test("many threads posting at once lose nothing")
    func concurrentPosts() throws {
        let loop = try EventLoop()
        let channel = try WakeupChannel<Int>()
        var received: [Int] = []
        try loop.register(channel.fileDescriptor) { _ in received += try channel.drain() }

        let posters = (0..<4).map { thread in
            BackgroundThread { () -> Bool in
                (0..<250).allSatisfy { index in (try? channel.post(thread * 1000 + index)) != nil }
            }
        }

        #expect(try runLoop(loop) { received.count == 1000 && posters.allSatisfy { $0.result != nil } })
        #expect(Set(received).count == 1000)
        #expect(posters.allSatisfy { $0.result == true })
    }
}
