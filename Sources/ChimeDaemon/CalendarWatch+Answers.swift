import ChimeControl
import ChimeCore
import Foundation

/// What chimed answers about its calendars on the control socket: `calendar list` and
/// `doctor` (each calendar's items and what could not be read), `calendar alarms` (the
/// firings in a window, from the items already prepared: no file is read to answer).
extension CalendarWatch {
    /// A report of each calendar read, by name.
    public func reports() -> [CalendarReport] {
        followStoreIfChanged()
        return shelf.calendars.keys.sorted().compactMap { shelf.calendars[$0].map(CalendarReport.init) }
    }

    /// One page of the firings `query` asks for, in listing order (trigger, then UID); the
    /// whole answer is worked out for the first page and kept for the pages after it.
    public func alarms(_ query: CalendarAlarmQuery) -> CalendarAlarmPage {
        followStoreIfChanged()
        let names = shelf.calendars.keys.sorted()
        let answer: (rows: [CalendarAlarmRow], problems: [CalendarProblemReport])
        if let last = lastAnswer, query.offset > 0, last.generation == generation, last.query.from == query.from,
           last.query.until == query.until, last.query.calendar == query.calendar {
            answer = (last.rows, last.problems)
        } else {
            let calendars = names.filter { query.calendar == nil || $0 == query.calendar }.compactMap { shelf.calendars[$0] }
            let engine = CalendarAlarmEngine(localZone: calendars.first?.localZone ?? .current)
            let result = engine.firings(of: calendars.flatMap(\.items), from: query.from, until: query.until)
            answer = (result.firings.map(CalendarAlarmRow.init), result.problems.map(CalendarProblemReport.init))
            remember(query: query, rows: answer.rows, problems: answer.problems)
        }
        var rows: [CalendarAlarmRow] = []
        var size = 0
        var index = max(0, query.offset)
        while index < answer.rows.count, rows.isEmpty || size + answer.rows[index].estimatedSize <= CalendarAlarmPage.budget {
            size += answer.rows[index].estimatedSize
            rows.append(answer.rows[index])
            index += 1
        }
        return CalendarAlarmPage(
            rows: rows, total: answer.rows.count, generation: generation,
            problems: query.offset == 0 ? Array(answer.problems.prefix(CalendarReport.maximumProblems)) : [], calendars: names
        )
    }
}
