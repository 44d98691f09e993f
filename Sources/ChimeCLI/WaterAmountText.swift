import ChimeCore

/// Water amounts as people read them, in the unit they chose (`water.unit`): `250 ml`, `8.5 oz`,
/// `250 毫升`. What is stored and every JSON number stay in millilitres.
public struct WaterAmountText: Hashable, Sendable {
    /// The unit shown.
    public var unit: WaterUnit
    /// The language of the unit's name.
    public var language: UserLanguage

    /// Amounts in `unit`, named in `language`.
    public init(unit: WaterUnit = .millilitres, language: UserLanguage = .english) {
        self.unit = unit
        self.language = language
    }

    /// `ml` millilitres as a number in the unit: `250`, `8.5`.
    public func number(_ ml: Int) -> String { unit.number(ml) }

    /// The unit's name: `ml`, `oz`, `毫升`, `盎司`.
    public var unitName: String { (unit == .ounces ? ViewText.unitOunces : .unitMillilitres).text(language) }

    /// `250 ml`, `8.5 oz`.
    public func amount(_ ml: Int) -> String { "\(number(ml)) \(unitName)" }
}
