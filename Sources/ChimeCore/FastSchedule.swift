import FoundationEssentials

/// Fasts that start by a recurrence rule and end on the local clock (`chime fast schedule`).
///
/// A schedule is its rule, nothing more: each occurrence of the rule is a fast of its own
/// (an *instance*, ``session(startingAt:timeZone:calendar:)``), derived whenever it is asked for
/// (``FastTimeline``), never made in advance. What happened to an instance (started, stopped,
/// extended, skipped) is recorded as a session under the instance's key, the way RFC 5545 keeps
/// an override under its RECURRENCE-ID. Both ends of each fast are wall-clock readings: a 16:8
/// from 20:00 ends at 12:00 and its eating window at 20:00 local, so across a daylight-saving
/// change the fast lasts an hour more or less.
public struct FastSchedule: Hashable, Sendable {
    /// The schedule's id (`fs-3k9`), the prefix of its occurrences' session ids.
    public var id: String
    /// The fast and eating window of every occurrence.
    public var plan: FastingPlan
    /// The rule as the user wrote it (`daily 20:00`).
    public var ruleText: String
    /// When fasts start.
    public var rule: RecurrenceRule
    /// The rule's start (its DTSTART): when the schedule was made.
    public var start: Date
    /// Free text attached to every occurrence.
    public var tag: String
    /// Nudges before each fast ends.
    public var remindBefore: [TimeSpan]
    /// When the schedule was turned off or replaced: no fast of it starts at or after this
    /// instant (one already started goes on). `nil` while it is on.
    public var endedAt: Date?

    /// Makes a schedule.
    public init(
        id: String, plan: FastingPlan, ruleText: String, rule: RecurrenceRule, start: Date, tag: String = "",
        remindBefore: [TimeSpan] = [], endedAt: Date? = nil
    ) {
        self.id = id
        self.plan = plan
        self.ruleText = ruleText
        self.rule = rule
        self.start = start
        self.tag = tag
        self.remindBefore = remindBefore
        self.endedAt = endedAt
    }

    /// Makes a schedule from the rule text the user gave, read by ``RecurrencePhrase``.
    public init(id: String, plan: FastingPlan, ruleText: String, start: Date, tag: String = "", remindBefore: [TimeSpan] = []) throws(DomainError) {
        let rule = try RecurrencePhrase.rule(from: ruleText)
        guard rule.frequency >= .daily else {
            throw DomainError(.invalidRule, .scheduleTooOften, ["rule": ruleText])
        }
        self.init(id: id, plan: plan, ruleText: ruleText, rule: rule, start: start, tag: tag, remindBefore: remindBefore)
    }

    /// The rule of a plan of fast days: for `5:2` and `4:3` the weekdays `days` names
    /// (`mon,thu`), for `adf` every other day; each fast day from midnight, or from `evening`
    /// the day before. Returns the rule and the text that describes it.
    ///
    /// - Throws: `DomainError` when `days` does not name as many weekdays as the plan has fast
    ///   days, or names more than weekdays.
    public static func fastDayRule(for plan: FastingPlan, days: String?, evening: WallClockTime?) throws(DomainError) -> (rule: RecurrenceRule, text: String) {
        guard let fastDays = plan.fastDays else {
            throw DomainError(.invalidPlan, .fastDaysRule, ["plan": plan.description, "rule": days ?? "", "example": "\"mon,thu\""])
        }
        let time = evening ?? WallClockTime(hour: 0, minute: 0)!
        var rule: RecurrenceRule
        var text: String
        switch fastDays {
        case .weekly(_, let count):
            let example = count == 2 ? "\"mon,thu\"" : "\"mon,wed,fri\""
            guard let days, let named = try? RecurrencePhrase.rule(from: days + " 00:00"),
                  named.frequency == .weekly, named.interval == 1, named.byDay.allSatisfy({ $0.ordinal == nil }), !named.byDay.isEmpty,
                  named.byMonth.isEmpty, named.byMonthDay.isEmpty, named.bySetPosition.isEmpty, named.count == nil, named.until == nil
            else {
                throw DomainError(.invalidRule, .fastDaysRule, ["plan": plan.description, "rule": days ?? "", "example": example])
            }
            guard named.byDay.count == count else {
                throw DomainError(.invalidRule, .fastDaysCount, [
                    "plan": plan.description, "count": "\(count)", "rule": days, "named": "\(named.byDay.count)", "example": example,
                ])
            }
            rule = named
            if evening != nil {
                // The evening before each fast day.
                rule.byDay = named.byDay.map { day in
                    RecurrenceRule.WeekdayOccurrence(RecurrenceRule.Weekday(rawValue: (day.weekday.rawValue + 6) % 7)!)
                }.sorted()
            }
            text = days
        case .alternate:
            rule = RecurrenceRule(frequency: .daily, interval: 2)
            text = "every other day"
        }
        rule.byHour = [time.hour]
        rule.byMinute = [time.minute]
        rule.bySecond = [0]
        if let evening { text += " (from \(evening) the evening before)" }
        return (rule, text)
    }

