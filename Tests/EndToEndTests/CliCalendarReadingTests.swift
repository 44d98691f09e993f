import Foundation
import Testing

/// Calendar alarms in readers while chimed is down: the built `chime` under libfaketime, no
/// chimed; `list` and `status` read the calendar's files when the store lags behind them and
/// say what chimed would have pending, and reading writes nothing.
@Suite("chime binary: calendar alarms in readers while chimed is down")
struct CliCalendarReadingTests {
    let at = Occurrences.at

    static let standup = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VEVENT", "UID:standup", "DTSTAMP:20261201T000000Z",
        "SUMMARY:Standup", "DTSTART:20261202T090000Z", "DTEND:20261202T091500Z", "RRULE:FREQ=DAILY",
        "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER:-PT15M", "END:VALARM",
        "END:VEVENT", "END:VCALENDAR", "",
    ].joined(separator: "\r\n")

    @Test("a calendar added while chimed is down: list and status show its next alarm, also once one came due unseen; nothing written")
    func addedWhileDown() async throws {
        let sandbox = await CliSandbox.pinned()
        let vdir = sandbox.root.appendingPathComponent("calendars/work")
        try FileManager.default.createDirectory(at: vdir, withIntermediateDirectories: true)
        try Data(Self.standup.utf8).write(to: vdir.appendingPathComponent("standup.ics"))
        await sandbox.succeed(at: at("2026-12-02T07:00:00Z"), "calendar", "add", vdir.path, "--name", "work")
        let before = await sandbox.dump()

        // 08:00: today's alarm (08:45) is the next, though chimed never read the calendar.
        #expect(await sandbox.pendingIdentifiers(at: at("2026-12-02T08:00:00Z")) == ["cal/work/standup/20261202T090000Z"])
        let status = cliJSONObject(await sandbox.succeed(at: at("2026-12-02T08:00:01Z"), "status", "--format", "json").output)
        let next = status?["next"] as? [String: Any]
        #expect(next?["id"] as? String == "cal/work/standup/20261202T090000Z", "\(String(describing: status))")

        let calendars = cliJSONArray(await sandbox.succeed(at: at("2026-12-02T08:00:02Z"), "calendar", "list", "--json").output)
        #expect(calendars?.first?["alarms_pending"] as? Int == 1, "\(String(describing: calendars))")

        // 10:00: today's standup is over, its alarm never shown: tomorrow's is next, as chimed
        // would have it when it starts.
        let later = await sandbox.pending(at: at("2026-12-02T10:00:00Z"))
        #expect(later.compactMap { $0["id"] as? String } == ["cal/work/standup/20261203T090000Z"])
        #expect(await sandbox.succeed(at: at("2026-12-02T10:00:01Z"), "list").output.contains("cal/work/standup/20261203T090000Z"))
        #expect(await sandbox.dump() == before)
    }
}
