import ChimeControl
import ChimeCore
import FoundationEssentials

/// One calendar as `calendar list` shows it: its record, what its reader found and how many of
/// its alarms are pending.
struct CalendarListRow {
    /// The calendar's record.
    var source: CalendarSource
    /// What reading it found (`nil` when it could not be read).
    var report: CalendarReport?
    /// Alarms pending.
    var pending: Int

    /// `calendar list --json`: `{"name","path","items","alarms_pending","unreadable":[{"file","problem"}],
    /// "unreadable_count","default_alert_seconds","muted"}`.
    struct JSON: Encodable {
        var name: String
        var path: String
        var items: Int?
        var alarmsPending: Int
        var unreadable: [Problem]
        var unreadableCount: Int
        var defaultAlertSeconds: [Int]
        var muted: Bool

        struct Problem: Encodable {
            var file: String
            var problem: String
        }

        enum CodingKeys: String, CodingKey {
            case name, path, items
            case alarmsPending = "alarms_pending"
            case unreadable
            case unreadableCount = "unreadable_count"
            case defaultAlertSeconds = "default_alert_seconds"
            case muted
        }
    }

    /// The JSON element, sentences in `language`.
    func json(language: UserLanguage) -> JSON {
        JSON(
            name: source.name, path: source.path, items: report?.itemCount, alarmsPending: pending,
            unreadable: (report?.unreadable ?? []).map { JSON.Problem(file: $0.file, problem: $0.text.text(in: language)) },
            unreadableCount: report?.unreadableCount ?? 0,
            defaultAlertSeconds: source.defaultAlerts.map { Int($0.timeInterval) }, muted: source.isMuted
        )
    }

    /// The table of `calendar list`, then each file that could not be read, or a sentence when
    /// no calendar is added.
    static func text(_ rows: [CalendarListRow], language: UserLanguage, style: TerminalStyle, width: Int?) -> String {
        guard !rows.isEmpty else { return CalendarCommandText.noCalendars.text(language) }
        func say(_ message: CalendarCommandText, _ values: [String: String] = [:]) -> String { message.text(language, values) }
        var table = TextTable(
            columns: [
                .init(say(.columnName)), .init(say(.columnPath), minimumWidth: 12), .init(say(.columnItems)),
                .init(say(.columnPending)), .init(say(.columnUnreadable)), .init(say(.columnAlarms), minimumWidth: 8, dropOrder: 0),
            ],
            rows: []
        )
        var lines: [String] = []
        for row in rows {
            let unreadable = row.report?.unreadableCount ?? 0
            let alarms = row.source.isMuted ? say(.mutedWord) : row.source.defaultAlerts.isEmpty ? say(.ownWord)
                : say(.defaultWord, ["alerts": row.source.defaultAlerts.map(\.description).joined(separator: ",")])
            table.rows.append([
                .init(row.source.name), .init(row.source.path), .init(row.report.map { "\($0.itemCount)" } ?? "-"),
                .init("\(row.pending)"), .init("\(unreadable)", unreadable > 0 ? .yellow : nil), .init(alarms),
            ])
            for problem in row.report?.unreadable ?? [] {
                lines.append(say(.unreadableLine, ["name": row.source.name, "problem": problem.text.text(in: language)]))
            }
            if let report = row.report, report.unreadableCount > report.unreadable.count {
                let more = report.unreadableCount - report.unreadable.count
                lines.append(say(more == 1 ? .moreUnreadableOne : .moreUnreadable, ["name": row.source.name, "count": "\(more)"]))
            }
        }
        return ([table.render(width: width, style: style)] + lines).joined(separator: "\n")
    }
}

/// The firings of `calendar alarms`, as text or JSON, times shown by `display`.
struct CalendarAlarmListing {
    /// The rows, in order.
    var rows: [CalendarAlarmRow]
    /// Times relative to now, in the local zone.
    var display: TimeDisplay

    /// One element of `calendar alarms --json`.
    struct JSON: Encodable {
        var calendar: String
        var uid: String
        var summary: String
        var eventStart: String?
        var triggerAt: String
        var action: String
        var shown: Bool
        var instance: String
        var id: String

        enum CodingKeys: String, CodingKey {
            case calendar, uid, summary
            case eventStart = "event_start"
            case triggerAt = "trigger_at"
            case action, shown, instance, id
        }
    }

    /// The JSON element of `row`: `event_start` ISO 8601 with offset, or `YYYY-MM-DD` for an
    /// all-day item.
    func json(_ row: CalendarAlarmRow) -> JSON {
        JSON(
            calendar: row.calendar, uid: row.uid, summary: row.summary,
            eventStart: row.allDayDate ?? row.start.map { ISO8601Text.format($0, in: display.timeZone) },
            triggerAt: ISO8601Text.format(row.triggerAt, in: display.timeZone), action: row.action, shown: row.isShown,
            instance: row.instance, id: row.identifier
        )
    }

    /// The table: when, the calendar, the item, its start; or a sentence when the window has none.
    func text(from: Date, until: Date, style: TerminalStyle, width: Int?) -> String {
        let language = display.language
        func say(_ message: CalendarCommandText, _ values: [String: String] = [:]) -> String { message.text(language, values) }
        guard !rows.isEmpty else { return say(.noAlarms, ["from": display.clock(from), "until": display.clock(until)]) }
        var table = TextTable(
            columns: [
                .init(say(.columnWhen)), .init(say(.columnCalendar), dropOrder: 1), .init(say(.columnItem), minimumWidth: 12),
                .init(say(.columnStarts), dropOrder: 0),
            ],
            rows: []
        )
        for row in rows {
            var item = row.summary.isEmpty ? say(.untitled) : row.summary
            if !row.isShown { item = say(.skippedAction, ["item": item, "action": row.action]) }
            let starts = row.allDayDate.flatMap { LocalDate(parsing: $0) }.map { say(.allDayOn, ["date": display.date($0)]) }
                ?? row.start.map { display.clock($0) } ?? "-"
            table.rows.append([
                .init(display.clockAndRelative(row.triggerAt), compact: display.clock(row.triggerAt)),
                .init(row.calendar), .init(item, row.isShown ? nil : .yellow), .init(starts),
            ])
        }
        return table.render(width: width, style: style)
    }
}
