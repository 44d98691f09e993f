import ChimeCore

/// A validated value of a ``ConfigKey``.
public enum ConfigValue: Hashable, Sendable, CustomStringConvertible {
    /// `fast.plan`.
    case plan(FastingPlan)
    /// `fast.remind_before`; empty for none.
    case durations([TimeSpan])
    /// `water.amount`.
    case millilitres(Int)
    /// `water.goal`; `nil` for none.
    case optionalMillilitres(Int?)
    /// `notify.urgency.*`.
    case urgency(Urgency)
    /// `language`.
    case language(Language)
    /// `notify.dnd`, `notify.away`: on (`true`) or off.
    case `switch`(Bool)
    /// A zone name, `nil` for the system's.
    case timeZone(String?)

    /// The words a switch takes, on first.
    public static let switchWords = ["on", "off"]

    /// The language of notification texts: from the locale variables, or fixed.
    public enum Language: String, Hashable, Sendable, CaseIterable {
        /// From `LC_ALL`, `LC_MESSAGES`, `LANG` (of chimed for bubbles, of chime for `list`).
        case auto
        /// English.
        case en
        /// Simplified Chinese.
        case zh
    }

    /// How urgent a notification is, as the notification server understands it.
    public enum Urgency: String, Hashable, Sendable, CaseIterable {
        /// Shown quietly; may not interrupt.
        case low
        /// The usual notification.
        case normal
        /// Stays until dismissed.
        case critical
    }

    /// The canonical text, as stored in the database and printed by `config get` and `config list`.
    public var storedText: String {
        switch self {
        case .plan(let plan): return plan.displayName
        case .durations(let spans): return spans.isEmpty ? "none" : spans.map(\.description).joined(separator: ",")
        case .millilitres(let ml): return String(ml)
        case .optionalMillilitres(let ml): return ml.map(String.init) ?? "none"
        case .urgency(let urgency): return urgency.rawValue
        case .language(let language): return language.rawValue
        case .switch(let on): return on ? Self.switchWords[0] : Self.switchWords[1]
        case .timeZone(let name): return name ?? "system"
        }
    }

    public var description: String { storedText }
}
