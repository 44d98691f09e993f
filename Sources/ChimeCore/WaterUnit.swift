import FoundationEssentials

/// The unit people read and type water amounts in (the `water.unit` setting): millilitres or US
/// fluid ounces.
///
/// Only what people read and type changes: the store, the bubbles' arguments and every JSON
/// number stay in millilitres (JSON says which unit the user reads in a `unit` field), so a
/// change of unit never changes an amount.
public enum WaterUnit: String, Hashable, Sendable, CaseIterable {
    /// Millilitres, `ml` (the default).
    case millilitres = "ml"
    /// US fluid ounces, `oz`.
    case ounces = "oz"

    /// The setting that chooses the unit.
    public static let settingKey = "water.unit"

    /// Millilitres in one US fluid ounce (exactly, by definition).
    public static let millilitresPerOunce = 29.5735295625

    /// The unit a stored `water.unit` value names; millilitres when there is none or it names
    /// no unit.
    public static func chosen(bySetting value: String?) -> WaterUnit {
        value.flatMap { WaterUnit(rawValue: $0.lowercased()) } ?? .millilitres
    }

    /// `ml` millilitres as a number in this unit: whole millilitres, or ounces to a tenth
    /// without a trailing `.0` (237 ml is `8`, 250 ml is `8.5`).
    public func number(_ ml: Int) -> String {
        switch self {
        case .millilitres:
            return String(ml)
        case .ounces:
            let tenths = (Double(ml) / Self.millilitresPerOunce * 10).rounded()
            let whole = Int(tenths) / 10, tenth = abs(Int(tenths) % 10)
            return tenth == 0 ? String(whole) : "\(whole).\(tenth)"
        }
    }

    /// Whole millilitres of `value` in this unit (`Int.max` for more than any amount holds).
    public func millilitres(_ value: Double) -> Int {
        let ml = (self == .ounces ? value * Self.millilitresPerOunce : value).rounded()
        return ml < 1e15 ? Int(ml) : Int.max
    }
}

/// An amount of water as typed: `250`, `250ml`, `8oz`, `8.5 oz`, `1.5l`. A number without a unit
/// is in the `water.unit` the user reads in (``millilitres(bareIn:field:)``), so `water drink 8`
/// with ounces chosen is 8 oz.
public struct WaterQuantity: Hashable, Sendable, CustomStringConvertible {
    /// A unit written after the number.
    public enum TypedUnit: String, Hashable, Sendable {
        /// `ml`.
        case millilitres = "ml"
        /// `oz`.
        case ounces = "oz"
        /// `l`.
        case litres = "l"
    }

    /// The number typed.
    public var value: Double
    /// The unit typed with it; `nil`: the unit the user reads in.
    public var unit: TypedUnit?
    /// The text as typed, for messages.
    public var text: String

    /// An amount of `ml` millilitres, written with its unit.
    public init(millilitres ml: Int) {
        value = Double(ml)
        unit = .millilitres
        text = "\(ml)ml"
    }

    /// The same amount: two numbers typed alone, or two amounts of the same millilitres
    /// whatever their units (`0.3l` is `300ml`); a number alone is never an amount with a unit.
    public static func == (left: WaterQuantity, right: WaterQuantity) -> Bool {
        guard left.hasUnit == right.hasUnit else { return false }
        return left.hasUnit ? left.exactMillilitres == right.exactMillilitres : left.value == right.value
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(hasUnit)
        hasher.combine(hasUnit ? Double(exactMillilitres) : value)
    }

    /// Whole millilitres of an amount typed with its unit (a number alone as millilitres).
    private var exactMillilitres: Int {
        switch unit {
        case .ounces?: return WaterUnit.ounces.millilitres(value)
        case .litres?: return WaterUnit.millilitres.millilitres(value * 1000)
        case .millilitres?, nil: return WaterUnit.millilitres.millilitres(value)
        }
    }

    /// The amount with its unit, as a setting keeps it: `250ml`, `8.25oz` (litres as millilitres).
    public var canonicalText: String {
        switch unit {
        case .ounces?:
            return (value.rounded() == value ? String(Int(value)) : String(value)) + "oz"
        case .litres?: return "\(WaterUnit.millilitres.millilitres(value * 1000))ml"
        case .millilitres?, nil: return "\(WaterUnit.millilitres.millilitres(value))ml"
        }
    }

    /// Reads `text`; `field` names the value in the error (`amount`, `goal`).
    public init(parsing text: String, field: LocalizedText) throws(DomainError) {
        self.text = text
        var rest = Substring(text.trimmingSpaces().lowercased())
        unit = nil
        for (suffix, unit) in [("ml", TypedUnit.millilitres), ("fl oz", .ounces), ("floz", .ounces), ("oz", .ounces), ("l", .litres)]
        where rest.hasSuffix(suffix) {
            rest = rest.dropLast(suffix.count)
            self.unit = unit
            break
        }
        let number = rest.trimmingSpaces()
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        // Digits, with at most one decimal point between digits.
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else {
            throw DomainError(.invalidAmount, LocalizedText(CoreText.amountNotNumber, localized: ["field": field, "text": LocalizedText(verbatim: text)]))
        }
        // More than nine digits is more than any valid amount: out of range, read as such
        // without converting, so nothing overflows.
        value = parts.allSatisfy({ $0.count <= 9 }) ? Double(number) ?? .infinity : .infinity
    }

    /// Reads `text` as typed on a command line: an amount with its unit is checked at once, a
    /// number alone when the unit the user reads in is known (``millilitres(bareIn:field:)``).
    /// A number alone is refused at once too when no unit would make it an amount (`0`).
    public static func typed(_ text: String, field: LocalizedText) throws(DomainError) -> WaterQuantity {
        let quantity = try WaterQuantity(parsing: text, field: field)
        if quantity.hasUnit || (try? quantity.millilitres(bareIn: .ounces, field: field)) == nil {
            _ = try quantity.millilitres(bareIn: .millilitres, field: field)
        }
        return quantity
    }

    /// Whole millilitres, a number without a unit read in `bareUnit`; checked to lie in
    /// 1...``WaterSchedule/maximumML``, the error naming the range in the unit typed.
    public func millilitres(bareIn bareUnit: WaterUnit, field: LocalizedText) throws(DomainError) -> Int {
        let ml: Int
        let shownUnit: WaterUnit
        switch unit {
        case .millilitres?: (ml, shownUnit) = (WaterUnit.millilitres.millilitres(value), .millilitres)
        case .ounces?: (ml, shownUnit) = (WaterUnit.ounces.millilitres(value), .ounces)
        case .litres?: (ml, shownUnit) = (WaterUnit.millilitres.millilitres(value * 1000), .millilitres)
        case nil: (ml, shownUnit) = (bareUnit.millilitres(value), bareUnit)
        }
        guard (1...WaterSchedule.maximumML).contains(ml) else {
            throw DomainError(.invalidAmount, LocalizedText(CoreText.amountOutOfRange, localized: [
                "field": field, "text": LocalizedText(verbatim: text), "minimum": LocalizedText(verbatim: shownUnit == .ounces ? "0.1" : "1"),
                "maximum": LocalizedText(verbatim: shownUnit.number(WaterSchedule.maximumML)), "unit": LocalizedText(verbatim: shownUnit.rawValue),
            ]))
        }
        return ml
    }

    /// Whether a unit was typed with the number.
    public var hasUnit: Bool { unit != nil }

    /// The amount as typed.
    public var description: String { text }
}
