import FoundationEssentials
import ChimeCore

/// A value from the command line with where it was typed.
public struct ArgumentValue: Hashable, Sendable {
    /// The text as typed (after `=` for `--name=value`).
    public let text: String
    /// The 1-based position of the argument it came from.
    public let position: Int
}

/// A command line matched against one command of the table, before values are read.
struct ParsedArguments: Sendable {
    /// The command matched.
    let spec: CommandSpec
    /// Options given, by name without dashes (flags hold an empty text).
    let options: [String: ArgumentValue]
    /// Positional values, by the positional's name.
    let positionals: [String: [ArgumentValue]]

    /// Whether the flag or option `name` was given.
    func isSet(_ name: String) -> Bool { options[name] != nil }

    /// The value of option `name`, if given.
    func option(_ name: String) -> ArgumentValue? { options[name] }

    /// The first (or only) value of positional `name`, if given.
    func positional(_ name: String) -> ArgumentValue? { positionals[name]?.first }

    /// Every value of positional `name`.
    func positionalList(_ name: String) -> [ArgumentValue] { positionals[name] ?? [] }
}

extension ArgumentValue {
    /// Runs a core reader, turning its error into a bad-data usage error at this position.
    private func reading<Value>(_ read: (String) throws(DomainError) -> Value) throws(UsageError) -> Value {
        do {
            return try read(text)
        } catch {
            throw UsageError(error, argumentPosition: position)
        }
    }

    /// The value as a duration.
    func duration() throws(UsageError) -> TimeSpan {
        try reading { text throws(DomainError) in try TimeSpan(parsing: text) }
    }

    /// The value as comma-separated durations.
    func durationList(field: String) throws(UsageError) -> [TimeSpan] {
        try reading { text throws(DomainError) in try ConfigKey.durations(parsing: text, field: field) }
    }

    /// The value as a fasting plan.
    func plan() throws(UsageError) -> FastingPlan {
        try reading { text throws(DomainError) in try FastingPlan(parsing: text) }
    }

    /// The value as a TIME; `allowingDateAlone`: a bare date is the end of that day (`--until`).
    func time(allowingDateAlone: Bool = false) throws(UsageError) -> TimeSpecification {
        try reading { text throws(DomainError) in try TimeSpecification(parsing: text, allowingDateAlone: allowingDateAlone) }
    }

    /// The value as a time of day, in any form ``TimeOfDayPhrase`` reads (`21:30`, `9pm`, `noon`).
    func timeOfDay() throws(UsageError) -> WallClockTime {
        try reading { text throws(DomainError) in
            guard let time = TimeOfDayPhrase.time(text) else { throw DomainError(.invalidTime, .invalidTimeOfDay, ["text": text]) }
            return time
        }
    }

    /// The value as a recurrence rule (a rule for people, or RRULE text).
    func recurrenceRule() throws(UsageError) -> RecurrenceRule {
        try reading { text throws(DomainError) in try RecurrencePhrase.rule(from: text) }
    }

    /// The value as an amount of water; one typed with its unit is checked at once, a number
    /// alone once the unit the user reads in is known. `field` names it in the message.
    func waterQuantity(field: CommandText) throws(UsageError) -> WaterQuantity {
        try reading { text throws(DomainError) in try WaterQuantity.typed(text, field: field.localized) }
    }

    /// The value as days of the week (`weekdays`, `sat,sun`, `mon-fri`, `周末`).
    func days() throws(UsageError) -> WeekdaySet {
        try reading { text throws(DomainError) in try WeekdaySet(parsing: text) }
    }

    /// The value as the number of a logged glass (`12`, `#12`).
    func glassNumber() throws(UsageError) -> Int64 {
        var digits = Substring(text.trimmingSpaces())
        if digits.first == "#" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int64(digits), number > 0 else {
            throw UsageError(DomainError(.invalidAmount, LocalizedText(ViewText.invalidGlassNumber, ["text": text])), argumentPosition: position)
        }
        return number
    }

    /// The value as the id of a fast, schedule or reminder.
    func identifier() throws(UsageError) -> String {
        try reading { text throws(DomainError) in try EntityID.validate(text) }
    }

    /// The value as a request identifier or an id.
    func reference() throws(UsageError) -> PendingReference {
        try reading { text throws(DomainError) in try PendingReference(parsing: text) }
    }

    /// The value as user text, cleaned; `field` names it in the message.
    func userText(field: CommandText) throws(UsageError) -> String {
        try reading { text throws(DomainError) in try UserText.validate(text, field: field.localized) }
    }

    /// The value as a whole number in `range`; `field` names it in the message.
    func count(in range: ClosedRange<Int>, field: CommandText) throws(UsageError) -> Int {
        let digits = text.trimmingSpaces()
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let value = Int(digits), range.contains(value) else {
            throw UsageError(.invalidNumber, LocalizedText { language in
                CommandText.invalidNumber.text(language, [
                    "field": field.text(language), "text": text, "low": "\(range.lowerBound)", "high": "\(range.upperBound)",
                ])
            }, argumentPosition: position)
        }
        return value
    }

    /// The value as one word of `Choice`; `context` names the option or argument in the message.
    func choice<Choice: RawRepresentable & CaseIterable>(_: Choice.Type, for context: String) throws(UsageError) -> Choice
    where Choice.RawValue == String {
        if let value = Choice(rawValue: text) { return value }
        let names = Choice.allCases.map(\.rawValue)
        let suggestion = Suggestion.closest(to: text, among: names)
        let message = LocalizedText { language in
            let hint = suggestion.map { CommandText.didYouMean.text(language, ["suggestion": $0]) }
                ?? CommandText.useOneOf.text(language, ["names": names.joined(separator: ", ")])
            return CommandText.invalidChoice.text(language, ["text": text, "context": context, "hint": hint])
        }
        throw UsageError(.invalidChoice, message, argumentPosition: position, suggestion: suggestion)
    }
}
