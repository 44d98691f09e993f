import ChimeCalendar
import ChimeCore
import Foundation
import Testing

/// Shared inputs of the calendar tests: zones, instants written with their offset, calendar
/// text wrapped in a VCALENDAR, and the engine's answers as comparable rows.
enum CalendarFixture {
    static let berlin = zone("Europe/Berlin")
    static let newYork = zone("America/New_York")
    static let lordHowe = zone("Australia/Lord_Howe")
    static let kolkata = zone("Asia/Kolkata")
    static let utc = zone("UTC")

    /// The zone named `identifier`; traps when the system does not know it (a broken set-up).
    static func zone(_ identifier: String) -> TimeZone {
        guard let zone = TimeZone(identifier: identifier) else { fatalError("unknown time zone \(identifier)") }
        return zone
    }

    /// The instant written in ISO 8601 with its offset: `2027-03-28T03:30:00+02:00`.
    static func at(_ text: String) -> Date {
        guard let date = try? Date(text, strategy: .iso8601) else { fatalError("not an ISO 8601 instant: \(text)") }
        return date
    }

    /// `body` (components, CRLF or LF lines) inside a VCALENDAR.
    static func calendar(_ body: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Chime tests//EN\r\n" + body.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n") + "END:VCALENDAR\r\n"
    }

    /// Reads `text` as the file `name`.
    static func read(_ text: String, file: String = "test.ics") -> CalendarFileContents {
        CalendarReader().read(bytes: Array(text.utf8), file: file)
    }

    /// Every firing of `contents` in the window, as `uid trigger` rows (trigger in UTC ISO 8601).
    static func rows(_ contents: CalendarFileContents, from: String, until: String, zone: TimeZone = berlin, calendar: String = "test") -> [String] {
        let engine = CalendarAlarmEngine(localZone: zone)
        let result = engine.firings(in: [CalendarContents(name: calendar, items: contents.items)], from: at(from), until: at(until))
        return result.firings.map { "\($0.instance.uid) \(iso($0.triggerAt))" }
    }

    /// `2027-03-28T01:30:00Z`.
    static func iso(_ instant: Date) -> String {
        instant.formatted(.iso8601)
    }

    /// The path of a fixture file of this target.
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
    }
}
