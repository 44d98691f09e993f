import ChimeCore
import FoundationEssentials

/// The text `chime export` writes: fasts, water intake or pending notifications, as CSV (a
/// header row, then one row per item) or as a pretty-printed JSON array with the same keys.
public enum ExportDocument {
    /// `--what fasts`.
    public static func fasts(_ records: [FastRecord], format: Command.ExportFormat, timeZone: TimeZone) throws(EncodingError) -> String {
        let items = records.map { $0.json(in: timeZone) }
        return try render(items, format: format, header: FastRecordJSON.csvHeader, fields: \.csvFields)
    }

    /// `--what water`; each glass names the water day it counts toward (``WaterDay`` of the
    /// active hours `window`, of the calendar day without a schedule), and the unit the user
    /// reads in (the amounts stay millilitres).
    public static func water(
        _ intakes: [LoggedWater], window: DailyWindow?, format: Command.ExportFormat, timeZone: TimeZone, unit: WaterUnit = .millilitres
    ) throws(EncodingError) -> String {
        let calendar = LocalTimeResolver.gregorian(in: timeZone)
        let items = intakes.map { $0.json(in: timeZone, window: window, calendar: calendar, unit: unit) }
        return try render(items, format: format, header: WaterIntakeJSON.csvHeader, fields: \.csvFields)
    }

    /// `--what pending`.
    public static func pending(_ notifications: [PendingNotification], format: Command.ExportFormat, timeZone: TimeZone) throws(EncodingError) -> String {
        let items = notifications.map { $0.json(in: timeZone) }
        let header = ["id", "group", "kind", "due", "tolerance_seconds", "title", "body", "state"]
        return try render(items, format: format, header: header) { item in
            [item.id, item.group, item.kind, item.due, String(item.toleranceSeconds), item.title, item.body, item.state]
        }
    }

    private static func render<Item: Encodable>(_ items: [Item], format: Command.ExportFormat, header: [String], fields: (Item) -> [String]) throws(EncodingError) -> String {
        switch format {
        case .json:
            return try OrderedJSONEncoder(prettyPrinted: true).encode(items) + "\n"
        case .csv:
            var writer = CSVWriter(header: header)
            for item in items { writer.appendRow(fields(item)) }
            return writer.text
        case .ics:
            preconditionFailure("--format ics is written by CalendarWriter (exportCalendar), never here")
        }
    }
}

/// One logged glass with the schedule it was logged for (none when drunk without reminders).
public struct LoggedWater: Hashable, Sendable {
    /// The schedule id, if any.
    public var scheduleID: String?
    /// When and how much.
    public var intake: WaterIntake

    /// Makes a row.
    public init(scheduleID: String?, intake: WaterIntake) {
        self.scheduleID = scheduleID
        self.intake = intake
    }

    /// The export element, the time in `timeZone`, the water day that of active hours `window`.
    public func json(in timeZone: TimeZone, window: DailyWindow?, calendar: Calendar, unit: WaterUnit = .millilitres) -> WaterIntakeJSON {
        let day = WaterDay.containing(intake.instant, window: window, timeZone: timeZone, calendar: calendar)
        return WaterIntakeJSON(
            instant: ISO8601Text.format(intake.instant, in: timeZone), amountML: intake.amountML, schedule: scheduleID,
            waterDay: LocalDate(of: day.start, in: timeZone, calendar: calendar).description, unit: unit.rawValue
        )
    }
}

/// One glass in `export --what water`: `{"instant","amount_ml","schedule","water_day","unit"}`.
public struct WaterIntakeJSON: Codable, Hashable, Sendable {
    /// ISO 8601 with offset.
    public var instant: String
    /// Millilitres.
    public var amountML: Int
    /// The schedule id, `null` without one.
    public var schedule: String?
    /// The local date (`2026-06-01`) on which the water day this glass counts toward starts.
    public var waterDay: String
    /// The unit the user reads in (`ml`, `oz`); the amount stays millilitres.
    public var unit: String

    enum CodingKeys: String, CodingKey {
        case instant
        case amountML = "amount_ml"
        case schedule
        case waterDay = "water_day"
        case unit
    }

    /// The CSV header, the JSON keys in order.
    public static let csvHeader = ["instant", "amount_ml", "schedule", "water_day", "unit"]

    /// The CSV fields, in ``csvHeader`` order.
    public var csvFields: [String] { [instant, String(amountML), schedule ?? "", waterDay, unit] }
}
