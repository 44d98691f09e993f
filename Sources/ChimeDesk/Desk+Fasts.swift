import ChimeCore
import ChimeStore
import FoundationEssentials

/// Fasts: start, stop (or skip), extend, delete, and which fast a command means.
extension Desk {
    /// `chime fast start`, with its values resolved.
    public struct FastStart: Sendable {
        /// The plan.
        public var plan: FastingPlan
        /// The nudges before the end.
        public var remindBefore: [TimeSpan]
        /// The id asked for (`--id`), else one is generated.
        public var id: String?
        /// The tag.
        public var tag: String
        /// When the fast starts (now, `--at`, `--ago`).
        public var start: Date
        /// Whether it repeats (`--repeat`).
        public var repeating: Bool
        /// Whether running fasts end instead of refusing (`--replace`).
        public var replace: Bool

        /// Makes the intention.
        public init(plan: FastingPlan, remindBefore: [TimeSpan], id: String?, tag: String, start: Date, repeating: Bool, replace: Bool) {
            self.plan = plan
            self.remindBefore = remindBefore
            self.id = id
            self.tag = tag
            self.start = start
            self.repeating = repeating
            self.replace = replace
        }
    }

    /// Why a fast that ran was removed by a start.
    public enum DiscardReason: Hashable, Sendable {
        /// It began within 2 minutes before the new fast: no fast at all.
        case underTwoMinutes
        /// It began at or after the new fast's start: it lies inside it.
        case insideNewFast
    }

    /// What `fast start` did.
    public struct FastStarted: Sendable {
        /// The fast started.
        public var session: FastingSession
        /// Fasts that were running and ended at its start.
        public var ended: [String]
        /// Fasts removed from the history, and why.
        public var discarded: [(id: String, reason: DiscardReason)]
        /// The fast schedule a daily repeating plan made, if any.
        public var schedule: FastSchedule?
        /// The schedule's fasts skipped because this one took their day.
        public var tookPlaceOf: [FastingSession]
        /// The schedule's next fast after this one, when it took a scheduled fast's place.
        public var nextScheduled: FastingSession?
    }

    /// Starts a fast (`chime fast start`): refuses while another runs (unless `replace`), never
    /// changes a fast that has already ended, and takes the day of a scheduled fast that has
    /// not started yet (that fast is skipped; the schedule goes on after this one).
    public func startFast(_ intent: FastStart, now: Date) throws -> Decision<FastStarted> {
        let timeline = try fastTimeline(since: min(intent.start, now).addingTimeInterval(-8 * 86_400), now: now)
        if let id = intent.id {
            try refuseIDOfAnotherKind(id, for: .fast, now: now)
            // Reusing the id of a fast that is over would overwrite it in the history.
            if !intent.replace, let earlier = timeline.session(id: id), earlier.status(at: now).phase == .ended {
                throw DeskRefusal.fastIDUsed(id: id)
            }
        }
        let id = try intent.id ?? generateID(prefix: "f", now: now)
        var session = FastingSession(
            id: id, plan: intent.plan, start: intent.start, tag: intent.tag,
            mode: intent.repeating ? .rolling : .single, remindBefore: intent.remindBefore
        )
        let onSchedules = timeline.schedules.filter { $0.endedAt == nil }
        var plan = ChangePlan()
        // A plan of fast days runs by its days only: `fast schedule 5:2 "mon,thu"`.
        if let fastDays = intent.plan.fastDays {
            throw DomainError(.invalidPlan, LocalizedText(CoreText.fastDaysOnlyScheduled, [
                "plan": fastDays.name, "example": fastDays == .alternate ? "" : "\"mon,thu\"",
            ]))
        }
        // A repeating plan of exactly a day repeats on the local clock, as a fast schedule.
        var newSchedule: FastSchedule?
        if intent.repeating, FastSchedule.isDaily(intent.plan) {
            if let oldSchedule = onSchedules.first, !intent.replace { throw DeskRefusal.fastScheduleIsSet(oldSchedule) }
            let schedule = try FastSchedule(
                id: try generateID(prefix: "fs", now: now), plan: intent.plan,
                ruleText: FastSchedule.dailyRuleText(at: intent.start, timeZone: timeZone, calendar: calendar),
                start: intent.start, tag: intent.tag, remindBefore: intent.remindBefore
            )
            var first = schedule.session(startingAt: intent.start, timeZone: timeZone, calendar: calendar)
            first.id = id
            session = first
            newSchedule = schedule
            for var oldSchedule in onSchedules {
                oldSchedule.endedAt = now
                plan.fastSchedules.append(oldSchedule)
            }
        }
        // A schedule's fast waiting to start is no conflict: on the day this one starts it is
        // skipped (this fast takes its place); any other start inside this fast is taken over.
        var skipped: [FastingSession] = []
        var existing = timeline.sessions(notEndedAt: now)
        for earlier in timeline.sessions(fastingSince: intent.start, now: now) where !existing.contains(where: { $0.id == earlier.id }) {
            existing.append(earlier)
        }
        let startDay = LocalDate(of: intent.start, in: timeZone, calendar: calendar)
        existing.removeAll { waiting in
            guard waiting.scheduleID != nil, waiting.status(at: now).phase == .scheduled, waiting.id != session.id else { return false }
            // A schedule replaced by a new one gives no fast from now on: nothing to skip.
            if newSchedule == nil, LocalDate(of: waiting.start, in: timeZone, calendar: calendar) == startDay {
                plan.merge(skip(waiting))
                skipped.append(waiting)
            }
            return true
        }
        // A fast whose fasting is over (in its eating window, or ended) is history: a new fast
        // never shortens or removes it. Only one still fasting is ended at the new start.
        if intent.replace, let ended = existing.first(where: { other in
            other.id != session.id && other.mode == .single && other.status(at: now).phase != .fasting
                && (other.fastedUntil(now: now).map { $0 > intent.start } ?? false)
        }) {
            let cycle = ended.cycle(ended.cycleNumber(at: min(now, ended.stoppedAt ?? now)))
            throw DeskRefusal.wouldRewriteEndedFast(id: ended.id, start: cycle.fastStart, end: min(ended.stoppedAt ?? cycle.fastEnd, cycle.fastEnd))
        }
        let started = try planner.start(session, existing: existing, replace: intent.replace, now: now)
        // A fast of a schedule is not deleted but skipped: its rule would give it again.
        var change = started
        change.deletedSessions = []
        var discarded: [(id: String, reason: DiscardReason)] = []
        for id in started.deletedSessions {
            guard let removed = existing.first(where: { $0.id == id }) else { continue }
            discarded.append((id, removed.start >= intent.start ? .insideNewFast : .underTwoMinutes))
            if removed.scheduleID != nil {
                change.merge(skip(removed))
            } else {
                change.deletedSessions.append(id)
            }
        }
        plan.merge(change)
        if let newSchedule { plan.fastSchedules.append(newSchedule) }
        let startedIndex = plan.sessions.firstIndex { $0.id == session.id } ?? plan.sessions.endIndex
        let ended = plan.sessions[..<startedIndex].filter { old in
            !skipped.contains { $0.id == old.id } && !discarded.contains { $0.id == old.id } && !old.wasCancelledBeforeStart
        }.map(\.id)
        var next: FastingSession?
        if !skipped.isEmpty, newSchedule == nil {
            let after = fastTimeline(timeline, after: plan)
            next = onSchedules.compactMap { after.nextInstance(of: $0, after: now) }.min { $0.start < $1.start }
        }
        return Decision(plan, FastStarted(
            session: session, ended: ended, discarded: discarded, schedule: newSchedule, tookPlaceOf: skipped, nextScheduled: next
        ))
    }

