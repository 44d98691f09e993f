import FoundationEssentials

/// The occurrences of a recurrence rule from a start (its DTSTART), in one time zone.
///
/// Daily and coarser rules expand on the wall clock of the zone: each local date and time they
/// produce becomes an instant through `LocalTimeResolver` (a reading the clocks skip follows
/// `skippedTimes`: the instant they jump for Chime's own rules, the offset from before the gap for
/// calendar files; a repeated one is its first occurrence), and two readings that land on one
/// instant give one occurrence. Hourly, minutely and secondly rules step in elapsed time from the
/// start. Dates that do not exist (30 February, a fifth Friday a month lacks) produce nothing.
/// The start is an occurrence only when it matches the rule; nothing before it is one. A rule
/// without `BYHOUR`, `BYMINUTE` or `BYSECOND` takes them from the start.
///
/// Every query is bounded: a rule the calendar can never satisfy is recognised up front, and a
/// search gives up after a full cycle of the Gregorian calendar (400 years) of empty periods, or
/// once it is `searchYears` past the point asked.
public struct RecurrenceExpander: Sendable {
    /// How far past the start (or the point asked) a search looks at most, for daily and
    /// coarser rules.
    public static let horizonYears = 1000
    /// The same for hourly and finer rules, which step through many more periods per year.
    public static let elapsedHorizonYears = 100

    /// How far a search for this rule looks at most, in years.
    public var searchYears: Int { rule.frequency >= .daily ? Self.horizonYears : Self.elapsedHorizonYears }

    /// The rule as expanded: as given, with the start's month added to a yearly rule by day of
    /// the month alone.
    public let rule: RecurrenceRule
    /// The start, to the whole second.
    public let start: Date
    /// The zone whose wall clock the rule follows.
    public let zone: ZoneRules
    /// Where a reading the clocks skip is placed.
    public let skippedTimes: SkippedTimeRule

    /// The start's wall-clock reading: day number and seconds after midnight.
    let startDay: Int
    let startSecondOfDay: Int
    /// The start's wall-clock date.
    let startDate: (year: Int, month: Int, day: Int)
    /// For daily and coarser rules, the times of each day, seconds after midnight, ascending.
    let times: [Int]
    /// For finer rules, the offsets of the occurrences within a period, in seconds, ascending.
    let periodOffsets: [Int]
    /// For finer rules, the first period's start (seconds since 1970) and a period's length.
    let firstPeriodStart: Int
    let periodLength: Int
    /// The day-level conditions.
    let filter: DayFilter
    /// The last instant `UNTIL` allows (seconds since 1970, inclusive), if any.
    let untilSeconds: Int?
    /// Whether the calendar can never satisfy the rule.
    public let neverOccurs: Bool
    /// How many periods in a row may be empty before the rule is known to have no more (for
    /// finer rules: how many steps, jumps included, without an occurrence).
    let emptyPeriodLimit: Int

    /// Expands `rule` from `start` on the wall clock of `timeZone`, a skipped reading placed at
    /// the instant the clocks jump (Chime's rule for times users type).
    public init(rule: RecurrenceRule, start: Date, timeZone: TimeZone) {
        let startSeconds = Int(start.timeIntervalSince1970.rounded(.down))
        let zone = ZoneRules.system(timeZone)
        self.init(rule: rule, startSeconds: startSeconds, reading: startSeconds + zone.secondsFromGMT(at: startSeconds), zone: zone, skippedTimes: .atTransition)
    }

    /// Expands `rule` from the wall-clock reading `start` in `zone`, as a calendar file's DTSTART
    /// is: every occurrence keeps the start's time of day even when the start itself falls in a
    /// gap (02:30 stays 02:30 on the other days), and `skippedTimes` places skipped readings.
    public init(rule: RecurrenceRule, start: LocalDateTime, zone: ZoneRules, skippedTimes: SkippedTimeRule) {
        let startSeconds = LocalTimeResolver.seconds(ofReading: start.secondsSince1970, in: zone, skipped: skippedTimes)
        self.init(rule: rule, startSeconds: startSeconds, reading: start.secondsSince1970, zone: zone, skippedTimes: skippedTimes)
    }

