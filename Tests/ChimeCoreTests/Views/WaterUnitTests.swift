import Foundation
import Testing

@testable import ChimeCore

@Suite("Water amounts: units shown and typed")
struct WaterUnitTests {
    let field = LocalizedText(verbatim: "amount")

    @Test("ounces are shown to a tenth without a trailing .0; millilitres whole", arguments: [
        (237, "8"), (250, "8.5"), (2000, "67.6"), (30, "1"), (1, "0"), (20_000, "676.3"), (1893, "64"),
    ])
    func ounces(_ ml: Int, _ shown: String) {
        #expect(WaterUnit.ounces.number(ml) == shown)
        #expect(WaterUnit.millilitres.number(ml) == "\(ml)")
    }

    @Test("an amount is read with its unit, or alone in the unit the user reads in", arguments: [
        ("250", 250, 7393), ("250ml", 250, 250), ("250 ML", 250, 250), ("8oz", 237, 237), ("8 oz", 237, 237),
        ("8.5oz", 251, 251), ("8 fl oz", 237, 237), ("1.5l", 1500, 1500), ("0.3L", 300, 300), ("64", 64, 1893),
    ])
    func reading(_ text: String, _ inMillilitres: Int, _ inOunces: Int) throws {
        let quantity = try WaterQuantity.typed(text, field: field)
        #expect(try quantity.millilitres(bareIn: .millilitres, field: field) == inMillilitres)
        #expect(try quantity.millilitres(bareIn: .ounces, field: field) == inOunces)
    }

    @Test("what is no amount is refused, naming the range in the unit meant", arguments: [
        ("lots", "use a number such as 250, 250ml or 8oz"), ("8ox", "use a number such as"), ("8..5", "use a number such as"),
        ("-5", "use a number such as"), ("", "use a number such as"), ("0", "from 1 to 20000 ml"), ("0ml", "from 1 to 20000 ml"),
        ("700oz", "from 0.1 to 676.3 oz"), ("0.001oz", "from 0.1 to 676.3 oz"), ("21l", "from 1 to 20000 ml"),
        ("99999999999999", "from 1 to 20000 ml"), ("1234567890.5oz", "from 0.1 to 676.3 oz"),
    ])
    func refused(_ text: String, _ reason: String) {
        #expect {
            _ = try WaterQuantity.typed(text, field: field)
        } throws: { error in
            guard let error = error as? DomainError else { return false }
            return error.kind == .invalidAmount && error.message.contains(reason) && error.message.contains("\"\(text)\"")
        }
    }

    @Test("a number alone too big in ounces but right in millilitres waits for the unit; then ounces refuse it")
    func bareWaitsForTheUnit() throws {
        let quantity = try WaterQuantity.typed("700", field: field)
        #expect(try quantity.millilitres(bareIn: .millilitres, field: field) == 700)
        #expect(throws: DomainError.self) { try quantity.millilitres(bareIn: .ounces, field: field) }
    }

    @Test("two amounts are the same when their millilitres are, however written; a number alone is never an amount with a unit")
    func sameness() throws {
        #expect(try WaterQuantity.typed("0.3l", field: field) == WaterQuantity(millilitres: 300))
        #expect(try WaterQuantity.typed("300 ml", field: field) == WaterQuantity(millilitres: 300))
        #expect(try WaterQuantity.typed("300", field: field) != WaterQuantity(millilitres: 300))
        #expect(try WaterQuantity.typed("8oz", field: field).canonicalText == "8oz")
        #expect(try WaterQuantity.typed("8.50 oz", field: field).canonicalText == "8.5oz")
        #expect(try WaterQuantity.typed("8.25oz", field: field).canonicalText == "8.25oz")
        #expect(try WaterQuantity.typed("1.5l", field: field).canonicalText == "1500ml")
    }

    @Test("the setting names the unit; anything else is millilitres")
    func setting() {
        #expect(WaterUnit.chosen(bySetting: "oz") == .ounces)
        #expect(WaterUnit.chosen(bySetting: "OZ") == .ounces)
        #expect(WaterUnit.chosen(bySetting: "ml") == .millilitres)
        #expect(WaterUnit.chosen(bySetting: nil) == .millilitres)
        #expect(WaterUnit.chosen(bySetting: "gallons") == .millilitres)
    }
}