    /// The plan that skips `instance`, a fast of a schedule: recorded as cancelled before it
    /// started (its rule gives it no more), its notifications cancelled and bubbles closed.
    func skip(_ instance: FastingSession) -> ChangePlan {
        var skipped = instance
        skipped.stoppedAt = instance.start
        skipped.fastExtension = nil
        var plan = ChangePlan()
        plan.sessions = [skipped]
        plan.cancelledGroups = [instance.id]
        plan.closedGroups = [instance.id]
        return plan
    }

    /// What `fast stop` (or End fast, or Skip) did.
    public enum FastStopped: Sendable {
        /// A fast of a schedule not started yet was skipped; the schedule goes on with `next`.
        case skipped(FastingSession, next: FastingSession?)
        /// The fast stopped (`session` as it was before), completed or not.
        case stopped(FastingSession, completed: Bool, next: FastingSession?)
        /// A repeating fast stopped just after a new cycle began ends where the cycle began.
        case stoppedAtCycleStart(FastingSession, at: Date, next: FastingSession?)
        /// Stopped within its first 2 minutes: not a fast, removed from the history.
        case discarded(FastingSession, next: FastingSession?)
        /// Stopped at an earlier time (`fast stop --at`; `session` as it was before), completed or not.
        case stoppedAt(FastingSession, at: Date, completed: Bool)
    }

    /// Stops the fast `id` names, or the one running (`chime fast stop`): a fast of a schedule
    /// not started yet is skipped, the schedule going on.
    public func stopFast(id: String?, now: Date) throws -> Decision<FastStopped> {
        let timeline = try fastTimeline(now: now)
        let session = try chosenSession(id: id, in: timeline, now: now)
        return try stop(session, cycle: nil, timeline: timeline, now: now)
    }

