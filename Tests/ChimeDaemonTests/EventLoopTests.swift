import ChimeSystem
import ChimeDaemon
import ChimeTestSupport
import Glibc
import Synchronization
import Testing

/// A pipe whose ends close with it.
private final class Pipe {
    let readEnd: Int32
    let writeEnd: Int32

    init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SystemError(.init(rawValue: errno), operation: "pipe") }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    func write(_ byte: UInt8 = 1) {
        var byte = byte
        _ = Glibc.write(writeEnd, &byte, 1)
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }
}

/// SIGUSR1 deliveries seen by the test handler (process-wide, for the EINTR test).
private let interruptions = Atomic<Int>(0)

@Suite("EventLoop")
struct EventLoopTests {
    @Test("runs the handler of the descriptor that is ready, and only that one")
    func dispatchesReadyDescriptor() throws {
        let loop = try EventLoop()
        let first = try Pipe()
        let second = try Pipe()
        var calls: [String: EventLoop.Events] = [:]
        try loop.register(first.readEnd) { calls["first"] = $0 }
        try loop.register(second.readEnd) { calls["second"] = $0 }
        #expect(loop.registeredCount == 2)

        second.write()
        let handled = try loop.runOnce(timeout: .seconds(5))

        #expect(handled == 1)
        #expect(calls.keys.sorted() == ["second"])
        #expect(calls["second"]?.contains(.readable) == true)
    }

    @Test("an unconsumed event is reported again on the next turn (level-triggered)")
    func levelTriggered() throws {
        let loop = try EventLoop()
        let pipe = try Pipe()
        var calls = 0
        try loop.register(pipe.readEnd) { _ in calls += 1 }
        pipe.write()

        try loop.runOnce(timeout: .seconds(5))
        try loop.runOnce(timeout: .seconds(5))

        #expect(calls == 2)
    }

    @Test("with nothing ready, a zero timeout returns without running anything")
    func zeroTimeout() throws {
        let loop = try EventLoop()
        let pipe = try Pipe()
        try loop.register(pipe.readEnd) { _ in Issue.record("nothing was written") }

        #expect(try loop.runOnce(timeout: .zero) == 0)
    }

    @Test("an event already fetched for a descriptor unregistered in the same turn is dropped")
    func unregisterDuringTurn() throws {
        let loop = try EventLoop()
        let first = try Pipe()
        let second = try Pipe()
        var calls = 0
        try loop.register(first.readEnd) { _ in
            calls += 1
            try loop.unregister(second.readEnd)
        }
        try loop.register(second.readEnd) { _ in
            calls += 1
            try loop.unregister(first.readEnd)
        }
        first.write()
        second.write()

        let handled = try loop.runOnce(timeout: .seconds(5))

        #expect(handled == 1)
        #expect(calls == 1)
        #expect(loop.registeredCount == 1)
    }

    @Test("modify changes what a descriptor waits for")
    func modifyInterest() throws {
        let loop = try EventLoop()
        let pipe = try Pipe()
        var seen: EventLoop.Events = []
        try loop.register(pipe.writeEnd, for: []) { seen = $0 }
        #expect(try loop.runOnce(timeout: .zero) == 0)

        try loop.modify(pipe.writeEnd, for: .writable)
        try loop.runOnce(timeout: .seconds(5))

        #expect(seen.contains(.writable))
    }

    @Test("stop from a handler makes run return, and the loop can run again")
    func stopFromHandler() throws {
        let loop = try EventLoop()
        let pipe = try Pipe()
        var calls = 0
        try loop.register(pipe.readEnd) { _ in
            calls += 1
            loop.stop()
        }
        pipe.write()

        try loop.run()
        try loop.run()

        #expect(calls == 2)
    }

    @Test("an error thrown by a handler ends the turn with that error")
    func handlerErrorPropagates() throws {
        struct Failure: Error {}
        let loop = try EventLoop()
        let pipe = try Pipe()
        try loop.register(pipe.readEnd) { _ in throw Failure() }
        pipe.write()

        #expect(throws: Failure.self) { try loop.runOnce(timeout: .seconds(5)) }
    }

    @Test("a signal handler interrupting epoll_wait (EINTR) does not end run")
    func survivesInterruption() throws {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in interruptions.add(1, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0  // no SA_RESTART: the interrupted epoll_wait fails with EINTR
        var previous = sigaction()
        #expect(sigaction(SIGUSR1, &action, &previous) == 0)
        defer { sigaction(SIGUSR1, &previous, nil) }

        // The loop runs on a thread of its own with SIGUSR1 unblocked: test runner threads
        // (libdispatch workers) keep signals blocked, so epoll_wait there is never interrupted.
        let wakeup = try WakeupChannel<Int>()
        let loopThread = Box<pthread_t?>(nil)
        let outcome = BackgroundThread { () -> String in
            do {
                var unblocked = sigset_t()
                sigemptyset(&unblocked)
                sigaddset(&unblocked, SIGUSR1)
                pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
                let loop = try EventLoop()
                try loop.register(wakeup.fileDescriptor) { _ in
                    if try !wakeup.drain().isEmpty { loop.stop() }
                }
                loopThread.value = pthread_self()
                try loop.run()
                return "stopped"
            } catch {
                return "failed: \(error)"
            }
        }
        #expect(Eventually.waitBlocking { loopThread.value != nil })
        let target = try #require(loopThread.value)
        let start = interruptions.load(ordering: .relaxed)
        // Each signal is sent only once the previous one was handled, so none is left pending
        // when the thread ends.
        for sent in 1...3 {
            pthread_kill(target, SIGUSR1)
            #expect(Eventually.waitBlocking { interruptions.load(ordering: .relaxed) >= start + sent })
        }
        try wakeup.post(1)

        #expect(Eventually.waitBlocking { outcome.result != nil })
        #expect(outcome.result == "stopped")
        #expect(interruptions.load(ordering: .relaxed) - start == 3)
    }

    @Test("timeouts round up to whole milliseconds, nil waits forever")
    func timeoutRounding() {
        #expect(EventLoop.milliseconds(rounding: nil) == -1)
        #expect(EventLoop.milliseconds(rounding: .zero) == 0)
        #expect(EventLoop.milliseconds(rounding: .microseconds(1)) == 1)
        #expect(EventLoop.milliseconds(rounding: .milliseconds(20)) == 20)
        #expect(EventLoop.milliseconds(rounding: .nanoseconds(20_000_001)) == 21)
        #expect(EventLoop.milliseconds(rounding: .milliseconds(-5)) == 0)
        #expect(EventLoop.milliseconds(rounding: .seconds(Int64.max / 2)) == Int32.max)
    }
}
