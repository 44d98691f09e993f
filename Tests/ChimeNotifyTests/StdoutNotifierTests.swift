import ChimeCore
import ChimeNotify
import ChimeTestSupport
import Foundation
import Testing

struct StdoutNotifierTests {
    /// A notifier writing into a pipe, and the lines it wrote so far.
    final class Capture {
        let notifier: StdoutNotifier
        private let read: Int32
        private let write: Int32

        init(language: NotificationLanguage = .english) throws {
            var fds: [Int32] = [0, 0]
            #expect(pipe(&fds) == 0)
            (read, write) = (fds[0], fds[1])
            notifier = StdoutNotifier(descriptor: write, language: language)
        }

        deinit {
            close(read)
            if !writeClosed { close(write) }
        }

        private var writeClosed = false

        /// The JSON objects written so far (call once, after the outcomes arrived).
        func lines() throws -> [[String: Any]] {
            notifier.shutdown()  // waits for pending writes
            close(write)
            writeClosed = true
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = Foundation.read(read, &buffer, buffer.count)
                if count <= 0 { break }
                data.append(contentsOf: buffer[..<count])
            }
            return try String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
                try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            }
        }
    }

    @Test func writesOneLinePerNotification() async throws {
        let capture = try Capture()
        let outcome = await capture.notifier.deliver(Fixture.onTime(Fixture.water(amount: "250")))
        #expect(outcome == .shown(serverID: 1))

        let lines = try capture.lines()
        #expect(lines.count == 1)
        let line = try #require(lines.first)
        #expect(line["event"] as? String == "shown")
        #expect(line["identifier"] as? String == "water/w-1/2026-03-02T12:00")
        #expect(line["serverID"] as? Int == 1)
        #expect(line["title"] as? String == "Time to drink water")
        #expect(line["body"] as? String == "Drink 250 ml.")
        #expect(line["urgency"] as? String == "low")
        #expect(line["category"] as? String == "x-chime.water")
        #expect(line["actions"] as? [String] == ["drank", "snooze-15m"])
        #expect(line["due"] as? String == "2026-03-02T12:00:00.000Z")
        #expect(line["late"] as? Bool == false)
        #expect((line["at"] as? String)?.hasSuffix("Z") == true)
    }

    @Test func theJobsLanguageReplacesTheNotifiersOwn() async throws {
        let capture = try Capture(language: .english)
        var job = Fixture.onTime(Fixture.water(amount: "250"))
        job.language = .simplifiedChinese
        _ = await capture.notifier.deliver(job)
        _ = await capture.notifier.deliver(Fixture.onTime(Fixture.water(amount: "250")))
        #expect(try capture.lines().map { $0["title"] as? String } == ["该喝水了", "Time to drink water"])
    }

    @Test func sendsPlainTextNeverMarkup() async throws {
        let capture = try Capture()
        _ = await capture.notifier.deliver(Fixture.onTime(Fixture.reminder(text: "<b>x</b> & y")))
        #expect(try capture.lines().first?["body"] as? String == "<b>x</b> & y")
    }

    @Test func anIdentifierKeepsItsIDAndAKnownIDIsReused() async throws {
        let capture = try Capture()
        let notifier = capture.notifier
        #expect(await notifier.deliver(Fixture.onTime(Fixture.reminder(id: "remind/a", text: "a"))) == .shown(serverID: 1))
        #expect(await notifier.deliver(Fixture.onTime(Fixture.reminder(id: "remind/b", text: "b"))) == .shown(serverID: 2))
        #expect(await notifier.deliver(Fixture.onTime(Fixture.reminder(id: "remind/a", text: "a again"))) == .shown(serverID: 1))
        #expect(await notifier.deliver(Fixture.onTime(Fixture.reminder(id: "remind/c", text: "c"), replacing: 7)) == .shown(serverID: 7))
        #expect(await notifier.deliver(Fixture.onTime(Fixture.reminder(id: "remind/d", text: "d"))) == .shown(serverID: 8))
        #expect(try capture.lines().map { $0["serverID"] as? Int } == [1, 2, 1, 7, 8])
    }

    @Test func closingWritesALinePerID() async throws {
        let capture = try Capture()
        #expect(await capture.notifier.close([3, 4]) == .closed)
        let lines = try capture.lines()
        #expect(lines.map { $0["event"] as? String } == ["closed", "closed"])
        #expect(lines.map { $0["serverID"] as? Int } == [3, 4])
    }

    @Test func lateDeliveriesSaySo() async throws {
        let capture = try Capture(language: .simplifiedChinese)
        let request = Fixture.fastEnd()
        _ = await capture.notifier.deliver(DeliveryJob(request: request, now: request.due.addingTimeInterval(3 * 3600), timeZone: Fixture.utc))
        let line = try #require(try capture.lines().first)
        #expect(line["late"] as? Bool == true)
        #expect(line["body"] as? String == "你的 16:8 禁食（morning）已于 12:00 结束（3 小时前）。")
    }

    @Test func rejectsTextWithNULAndWritesNothing() async throws {
        let capture = try Capture()
        #expect(await capture.notifier.deliver(Fixture.onTime(Fixture.reminder(text: "a\0b"))) == .rejected(reason: "the reminder text contains a NUL character: remove it"))
        #expect(try capture.lines().isEmpty)
    }

    @Test func aWriteErrorIsAFailure() async throws {
        // Open for reading only: writing fails, and the number stays ours (a closed one could be
        // reused by a test running alongside).
        let readOnly = open("/dev/null", O_RDONLY)
        defer { close(readOnly) }
        let notifier = StdoutNotifier(descriptor: readOnly, language: .english)
        let outcome = await notifier.deliver(Fixture.onTime(Fixture.reminder(text: "x")))
        guard case .failed(let message) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(message.contains("Bad file descriptor"))
    }

    @Test func probeIsAlwaysReady() async {
        let probe = await StdoutNotifier(descriptor: STDOUT_FILENO).probeResult()
        #expect(probe.status == .ready)
        #expect(probe.server?.name == "stdout")
    }

    @Test func afterShutdownDeliveriesFail() async {
        let notifier = StdoutNotifier(descriptor: STDOUT_FILENO)
        notifier.shutdown()
        #expect(await notifier.deliver(Fixture.onTime(Fixture.reminder(text: "x"))) == .failed(message: "the notifier was shut down"))
    }
}
