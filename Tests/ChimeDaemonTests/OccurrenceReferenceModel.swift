import ChimeCore
import ChimeTestSupport
import Foundation

/// A small reference model of what README promises for one fast schedule (16:8 at 20:00 every
/// day), fasts started by hand (16:8), one recurring reminder (`pills`, daily 08:00) and one
/// water schedule (every 2 h from 09:00 to 21:00), written from README's rules with Foundation's
/// calendar alone: no FastTimeline, FastScheduleDerivation, RequestPlanner or recurrence code.
///
/// Time is `now`; what chimed does is ``chimedProcesses(until:continuously:)``.
struct OccurrenceReferenceModel {
    static let fasting: TimeInterval = 16 * 3600
    static let eating: TimeInterval = 8 * 3600
    static let water: TimeInterval = 2 * 3600
    static let grace: TimeInterval = 24 * 3600
    static let discardWithin: TimeInterval = 120

    /// One fast: by hand, or an instance of the schedule (`key` set).
    struct Fast: Equatable, CustomStringConvertible {
        var id: String
        var key: String?
        var start: Date
        /// The fast's end before any extension.
        var plannedEnd: Date
        /// For an instance, where its eating window closes on the local clock.
        var eatingBase: Date
        var extensionSeconds: TimeInterval = 0
        var stoppedAt: Date?

        var byHand: Bool { key == nil }
        var fastEnd: Date { plannedEnd.addingTimeInterval(extensionSeconds) }
        var eatingEnd: Date { byHand ? fastEnd.addingTimeInterval(OccurrenceReferenceModel.eating) : max(fastEnd, eatingBase) }
        var skipped: Bool { stoppedAt.map { $0 <= start } ?? false }

        func phase(at t: Date) -> FastingPhase {
            if let stoppedAt, t >= stoppedAt { return .ended }
            if t < start { return .scheduled }
            if t < fastEnd { return .fasting }
            return t < eatingEnd ? .eating : .ended
        }

        /// The end of the last time it fasted up to `now`, `nil` before it began.
        func fastedUntil(_ now: Date) -> Date? {
            let limit = min(now, stoppedAt ?? now)
            return start < limit ? min(fastEnd, limit) : nil
        }

        var description: String {
            "\(id)[\(start.timeIntervalSince1970)..\(fastEnd.timeIntervalSince1970)\(stoppedAt.map { " stop \($0.timeIntervalSince1970)" } ?? "")]"
        }
    }

    /// What became of a reminder occurrence.
    enum Outcome: String {
        case delivered, missed, cancelled
    }

    /// The recurring reminder `pills`.
    struct Reminder {
        var start: Date
        var ended = false
        /// The occurrence pending: identifier, its own time, when it is due (a snooze moves it).
        /// Setting it brings an identifier handled before back.
        var pending: (id: String, original: Date, due: Date)? {
            didSet {
                if let pending {
                    handled[pending.id] = nil
                    cancelledByRules[pending.id] = nil
                }
            }
        }
        /// What became of each identifier last, and when it was due then.
        var handled: [String: Outcome] = [:]
        var handledDue: [String: Date] = [:]
        var handledOriginals: [Date] = []
        /// The own time of each occurrence the user skipped, by identifier.
        var skippedOriginals: [String: Date] = [:]
        /// Every showing and every miss, in order: the delivery history.
        var facts: [(id: String, outcome: Outcome)] = []
        /// Occurrences cancelled not by the user but because the rules moved them (a zone
        /// change), or the reminder ended or was replaced, and when they were due.
        var cancelledByRules: [String: Date] = [:]
    }

    private(set) var zone: TimeZone
    private(set) var calendar: Calendar
    /// The zones followed before `zone`, each until the change away from it.
    private(set) var earlierZones: [(zone: TimeZone, until: Date)] = []
    var now: Date
    var up = true
    let scheduleID: String
    let scheduleStart: Date
    var byHand: [Fast] = []
    /// The instances something happened to (they started, were skipped, extended...), by key.
    var recorded: [String: Fast] = [:]
    /// The fasts whose end notification the user cancelled (they go on without it).
    var endCancelled: Set<String> = []
    var reminder: Reminder
    var intakes: [Date] = []
    var waterPending: Date?

    init(now: Date, zone: TimeZone, scheduleID: String) {
        self.now = now
        self.zone = zone
        calendar = Self.calendar(in: zone)
        self.scheduleID = scheduleID
        scheduleStart = now
        reminder = Reminder(start: now)
        reminder.pending = occurrence(after: now).map { ($0.id, $0.due, $0.due) }
        waterPending = nextWater(after: now)
    }

