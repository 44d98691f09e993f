import ChimeCore

/// A validated value of a ``ConfigKey``.
public enum ConfigValue: Hashable, Sendable, CustomStringConvertible {
    /// `fast.plan`.
    case plan(FastingPlan)
    /// `fast.remind_before`; empty for none.
    case durations([TimeSpan])
    /// `snooze`.
    case duration(TimeSpan)
    /// `water.amount`, as typed; a number without a unit is in `water.unit` until
    /// ``resolvingWaterUnit(_:field:)`` makes it explicit (what is stored has its unit).
    case amount(WaterQuantity)
    /// `water.goal`, likewise; `nil` for none.
    case optionalAmount(WaterQuantity?)
    /// `water.unit`.
    case waterUnit(WaterUnit)
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
        case .duration(let span): return span.description
        case .amount(let quantity): return Self.storedText(of: quantity)
        case .optionalAmount(let quantity): return quantity.map(Self.storedText(of:)) ?? "none"
        case .waterUnit(let unit): return unit.rawValue
        case .urgency(let urgency): return urgency.rawValue
        case .language(let language): return language.rawValue
        case .switch(let on): return on ? Self.switchWords[0] : Self.switchWords[1]
        case .timeZone(let name): return name ?? "system"
        }
    }

    public var description: String { storedText }

    /// The value with an amount typed without a unit read in `unit` (`config set water.amount 8`
    /// with ounces chosen is 8 oz), checked for its range: what is stored.
    public func resolvingWaterUnit(_ unit: WaterUnit, field: LocalizedText) throws(DomainError) -> ConfigValue {
        func resolved(_ quantity: WaterQuantity) throws(DomainError) -> WaterQuantity {
            let ml = try quantity.millilitres(bareIn: unit, field: field)
            guard !quantity.hasUnit else { return quantity }
            var explicit = quantity
            explicit.unit = unit == .ounces ? .ounces : .millilitres
            return unit == .ounces ? explicit : WaterQuantity(millilitres: ml)
        }
        switch self {
        case .amount(let quantity): return .amount(try resolved(quantity))
        case .optionalAmount(let quantity?): return .optionalAmount(try resolved(quantity))
        default: return self
        }
    }

    /// The millilitres of a stored amount (stored amounts have their unit, or are millilitres).
    public var millilitres: Int? {
        switch self {
        case .amount(let quantity), .optionalAmount(let quantity?): return try? quantity.millilitres(bareIn: .millilitres, field: LocalizedText(verbatim: ""))
        default: return nil
        }
    }

    /// `250ml`, `8oz`: an amount as stored and shown by `config get` (one stored by an older
    /// Chime without its unit is millilitres).
    private static func storedText(of quantity: WaterQuantity) -> String {
        quantity.canonicalText
    }
}
