import FoundationEssentials

/// Every fast there is, was and will be next: the fasts started by hand, and the instances of the
/// fast schedules derived from their rules, with what was recorded about each applied.
///
/// The one function that turns stored fasts into the fasts readers and chimed act on. A
/// schedule's instance exists only as its rule's occurrence until something happens to it; what
/// happened (it started, was stopped, extended or skipped) is a recorded session under the
/// instance's key, which replaces the derived one, as an RFC 5545 override replaces its
/// RECURRENCE-ID. So `fast status`, `fast schedule`, `status` and the history say the same
/// whether chimed ran or not.
///
/// An instance that would start while another fast is fasting (one started by hand, a repeating
/// one not stopped by then, an instance extended past the next start) is not a fast: the running
/// fast took its place. An instance recorded as cancelled before it started is a skipped one.
public struct FastTimeline: Sendable {
    /// The recorded fasts: those started by hand, and the instances something happened to.
    public let recorded: [FastingSession]
    /// The fast schedules, on or ended.
    public let schedules: [FastSchedule]
    /// The zone whose wall clock the schedules follow.
    public let timeZone: TimeZone
    /// A Gregorian calendar in ``timeZone``.
    public let calendar: Calendar
    /// The zones followed before ``timeZone``.
    public let zones: ZoneHistory
    /// Each zone followed and when, oldest first; the last is ``timeZone``'s.
    private let periods: [ZoneHistory.Period]

    /// Recorded instances by schedule id, then by instance key.
    private let overrides: [String: [String: FastingSession]]
    /// Recorded instances by schedule id, then by start, for records kept before instances had keys.
    private let overridesByStart: [String: [Date: FastingSession]]
    /// The recorded fasts that stand on their own: those started by hand, and those of a schedule
    /// no longer stored (an earlier Chime deleted a schedule it turned off; its fasts remain).
    private let standalone: [FastingSession]

    /// Makes the timeline of `recorded` fasts and `schedules` on the wall clock of `timeZone`,
    /// each past start on the clock of the zone followed then (`zones`).
    public init(recorded: [FastingSession], schedules: [FastSchedule], timeZone: TimeZone, zones: ZoneHistory = ZoneHistory()) {
        self.recorded = recorded
        self.schedules = schedules
        self.timeZone = timeZone
        self.zones = zones
        self.calendar = LocalTimeResolver.gregorian(in: timeZone)
        self.periods = zones.periods(current: timeZone, currentCalendar: calendar)
        var overrides: [String: [String: FastingSession]] = [:]
        var byStart: [String: [Date: FastingSession]] = [:]
        for session in recorded {
            guard let scheduleID = session.scheduleID else { continue }
            if let key = session.instanceKey { overrides[scheduleID, default: [:]][key] = session }
            byStart[scheduleID, default: [:]][session.start] = session
        }
        self.overrides = overrides
        self.overridesByStart = byStart
        let scheduleIDs = Set(schedules.map(\.id))
        self.standalone = recorded.filter { $0.scheduleID.map { !scheduleIDs.contains($0) } ?? true }
    }

    /// The schedule that is on at `now`, if any.
    public func schedule(onAt now: Date) -> FastSchedule? {
        schedules.last { $0.isOn(at: now) && $0.start <= now } ?? schedules.last { $0.endedAt == nil }
    }

    /// The schedule with `id`.
    public func schedule(id: String) -> FastSchedule? {
        schedules.first { $0.id == id }
    }

    // MARK: Instances

    /// The recorded instance of `schedule` with `key` (or, for records without a key, `start`).
    private func record(of schedule: FastSchedule, key: String, start: Date) -> FastingSession? {
        guard var found = overrides[schedule.id]?[key] ?? overridesByStart[schedule.id]?[start] else { return nil }
        if found.instanceKey == nil { found.instanceKey = key }
        return found
    }

    /// Whether a fast derived to start at `start` is no fast: another fast is fasting then.
    public func isTakenOver(startingAt start: Date, by candidates: [FastingSession]? = nil) -> Bool {
        (candidates ?? recorded).contains { other in
            guard other.start <= start, !other.wasCancelledBeforeStart else { return false }
            if let stoppedAt = other.stoppedAt, stoppedAt <= start { return false }
            switch other.mode {
            case .rolling: return true
            case .single: return start < other.cycle(0).fastEnd
            }
        }
    }

    /// What one start of a schedule's rule is.
    public enum InstanceState: Hashable, Sendable {
        /// A fast: derived, or recorded with what happened to it.
        case fast
        /// Recorded as cancelled before it started (skipped by the user).
        case skipped
        /// Never a fast: another fast was fasting when it would have started.
        case takenOver
    }

