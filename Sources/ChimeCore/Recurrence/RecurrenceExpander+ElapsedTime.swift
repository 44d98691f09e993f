/// Hourly and finer rules: periods stepped in elapsed time from the start, each instant checked
/// against the limiting parts on the wall clock.
extension RecurrenceExpander {
    /// Offers each occurrence of an hourly or finer rule from the period before `skipSeconds` on,
    /// until `offer` says stop or the search passes `searchEnd`.
    func expandInElapsedTime(skipAheadTo skipSeconds: Int, searchEnd: Int, offer: (Int) -> Bool) {
        var period = max(0, CivilCalendar.floorDivide(skipSeconds - firstPeriodStart, periodLength) - 1)
        var steps = 0  // steps since the last occurrence
        var kept: [Int] = []
        kept.reserveCapacity(periodOffsets.count)
        while steps < emptyPeriodLimit {
            steps += 1
            let periodStart = firstPeriodStart + period * periodLength
            if periodStart > searchEnd { return }
            let reading = periodStart + zone.secondsFromGMT(at: periodStart)
            let day = CivilCalendar.floorDivide(reading, CivilCalendar.secondsPerDay)
            let secondOfDay = reading - day * CivilCalendar.secondsPerDay
            // A whole period outside the allowed days, hours or minutes: jump to the period
            // holding the first instant that could pass; the period holding it is evaluated.
            if let earliest = earliestPassing(periodStart: periodStart, day: day, secondOfDay: secondOfDay) {
                guard let earliest else { return }
                let target = CivilCalendar.floorDivide(earliest - firstPeriodStart, periodLength)
                if target > period {
                    period = target
                    continue
                }
            }
            kept.removeAll(keepingCapacity: true)
            for offset in periodOffsets {
                let instant = periodStart + offset
                if offset == 0 ? matchesLimits(reading: reading) : matchesLimits(instant: instant) { kept.append(instant) }
            }
            if !rule.bySetPosition.isEmpty {
                kept = setPositionIndices(total: kept.count).map { kept[$0] }
            }
            for instant in kept where !offer(instant) { return }
            // The bound is on steps without an occurrence: a long COUNT may take many steps.
            if !kept.isEmpty { steps = 0 }
            period += 1
        }
    }

    /// When a finer rule's period starting at `periodStart` (read as `day`, `secondOfDay`) fails
    /// a limiting part, the first instant that could pass (`.some(nil)`: none ever); `nil` when
    /// the period start passes.
    private func earliestPassing(periodStart: Int, day: Int, secondOfDay: Int) -> Int?? {
        if !filter.allowsDay(day) {
            guard let nextDay = nextAllowedDay(after: day) else { return .some(nil) }
            return earliestInstant(day: nextDay, secondOfDay: 0)
        }
        let hour = secondOfDay / 3600, minute = secondOfDay / 60 % 60
        if !rule.byHour.isEmpty, !rule.byHour.contains(hour) {
            // One hour at a time: elapsed hours and wall-clock hours part at a change.
            return periodStart - secondOfDay % 3600 + 3600
        }
        if rule.frequency <= .minutely, !rule.byMinute.isEmpty, !rule.byMinute.contains(minute) {
            // At most to the next quarter hour, where the clocks of some zone may change.
            let allowed = rule.byMinute.first { $0 > minute } ?? 60
            let target = min(allowed, (minute / 15 + 1) * 15)
            return periodStart - secondOfDay % 60 + (target - minute) * 60
        }
        return nil
    }

    /// Whether an instant's wall-clock reading passes the limiting parts of a finer rule.
    private func matchesLimits(instant: Int) -> Bool {
        matchesLimits(reading: instant + zone.secondsFromGMT(at: instant))
    }

    /// Whether a wall-clock reading (seconds since 1970 on the wall clock) passes the limiting
    /// parts of a finer rule: the day-level parts, `BYHOUR`, and `BYMINUTE`/`BYSECOND` where they limit.
    private func matchesLimits(reading: Int) -> Bool {
        let day = CivilCalendar.floorDivide(reading, CivilCalendar.secondsPerDay)
        let secondOfDay = reading - day * CivilCalendar.secondsPerDay
        guard filter.allowsDay(day) else { return false }
        if !rule.byHour.isEmpty, !rule.byHour.contains(secondOfDay / 3600) { return false }
        if rule.frequency <= .minutely, !rule.byMinute.isEmpty, !rule.byMinute.contains(secondOfDay / 60 % 60) { return false }
        if rule.frequency == .secondly, !rule.bySecond.isEmpty, !rule.bySecond.contains(secondOfDay % 60) { return false }
        return true
    }

    /// The first day after `day` that the day-level parts allow, within one 400-year cycle.
    private func nextAllowedDay(after day: Int) -> Int? {
        var candidate = day + 1
        let end = day + 146_097
        while candidate <= end {
            let date = CivilCalendar.date(ofDay: candidate)
            if filter.restrictsMonths, !filter.allows(month: date.month) {
                candidate += CivilCalendar.daysInMonth(year: date.year, month: date.month) - date.day + 1
                continue
            }
            if filter.allowsDay(candidate) { return candidate }
            candidate += 1
        }
        return nil
    }
}
