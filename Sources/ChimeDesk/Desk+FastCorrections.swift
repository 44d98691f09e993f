import ChimeCore
import ChimeStore
import FoundationEssentials

/// Correcting fasts after the fact: `fast stop --at TIME` and `fast edit ID --start --end`.
///
/// A correction never makes fasts overlap, and never leaves a fast of under 2 minutes (that is
/// no fast: `fast delete` removes it); either is refused with nothing changed. A fast of a
/// schedule is corrected as what happened to its instance (its session under the instance's
/// key), never as a second copy.
extension Desk {
    /// Stops the fast `id` names, or the one running, at `instant` (`chime fast stop --at TIME`),
    /// a time that has passed and is after the fast began.
    public func stopFast(id: String?, at instant: Date, now: Date) throws -> Decision<FastStopped> {
        if instant > now { throw DeskRefusal.fastTimeToCome(instant) }
        let timeline = try fastTimeline(now: now)
        let session = try chosenSession(id: id, in: timeline, now: now)
        let fastStart = session.cycle(session.cycleNumber(at: instant)).fastStart
        guard instant > session.start, session.status(at: now).phase != .scheduled else {
            throw DeskRefusal.fastStopBeforeStart(id: session.id, start: session.start, stop: instant)
        }
        var plan = try planner.stop(session, at: instant, now: now)
        if plan.deletedSessions.contains(session.id) {
            if session.scheduleID != nil { plan = skip(session) }
            return Decision(plan, .discarded(session, next: nil))
        }
        let stoppedAt = plan.sessions.first { $0.id == session.id }?.stoppedAt ?? instant
        if stoppedAt < instant, stoppedAt == fastStart {
            return Decision(plan, .stoppedAtCycleStart(session, at: stoppedAt, next: nil))
        }
        let status = session.status(at: stoppedAt)
        let completed = status.phase == .eating || session.cycle(status.cycle).isCompleted(endingAt: stoppedAt)
        return Decision(plan, .stoppedAt(session, at: stoppedAt, completed: completed))
    }

    /// What `fast edit` did: the fast as it was, and as it now is.
    public struct FastEdited: Sendable {
        /// Before.
        public var before: FastingSession
        /// After.
        public var after: FastingSession
    }

    /// Corrects when the fast `id` began (`start`) and when its fast ended (`end`) (`chime fast
    /// edit`). Refused, nothing changed, for a repeating fast, a time still to come, an end not
    /// after the start, a fast of under 2 minutes, or one that would overlap another fast.
    public func editFast(id: String, start: Date?, end: Date?, now: Date) throws -> Decision<FastEdited> {
        for instant in [start, end].compactMap({ $0 }) where instant > now {
            throw DeskRefusal.fastTimeToCome(instant)
        }
        let reach = min(start ?? now, end ?? now, now).addingTimeInterval(-8 * 86_400)
        let timeline = try fastTimeline(since: reach, now: now)
        guard let session = try timeline.session(id: id) ?? store.session(id: id), !session.wasCancelledBeforeStart else {
            throw DeskRefusal.noFastWithIDInHistory(id: id)
        }
        guard session.mode == .single else { throw DeskRefusal.repeatingFastNotEditable(id: session.id) }
        let correction = FastCorrection(session: session, start: start, end: end)
        if correction.start > now { throw DeskRefusal.fastNotStarted(id: session.id, start: session.start) }
        let corrected = correction.corrected
        let fastEnd = min(corrected.stoppedAt ?? .distantFuture, corrected.cycle(0).fastEnd)
        guard fastEnd > corrected.start else {
            throw DeskRefusal.fastEndBeforeStart(id: session.id, start: corrected.start, end: fastEnd)
        }
        if fastEnd.timeIntervalSince(corrected.start) < FastingPlanner.discardWithin {
            throw DeskRefusal.fastTooShortToKeep(id: session.id)
        }
        let others = timeline.sessions(fastingSince: reach, now: now)
        if let other = correction.overlapped(among: others, now: now) {
            let cycle = other.cycle(other.cycleNumber(at: min(now, other.stoppedAt ?? now)))
            throw DeskRefusal.fastsWouldOverlap(
                id: session.id, other: other.id, start: cycle.fastStart, end: min(other.fastedUntil(now: now) ?? cycle.fastEnd, cycle.fastEnd)
            )
        }
        return Decision(correction.plan(now: now, requests: planner.requests), FastEdited(before: session, after: corrected))
    }
}