    /// Calls `body` with each start of `schedule` at or after `from` (ascending) as its instance
    /// and what it is, until `body` returns `false` or the schedule ends; at most `limit` starts.
    /// Each start is read on the clock of the zone followed when it began (``ZoneHistory``).
    public func forEachInstance(
        of schedule: FastSchedule, from: Date, limit: Int = 10_000, _ body: (FastingSession, InstanceState) -> Bool
    ) {
        var seen = 0
        forEachRuleInstance(of: schedule, from: from) { derived in
            seen += 1
            let goesOn: Bool
            if let recorded = record(of: schedule, key: derived.instanceKey ?? "", start: derived.start) {
                goesOn = body(recorded, recorded.wasCancelledBeforeStart ? .skipped : .fast)
            } else {
                goesOn = body(derived, isTakenOver(startingAt: derived.start) ? .takenOver : .fast)
            }
            return goesOn && seen < limit
        }
    }

    /// Calls `body` with each start of `schedule`'s rule at or after `from` (ascending) as the
    /// rule alone gives it, each on the clock of the zone followed when it began, until `body`
    /// returns `false` or the schedule ends.
    ///
    /// Flying east, the new clock puts a start up to a day before the change: one after the last
    /// start is a start of its own (it came due unseen, as after downtime). Flying west, the new
    /// clock gives a day the old one had its start on again: a day has one start. Both look
    /// back, so the walk begins two changes' reach before `from`.
    private func forEachRuleInstance(of schedule: FastSchedule, from: Date, _ body: (FastingSession) -> Bool) {
        let begin = from.addingTimeInterval(-2 * Self.changeReach)
        var keys = Set<String>()
        var last: Date?
        var goesOn = true
        for period in periods where goesOn && period.until > begin {
            schedule.forEachStart(from: max(begin, schedule.start, period.from.addingTimeInterval(-Self.changeReach)), in: period.zone) { start in
                guard start < period.until else { return false }
                if start < period.from, let last, start <= last { return true }
                let derived = schedule.session(startingAt: start, timeZone: period.zone, calendar: period.calendar)
                guard keys.insert(derived.instanceKey ?? "").inserted else { return true }
                last = start
                guard start >= from else { return true }
                goesOn = body(derived)
                return goesOn
            }
        }
    }

    /// The instance the rule alone gives for `key` (`20270328-2000`), searched for around
    /// `near`: where a fast recorded before it began belongs once the zone has moved.
    public func ruleInstance(of schedule: FastSchedule, key: String, near: Date) -> FastingSession? {
        var found: FastingSession?
        forEachRuleInstance(of: schedule, from: near.addingTimeInterval(-2 * Self.changeReach)) { derived in
            if derived.instanceKey == key { found = derived }
            return found == nil && derived.start < near.addingTimeInterval(2 * Self.changeReach)
        }
        return found
    }

    /// How far from a zone change the two clocks' readings of one start can be: zones are at
    /// most 26 hours apart.
    private static let changeReach: TimeInterval = 26 * 3600

    /// The fasts of `schedule` starting in `[from, before)` that are fasts (not skipped or taken over).
    public func instances(of schedule: FastSchedule, startingFrom from: Date, before: Date) -> [FastingSession] {
        var found: [FastingSession] = []
        forEachInstance(of: schedule, from: from) { session, state in
            guard session.start < before else { return false }
            if state == .fast { found.append(session) }
            return true
        }
        return found
    }

    /// The first fast of `schedule` starting after `instant` (skipped and taken-over starts
    /// passed over), or `nil` once the schedule ends.
    public func nextInstance(of schedule: FastSchedule, after instant: Date) -> FastingSession? {
        var found: FastingSession?
        forEachInstance(of: schedule, from: instant.addingTimeInterval(1)) { session, state in
            guard session.start > instant else { return true }
            if state == .fast { found = session }
            return found == nil
        }
        return found
    }

    /// How far back an instance may have started and still not be over: its whole cycle (a
    /// schedule's fast and eating window end by the next start) and a daylight-saving hour.
    private func lookback(of schedule: FastSchedule) -> TimeInterval {
        schedule.instanceReach
    }

    /// The fast of `schedule` not ended at `now` that started last (fasting or in its eating
    /// window), if any.
    public func runningInstance(of schedule: FastSchedule, at now: Date) -> FastingSession? {
        var running: FastingSession?
        forEachInstance(of: schedule, from: now.addingTimeInterval(-lookback(of: schedule))) { session, state in
            guard session.start <= now else { return false }
            if state == .fast, session.status(at: now).phase != .ended { running = session }
            return true
        }
        // An instance extended far beyond its cycle is recorded (its extension is a fact).
        if running == nil {
            running = recorded.last { $0.scheduleID == schedule.id && $0.start <= now && !$0.wasCancelledBeforeStart && $0.status(at: now).phase != .ended }
        }
        return running
    }

    // MARK: What readers ask