    /// The days a fast-day rule names, as people write them: `mon,thu`, `every other day`, with
    /// `(from 20:00 the evening before)` when its fast days start then.
    public static func fastDayText(of rule: RecurrenceRule) -> String {
        let time = WallClockTime(hour: rule.byHour.first ?? 0, minute: rule.byMinute.first ?? 0) ?? WallClockTime(hour: 0, minute: 0)!
        let evening = time != WallClockTime(hour: 0, minute: 0)!
        var text: String
        if rule.frequency == .daily {
            text = "every other day"
        } else {
            let names = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
            text = rule.byDay.map { names[(($0.weekday.rawValue + (evening ? 1 : 0)) % 7)] }.sorted { names.firstIndex(of: $0)! < names.firstIndex(of: $1)! }.joined(separator: ",")
        }
        if evening { text += " (from \(time) the evening before)" }
        return text
    }

    /// How long before `instant` an instance starting then may still run: its cycle (a fast day
    /// from the evening before lasts up to two calendar days) and a daylight-saving hour.
    public var instanceReach: TimeInterval {
        max(plan.cycleLength, plan.fastDays == nil ? 0 : 2 * 86_400) + 2 * 3600
    }

    /// Whether the schedule is on at `instant`: made, and not ended by then.
    public func isOn(at instant: Date) -> Bool {
        endedAt.map { instant < $0 } ?? true
    }

    /// Calls `body` with each start of a fast at or after `from`, ascending, until it returns
    /// `false`, the rule ends, or the schedule was ended.
    public func forEachStart(from: Date, in timeZone: TimeZone, _ body: (Date) -> Bool) {
        RecurrenceExpander(rule: rule, start: start, timeZone: timeZone).forEachOccurrence(from: from) { start in
            guard isOn(at: start) else { return false }
            return body(start)
        }
    }

    /// The key naming the instance that starts at `fastStart` (`20270328-2000`, its local start):
    /// an instance's RECURRENCE-ID, stable while the rule's local readings are.
    public static func instanceKey(startingAt fastStart: Date, timeZone: TimeZone, calendar: Calendar) -> String {
        let wall = LocalTimeResolver.wallClock(of: fastStart, in: timeZone, calendar: calendar)
        let date = wall.date.description.replacingEvery("-", with: "")
        let time = wall.time.description.replacingEvery(":", with: "")
        return "\(date)-\(time)"
    }

    /// The id of the instance with key `key`: `fs-3k9.20270328-2000`.
    public func instanceID(key: String) -> String {
        "\(id).\(key)"
    }

    /// The daily rule text of a fast started at `instant` (`daily 20:00`), for `fast start --repeat`.
    public static func dailyRuleText(at instant: Date, timeZone: TimeZone, calendar: Calendar) -> String {
        "daily \(LocalTimeResolver.wallClock(of: instant, in: timeZone, calendar: calendar).time)"
    }

    /// Whether `plan` repeats on the local clock as a daily schedule: its fast and eating window
    /// add up to exactly 24 h.
    public static func isDaily(_ plan: FastingPlan) -> Bool {
        plan.eating != nil && plan.cycleLength == 86_400
    }

    /// The first start of a fast at or after `instant`, or `nil` once the rule or the schedule
    /// has ended.
    public func occurrence(atOrAfter instant: Date, in timeZone: TimeZone) -> Date? {
        var found: Date?
        forEachStart(from: instant, in: timeZone) { start in
            found = start
            return false
        }
        return found
    }

