import Foundation
import Testing

@testable import ChimeCore

/// Shared inputs for ChimeCore tests: zones, a calendar, instants written with their offset, and
/// a seeded random source so randomized tests are reproducible.
enum Fixture {
    /// The calendar every test passes to ChimeCore.
    static let calendar = Calendar(identifier: .gregorian)

    static let berlin = zone("Europe/Berlin")
    static let newYork = zone("America/New_York")
    static let lordHowe = zone("Australia/Lord_Howe")
    static let kolkata = zone("Asia/Kolkata")
    static let london = zone("Europe/London")
    static let utc = zone("UTC")

    /// The zone named `identifier`; traps when the system does not know it (a broken test setup).
    static func zone(_ identifier: String) -> TimeZone {
        guard let zone = TimeZone(identifier: identifier) else { fatalError("unknown time zone \(identifier)") }
        return zone
    }

    /// The instant written in ISO 8601 with an explicit offset, so repeated local hours stay
    /// unambiguous: `2026-10-25T02:30:00+02:00`.
    static func at(_ text: String) -> Date {
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: text.contains("."))
        guard let date = try? Date(text, strategy: style) else { fatalError("not an ISO 8601 instant: \(text)") }
        return date
    }

    /// How `instant` reads on the wall clock of `zone`, with its offset: `2026-03-29 13:00 +02:00`
    /// (seconds are added when not zero).
    static func wall(_ instant: Date, _ zone: TimeZone) -> String {
        var calendar = calendar
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let offset = zone.secondsFromGMT(for: instant)
        let sign = offset < 0 ? "-" : "+"
        let seconds = parts.second! == 0 ? "" : ":\(pad(parts.second!))"
        return "\(parts.year!)-\(pad(parts.month!))-\(pad(parts.day!)) \(pad(parts.hour!)):\(pad(parts.minute!))\(seconds)"
            + " \(sign)\(pad(abs(offset) / 3600)):\(pad(abs(offset) % 3600 / 60))"
    }

    /// A wall-clock time known to be valid.
    static func time(_ text: String) -> WallClockTime {
        guard let time = try? WallClockTime(parsing: text) else { fatalError("not a time of day: \(text)") }
        return time
    }

    /// A window known to be valid: `window("09:00", "21:00")`.
    static func window(_ from: String, _ until: String) -> DailyWindow {
        DailyWindow(from: time(from), until: time(until))
    }

    /// A duration known to be valid.
    static func span(_ text: String) -> TimeSpan {
        guard let span = try? TimeSpan(parsing: text) else { fatalError("not a duration: \(text)") }
        return span
    }

    /// A plan known to be valid.
    static func plan(_ text: String) -> FastingPlan {
        guard let plan = try? FastingPlan(parsing: text) else { fatalError("not a plan: \(text)") }
        return plan
    }
}

/// Seconds in an hour and a minute, to keep arithmetic in tests readable.
let hour: TimeInterval = 3600
let minute: TimeInterval = 60
