import ChimeCore
import Foundation

/// Writes a timeline as readable text: one heading per local day (saying when the clocks
/// change), one line per notification or drink with the local time, its offset and the
/// request identifier.
struct TimelinePrinter {
    let timeZone: TimeZone
    let calendar: Calendar

    init(timeZone: TimeZone) {
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    func lines(for events: [TimelineSimulation.Event]) -> [String] {
        var lines: [String] = []
        var currentDay: LocalDate?
        for event in events {
            let instant: Date
            let text: String
            switch event {
            case .notification(let at, let job):
                instant = at
                let request = job.request
                let kind = request.kind.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0)
                let identifier = request.identifier.padding(toLength: 36, withPad: " ", startingAt: 0)
                text = "\(kind) \(identifier) \(message(for: request))"
            case .drink(let at, let amountML, let consumedML, let goalML):
                instant = at
                if let goalML, consumedML >= goalML {
                    text = "drank       \(amountML) ml, \(consumedML) of \(goalML) ml: goal met, no more water reminders today"
                } else {
                    text = "drank       \(amountML) ml, \(consumedML)\(goalML.map { " of \($0)" } ?? "") ml today: the next reminder moves"
                }
            }
            let day = LocalDate(of: instant, in: timeZone, calendar: calendar)
            if day != currentDay {
                if currentDay != nil { lines.append("") }
                lines.append(heading(for: day, at: instant))
                currentDay = day
            }
            lines.append("  \(clock(instant))  \(text)")
        }
        return lines
    }

    /// `Sun 2026-10-25  (clocks change at 03:00: +02:00 -> +01:00)`.
    func heading(for day: LocalDate, at instant: Date) -> String {
        let weekday = calendar.shortWeekdaySymbols[calendar.component(.weekday, from: instant) - 1]
        let midnight = calendar.startOfDay(for: instant)
        let nextMidnight = calendar.date(byAdding: .day, value: 1, to: midnight)!
        // A change at the very start of the day (a day without midnight, such as Santiago's
        // spring day starting at 01:00) belongs to that day, hence the second before it.
        guard let change = timeZone.nextDaylightSavingTimeTransition(after: midnight.addingTimeInterval(-1)), change < nextMidnight else {
            return "\(weekday) \(day)"
        }
        let before = offset(timeZone.secondsFromGMT(for: change.addingTimeInterval(-1)))
        let after = offset(timeZone.secondsFromGMT(for: change))
        let wall = LocalTimeResolver.wallClock(of: change.addingTimeInterval(-1), in: timeZone, calendar: calendar)
        let minutes = wall.time.minutesSinceMidnight + 1
        let changeTime = "\(minutes / 60 < 10 ? "0" : "")\(minutes / 60):\(minutes % 60 < 10 ? "0" : "")\(minutes % 60)"
        return "\(weekday) \(day)  (clocks change at \(changeTime): \(before) -> \(after))"
    }

    /// What the notification would say, from its template key and arguments.
    func message(for request: NotificationRequest) -> String {
        let arguments = request.content.arguments
        let endsAt = arguments[ContentArgument.endsAt].flatMap { try? Date($0, strategy: .iso8601) }.map(dayAndClock) ?? "?"
        switch request.content.template {
        case .fastStarted:
            return "Fast started (\(arguments[ContentArgument.plan] ?? "")), ends \(endsAt)"
        case .fastNudge:
            return "\(arguments[ContentArgument.left] ?? "") left, the fast ends \(endsAt)"
        case .fastComplete:
            return "Fast complete (\(arguments[ContentArgument.plan] ?? ""))"
        case .eatingWindowClosed:
            return "Eating window closed, the next fast ends \(endsAt)"
        case .waterReminder:
            let amount = arguments[ContentArgument.amount] ?? "?"
            guard let goal = arguments[ContentArgument.goal] else { return "Time to drink \(amount) ml" }
            return "Time to drink \(amount) ml (\(arguments[ContentArgument.consumed] ?? "0") of \(goal) ml today)"
        case .waterHeld:
            return "\(arguments[ContentArgument.count] ?? "?") water reminders while you were busy"
        case .reminder:
            return arguments[ContentArgument.text] ?? ""
        case .calendarAlarm:
            return "Calendar alarm: \(arguments[ContentArgument.summary] ?? "")"
        }
    }

    /// `09:00 +02:00`, with seconds when not on a whole minute.
    func clock(_ instant: Date) -> String {
        let parts = calendar.dateComponents([.hour, .minute, .second], from: instant)
        let seconds = parts.second! == 0 ? "   " : ":\(pad(parts.second!))"
        return "\(pad(parts.hour!)):\(pad(parts.minute!))\(seconds) \(offset(timeZone.secondsFromGMT(for: instant)))"
    }

    /// `Sun 11:00 +01:00`.
    func dayAndClock(_ instant: Date) -> String {
        let weekday = calendar.shortWeekdaySymbols[calendar.component(.weekday, from: instant) - 1]
        let parts = calendar.dateComponents([.hour, .minute], from: instant)
        return "\(weekday) \(pad(parts.hour!)):\(pad(parts.minute!)) \(offset(timeZone.secondsFromGMT(for: instant)))"
    }

    func offset(_ seconds: Int) -> String {
        "\(seconds < 0 ? "-" : "+")\(pad(abs(seconds) / 3600)):\(pad(abs(seconds) % 3600 / 60))"
    }

    func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