    private init(rule given: RecurrenceRule, startSeconds: Int, reading: Int, zone: ZoneRules, skippedTimes: SkippedTimeRule) {
        self.zone = zone
        self.skippedTimes = skippedTimes
        self.start = Date(timeIntervalSince1970: TimeInterval(startSeconds))
        startDay = CivilCalendar.floorDivide(reading, CivilCalendar.secondsPerDay)
        startSecondOfDay = reading - startDay * CivilCalendar.secondsPerDay
        startDate = CivilCalendar.date(ofDay: startDay)
        var rule = given
        // A yearly rule by day of the month alone keeps to the start's month, as libical and
        // python-dateutil read it (the 29th of each year, not of each month).
        if rule.frequency == .yearly, !rule.byMonthDay.isEmpty, rule.byMonth.isEmpty, rule.byWeekNumber.isEmpty, rule.byYearDay.isEmpty {
            rule.byMonth = [startDate.month]
        }
        self.rule = rule
        let startHour = startSecondOfDay / 3600, startMinute = startSecondOfDay / 60 % 60, startSecond = startSecondOfDay % 60
        let seconds = rule.bySecond.isEmpty ? [startSecond] : rule.bySecond
        let minutes = rule.byMinute.isEmpty ? [startMinute] : rule.byMinute
        let hours = rule.byHour.isEmpty ? [startHour] : rule.byHour

        switch rule.frequency {
        case .hourly:
            periodOffsets = minutes.flatMap { minute in seconds.map { minute * 60 + $0 } }
            firstPeriodStart = startSeconds - (startMinute * 60 + startSecond)
            periodLength = 3600 * rule.interval
            times = []
        case .minutely:
            periodOffsets = seconds
            firstPeriodStart = startSeconds - startSecond
            periodLength = 60 * rule.interval
            times = []
        case .secondly:
            periodOffsets = [0]
            firstPeriodStart = startSeconds
            periodLength = rule.interval
            times = []
        default:
            times = hours.flatMap { hour in minutes.flatMap { minute in seconds.map { hour * 3600 + minute * 60 + $0 } } }
            periodOffsets = []
            firstPeriodStart = 0
            periodLength = 0
        }

        let startWeekday = CivilCalendar.weekday(ofDay: startDay)
        let weeklyDefault = rule.frequency == .weekly
        let weekNumberDefault = rule.frequency == .yearly && !rule.byWeekNumber.isEmpty
            && rule.byYearDay.isEmpty && rule.byMonthDay.isEmpty
        filter = DayFilter(rule: rule, defaultWeekday: weeklyDefault || weekNumberDefault ? startWeekday : nil)

        switch rule.until {
        case .instant(let instant):
            untilSeconds = Int(instant.timeIntervalSince1970.rounded(.down))
        case .localTime(let date, let secondOfDay):
            untilSeconds = LocalTimeResolver.seconds(ofReading: LocalDateTime(date: date, secondOfDay: secondOfDay).secondsSince1970, in: zone, skipped: skippedTimes)
        case .date(let date):
            let nextDay = CivilCalendar.dayNumber(of: date) + 1
            untilSeconds = LocalTimeResolver.seconds(ofReading: nextDay * CivilCalendar.secondsPerDay, in: zone, skipped: .atTransition) - 1
        case nil:
            untilSeconds = nil
        }

        let interval = rule.interval
        switch rule.frequency {
        case .yearly: emptyPeriodLimit = 400 / CivilCalendar.greatestCommonDivisor(interval, 400) + 1
        case .monthly: emptyPeriodLimit = 4800 / CivilCalendar.greatestCommonDivisor(interval, 4800) + 1
        case .weekly: emptyPeriodLimit = 20_871 / CivilCalendar.greatestCommonDivisor(interval, 20_871) + 1
        case .daily: emptyPeriodLimit = 146_097 / CivilCalendar.greatestCommonDivisor(interval, 146_097) + 1
        default: emptyPeriodLimit = 200_000
        }
        neverOccurs = RecurrenceFeasibility.isImpossible(
            rule: rule, filter: filter, startWeekday: startWeekday, startDayOfMonth: startDate.day,
            startMonth: startDate.month
        ) { [periodOffsets, firstPeriodStart, periodLength, startSecondOfDay, startSeconds] in
            RecurrenceFeasibility.timeGridReachesAllowedTime(
                rule: rule, firstSecondOfDay: startSecondOfDay - (startSeconds - firstPeriodStart), periodOffsets: periodOffsets,
                periodLength: periodLength, offsetChanges: RecurrenceFeasibility.offsetChanges(of: zone, after: startSeconds)
            )
        }
    }

