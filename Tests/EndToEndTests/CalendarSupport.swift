import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

/// What the calendar end-to-end tests share: a vdir in the sandbox, khal and vdirsyncer
/// configured on it, events written as iCalendar text, and waits on `chime list --json` and
/// the delivery history.
struct CalendarFolders {
    let sandbox: CliSandbox

    /// `<sandbox>/<name>`, made.
    func folder(_ name: String) -> String {
        let path = sandbox.root.appendingPathComponent(name).path
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A khal configuration with one calendar `work` at `path`, times in UTC, at `<sandbox>/khal.conf`.
    func khalConfiguration(calendar path: String) throws -> String {
        let file = sandbox.root.appendingPathComponent("khal.conf").path
        let text = """
            [calendars]
            [[work]]
            path = \(path)
            type = calendar
            [locale]
            timeformat = %H:%M
            dateformat = %Y-%m-%d
            longdateformat = %Y-%m-%d
            datetimeformat = %Y-%m-%d %H:%M
            longdatetimeformat = %Y-%m-%d %H:%M
            local_timezone = UTC
            default_timezone = UTC
            [default]
            default_calendar = work

            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// Runs khal with `arguments` and `input` on standard input (its edit prompts).
    func khal(_ configuration: String, _ arguments: [String], input: String? = nil) async throws -> CliOutcome {
        var shell = "/usr/bin/khal -c '\(configuration)' " + arguments.map { "'\($0)'" }.joined(separator: " ")
        if let input {
            let inputFile = sandbox.root.appendingPathComponent("khal-input-\(UUID().uuidString.prefix(6))").path
            try Data(input.utf8).write(to: URL(fileURLWithPath: inputFile))
            shell += " < '\(inputFile)'"
        }
        return await sandbox.run("/bin/sh", ["-c", shell], extra: ["XDG_DATA_HOME": sandbox.root.appendingPathComponent("khal-data").path])
    }

    /// An event as vdirsyncer or khal would keep it: one `VEVENT` with one alarm.
    static func event(uid: String, summary: String, start: Date, minutes: Int = 30, alarm: String = "-PT1M", location: String? = nil) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Chime tests//EN", "BEGIN:VEVENT", "UID:\(uid)",
                     "DTSTAMP:20270101T000000Z", "SUMMARY:\(summary)", "DTSTART:\(utc(start))", "DTEND:\(utc(start.addingTimeInterval(Double(minutes) * 60)))"]
        if let location { lines.append("LOCATION:\(location)") }
        lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER:\(alarm)", "END:VALARM", "END:VEVENT", "END:VCALENDAR", ""]
        return lines.joined(separator: "\r\n")
    }

    /// `20270315T083000Z`.
    static func utc(_ instant: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!, parts.second!)
    }

    /// Writes `text` as `folder/name` the way vdirsyncer does: a temporary name, then a rename.
    static func write(_ text: String, to folder: String, as name: String) throws {
        let temporary = folder + "/." + name + ".tmp-\(UUID().uuidString.prefix(6))"
        try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, folder + "/" + name) == 0 else { throw CalendarTestFailure("rename into \(folder): errno \(errno)") }
    }

    /// The identifiers `chime list --json` shows, of calendar alarms only.
    func pendingAlarms() async -> [String] {
        (cliJSONArray(await sandbox.chime("list", "--json").output) ?? []).compactMap { $0["id"] as? String }.filter { $0.hasPrefix("cal/") }
    }

    /// Polls `chime list --json` (chimed is another process) until `condition` holds or
    /// `timeout` passes (``Eventually``); returns whether it held.
    func waitForAlarms(timeout: TimeInterval = 30, _ condition: ([String]) -> Bool) async throws -> Bool {
        await Eventually.wait(within: .seconds(timeout), checkingEvery: .milliseconds(50)) { condition(await pendingAlarms()) }
    }

    /// Polls chimed's store (another process writes it) until its delivery history has a row
    /// whose identifier starts with `prefix` (``Eventually``): a bubble is on the bus a moment
    /// before chimed records it. The row, or `nil`.
    func waitForHistory(prefix: String) async throws -> DeliveryRecord? {
        let store = try Store(path: sandbox.databasePath)
        var found: DeliveryRecord?
        _ = try await Eventually.wait {
            found = try store.deliveryHistory(limit: 100).first { $0.identifier.hasPrefix(prefix) }
            return found != nil
        }
        return found
    }
}

struct CalendarTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