    static func calendar(in zone: TimeZone) -> Calendar {
        return Fixture.calendar(in: zone)
    }

    // MARK: The local clock

    func day(of t: Date) -> DateComponents {
        calendar.dateComponents([.year, .month, .day], from: t)
    }

    func adding(_ days: Int, to day: DateComponents) -> DateComponents {
        let noon = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12))!
        return self.day(of: calendar.date(byAdding: .day, value: days, to: noon)!)
    }

    /// `hour`:00 on `day` (never a time the clocks skip in the zones used).
    func instant(_ day: DateComponents, hour: Int) -> Date {
        calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: hour))!
    }

    func dateText(_ day: DateComponents, separator: String = "") -> String {
        String(format: "%04d\(separator)%02d\(separator)%02d", day.year!, day.month!, day.day!)
    }

    /// Makes rules follow `zone` from now on.
    mutating func follow(_ zone: TimeZone) {
        // A zone followed for no time placed no start.
        if earlierZones.last?.until != now { earlierZones.append((self.zone, now)) }
        self.zone = zone
        calendar = Self.calendar(in: zone)
    }

    // MARK: The schedule's fasts

    /// The instance of `day` as the rule gives it on the clock of `calendar`.
    func derived(_ day: DateComponents, on calendar: Calendar) -> Fast {
        let noon = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12))!
        let next = calendar.dateComponents([.year, .month, .day], from: calendar.date(byAdding: .day, value: 1, to: noon)!)
        func at(_ day: DateComponents, _ hour: Int) -> Date {
            calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: hour))!
        }
        let key = dateText(day) + "-2000"
        return Fast(id: "\(scheduleID).\(key)", key: key, start: at(day, 20), plannedEnd: at(next, 12), eatingBase: at(next, 20))
    }

    /// The rule's 20:00s from `from` to `through`, each on the clock of the zone followed when
    /// it came: a zone's own from its change on. Flying east, the new clock's 20:00 up to a day
    /// before the change is one too when it comes after the last 20:00 before it (it is late,
    /// as after downtime); flying west, a day that had its 20:00 does not get another.
    func derivedStarts(from: Date, through: Date) -> [Fast] {
        var periods: [(calendar: Calendar, from: Date, until: Date)] = []
        var since = Date.distantPast
        for earlier in earlierZones {
            periods.append((Self.calendar(in: earlier.zone), since, earlier.until))
            since = earlier.until
        }
        periods.append((calendar, since, .distantFuture))
        let day: TimeInterval = 26 * 3600
        // What came just before `from` decides what the clocks give after it.
        let begin = from.addingTimeInterval(-2 * day)
        var result: [Fast] = []
        var days = Set<String>()
        for period in periods where period.until > begin && period.from <= through {
            var date = period.calendar.dateComponents([.year, .month, .day], from: max(begin, period.from.addingTimeInterval(-day)).addingTimeInterval(-86_400))
            while true {
                let fast = derived(date, on: period.calendar)
                let noon = period.calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day, hour: 12))!
                date = period.calendar.dateComponents([.year, .month, .day], from: period.calendar.date(byAdding: .day, value: 1, to: noon)!)
                if fast.start >= min(period.until, through) { break }
                guard fast.start >= max(begin, period.from.addingTimeInterval(-day)) else { continue }
                if fast.start < period.from, let last = result.last?.start, fast.start <= last { continue }
                guard days.insert(fast.key!).inserted else { continue }
                result.append(fast)
            }
        }
        return result.filter { $0.start >= from }
    }

    enum State { case fast, skipped, takenOver }

    /// Whether a fast derived to start at `start` is none: one of `fasts` is fasting then.
    func isTakenOver(_ start: Date, by fasts: [Fast]) -> Bool {
        fasts.contains { other in
            !other.skipped && other.start <= start && (other.stoppedAt.map { $0 > start } ?? true) && start < other.fastEnd
        }
    }

    /// The schedule's starts from `from` on, in the rule's order, each as its instance (the
    /// recorded one when something happened to it, which may have begun at another instant
    /// when the zone has moved since) and what it is; those beginning by `through`.
    func instances(from: Date, through: Date) -> [(Fast, State)] {
        var result: [(Fast, State)] = []
        let fasts = byHand + recorded.values
        // A recorded instance began at most a day from where the rule now puts it.
        for candidate in derivedStarts(from: max(from, scheduleStart), through: through.addingTimeInterval(30 * 3600))
        where candidate.start >= scheduleStart {
            if let record = recorded[candidate.key!] {
                if record.start <= through { result.append((record, record.skipped ? .skipped : .fast)) }
            } else if candidate.start <= through {
                result.append((candidate, isTakenOver(candidate.start, by: fasts) ? .takenOver : .fast))
            }
        }
        return result
    }

    /// Records every instance that has started by `now`, with its start and ends as they are
    /// now: what deriving does, whenever a command changes something or chimed is at work.
    /// One that started while nothing ran follows its rule until then (a zone change while
    /// chimed was down moves it: when the zone changed is not known).
    mutating func recordStarted() {
        for (instance, state) in instances(from: now.addingTimeInterval(-10 * 86_400), through: now) where state == .fast {
            if recorded[instance.key!] == nil { recorded[instance.key!] = instance }
        }
    }

    /// The instance running at `t` (fasting or eating), the latest to start.
    func runningInstance(at t: Date) -> Fast? {
        if let running = instances(from: t.addingTimeInterval(-26 * 3600), through: t).last(where: { $0.1 == .fast && $0.0.start <= t && $0.0.phase(at: t) != .ended }) {
            return running.0
        }
        // One whose rule's start has moved away since (a zone change) is still running.
        return recorded.values.sorted { $0.start < $1.start }.last { $0.start <= t && !$0.skipped && $0.phase(at: t) != .ended }
    }

    /// The first fast of the schedule starting after `t`.
    func nextInstance(after t: Date) -> Fast? {
        // Mostly within days; skips can push it weeks away.
        for reach in [3.0, 90.0] {
            if let next = instances(from: t.addingTimeInterval(1), through: t.addingTimeInterval(reach * 86_400)).first(where: { $0.1 == .fast && $0.0.start > t }) {
                return next.0
            }
        }
        return nil
    }

    /// Whether a fast of the schedule started in the eating window of `fast` (by hand) by `t`:
    /// that window is over then, as a fast started by hand would have ended it.
    func eatingWindowTaken(_ fast: Fast, at t: Date) -> Bool {
        fast.byHand && fast.phase(at: t) == .eating
            && instances(from: fast.fastEnd, through: t).contains { $0.1 == .fast && $0.0.start >= fast.fastEnd && $0.0.start <= t }
    }

    /// Every fast not ended at `t`: those by hand, the schedule's running fast and its next one,
    /// oldest start first.
    func notEnded(at t: Date) -> [Fast] {
        var found = byHand.filter { $0.phase(at: t) != .ended && !eatingWindowTaken($0, at: t) }
        let running = runningInstance(at: t)
        for fast in [running, nextInstance(after: max(t, running?.start ?? t))].compactMap({ $0 })
        where fast.phase(at: t) != .ended && !found.contains(where: { $0.id == fast.id }) {
            found.append(fast)
        }
        return found.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
    }

    /// The fasts a command without `--id` may mean: the schedule's next fast only when nothing runs.
    func choosable(at t: Date) -> [Fast] {
        let all = notEnded(at: t)
        let waiting = all.filter { !$0.byHand && $0.phase(at: t) == .scheduled }
        return waiting.count < all.count ? all.filter { fast in !waiting.contains { $0.id == fast.id } } : all
    }

    /// What `fast status` and `status` show: the fast fasting or eating, else the next one.
    func current(at t: Date) -> Fast? {
        let all = notEnded(at: t)
        return all.first { [.fasting, .eating].contains($0.phase(at: t)) } ?? all.first { $0.phase(at: t) == .scheduled }
    }

    /// Every fast that fasted by `now` (by hand, and the schedule's fasts), oldest start first;
    /// from about `since` on.
    func fastsBegun(since: Date = .distantPast) -> [Fast] {
        let from = since == .distantPast ? scheduleStart : max(scheduleStart, since.addingTimeInterval(-2 * 86_400))
        let schedule = instances(from: from, through: now).filter { $0.1 == .fast && $0.0.start < now }.map(\.0)
        return (byHand.filter { $0.start < now } + schedule).sorted { ($0.start, $0.id) < ($1.start, $1.id) }
    }

    /// The history as `fast history` lists it: id, start, end, finished, completed.
    struct Record: Equatable, CustomStringConvertible {
        var id: String
        var start: Date
        var end: Date
        var finished: Bool
        var completed: Bool

        var description: String { "\(id) \(start.timeIntervalSince1970)-\(end.timeIntervalSince1970)\(finished ? " finished" : "")\(completed ? " completed" : "")" }
    }

    /// The fasts that fasted after `since`.
    func history(since: Date = .distantPast) -> [Record] {
        fastsBegun(since: since).map { fast in
            let end = min(fast.fastEnd, fast.stoppedAt ?? now, now)
            let finished = fast.fastEnd <= now || (fast.stoppedAt.map { $0 <= now && $0 < fast.fastEnd } ?? false)
            return Record(id: fast.id, start: fast.start, end: end, finished: finished, completed: finished && end >= fast.plannedEnd)
        }.filter { $0.end > since }
    }

    /// The fast notifications still to come, as the schedule's derivation and the fasts by hand
    /// give them: the start of a fast not begun, the end of one still fasting.
    func fastRequests() -> [String: Date] {
        var requests: [String: Date] = [:]
        let running = runningInstance(at: now)
        var fasts = byHand.filter { $0.phase(at: now) != .ended }
        fasts += [running, nextInstance(after: max(now, running?.start ?? now))].compactMap { $0 }
        for fast in fasts where fast.stoppedAt.map({ $0 > now }) ?? true {
            if !fast.byHand, fast.start > now { requests["fast/\(fast.id)/start"] = fast.start }
            if fast.fastEnd > now, !endCancelled.contains(fast.id) { requests["fast/\(fast.id)/end"] = fast.fastEnd }
        }
        return requests
    }

    // MARK: What chimed does

    /// chimed shows or records what came due by `t`: at its time (`continuously`, the timer
    /// firing at each), or all at `t` (after downtime or a suspend), by README's catch-up rule:
    /// an occurrence is shown late until its next one is due (and within 24 h), else missed.
    mutating func chimedProcesses(until t: Date, continuously: Bool) {
        while let pending = reminder.pending, pending.due <= t {
            let at = continuously ? pending.due : t
            let shift = pending.due.timeIntervalSince(pending.original)
            let following = nextDay(after: pending)
            let until = min(pending.original.addingTimeInterval(Self.grace), following).addingTimeInterval(shift)
            handle(at < until ? .delivered : .missed)
            // Those more than a day late are passed over, each recorded missed: none falls between.
            if !reminder.ended { passOver(after: pending.due, at: at) }
            if !reminder.ended, let next = occurrence(following: pending.due, at: at) {
                reminder.pending = (next.id, next.due, next.due)
            }
        }
        while let due = waterPending, due <= t {
            waterPending = nextWater(after: continuously ? due : t)
        }
    }

    /// What a wake of chimed at `now` leaves without showing anything, as every command writes
    /// before it decides (Desk.perform): an occurrence past its late window is recorded missed
    /// and followed on, a water reminder past its day's close gives way to the next; what such
    /// a wake would show late stays pending.
    mutating func wakeDrops() {
        while let pending = reminder.pending, pending.due <= now {
            let shift = pending.due.timeIntervalSince(pending.original)
            let following = nextDay(after: pending)
            let until = min(pending.original.addingTimeInterval(Self.grace), following).addingTimeInterval(shift)
            guard now >= until else { break }
            handle(.missed)
            if !reminder.ended { passOver(after: pending.due, at: now) }
            if !reminder.ended, let next = occurrence(following: pending.due, at: now) {
                reminder.pending = (next.id, next.due, next.due)
            }
        }
        while let due = waterPending, due <= now, now >= instant(day(of: due), hour: 21) {
            waterPending = nextWater(after: now)
        }
    }
}

