import FoundationEssentials

/// Which firing of a calendar item is pending, and the change that makes it so: the rule chimed
/// follows for calendars, the same whoever asks (a file changed, chimed started, an alarm was
/// shown, snoozed or dismissed).
///
/// - Only each item's next alarm is pending, plus any alarm of it the user snoozed; the next
///   comes after the snoozed one.
/// - A firing with a fact (shown, dismissed, snoozed, missed) is never derived again.
/// - After downtime (``since`` before now), of the firings that came due meanwhile only the
///   latest whose instance is not over is shown, once and late; nothing for an item already
///   over.
/// - A changed or deleted item replaces or cancels its pending alarm, and its bubble on screen
///   is closed.
public enum CalendarAlarmPlanner {
    /// How many firings in a row a search passes over (handled, or not shown like EMAIL) before
    /// it gives up on an item.
    public static let searchLimit = 1_000

    /// A live request of an item, as the store holds it.
    public struct LiveRequest: Hashable, Sendable {
        /// The request.
        public let request: NotificationRequest
        /// Whether it is on its way to the server (left alone).
        public let isDelivering: Bool
        /// Whether a snooze moved it.
        public let isSnoozed: Bool

        /// Makes one.
        public init(request: NotificationRequest, isDelivering: Bool, isSnoozed: Bool) {
            self.request = request
            self.isDelivering = isDelivering
            self.isSnoozed = isSnoozed
        }
    }

    /// The firing of `item` to keep pending at `now`.
    ///
    /// - Parameters:
    ///   - since: the firings after it and up to now came due unseen (downtime): the latest of
    ///     them whose instance is not over is the one, shown late. `now` when nothing was missed.
    ///   - after: no firing at or before it (the time of an alarm snoozed or just shown).
    ///   - keeping: the firing pending so far; kept while it is still the item's and due, so a
    ///     firing due now but not yet taken is not lost to a new derivation (after downtime the
    ///     latest missed one is shown instead).
    ///   - isHandled: whether a firing has a fact.
    public static func pendingFiring(
        of item: CalendarItemAlarms, since: Date, after: Date, now: Date, keeping: CalendarFiringKey? = nil,
        isHandled: (CalendarFiringKey) -> Bool
    ) -> CalendarAlarmFiring? {
        func usable(_ firing: CalendarAlarmFiring) -> Bool {
            firing.isShown && firing.triggerAt > after && !isHandled(CalendarFiringKey(firing))
        }
        if since < now {
            let missed = item.firings(from: since, until: now.addingTimeInterval(0.001)).firings.filter {
                $0.triggerAt > since && usable($0) && !$0.instance.isOver(at: now)
            }
            if let latest = missed.max(by: CalendarAlarmFiring.listedBefore) { return latest }
        } else if let keeping, keeping.trigger <= now,
                  let kept = item.firings(from: keeping.trigger, until: keeping.trigger.addingTimeInterval(1)).firings
                      .first(where: { CalendarFiringKey($0) == keeping }), usable(kept) {
            return kept
        }
        var from = max(now, after)
        for _ in 0..<searchLimit {
            guard let next = item.nextFiring(after: from) else { return nil }
            if usable(next) { return next }
            // Several firings at one instant: look at each of them before moving on.
            let atOnce = item.firings(from: next.triggerAt, until: next.triggerAt.addingTimeInterval(0.001)).firings
                .sorted(by: CalendarAlarmFiring.listedBefore)
            if let other = atOnce.first(where: usable) { return other }
            from = next.triggerAt
        }
        return nil
    }

    /// The change that leaves `item` (`nil`: gone from its calendar) with the right request
    /// pending, given its live requests.
    ///
    /// - Parameters:
    ///   - group: the item's group (``CalendarAlarmRequest/group(calendar:uid:)``).
    ///   - changed: whether the item itself changed (or went): its bubble on screen is closed.
    public static func plan(
        for item: CalendarItemAlarms?, group: String, live: [LiveRequest], since: Date, now: Date, changed: Bool,
        isHandled: (CalendarFiringKey) -> Bool
    ) -> ChangePlan {
        var plan = ChangePlan()
        guard let item else {
            if !live.isEmpty { plan.cancelledGroups.append(group) }
            if changed { plan.closedGroups.append(group) }
            return plan
        }
        var after = Date.distantPast
        var kept: CalendarFiringKey?
        var pendingRows: [LiveRequest] = []
        for row in live where !row.isDelivering {
            guard let key = CalendarAlarmRequest.key(of: row.request) else { continue }
            if row.isSnoozed {
                // A snooze stands while its firing is still the item's; the next alarm comes after it.
                let stillThere = item.firings(from: key.trigger, until: key.trigger.addingTimeInterval(1)).firings
                    .contains { CalendarFiringKey($0) == key && $0.isShown }
                if stillThere {
                    after = max(after, row.request.due)
                } else {
                    plan.cancelledIdentifiers.append(row.request.identifier)
                }
            } else {
                pendingRows.append(row)
                kept = kept ?? key
            }
        }
        let next = pendingFiring(of: item, since: since, after: after, now: now, keeping: kept, isHandled: isHandled)
        let nextRequest = next.map(CalendarAlarmRequest.request(for:))
        for row in pendingRows where row.request.identifier != nextRequest?.identifier {
            plan.cancelledIdentifiers.append(row.request.identifier)
        }
        if let nextRequest, !pendingRows.contains(where: { $0.request == nextRequest }) {
            plan.requests.append(nextRequest)
        }
        if changed { plan.closedGroups.append(group) }
        return plan
    }
}
