import ChimeControl
import ChimeCore
import ChimeStore
import ChimeTestSupport
import Foundation
import Glibc

/// The `calendar` suite: the built `chime` and `chimed` with a generated vdir of 10,000 items
/// (``CalendarBenchmarkGenerator``: a fifth recurring, half with alarms, three zones, all-day
/// and floating items) in temporary XDG directories, chimed on the stdout notifier.
///
/// - `calendar_index_cold_ms`: `chime calendar add VDIR`, then the first `chime calendar alarms
///   --json` for the next 24 hours, both processes run to their end, chimed running (it reads
///   the calendar when the add reaches it). Target 1,000 ms.
/// - `calendar_alarms_24h_ms`: the same `calendar alarms` again, warm (chimed answers from the
///   items it holds); median of 5. Target 50 ms.
/// - `calendar_change_to_armed_ms`: one file renamed into the vdir until chimed has derived its
///   item's alarm, written it and re-armed (its request in the store, then a status answer, which
///   chimed gives only after that turn of its loop); median of 5. Target 20 ms.
/// - `calendar_rss_mb`: chimed's resident memory with the calendar read, less chimed's without
///   it (`calendar_rss_mb_without`, `calendar_rss_mb_with` the two readings). Target 30 MB.
/// - `calendar_idle_wakeups`: context switches of all chimed's threads over 60 s with the
///   calendar read and no alarm due in that time (the window is chosen after the next wake).
///   Target 0.
/// - `calendar_load_average`: the machine's 1-minute load average at the end: the figures
///   above are wall-clock times on a machine others share.
enum CalendarBenchmark {
    static let itemCount = 10_000
    static let warmRuns = 5
    static let changeRuns = 5

