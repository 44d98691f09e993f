import ChimeControl
import ChimeCore
import Foundation

/// What chimed answers about its calendars on the control socket: `calendar list` and
/// `doctor` (each calendar's items and what could not be read), `calendar alarms` (the
/// firings in a window, from the items already prepared: no file is read to answer).
extension CalendarWatch {
    /// How far past a query's end the firings are worked out and kept: `calendar alarms` asked
    /// again within it (the next 24 hours, a little later) is answered from what is kept.
    static let answerReach: TimeInterval = 24 * 3600

    /// A report of each calendar read, by name.
    public func reports() -> [CalendarReport] {
        followStoreIfChanged()
        return shelf.calendars.keys.sorted().compactMap { shelf.calendars[$0].map(CalendarReport.init) }
    }

    /// One page of the firings `query` asks for, in listing order (trigger, then UID). The
    /// firings of a window reaching ``answerReach`` past the query's end are worked out once
    /// per reading of the calendars and kept, for the pages after the first and for the same
    /// question asked again a little later.
    ///
    /// An item with too many instances is bounded where the window looked at starts: when one
    /// is, the window asked is worked out on its own, so the answer and its problems are those
    /// of exactly that window.
    public func alarms(_ query: CalendarAlarmQuery) -> CalendarAlarmPage {
        followStoreIfChanged()
        let names = shelf.calendars.keys.sorted()
        let kept: (rows: [CalendarAlarmRow], problems: [CalendarProblemReport])
        if let last = lastAnswer, last.generation == generation, last.query.calendar == query.calendar,
           last.problems.isEmpty ? last.query.from <= query.from && query.until <= last.query.until
                                 : last.query.from == query.from && last.query.until == query.until {
            kept = (last.rows, last.problems)
        } else {
            let calendars = names.filter { query.calendar == nil || $0 == query.calendar }.compactMap { shelf.calendars[$0] }
            let items = calendars.flatMap(\.items)
            let engine = CalendarAlarmEngine(localZone: calendars.first?.localZone ?? .current)
            var window = CalendarAlarmQuery(from: query.from, until: query.until.addingTimeInterval(Self.answerReach), calendar: query.calendar)
            var result = engine.firings(of: items, from: window.from, until: window.until)
            if !result.problems.isEmpty {
                window = CalendarAlarmQuery(from: query.from, until: query.until, calendar: query.calendar)
                result = engine.firings(of: items, from: window.from, until: window.until)
            }
            kept = (result.firings.map(CalendarAlarmRow.init), result.problems.map(CalendarProblemReport.init))
            remember(query: window, rows: kept.rows, problems: kept.problems)
        }
        // The rows of the window asked: the kept ones are in order, so two searches find them.
        let first = Self.firstIndex(in: kept.rows) { $0.triggerAt >= query.from }
        let end = Self.firstIndex(in: kept.rows) { $0.triggerAt >= query.until }
        let window = kept.rows[first..<end]
        var rows: [CalendarAlarmRow] = []
        var size = 0
        var index = window.startIndex + max(0, query.offset)
        while index < window.endIndex, rows.isEmpty || size + window[index].estimatedSize <= CalendarAlarmPage.budget {
            size += window[index].estimatedSize
            rows.append(window[index])
            index += 1
        }
        let problems = query.offset == 0 ? Array(kept.problems.prefix(CalendarReport.maximumProblems)) : []
        return CalendarAlarmPage(rows: rows, total: window.count, generation: generation, problems: problems, calendars: names)
    }

    /// The first index of `rows` (sorted by trigger) whose row satisfies `isAtOrAfter`, or the end.
    private static func firstIndex(in rows: [CalendarAlarmRow], where isAtOrAfter: (CalendarAlarmRow) -> Bool) -> Int {
        var low = 0, high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if isAtOrAfter(rows[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