    /// The first `limit` occurrences at or after `from` (the start when `nil`), ascending.
    public func occurrences(from: Date? = nil, limit: Int) -> [Date] {
        guard limit > 0 else { return [] }
        var found: [Date] = []
        found.reserveCapacity(min(limit, 64))
        forEachOccurrence(from: from) { instant in
            found.append(instant)
            return found.count < limit
        }
        return found
    }

    /// The first occurrence at or after `instant`, or `nil` when there is none.
    public func firstOccurrence(atOrAfter instant: Date) -> Date? {
        var found: Date?
        forEachOccurrence(from: instant) { occurrence in
            found = occurrence
            return false
        }
        return found
    }

    /// The first occurrence strictly after `instant`, or `nil` when there is none.
    public func firstOccurrence(after instant: Date) -> Date? {
        firstOccurrence(atOrAfter: Date(timeIntervalSince1970: instant.timeIntervalSince1970.rounded(.down) + 1))
    }

    /// Calls `body` with each occurrence at or after `from`, ascending, until it returns `false`
    /// or the rule ends.
    public func forEachOccurrence(from: Date?, _ body: (Date) -> Bool) {
        guard !neverOccurs else { return }
        let startSeconds = Int(start.timeIntervalSince1970)
        let fromSeconds = max(startSeconds, from.map { Int($0.timeIntervalSince1970.rounded(.up)) } ?? startSeconds)
        if let untilSeconds, untilSeconds < fromSeconds { return }
        var emitted = 0
        var last = Int.min
        // Returns false to stop.
        func offer(_ seconds: Int) -> Bool {
            guard seconds >= startSeconds, seconds > last else { return true }
            if let untilSeconds, seconds > untilSeconds { return false }
            last = seconds
            emitted += 1
            if seconds >= fromSeconds, !body(Date(timeIntervalSince1970: TimeInterval(seconds))) { return false }
            if let count = rule.count, emitted >= count { return false }
            return true
        }
        let horizon = fromSeconds + searchYears * 366 * CivilCalendar.secondsPerDay
        let searchEnd = min(horizon, untilSeconds ?? horizon)
        // Counting from the start is needed only with COUNT; otherwise begin near `from`.
        let skipAhead = rule.count == nil ? fromSeconds : startSeconds
        if rule.frequency >= .daily {
            expandOnWallClock(skipAheadTo: skipAhead, searchEnd: searchEnd, offer: offer)
        } else {
            expandInElapsedTime(skipAheadTo: skipAhead, searchEnd: searchEnd, offer: offer)
        }
    }

    // MARK: Daily and coarser: periods on the wall clock