    static func run() throws {
        let directory = DaemonBenchmark.executableDirectory()
        let chimed = directory + "/chimed", chime = directory + "/chime"
        guard FileManager.default.isExecutableFile(atPath: chimed), FileManager.default.isExecutableFile(atPath: chime) else {
            throw BenchmarkFailure("chime and chimed are not built next to chime-bench (\(directory)): build the whole package first")
        }
        let sandbox = try DaemonBenchmark.Sandbox(label: "calendar")
        let vdir = sandbox.root + "/calendars/bench"
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        try CalendarBenchmarkGenerator.writeVdir(to: vdir, count: itemCount, around: Date())

        let daemon = try DaemonBenchmark.DaemonUnderTest(chimed, notifier: "stdout", sandbox: sandbox)
        _ = try daemon.waitUntilReady()
        usleep(500_000)
        let without = try daemon.residentMegabytes()

        // Cold: add, then the first listing of the next 24 hours.
        let started = ContinuousClock.now
        try runChime(chime, ["calendar", "add", vdir, "--name", "bench"], sandbox: sandbox)
        let first = try runChime(chime, ["calendar", "alarms", "--json"], sandbox: sandbox)
        let cold = (ContinuousClock.now - started).seconds * 1000
        let rows = (try? JSONSerialization.jsonObject(with: Data(first.utf8)) as? [Any])?.count ?? 0
        guard rows > 0 else { throw BenchmarkFailure("calendar alarms listed nothing for the next 24 hours: \(first.prefix(200))") }
        emit("calendar_index_cold_ms", value: cold, unit: "ms")
        emit("calendar_alarms_24h_rows", value: Double(rows), unit: "rows")

        var warm: [Double] = []
        for _ in 0..<warmRuns {
            let started = ContinuousClock.now
            try runChime(chime, ["calendar", "alarms", "--json"], sandbox: sandbox)
            warm.append((ContinuousClock.now - started).seconds * 1000)
        }
        emit("calendar_alarms_24h_ms", value: DaemonBenchmark.median(warm), unit: "ms", n: warmRuns)

        let client = try ControlClient(directory: RuntimeDirectory.resolve(environment: sandbox.environment), timeout: .seconds(5))
        let store = try Store(environment: sandbox.environment)
        var change: [Double] = []
        for run in 0..<changeRuns {
            change.append(try changeToArmed(vdir: vdir, run: run, store: store, client: client))
        }
        emit("calendar_change_to_armed_ms", value: DaemonBenchmark.median(change), unit: "ms", n: changeRuns)

        usleep(500_000)
        let with = try daemon.residentMegabytes()
        emit("calendar_rss_mb_without", value: without, unit: "MB")
        emit("calendar_rss_mb_with", value: with, unit: "MB")
        emit("calendar_rss_mb", value: with - without, unit: "MB")

        // Settled first (libdispatch ends an idle worker thread about 5 s after the last request).
        try waitForQuietMinute(client: client)
        emit("calendar_idle_wakeups", value: Double(try daemon.contextSwitches(over: 60, settling: 10)), unit: "wakeups")
        try daemon.stop()
        emit("calendar_load_average", value: loadAverage(), unit: "load")
        // What chimed said about the calendar: where its time went.
        let log = (try? String(contentsOfFile: sandbox.root + "/chimed.log", encoding: .utf8)) ?? ""
        for line in log.split(separator: "\n") where line.contains("calendar bench") {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }

    /// Milliseconds from renaming one item into the vdir until chimed has re-armed with its
    /// alarm: the alarm's request is in the store, and chimed answers a status request after it
    /// (it derives, writes and re-arms in one turn of its loop, before it answers anything else).
    static func changeToArmed(vdir: String, run: Int, store: Store, client: ControlClient) throws -> Double {
        let start = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 60).rounded(.down) * 60 + 2 * 3600)
        let text = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//chime-bench//EN", "BEGIN:VEVENT", "UID:change-\(run)@bench",
                    "DTSTAMP:20270101T000000Z", "SUMMARY:Change \(run)", "DTSTART:\(utc(start))", "DURATION:PT30M",
                    "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER:-PT1M", "END:VALARM", "END:VEVENT", "END:VCALENDAR", ""]
            .joined(separator: "\r\n")
        let identifier = "cal/bench/change-\(run)@bench/\(utc(start))"
        let temporary = vdir + "/.change-\(run).tmp"
        try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        let started = ContinuousClock.now
        guard rename(temporary, vdir + "/change-\(run).ics") == 0 else { throw BenchmarkFailure("rename: errno \(errno)") }
        let deadline = started + .seconds(10)
        while ContinuousClock.now < deadline {
            guard try store.request(identifier: identifier)?.state == .pending else {
                // A short pause between looks: the machine has two cores, chimed needs one.
                usleep(200)
                continue
            }
            guard case .status = try client.send(.status) else { throw BenchmarkFailure("chimed did not answer status") }
            return (ContinuousClock.now - started).seconds * 1000
        }
        throw BenchmarkFailure("chimed did not derive the renamed item's alarm within 10 s")
    }

    /// Waits until chimed's next wake is more than 75 s away: 10 s of settling, then 60 s measured.
    static func waitForQuietMinute(client: ControlClient) throws {
        let deadline = Date().addingTimeInterval(900)
        while Date() < deadline {
            guard case .status(let status) = try client.send(.status) else { throw BenchmarkFailure("chimed did not answer status") }
            guard let armed = status.armedDeadline, armed.timeIntervalSinceNow < 75 else { return }
            usleep(UInt32(max(0.2, armed.timeIntervalSinceNow + 2) * 1_000_000))
        }
        throw BenchmarkFailure("no minute without a calendar alarm in 15 minutes")
    }

    /// Runs `chime` with `arguments` in the sandbox; its standard output.
    @discardableResult
    static func runChime(_ chime: String, _ arguments: [String], sandbox: DaemonBenchmark.Sandbox) throws -> String {
        let result = try ChildProcess.run(chime, arguments, environment: sandbox.environment, inheritsEnvironment: false, deadline: .seconds(120))
        guard result.status == 0 else { throw BenchmarkFailure("chime \(arguments.joined(separator: " ")) exited \(result.status): \(result.errors)") }
        return result.output
    }

    static func utc(_ instant: Date) -> String {
        let reading = LocalDateTime(of: instant, in: .system(TimeZone(identifier: "UTC")!))
        return reading.basicText + "Z"
    }

    static func loadAverage() -> Double {
        var loads = [Double](repeating: 0, count: 3)
        return getloadavg(&loads, 3) > 0 ? loads[0] : .nan
    }

    static func emit(_ metric: String, value: Double, unit: String, n: Int = 1) {
        BenchmarkResult(suite: "calendar", metric: metric, n: n, value: value, unit: unit).emit()
    }
}
