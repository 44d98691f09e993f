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
                return "Cancelled \(onScreen[0]), already shown: its notification on screen is closed"
            }
            return "Cancelled \(onScreen.count) notifications already shown" + (scope.map { " (\($0))" } ?? "") + ": they are closed on screen"
        }
        let closed = onScreen.count == 1 ? onScreen[0] : "\(onScreen.count) notifications already shown"
        return cancelled(identifiers, scope: scope) + "; closed \(closed) on screen"
    }
}