    /// Every fast not ended at `now`, oldest start first: those started by hand that are
    /// scheduled, fasting or in their eating window (until a schedule's fast begins in it), and
    /// of each schedule its fast running and its next one.
    public func sessions(notEndedAt now: Date) -> [FastingSession] {
        var found = standalone.filter { $0.status(at: now).phase != .ended && !$0.wasCancelledBeforeStart }
        var ids = Set(found.map(\.id))
        for schedule in schedules {
            let running = runningInstance(of: schedule, at: now)
            for session in [running, nextInstance(of: schedule, after: max(now, running?.start ?? now))].compactMap({ $0 })
            where ids.insert(session.id).inserted && session.status(at: now).phase != .ended {
                found.append(session)
            }
        }
        // A schedule's fast that began in the eating window of a fast by hand ended that window,
        // as a fast started by hand ends it: one fast runs at a time. It stays ended when that
        // fast is stopped in turn.
        found.removeAll { session in
            session.scheduleID == nil && session.mode == .single && session.status(at: now).phase == .eating
                && schedules.contains { !instances(of: $0, startingFrom: session.cycle(0).fastEnd, before: now.addingTimeInterval(1)).isEmpty }
        }
        return found.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
    }

    /// The fasts that fasted at some time in `[since, now)`, or are still to start: those
    /// started by hand and the schedules' instances (not skipped or taken over), oldest first.
    /// What history, statistics and export turn into records.
    public func sessions(fastingSince since: Date, now: Date) -> [FastingSession] {
        var found = standalone.filter { session in
            guard session.start < now, !session.wasCancelledBeforeStart else { return false }
            return session.fastedUntil(now: now).map { $0 > since } ?? false
        }
        for schedule in schedules {
            found += instances(of: schedule, startingFrom: since.addingTimeInterval(-lookback(of: schedule)), before: now)
                .filter { $0.fastedUntil(now: now).map { $0 > since } ?? false }
            // Recorded instances of a schedule whose rule no longer gives them (a zone change
            // moved its starts) are kept: they happened.
            let derivedIDs = Set(found.map(\.id))
            found += recorded.filter { session in
                session.scheduleID == schedule.id && !derivedIDs.contains(session.id) && !session.wasCancelledBeforeStart
                    && session.start < now && (session.fastedUntil(now: now).map { $0 > since } ?? false)
            }
        }
        return found.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
    }

    /// The fast `fast status` and status bars show at `now`: one fasting or in its eating
    /// window, else one scheduled, else the most recent that ran (``FastingSession/current(among:at:)``).
    public func current(at now: Date) -> FastingSession? {
        if let active = FastingSession.current(among: sessions(notEndedAt: now), at: now) { return active }
        var ended = recorded.filter { $0.status(at: now).phase == .ended }
        for schedule in schedules {
            var last: FastingSession?
            forEachInstance(of: schedule, from: now.addingTimeInterval(-lookback(of: schedule) - 8 * 86_400)) { session, state in
                guard session.start < now else { return false }
                if state == .fast { last = session }
                return true
            }
            if let last { ended.append(last) }
        }
        return FastingSession.current(among: ended, at: now)
    }

    /// The fast with `id`: one started by hand, or an instance of a schedule (`fs-3k9.20270328-2000`),
    /// recorded or derived, skipped ones included; `nil` when the id names no fast.
    public func session(id: String) -> FastingSession? {
        if let found = recorded.first(where: { $0.id == id }) { return found }
        for schedule in schedules where id.hasPrefix(schedule.id + ".") {
            let key = String(id.dropFirst(schedule.id.count + 1))
            guard let approximate = Self.instant(ofKey: key, in: timeZone) else { continue }
            var found: FastingSession?
            forEachInstance(of: schedule, from: approximate.addingTimeInterval(-2 * 86_400)) { session, _ in
                if session.instanceKey == key { found = session }
                return found == nil && session.start < approximate.addingTimeInterval(2 * 86_400)
            }
            if let found { return found }
        }
        return nil
    }

    /// The instant the local reading of an instance key (`20270328-2000`) names, roughly (within
    /// the day): what to search around for the instance itself.
    static func instant(ofKey key: String, in timeZone: TimeZone) -> Date? {
        let digits = key.filter(\.isNumber)
        guard digits.count == 12, let year = Int(digits.prefix(4)), let month = Int(digits.dropFirst(4).prefix(2)),
              let day = Int(digits.dropFirst(6).prefix(2)), let hour = Int(digits.dropFirst(8).prefix(2)),
              let minute = Int(digits.dropFirst(10).prefix(2)), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        let dayNumber = CivilCalendar.dayNumber(year: year, month: month, day: day)
        return LocalTimeResolver.instant(ofReading: dayNumber * CivilCalendar.secondsPerDay + hour * 3600 + minute * 60, in: timeZone)
    }
}
