import FoundationEssentials

/// What the notifications of a fast schedule should be now, as a change to what is stored: the
/// one rule chimed and `chime` both apply whenever anything about fasts may have changed.
///
/// From the timeline (``FastTimeline``) it takes the schedule's fast running and its next one,
/// and every fast that came due since the notifications were last derived (after downtime:
/// each such notification then goes to chimed's catch-up, shown late or recorded missed). Their
/// requests are added where none is stored; a stored one still pending and not snoozed is moved
/// to where the rule now puts it (a time-zone change); one already shown, missed, cancelled or
/// snoozed is what happened and stays. A pending notification of the schedule that the rule no
/// longer gives (its fast skipped, taken over by a fast started by hand, the schedule ended) is
/// withdrawn: should the rule give it again (the fast by hand stopped before it), it comes back,
/// where one the user cancelled never does. An instance that has started is recorded, so its start and ends stay where they
/// were when it began, whatever happens to the zone later.
public struct FastScheduleDerivation: Sendable {
    /// A stored notification request of the schedule, as far as deriving cares.
    public struct StoredNotification: Hashable, Sendable {
        /// Its identifier.
        public var identifier: String
        /// Its group (the instance's id).
        public var group: String
        /// When it is due now.
        public var due: Date
        /// Whether it is still to be shown and nothing is under way: the rule may move it.
        public var isPending: Bool
        /// Whether a snooze moved it: it keeps its time.
        public var isSnoozed: Bool
        /// Whether it was withdrawn by a derivation (not cancelled by the user): given again,
        /// it comes back.
        public var isWithdrawn: Bool
        /// Its content, to tell a reworded request.
        public var content: NotificationContent

        /// Makes a value.
        public init(
            identifier: String, group: String, due: Date, isPending: Bool, isSnoozed: Bool, isWithdrawn: Bool = false, content: NotificationContent
        ) {
            self.identifier = identifier
            self.group = group
            self.due = due
            self.isPending = isPending
            self.isSnoozed = isSnoozed
            self.isWithdrawn = isWithdrawn
            self.content = content
        }
    }

    /// How far back catch-up reaches: a notification older than this that was never stored is
    /// not made now (each would only be recorded missed).
    public static let catchUpLimit: TimeInterval = 7 * 86_400

    /// Derives the requests of fasts.
    public var planner: RequestPlanner

    /// Makes a derivation with `planner`'s requests.
    public init(planner: RequestPlanner = RequestPlanner()) {
        self.planner = planner
    }

    /// The plan that brings the stored notifications of `schedule` in line with `timeline` at
    /// `now`; `derivedThrough` is how far they were derived before (`nil`: never), `stored` the
    /// schedule's stored requests due since then.
    public func plan(
        for schedule: FastSchedule, timeline: FastTimeline, derivedThrough: Date?, stored: [StoredNotification], now: Date
    ) -> ChangePlan {
        let from = max(derivedThrough ?? schedule.start, now.addingTimeInterval(-Self.catchUpLimit))
        var plan = ChangePlan()
        var wanted: [NotificationRequest] = []
        var liveGroups = Set<String>()
        let lookback = schedule.instanceReach
        timeline.forEachInstance(of: schedule, from: from.addingTimeInterval(-lookback), limit: 400) { session, state in
            guard state == .fast else { return true }
            let cycle = session.cycle(0)
            // Over before `from`: derived (and handled) already.
            guard cycle.eatingEnd > from || session.start > from else { return true }
            liveGroups.insert(session.id)
            if session.start <= now, timeline.recorded.first(where: { $0.id == session.id }) == nil {
                plan.sessions.append(session)
            }
            wanted += planner.requests(for: session, after: from)
            // The first fast still to start is the last one derived.
            return session.start <= now
        }
        // A running fast recorded long ago (extended past its cycle) still has its end to come.
        if let running = timeline.runningInstance(of: schedule, at: now), !liveGroups.contains(running.id) {
            liveGroups.insert(running.id)
            wanted += planner.requests(for: running, after: from)
        }
        let storedByIdentifier = Dictionary(stored.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        for request in wanted {
            guard let existing = storedByIdentifier[request.identifier] else {
                plan.requests.append(request)
                continue
            }
            // Withdrawn when a fast took this one's place; that fast went: it comes back.
            if existing.isWithdrawn {
                plan.restoredRequests.append(request)
                continue
            }
            if existing.isPending, !existing.isSnoozed, existing.due != request.due || existing.content != request.content {
                plan.requests.append(request)
            }
        }
        let wantedIdentifiers = Set(wanted.map(\.identifier))
        for existing in stored where existing.isPending && !wantedIdentifiers.contains(existing.identifier) && existing.due > now {
            // A snoozed notification of a fast that still is one keeps its new time.
            if existing.isSnoozed, liveGroups.contains(existing.group) { continue }
            plan.withdrawnIdentifiers.append(existing.identifier)
        }
        plan.fastSchedulesDerivedThrough[schedule.id] = now
        return plan
    }
}
