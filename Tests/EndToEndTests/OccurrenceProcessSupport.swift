import ChimeTestSupport
import Foundation
import Testing

/// Running the built binaries at chosen instants and reading what they print, for the tests of
/// issue 19's cases (a recurring thing is its rule plus what happened).
extension CliSandbox {
    /// A sandbox whose rules follow `zone` (the `time_zone` setting), whatever the machine's
    /// `/etc/localtime` says, and whose `TZ` is `zone` too.
    static func pinned(to zone: String = "UTC") async -> CliSandbox {
        let sandbox = CliSandbox(timeZone: zone)
        await sandbox.succeed("config", "set", "time_zone", zone)
        return sandbox
    }

    /// Runs `chime` with its clock starting at `instant` (libfaketime's wrapper: the clock runs
    /// on from there). Successive commands of a test get increasing instants, so each one
    /// sees the commits of the ones before it as past.
    @discardableResult
    func chime(at instant: Date, _ arguments: String..., extra: [String: String] = [:]) async -> CliOutcome {
        await chime(at: instant, arguments, extra: extra)
    }

    /// ``chime(at:_:extra:)`` with the arguments as an array.
    @discardableResult
    func chime(at instant: Date, _ arguments: [String], extra: [String: String] = [:]) async -> CliOutcome {
        await run(
            "/usr/bin/faketime", ["-f", "@\(Int(instant.timeIntervalSince1970.rounded(.down)))", CliBinaries.path("chime")] + arguments,
            extra: extra.merging(["FAKETIME_FMT": "%s"]) { $1 }
        )
    }

    /// ``chime(at:_:extra:)``, recording an issue unless it exits 0.
    @discardableResult
    func succeed(at instant: Date, _ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) async -> CliOutcome {
        let outcome = await chime(at: instant, arguments)
        #expect(outcome.status == 0, "chime \(arguments.joined(separator: " ")) at \(instant): \(outcome.errors)", sourceLocation: sourceLocation)
        return outcome
    }

    /// The pending notifications `chime list --json` shows at `instant` (now when `nil`).
    func pending(at instant: Date? = nil) async -> [[String: Any]] {
        let outcome: CliOutcome
        if let instant {
            outcome = await chime(at: instant, "list", "--json")
        } else {
            outcome = await chime("list", "--json")
        }
        return cliJSONArray(outcome.output) ?? []
    }

    /// The identifiers of ``pending(at:)``.
    func pendingIdentifiers(at instant: Date? = nil) async -> [String] {
        await pending(at: instant).compactMap { $0["id"] as? String }
    }
}

/// Instants and texts the occurrence tests share.
enum Occurrences {
    /// The instant an ISO 8601 text with an offset names.
    static func at(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    /// The id of the fast schedule a `fast schedule` or `fast start --repeat` line names.
    static func scheduleID(in output: String) -> String? {
        guard let range = output.range(of: #"fs-[a-z0-9]+"#, options: .regularExpression) else { return nil }
        return String(output[range])
    }

    /// The ids of the fasts in `fast history --json` (finished and running).
    static func historyIDs(_ json: String) -> [String] {
        ((cliJSONObject(json)?["fasts"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
    }

    /// The fast of `fast history --json` with `id`.
    static func historyFast(_ json: String, id: String) -> [String: Any]? {
        ((cliJSONObject(json)?["fasts"] as? [[String: Any]]) ?? []).first { $0["id"] as? String == id }
    }

    /// A recurrence rule with exactly one occurrence a day at the local reading of `instant` in
    /// `zone`, to the second: `FREQ=DAILY;BYHOUR=..;BYMINUTE=..;BYSECOND=..`.
    static func dailyRule(at instant: Date, in zone: TimeZone) -> String {
        let calendar = Fixture.calendar(in: zone)
        let parts = calendar.dateComponents([.hour, .minute, .second], from: instant)
        return "FREQ=DAILY;BYHOUR=\(parts.hour!);BYMINUTE=\(parts.minute!);BYSECOND=\(parts.second!)"
    }

    /// The local date-time text `chime` puts in a recurring reminder's identifier
    /// (`2026-12-02T00:40:19`, seconds only when not zero) for `instant` in `zone`.
    static func occurrenceReading(_ instant: Date, in zone: TimeZone) -> String {
        let calendar = Fixture.calendar(in: zone)
        let p = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        let base = String(format: "%04d-%02d-%02dT%02d:%02d", p.year!, p.month!, p.day!, p.hour!, p.minute!)
        return p.second! == 0 ? base : base + String(format: ":%02d", p.second!)
    }

    /// The first instant after `after` whose reading in `zone` has the hour, minute and second of
    /// `reading` (read in `readingZone`), on a local date not in `excludedDates` (`2026-12-02`).
    static func nextDaily(sameReadingAs reading: Date, readIn readingZone: TimeZone, in zone: TimeZone, after: Date, excludedDates: Set<String> = []) -> Date {
        var readingCalendar = Calendar(identifier: .gregorian)
        readingCalendar.timeZone = readingZone
        let time = readingCalendar.dateComponents([.hour, .minute, .second], from: reading)
        let calendar = Fixture.calendar(in: zone)
        var day = calendar.startOfDay(for: after.addingTimeInterval(-86_400))
        while true {
            var parts = calendar.dateComponents([.year, .month, .day], from: day)
            parts.hour = time.hour
            parts.minute = time.minute
            parts.second = time.second
            let candidate = calendar.date(from: parts)!
            let date = String(occurrenceReading(candidate, in: zone).prefix(10))
            if candidate > after, !excludedDates.contains(date) { return candidate }
            day = calendar.date(byAdding: .day, value: 1, to: day)!
        }
    }
}
