import FoundationEssentials

/// Correcting a fast after the fact: when it really stopped (`chime fast stop --at TIME`), or
/// when it really began and ended (`chime fast edit ID --start TIME --end TIME`).
///
/// What a fast became is recorded as its session; a fast of a schedule is the session under its
/// instance's key, so the rule never gives it again. Only a single fast can be corrected: a
/// repeating fast's cycles follow from its start, one from another.
public struct FastCorrection: Hashable, Sendable {
    /// The fast as it was.
    public var session: FastingSession
    /// When it began, corrected.
    public var start: Date
    /// When its fast ended, corrected; `nil` keeps how it ends.
    public var end: Date?

    /// Makes a correction of `session`: it began at `start` and its fast ended at `end`.
    public init(session: FastingSession, start: Date? = nil, end: Date? = nil) {
        self.session = session
        self.start = start ?? session.start
        self.end = end
    }

    /// The session as corrected: its start moved (a schedule's fast keeps its length on the
    /// local clock, its ends moving with its start), and, with an end, stopped there when that
    /// is before the plan's length is reached, or else extended to it (the fast ran longer: it
    /// is completed, and its eating window follows). A stop already recorded after that end stays.
    public var corrected: FastingSession {
        var updated = session
        let shift = start.timeIntervalSince(session.start)
        updated.start = start
        if let ends = session.localEnds {
            updated.localEnds = FastingSession.LocalEnds(fastEnd: ends.fastEnd.addingTimeInterval(shift), eatingEnd: ends.eatingEnd.addingTimeInterval(shift))
        }
        guard let end else { return updated }
        let planned = updated.cycle(0).plannedFastEnd
        if end < planned {
            updated.fastExtension = nil
            updated.stoppedAt = end
        } else {
            let extra = Int64(end.timeIntervalSince(planned).rounded())
            updated.fastExtension = extra > 0 ? FastingSession.Extension(cycle: 0, seconds: extra) : nil
            if let stoppedAt = session.stoppedAt, stoppedAt < end { updated.stoppedAt = end }
        }
        return updated
    }

    /// When the corrected fast stopped fasting (`now` while it still fasts), `nil` when it has
    /// not started by `now`.
    public func fastedUntil(now: Date) -> Date? {
        corrected.fastedUntil(now: now)
    }

    /// The first of `others` whose fasting the corrected fast would overlap (fasts never do).
    public func overlapped(among others: [FastingSession], now: Date) -> FastingSession? {
        let fasted = corrected
        guard let until = fasted.fastedUntil(now: now) else { return nil }
        return others.first { other in
            guard other.id != session.id, !other.wasCancelledBeforeStart, let otherUntil = other.fastedUntil(now: now) else { return false }
            return other.start < until && otherUntil > fasted.start
        }
    }

    /// The change that records the correction at `now`: the session rewritten, and for a fast
    /// started by hand its notifications derived again from it (cancelled, then those still to
    /// come; its bubbles on screen closed). A schedule's fast gets its notifications from the
    /// schedule's derivation, which moves those still pending to the corrected ends.
    public func plan(now: Date, requests planner: RequestPlanner) -> ChangePlan {
        var plan = ChangePlan()
        let updated = corrected
        plan.sessions = [updated]
        if session.scheduleID == nil {
            plan.cancelledGroups = [session.id]
            plan.closedGroups = [session.id]
            plan.requests = planner.requests(for: updated, after: now)
        }
        return plan
    }
}

extension FastingPlanner {
    /// Stops `session` at `instant`, earlier than `now` (`chime fast stop --at TIME`): as a stop
    /// at that moment would have, under the same rules (within its first 2 minutes it is no
    /// fast; a repeating fast stopped just after a cycle began ends where it began).
    public func stop(_ session: FastingSession, at instant: Date, now: Date) throws(DomainError) -> ChangePlan {
        guard session.status(at: now).phase != .ended else {
            throw DomainError(.notFound, .fastAlreadyEnded, ["id": session.id])
        }
        return end(session, at: min(instant, now))
    }
}
