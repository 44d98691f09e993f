import Foundation
import ChimeCore

/// Reads an amount of water typed by the user: `250` or `250ml`.
public enum MillilitreAmount {
    /// The millilitres in `text`, checked by ``WaterSchedule/validateAmount(_:field:)``.
    ///
    /// - Parameter field: how the value is named in the message (`amount`, `goal`).
    public static func parse(_ text: String, field: String) throws(DomainError) -> Int {
        try parse(text, field: LocalizedText(verbatim: field))
    }

    /// ``parse(_:field:)`` with the field named in every language.
    public static func parse(_ text: String, field: LocalizedText) throws(DomainError) -> Int {
        var digits = Substring(text.trimmingCharacters(in: .whitespaces).lowercased())
        if digits.hasSuffix("ml") { digits = digits.dropLast(2) }
        digits = Substring(digits.trimmingCharacters(in: .whitespaces))
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw DomainError(.invalidAmount, LocalizedText(CommandText.amountNotNumber, localized: ["field": field, "text": LocalizedText(verbatim: text)]))
        }
        // More digits than any valid amount has: reject before converting so nothing overflows.
        guard digits.count <= 9, let value = Int(digits) else {
            throw DomainError(.invalidAmount, LocalizedText(CommandText.amountOutOfRange, localized: [
                "field": field, "text": LocalizedText(verbatim: text), "maximum": LocalizedText(verbatim: "\(WaterSchedule.maximumML)"),
            ]))
        }
        return try WaterSchedule.validateAmount(value, field: field)
    }
}
