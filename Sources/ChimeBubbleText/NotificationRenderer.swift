import ChimeCore
import FoundationEssentials

/// Turns a notification request into the texts, urgency, category and actions of a bubble.
///
/// Pure: the same request, instant, zone and language always give the same notification. Every
/// value taken from the request's arguments passes through ``NotificationText/clean(_:field:maximumBytes:)``.
public struct NotificationRenderer: Hashable, Sendable {
    /// The language of all texts.
    public var language: NotificationLanguage

    /// Makes a renderer writing in `language`.
    public init(language: NotificationLanguage) {
        self.language = language
    }

    /// `2nd`, `3rd`, `11th`, `21st` in English; the bare number in Chinese, whose template
    /// puts `第` and `次` around it.
    func ordinal(_ number: Int) -> String {
        guard language == .english else { return String(number) }
        let suffix: String
        switch (number % 10, number % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(number)\(suffix)"
    }

    /// The notification for `job`: late wording when ``DeliveryJob/isLate``, times in its zone,
    /// the job's urgency when it names one.
    public func render(_ job: DeliveryJob) throws(DomainError) -> RenderedNotification {
        let request = job.request
        let arguments = request.content.arguments
        var values: [String: String] = [:]
        for (name, value) in arguments {
            values[name] = try NotificationText.clean(value, field: Self.fieldName(name))
        }

        let endsAt = arguments[ContentArgument.endsAt].flatMap(Self.parseInstant) ?? request.due
        let today = CivilReading(job.now, in: job.timeZone)
        values["ends"] = timePhrase(endsAt, today: today, timeZone: job.timeZone)
        values["due"] = timePhrase(request.due, today: today, timeZone: job.timeZone)
        values["ago"] = agoPhrase(job.lateness)
        if let hours = values[ContentArgument.realHours], let plan = values[ContentArgument.plan] {
            // "Tonight" only while the change is that close (the start, a nudge before it).
            let words: MessageCatalog = switch FastSchedule.clockChange(now: job.now, fastEnd: endsAt, in: job.timeZone) {
            case .tonight: .planWithClockChange
            case .ahead: .planWithClockChangeAhead
            case .past: .planWithClockChanged
            }
            values[ContentArgument.plan] = text(words, ["plan": plan, "hours": hours])
        }
        let tag = values[ContentArgument.tag] ?? ""
        values["tagged"] = tag.isEmpty ? "" : text(.tagged, ["tag": tag])
        if let left = arguments[ContentArgument.left].flatMap({ try? TimeSpan(parsing: $0) }) {
            values[ContentArgument.left] = durationPhrase(left.timeInterval)
        }
        // Amounts are millilitres in the request, written in the unit the user reads in.
        let amount = arguments[ContentArgument.amount].flatMap { Int($0) }.map(job.waterUnit.number)
        values["amount"] = amount
        values["unit"] = text(job.waterUnit == .ounces ? .unitOunces : .unitMillilitres, [:])

        let late = job.isLate
        // Texts never speak of a past time in the future tense: a fast that is over by the time
        // the bubble shows (late, or a test plan of seconds) is said to have ended.
        let ended = endsAt <= job.now
        let title: String
        var body: [RenderedNotification.Segment]
        switch request.content.template {
        case .fastStarted:
            title = text(.fastStartedTitle, values)
            body = segments(ended ? .fastStartedEndedBody : late ? .fastStartedLateBody : .fastStartedBody, values)
            // A fast day of 5:2, 4:3 or adf: little food, not none, is what most follow.
            if arguments[ContentArgument.fastDay] != nil, !ended {
                body.append(.text("\n"))
                body += segments(.fastDayNote, values)
            }
        case .fastComplete:
            title = text(.fastCompleteTitle, values)
            body = segments(late ? .fastCompleteLateBody : .fastCompleteBody, values)
        case .fastNudge:
            if ended {
                // Nothing is left: chimed drops a nudge this late, but `list` may show one.
                title = text(.fastCompleteTitle, values)
                body = segments(.fastNudgeEndedBody, values)
                break
            }
            if late {
                // Shown late (after a suspend or downtime), "1 h left" would be stale: say what is
                // left now.
                values[ContentArgument.left] = durationPhrase(endsAt.timeIntervalSince(job.now))
            }
            title = text(.fastNudgeTitle, values)
            body = segments(.fastNudgeBody, values)
        case .eatingWindowClosed:
            title = text(.eatingClosedTitle, values)
            body = segments(ended ? .eatingClosedEndedBody : late ? .eatingClosedLateBody : .eatingClosedBody, values)
        case .waterReminder:
            title = text(.waterTitle, values)
            body = amount == nil ? segments(.waterBodyWithoutAmount, values) : segments(late ? .waterLateBody : .waterBody, values)
            body += progress(arguments, unit: job.waterUnit, name: values["unit"] ?? "")
        case .waterHeld:
            title = text(.waterTitle, values)
            body = segments(values[ContentArgument.count] == "1" ? .waterHeldOneBody : .waterHeldBody, values)
            body += progress(arguments, unit: job.waterUnit, name: values["unit"] ?? "")
        case .reminder:
            // A nag says which showing of the occurrence it is: the second is `2nd reminder`.
            if let round = ReminderNag.Showing(request: request)?.round, round >= 1 {
                title = text(.reminderRepeatTitle, ["nth": ordinal(round + 1)])
            } else {
                title = text(.reminderTitle, values)
            }
            body = segments(late ? .reminderLateBody : .reminderBody, values)
        case .calendarAlarm:
            title = calendarHeadline(job, values: values)
            body = segments(late ? .calendarLateBody : .calendarBody, values)
        }

        return RenderedNotification(
            title: NotificationText.truncated(title, maximumBytes: NotificationText.maximumValueBytes),
            body: body,
            urgency: job.urgency ?? Self.urgency(of: request.kind),
            category: Self.category(of: request.kind),
            // A summary stands for reminders already recorded as held: nothing left to click.
            actions: request.content.template == .waterHeld ? [] : actions(
                for: request.kind, amount: amount, unit: values["unit"] ?? "", nagging: ReminderNag.Showing(request: request) != nil,
                scheduled: request.content.arguments[ContentArgument.schedule] != nil,
                snooze: job.snooze, snoozesToStart: CalendarAlarmRequest.snoozesToStart(request, by: job.snooze, now: job.now),
                link: request.content.arguments[ContentArgument.link].map(CalendarAlarmRequest.isOpenable) ?? false
            ),
            expiry: Self.expiry(of: request.kind)
        )
    }

    /// The buttons of a notification of `kind`, the main one first. No default action (a click
    /// on the bubble) is offered: see ``ActionKey``. A nagging reminder offers Done first, so it
    /// can be acknowledged; a fast of a schedule starting offers Skip (that fast, not the schedule).
    /// A reminder's and a calendar alarm's Snooze puts it off by `snooze` (the setting).
    /// A calendar alarm offers Snooze (Remind at start when a snooze would go past the start of
    /// an alarm that came before it: `snoozesToStart`), Dismiss, and Open when it has an http(s)
    /// `link`.
    public func actions(
        for kind: RequestKind, amount: String?, unit: String = "ml", nagging: Bool = false, scheduled: Bool = false,
        snooze: TimeSpan = SnoozeSetting.defaultSpan, snoozesToStart: Bool = false, link: Bool = false
    ) -> [NotificationAction] {
        // Worked out only for the kinds that offer it: a water reminder has its own.
        var snoozeLabel: String { text(.actionSnooze, ["duration": durationPhrase(snooze.timeInterval)]) }
        var keys: [(ActionKey, String)] = []
        switch kind {
        case .fastEnd:
            keys += [(.endFast, text(.actionEndFast, [:])), (.extendOneHour, text(.actionExtendOneHour, [:]))]
        case .water:
            let drank = amount.map { text(.actionDrank, ["amount": $0, "unit": unit]) } ?? text(.actionDrankWithoutAmount, [:])
            keys += [(.drank, drank), (.snoozeFifteenMinutes, text(.actionSnoozeFifteenMinutes, [:]))]
        case .reminder:
            if nagging { keys += [(.done, text(.actionDone, [:]))] }
            keys += [(.snooze, snoozeLabel)]
        case .fastStart:
            if scheduled { keys += [(.skipFast, text(.actionSkipFast, [:]))] }
        case .calendarAlarm:
            keys += [(.snooze, snoozesToStart ? text(.actionSnoozeUntilStart, [:]) : snoozeLabel)]
            keys += [(.dismiss, text(.actionDismiss, [:]))]
            if link { keys += [(.openLink, text(.actionOpen, [:]))] }
        case .fastNudge, .eatingEnd:
            break
        }
        return keys.map { NotificationAction(key: $0.0, label: $0.1) }
    }

    /// The line under a water reminder with the day's progress, `1000 of 2000 ml today.`, when
    /// its arguments carry intake and goal (millilitres, written in `unit`, named `name`).
    private func progress(_ arguments: [String: String], unit: WaterUnit, name: String) -> [RenderedNotification.Segment] {
        guard let consumed = arguments[ContentArgument.consumed].flatMap({ Int($0) }),
              let goal = arguments[ContentArgument.goal].flatMap({ Int($0) }) else { return [] }
        return [.text("\n")] + segments(.waterProgress, ["consumed": unit.number(consumed), "goal": unit.number(goal), "unit": name])
    }

    /// How loudly a notification of `kind` is presented: water and nudges are low, the rest normal.
    public static func urgency(of kind: RequestKind) -> RenderedNotification.Urgency {
        switch kind {
        case .water, .fastNudge: return .low
        case .fastStart, .fastEnd, .eatingEnd, .reminder, .calendarAlarm: return .normal
        }
    }

    /// The category hint of a notification of `kind`.
    public static func category(of kind: RequestKind) -> RenderedNotification.Category {
        switch kind {
        case .fastStart, .fastEnd, .fastNudge, .eatingEnd: return .fasting
        case .water: return .water
        case .reminder: return .reminder
        case .calendarAlarm: return .calendar
        }
    }

    /// When a notification of `kind` goes away: a completed fast and a reminder the user asked
    /// for stay until dismissed; the others follow the server's default.
    public static func expiry(of kind: RequestKind) -> RenderedNotification.Expiry {
        switch kind {
        case .fastEnd, .reminder, .calendarAlarm: return .never
        case .fastStart, .fastNudge, .eatingEnd, .water: return .serverDefault
        }
    }

    /// "at 20:00", "tomorrow at 08:00", "yesterday at 12:00" or "on 2026-03-04 at 08:00",
    /// relative to the local day `today` (the reading of now).
    func timePhrase(_ instant: Date, today: CivilReading, timeZone: TimeZone) -> String {
        let reading = CivilReading(instant, in: timeZone)
        let clock = Self.padded(reading.hour) + ":" + Self.padded(reading.minute)
        switch reading.dayNumber - today.dayNumber {
        case 0: return text(.atTimeToday, ["clock": clock])
        case 1: return text(.atTimeTomorrow, ["clock": clock])
        case -1: return text(.atTimeYesterday, ["clock": clock])
        default:
            let date = Self.padded(reading.year, 4) + "-" + Self.padded(reading.month) + "-" + Self.padded(reading.day)
            return text(.atTimeOnDate, ["clock": clock, "date": date])
        }
    }

    /// `value` with leading zeros to `width` digits.
    private static func padded(_ value: Int, _ width: Int = 2) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// "3 h ago", "3 h 20 min ago", "47 s ago", "moments ago" (under a second).
    func agoPhrase(_ lateness: TimeInterval) -> String {
        lateness < 1 ? text(.momentsAgo, [:]) : text(.ago, ["duration": durationPhrase(lateness)])
    }

    /// A duration in its two largest units, rounded down to minutes: "45 min", "3 h 20 min", "2 d 1 h".
    /// The one home of this phrase: reminders, fasts and calendar alarms (`in 15 min`) say it alike.
    func durationPhrase(_ seconds: TimeInterval) -> String {
        // Under a minute only in short test plans (`10s:5s`), where "1 min" would be wrong.
        if seconds < 60 { return text(.seconds, ["count": String(max(1, Int(seconds.rounded())))]) }
        let totalMinutes = Int(seconds / 60)
        let units: [(count: Int, message: MessageCatalog)] = [
            (totalMinutes / 1440, .days), (totalMinutes / 60 % 24, .hours), (totalMinutes % 60, .minutes),
        ]
        let significant = units.drop { $0.count == 0 }.prefix(2).filter { $0.count > 0 }
        return significant.map { text($0.message, ["count": String($0.count)]) }.joined(separator: " ")
    }

    func text(_ message: MessageCatalog, _ values: [String: String]) -> String {
        MessageCatalog.fillPlain(message, language, values)
    }

    func segments(_ message: MessageCatalog, _ values: [String: String]) -> [RenderedNotification.Segment] {
        MessageCatalog.fill(message, language, values)
    }

    private static func fieldName(_ argument: String) -> String {
        switch argument {
        case ContentArgument.tag: return "session tag"
        case ContentArgument.text: return "reminder text"
        case ContentArgument.summary: return "calendar item's summary"
        case ContentArgument.location: return "calendar item's location"
        default: return "argument \(argument)"
        }
    }

    static func parseInstant(_ text: String) -> Date? {
        try? Date(text, strategy: .iso8601)
    }
}