extension OccurrenceReferenceModel {
    /// The zone rules follow changed: every rule's next occurrence is derived again from the
    /// rule (fasts already begun and recorded keep their ends; a snoozed occurrence keeps its time).
    mutating func rulesFollow(_ zone: TimeZone) {
        recordStarted()
        follow(zone)
        // A fast recorded before it began (extended, skipped) is its day's fast on the new
        // clock, with what was recorded; it may have begun by now (flying east).
        for (key, fast) in recorded where fast.start > now {
            guard let moved = derivedStarts(from: fast.start.addingTimeInterval(-2 * 86_400), through: fast.start.addingTimeInterval(2 * 86_400))
                .first(where: { $0.key == key }) else { continue }
            var instance = fast
            instance.start = moved.start
            instance.plannedEnd = moved.plannedEnd
            instance.eatingBase = moved.eatingBase
            if fast.skipped { instance.stoppedAt = moved.start }
            recorded[key] = instance
        }
        if !reminder.ended, let pending = reminder.pending, pending.due == pending.original {
            // From the last occurrence handled: one the new zone puts before now came due
            // unseen, and is shown late or recorded missed.
            let after = lastHandledOriginal ?? reminder.start.addingTimeInterval(-1)
            passOver(after: after, at: now)
            reminder.pending = occurrence(following: after, at: now).map { ($0.id, $0.due, $0.due) }
            if reminder.pending?.id != pending.id { reminder.cancelledByRules[pending.id] = pending.due }
        }
        waterPending = nextWater(after: now)
    }

}