    private func expandOnWallClock(skipAheadTo skipSeconds: Int, searchEnd: Int, offer: (Int) -> Bool) {
        let skipDay = CivilCalendar.floorDivide(skipSeconds + zone.secondsFromGMT(at: skipSeconds), CivilCalendar.secondsPerDay)
        // The last day any reading could resolve to an instant before `searchEnd` (offsets stay within ±18 h).
        let lastDay = CivilCalendar.floorDivide(searchEnd, CivilCalendar.secondsPerDay) + 1
        let interval = rule.interval
        var period = max(0, firstPeriod(containing: skipDay) - 1)
        var emptyPeriods = 0
        var days: [Int] = []
        days.reserveCapacity(32)
        var instants: [Int] = []
        instants.reserveCapacity(32)
        while emptyPeriods < emptyPeriodLimit {
            days.removeAll(keepingCapacity: true)
            let firstDay: Int
            switch rule.frequency {
            case .yearly:
                let year = startDate.year + period * interval
                firstDay = CivilCalendar.dayNumber(year: year, month: 1, day: 1)
                if firstDay > lastDay { return }
                yearDays(year: year, into: &days)
            case .monthly:
                let monthIndex = startDate.year * 12 + startDate.month - 1 + period * interval
                let year = CivilCalendar.floorDivide(monthIndex, 12), month = monthIndex - year * 12 + 1
                firstDay = CivilCalendar.dayNumber(year: year, month: month, day: 1)
                if firstDay > lastDay { return }
                monthDays(year: year, month: month, firstDay: firstDay, into: &days)
            case .weekly:
                let firstWeekDay = startDay - CivilCalendar.floorModulo(CivilCalendar.weekday(ofDay: startDay) - filter.weekStart, 7)
                firstDay = firstWeekDay + period * interval * 7
                if firstDay > lastDay { return }
                for day in firstDay..<(firstDay + 7) where filter.allowsDay(day) { days.append(day) }
            default:
                firstDay = startDay + period * interval
                if firstDay > lastDay { return }
                let date = CivilCalendar.date(ofDay: firstDay)
                if filter.restrictsMonths, !filter.allows(month: date.month) {
                    // Jump to the first period in the next month the rule allows.
                    var year = date.year, month = date.month
                    repeat {
                        month += 1
                        if month > 12 { month = 1; year += 1 }
                    } while !filter.allows(month: month)
                    let target = CivilCalendar.dayNumber(year: year, month: month, day: 1)
                    let next = (target - startDay + interval - 1) / interval
                    emptyPeriods += next - period
                    period = next
                    continue
                }
                if filter.allowsDay(firstDay) { days.append(firstDay) }
            }
            if days.isEmpty {
                emptyPeriods += 1
                period += 1
                continue
            }
            instants.removeAll(keepingCapacity: true)
            let total = days.count * times.count
            if rule.bySetPosition.isEmpty {
                for day in days {
                    for time in times { instants.append(resolve(day: day, secondOfDay: time)) }
                }
            } else {
                for index in setPositionIndices(total: total) {
                    instants.append(resolve(day: days[index / times.count], secondOfDay: times[index % times.count]))
                }
            }
            // A skipped reading that keeps the offset from before the gap lands after the
            // readings just past the gap (02:30 becomes 03:30, after 03:00): put them in order.
            if skippedTimes == .offsetBeforeGap { instants.sort() }
            for instant in instants where !offer(instant) { return }
            emptyPeriods = instants.isEmpty ? emptyPeriods + 1 : 0
            period += 1
        }
    }

    /// The period (0 for the start's) holding wall-clock day `day`, or 0 before the start.
    private func firstPeriod(containing day: Int) -> Int {
        guard day > startDay else { return 0 }
        let interval = rule.interval
        switch rule.frequency {
        case .yearly:
            return CivilCalendar.floorDivide(CivilCalendar.date(ofDay: day).year - startDate.year, interval)
        case .monthly:
            let date = CivilCalendar.date(ofDay: day)
            return CivilCalendar.floorDivide((date.year - startDate.year) * 12 + date.month - startDate.month, interval)
        case .weekly:
            let firstWeekDay = startDay - CivilCalendar.floorModulo(CivilCalendar.weekday(ofDay: startDay) - filter.weekStart, 7)
            return CivilCalendar.floorDivide(day - firstWeekDay, interval * 7)
        default:
            return CivilCalendar.floorDivide(day - startDay, interval)
        }
    }

