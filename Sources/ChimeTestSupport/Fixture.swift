import ChimeCore
import Foundation

/// Values every test target builds the same way: zones, instants written with their offset,
/// times, spans and plans known to be valid, and a reminder's request. Each target adds its own
/// builders in an extension.
public enum Fixture {
    /// The calendar tests pass to ChimeCore.
    public static let calendar = LocalTimeResolver.gregorian(in: utc)

    public static let berlin = zone("Europe/Berlin")
    public static let newYork = zone("America/New_York")
    public static let lordHowe = zone("Australia/Lord_Howe")
    public static let kolkata = zone("Asia/Kolkata")
    public static let london = zone("Europe/London")
    public static let shanghai = zone("Asia/Shanghai")
    public static let utc = zone("UTC")

    /// The Gregorian calendar in `zone`.
    public static func calendar(in zone: TimeZone) -> Calendar {
        LocalTimeResolver.gregorian(in: zone)
    }

    /// The zone named `identifier`; traps when the system does not know it (a broken test setup).
    public static func zone(_ identifier: String) -> TimeZone {
        guard let zone = TimeZone(identifier: identifier) else { fatalError("unknown time zone \(identifier)") }
        return zone
    }

    /// The instant written in ISO 8601 with an explicit offset, so repeated local hours stay
    /// unambiguous: `2026-10-25T02:30:00+02:00`. Read by Foundation, independent of Chime's parsers.
    public static func at(_ text: String) -> Date {
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: text.contains("."))
        guard let date = try? Date(text, strategy: style) else { fatalError("not an ISO 8601 instant: \(text)") }
        return date
    }

    /// A wall-clock time known to be valid.
    public static func time(_ text: String) -> WallClockTime {
        guard let time = try? WallClockTime(parsing: text) else { fatalError("not a time of day: \(text)") }
        return time
    }

    /// A window known to be valid: `window("09:00", "21:00")`.
    public static func window(_ from: String, _ until: String) -> DailyWindow {
        DailyWindow(from: time(from), until: time(until))
    }

    /// A duration known to be valid.
    public static func span(_ text: String) -> TimeSpan {
        guard let span = try? TimeSpan(parsing: text) else { fatalError("not a duration: \(text)") }
        return span
    }

    /// A plan known to be valid.
    public static func plan(_ text: String) -> FastingPlan {
        guard let plan = try? FastingPlan(parsing: text) else { fatalError("not a plan: \(text)") }
        return plan
    }

    /// The request of a one-off reminder saying `text` at `due`; shown late for a day unless
    /// `policy` says otherwise. `group` defaults to the identifier.
    public static func reminder(
        _ identifier: String, group: String? = nil, text: String, due: Date,
        tolerance: TimeInterval = RequestKind.reminder.defaultTolerance, policy: MisfirePolicy? = nil, kind: RequestKind = .reminder
    ) -> NotificationRequest {
        NotificationRequest(
            identifier: identifier, group: group ?? identifier, kind: kind, due: due, tolerance: tolerance,
            content: NotificationContent(template: .reminder, arguments: [ContentArgument.text: text]),
            misfirePolicy: policy ?? .deliverLate(until: due.addingTimeInterval(86_400))
        )
    }
}
