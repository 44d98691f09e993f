import ChimeDesk
/// The lines of changes that close bubbles already on screen.
extension ChangeMessage {
    /// ``cancelled(_:scope:)`` for a cancellation that also took notifications already shown
    /// whose bubbles were still on screen (`onScreen`, closed now): `Cancelled remind/r-4tx,
    /// already shown: its notification on screen is closed`, or `Cancelled 2 pending
    /// notifications (f-3k9); closed fast/f-3k9/start on screen`.
    public func cancelled(_ identifiers: [String], onScreen: [String], scope: String? = nil) -> String {
        guard !onScreen.isEmpty else { return cancelled(identifiers, scope: scope) }
        guard !identifiers.isEmpty else {
            if onScreen.count == 1 {
                return say(.cancelledShownOne, ["identifier": onScreen[0]])
            }
            let scoped = scope.map { say(.scope, ["scope": $0]) } ?? ""
            return say(.cancelledShownMany, ["count": "\(onScreen.count)", "scope": scoped])
        }
        let closed = onScreen.count == 1
            ? say(.closedOnScreenOne, ["identifier": onScreen[0]])
            : say(.closedOnScreenMany, ["count": "\(onScreen.count)"])
        return cancelled(identifiers, scope: scope) + closed
    }

    /// The line of `cancel`: what was cancelled or closed, then what goes on (the next
    /// occurrence of what repeats, a fast that runs on without its end notification, a
    /// schedule's fasts skipped and its next one).
    public func cancelled(_ outcome: Desk.Cancelled) -> String {
        let scope = outcome.all ? say(.scopeAll) : outcome.group
        var line = cancelled(outcome.cancelled.map(\.identifier), onScreen: outcome.closedOnScreen.map(\.identifier), scope: scope)
        if outcome.cancelled.isEmpty, outcome.closedOnScreen.isEmpty, !outcome.skippedFasts.isEmpty {
            line = say(.cancelledOne, ["identifier": outcome.skippedFasts.map(\.id).joined(separator: ", ")])
        }
        if let goesOn = goesOn(after: outcome.following) {
            line += say(.clauseSeparator) + goesOn
        }
        // A fast of a schedule skipped before it began does not run at all (said below).
        let skipped = Set(outcome.skippedFasts.map(\.id))
        if let runsOn = fastsRunOn(afterCancelling: outcome.cancelled.filter { !skipped.contains($0.group) }, next: outcome.following) {
            line += say(.clauseSeparator) + runsOn
        }
        for id in outcome.endedReminders {
            line += say(.clauseSeparator) + say(.recurringReminderEnded, ["id": id])
        }
        if !outcome.skippedFasts.isEmpty {
            line += say(.clauseSeparator) + say(.scheduledFastsSkipped, ["ids": outcome.skippedFasts.map(\.id).joined(separator: ", ")])
            if let next = outcome.nextScheduledFast {
                line += say(.clauseSeparator) + say(.scheduleGoesOn, ["id": next.id, "start": display.clockAndRelative(next.start)])
            }
        }
        return line
    }
}