    /// Stops `session` (only its cycle `cycle` when given: a bubble's), or skips it when it is
    /// a schedule's fast not started yet.
    func stop(_ session: FastingSession, cycle: Int64?, timeline: FastTimeline, now: Date) throws -> Decision<FastStopped> {
        func next(after plan: ChangePlan) -> FastingSession? {
            guard let scheduleID = session.scheduleID, let schedule = timeline.schedule(id: scheduleID), schedule.endedAt == nil else { return nil }
            return fastTimeline(timeline, after: plan).nextInstance(of: schedule, after: now)
        }
        // Skipped already: stopping it again would only write the skip again.
        if session.scheduleID != nil, session.wasCancelledBeforeStart { throw DeskRefusal.fastSkipped(id: session.id, start: session.start) }
        if session.scheduleID != nil, session.status(at: now).phase == .scheduled {
            let plan = skip(session)
            return Decision(plan, .skipped(session, next: next(after: plan)))
        }
        var plan = try planner.stop(session, now: now, cycle: cycle)
        if plan.deletedSessions.contains(session.id) {
            if session.scheduleID != nil {
                plan = skip(session)
            }
            return Decision(plan, .discarded(session, next: next(after: plan)))
        }
        let stoppedAt = plan.sessions.first { $0.id == session.id }?.stoppedAt ?? now
        if stoppedAt < now {
            return Decision(plan, .stoppedAtCycleStart(session, at: stoppedAt, next: next(after: plan)))
        }
        let status = session.status(at: now)
        let completed = status.phase == .eating || session.cycle(status.cycle).isCompleted(endingAt: now)
        return Decision(plan, .stopped(session, completed: completed, next: next(after: plan)))
    }

    /// What `fast delete` did.
    public enum FastDeleted: Sendable {
        /// A fast started by hand, removed from the history.
        case deleted(FastingSession)
        /// A fast of a schedule: recorded as skipped (its rule would give it again), so it is
        /// gone from the history; the schedule goes on.
        case skipped(FastingSession)
        /// A fast of a schedule not started yet: skipped as `fast stop` skips it (never in the
        /// history), with the schedule's next fast.
        case skippedBeforeStart(FastingSession, next: FastingSession?)
    }

    /// Removes the fast `id` from the history (`chime fast delete`).
    public func deleteFast(id: String, now: Date) throws -> Decision<FastDeleted> {
        guard let session = try fastTimeline(now: now).session(id: id) ?? store.session(id: id), !session.wasCancelledBeforeStart || session.scheduleID == nil else {
            throw DeskRefusal.noFastWithIDInHistory(id: id)
        }
        if session.scheduleID != nil {
            let timeline = try fastTimeline(now: now)
            if session.status(at: now).phase == .scheduled, case let stopped = try stop(session, cycle: nil, timeline: timeline, now: now),
               case .skipped(_, let next) = stopped.outcome {
                return Decision(stopped.plan, .skippedBeforeStart(session, next: next))
            }
            return Decision(skip(session), .skipped(session))
        }
        return Decision(planner.delete(session), .deleted(session))
    }

    /// Makes a fast longer (`chime fast extend`).
    public func extendFast(by span: TimeSpan, id: String?, now: Date) throws -> Decision<FastingSession> {
        let session = try chosenSession(id: id, in: try fastTimeline(now: now), now: now)
        // A skipped fast does not run: lengthening it would record an extension of nothing.
        if session.scheduleID != nil, session.wasCancelledBeforeStart { throw DeskRefusal.fastSkipped(id: session.id, start: session.start) }
        let plan = try planner.extend(session, by: span, now: now)
        return Decision(plan, plan.sessions.first { $0.id == session.id } ?? session)
    }

    /// The fast `id` names, or without an id the one running (a schedule's fast not started
    /// yet counts only when no other fast runs).
    public func chosenSession(id: String?, in timeline: FastTimeline, now: Date) throws -> FastingSession {
        if let id {
            guard let session = try timeline.session(id: id) ?? store.session(id: id) else {
                throw DeskRefusal.noFastWithID(id: id)
            }
            return session
        }
        let running = FastingSession.choosable(among: timeline.sessions(notEndedAt: now), at: now)
        guard let session = running.first else { throw DeskRefusal.noFastRunning }
        if running.count > 1 { throw DeskRefusal.severalFastsRunning(ids: running.map(\.id)) }
        return session
    }

    /// The fast `fast status` shows without `--id`: refuses while several run.
    public func currentFast(now: Date) throws -> FastingSession? {
        let timeline = try fastTimeline(now: now)
        let running = FastingSession.choosable(among: timeline.sessions(notEndedAt: now), at: now)
        if running.count > 1 { throw DeskRefusal.severalFastsRunning(ids: running.map(\.id)) }
        return timeline.current(at: now)
    }

    /// Fasts over by `now` that ended at or after `since`, then those still running: what
    /// `fast history` and `export` show, from the records and the schedules' rules alike.
    public func fastRecords(since: Date, now: Date) throws -> [FastRecord] {
        let timeline = try fastTimeline(since: since, now: now)
        let records = FastRecord.records(from: timeline.sessions(fastingSince: since, now: now), now: now, since: since)
        let finished = records.filter(\.isFinished).sorted { ($0.end, $0.id) < ($1.end, $1.id) }
        return finished + records.filter { !$0.isFinished }
    }
}
