import ChimeCore
import ChimeDesk
import ChimeNotify

extension ActionKey {
    /// What the desk is asked to do when this button is pressed.
    var deskAction: Desk.ButtonAction {
        if let span = snoozeDuration { return .snooze(span) }
        if let span = fastExtension { return .extend(span) }
        switch self {
        case .drank: return .drank
        case .endFast: return .endFast
        case .done: return .done
        case .skipFast: return .skipFast
        case .dismiss: return .dismiss
        case .openLink: return .open
        case .snooze: return .snoozeAsSet
        case .snoozeFifteenMinutes: return .snooze(.minutes(15))
        case .snoozeTenMinutes: return .snooze(.minutes(10))
        case .extendOneHour: return .extend(.hours(1))
        }
    }
}