    /// The session of the occurrence that starts at `fastStart`: its id names the schedule and
    /// the local start (`fs-3k9.20270328-2000`), its ends are wall-clock readings.
    public func session(startingAt fastStart: Date, timeZone: TimeZone, calendar: Calendar) -> FastingSession {
        let key = Self.instanceKey(startingAt: fastStart, timeZone: timeZone, calendar: calendar)
        if plan.fastDays != nil {
            // A fast day ends at the midnight that ends it: a day after a start at midnight, the
            // night after the next day for a start the evening before.
            let wall = LocalTimeResolver.wallClock(of: fastStart, in: timeZone, calendar: calendar)
            let days = wall.time == WallClockTime(hour: 0, minute: 0)! ? 1 : 2
            let end = LocalTimeResolver.instant(ofSecond: 0, on: wall.date.adding(days: days, calendar: calendar), in: timeZone)
            return FastingSession(
                id: instanceID(key: key), plan: plan, start: fastStart, tag: tag, mode: .single,
                remindBefore: remindBefore, scheduleID: id,
                localEnds: FastingSession.LocalEnds(fastEnd: end, eatingEnd: end), instanceKey: key
            )
        }
        let fastEnd = Self.wallClockInstant(after: fastStart, by: plan.fasting.seconds, in: timeZone)
        let wallEatingEnd = Self.wallClockInstant(after: fastStart, by: plan.fasting.seconds + (plan.eating?.seconds ?? 0), in: timeZone)
        // The eating window closes when the next fast starts, at the latest: a start the clocks
        // skip moved to the jump, while the rule's next start is at its own reading again.
        let following = RecurrenceExpander(rule: rule, start: start, timeZone: timeZone).firstOccurrence(after: fastStart)
        let eatingEnd = max(fastEnd, min(wallEatingEnd, following ?? wallEatingEnd))
        return FastingSession(
            id: instanceID(key: key), plan: plan, start: fastStart, tag: tag, mode: .single,
            remindBefore: remindBefore, scheduleID: id,
            localEnds: FastingSession.LocalEnds(fastEnd: fastEnd, eatingEnd: eatingEnd), instanceKey: key
        )
    }

    /// The hours (`15`, `16.5`) a fast of a schedule really lasts when a daylight-saving change
    /// makes it differ from its plan; `nil` when it does not.
    public static func realHours(of session: FastingSession) -> String? {
        guard session.localEnds != nil else { return nil }
        let cycle = session.cycle(0)
        let real = cycle.plannedFastEnd.timeIntervalSince(cycle.fastStart)
        guard abs(real - session.plan.fasting.timeInterval) >= 1 else { return nil }
        let hours = real / 3600
        return hours == hours.rounded() ? String(Int64(hours)) : FixedPointText.fixed(hours, fractionDigits: 1)
    }

    /// Where the daylight-saving change inside a fast ending at `fastEnd` (one with
    /// ``realHours(of:)``) stands at `now`, as words about it say it.
    public enum ClockChange: Sendable {
        /// Within the next day: "the clocks change tonight".
        case tonight
        /// Further ahead (a schedule's fast days away): "the clocks change during it".
        case ahead
        /// Behind (a "Fast complete" bubble, the eating window after it): "the clocks changed
        /// during it".
        case past
    }

    /// ``ClockChange`` of a fast ending at `fastEnd` at `now` on the clock of `timeZone`.
    public static func clockChange(now: Date, fastEnd: Date, in timeZone: TimeZone) -> ClockChange {
        guard let transition = timeZone.nextDaylightSavingTimeTransition(after: now), transition <= fastEnd else { return .past }
        return transition.timeIntervalSince(now) <= 86_400 ? .tonight : .ahead
    }

    /// The instant the local clock shows the reading of `instant` plus `seconds` (wall-clock
    /// arithmetic), through ``LocalTimeResolver``: a reading the clocks skip moves to the jump,
    /// a repeated one means its first occurrence.
    public static func wallClockInstant(after instant: Date, by seconds: Int64, in timeZone: TimeZone) -> Date {
        let offset = timeZone.secondsFromGMT(for: instant)
        let reading = Int((instant.timeIntervalSince1970 + Double(offset)).rounded(.down)) + Int(seconds)
        let fraction = instant.timeIntervalSince1970 - instant.timeIntervalSince1970.rounded(.down)
        return LocalTimeResolver.instant(ofReading: reading, in: timeZone).addingTimeInterval(fraction)
    }
}

extension FastingSession {
    /// The sessions among `sessions` (those not ended at `now`) that a command without `--id`
    /// may mean: a schedule's fast that has not started yet does not count while another one
    /// runs (it is only the schedule's next fast), so `fast stop` and `fast status` still name one.
    public static func choosable(among sessions: [FastingSession], at now: Date) -> [FastingSession] {
        let waiting = sessions.filter { $0.scheduleID != nil && $0.status(at: now).phase == .scheduled }
        guard waiting.count < sessions.count else { return sessions }
        return sessions.filter { session in !waiting.contains { $0.id == session.id } }
    }
}