    /// The days of yearly period `year` that the rule allows, ascending.
    private func yearDays(year: Int, into days: inout [Int]) {
        let january1 = CivilCalendar.dayNumber(year: year, month: 1, day: 1)
        let yearLength = CivilCalendar.daysInYear(year)
        let hasDayParts = !rule.byWeekNumber.isEmpty || !rule.byYearDay.isEmpty || !rule.byMonthDay.isEmpty || !rule.byDay.isEmpty
        if !hasDayParts {
            // The start's day of the month, in the start's month or each BYMONTH month.
            for month in rule.byMonth.isEmpty ? [startDate.month] : rule.byMonth
            where startDate.day <= CivilCalendar.daysInMonth(year: year, month: month) {
                days.append(CivilCalendar.dayNumber(year: year, month: month, day: startDate.day))
            }
            return
        }
        let numbering = rule.byWeekNumber.isEmpty ? nil : WeekNumbering(year: year, weekStart: filter.weekStart)
        let monthContext = !rule.byMonth.isEmpty
        if rule.byMonth.isEmpty, rule.byMonthDay.isEmpty, !rule.byYearDay.isEmpty {
            // Only the listed days of the year can match: visit those alone.
            var dayNumbers = Set<Int>()
            for value in rule.byYearDay {
                let dayOfYear = value > 0 ? value : yearLength + 1 + value
                if (1...yearLength).contains(dayOfYear) { dayNumbers.insert(dayOfYear) }
            }
            for dayOfYear in dayNumbers.sorted() {
                let day = january1 + dayOfYear - 1
                if let numbering, !filter.allowsWeek(of: day, numbering: numbering) { continue }
                guard filter.allows(weekday: CivilCalendar.weekday(ofDay: day), index: dayOfYear, length: yearLength) else { continue }
                days.append(day)
            }
            return
        }
        for month in 1...12 where filter.allows(month: month) {
            let firstDay = CivilCalendar.dayNumber(year: year, month: month, day: 1)
            let monthLength = CivilCalendar.daysInMonth(year: year, month: month)
            for dayOfMonth in 1...monthLength where filter.allows(dayOfMonth: dayOfMonth, monthLength: monthLength) {
                let day = firstDay + dayOfMonth - 1
                let dayOfYear = day - january1 + 1
                guard filter.allows(dayOfYear: dayOfYear, yearLength: yearLength) else { continue }
                if let numbering, !filter.allowsWeek(of: day, numbering: numbering) { continue }
                let weekday = CivilCalendar.weekday(ofDay: day)
                let allowed = monthContext
                    ? filter.allows(weekday: weekday, index: dayOfMonth, length: monthLength)
                    : filter.allows(weekday: weekday, index: dayOfYear, length: yearLength)
                if allowed { days.append(day) }
            }
        }
    }

    /// The days of monthly period `year-month` that the rule allows, ascending.
    private func monthDays(year: Int, month: Int, firstDay: Int, into days: inout [Int]) {
        guard filter.allows(month: month) else { return }
        let monthLength = CivilCalendar.daysInMonth(year: year, month: month)
        if rule.byMonthDay.isEmpty, rule.byDay.isEmpty {
            if startDate.day <= monthLength { days.append(firstDay + startDate.day - 1) }
            return
        }
        for dayOfMonth in 1...monthLength where filter.allows(dayOfMonth: dayOfMonth, monthLength: monthLength) {
            let day = firstDay + dayOfMonth - 1
            if filter.allows(weekday: CivilCalendar.weekday(ofDay: day), index: dayOfMonth, length: monthLength) {
                days.append(day)
            }
        }
    }

    /// The instant (seconds since 1970) of a wall-clock reading, through the one resolver.
    @inline(__always)
    private func resolve(day: Int, secondOfDay: Int) -> Int {
        LocalTimeResolver.seconds(ofReading: day * CivilCalendar.secondsPerDay + secondOfDay, in: zone, skipped: skippedTimes)
    }

    /// The earliest instant whose wall-clock reading is at or after a reading: where a search
    /// may jump to without passing an occurrence, whatever `skippedTimes` says.
    func earliestInstant(day: Int, secondOfDay: Int) -> Int {
        LocalTimeResolver.seconds(ofReading: day * CivilCalendar.secondsPerDay + secondOfDay, in: zone, skipped: .atTransition)
    }

    /// The indices `BYSETPOS` keeps among `total` ordered candidates, ascending.
    func setPositionIndices(total: Int) -> [Int] {
        var indices = Set<Int>()
        for position in rule.bySetPosition {
            let index = position > 0 ? position - 1 : total + position
            if index >= 0, index < total { indices.insert(index) }
        }
        return indices.sorted()
    }
}
