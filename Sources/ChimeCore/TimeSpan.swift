import FoundationEssentials

/// A positive length of time in whole seconds, written as `45m`, `1h30m`, `16h`, `90s` or `2d`.
///
/// This is the one duration grammar of Chime: every command option, plan and setting that takes a
/// duration reads it through ``init(parsing:)``.
public struct TimeSpan: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The length in seconds, always greater than zero.
    public let seconds: Int64

    /// The longest span accepted: a year and a day, far beyond any fast or reminder interval.
    public static let maximum = TimeSpan(uncheckedSeconds: 366 * 86_400)

    /// Examples shown in every error message about durations.
    public static let validForms = "45m, 1h30m, 16h, 90s, 2d"

    /// Makes a span of `seconds`, which must lie in `1...maximum.seconds`.
    public init?(seconds: Int64) {
        guard seconds > 0, seconds <= Self.maximum.seconds else { return nil }
        self.seconds = seconds
    }

    private init(uncheckedSeconds: Int64) {
        self.seconds = uncheckedSeconds
    }

    /// A span of `minutes` minutes; traps on values outside the accepted range (for constants).
    public static func minutes(_ minutes: Int64) -> TimeSpan {
        TimeSpan(seconds: minutes * 60)!
    }

    /// A span of `hours` hours; traps on values outside the accepted range (for constants).
    public static func hours(_ hours: Int64) -> TimeSpan {
        TimeSpan(seconds: hours * 3600)!
    }

    /// Reads `text` in the duration grammar: one or more `<digits><unit>` parts with units
    /// `d`, `h`, `m`, `s`, each unit at most once and in that order.
    public init(parsing text: String) throws(DomainError) {
        switch Self.read(text) {
        case .success(let span):
            self = span
        case .failure(let problem):
            if let suggestion = problem.suggestion {
                throw DomainError(.invalidDuration, LocalizedText(
                    CoreText.invalidDurationWithSuggestion,
                    localized: ["text": LocalizedText(verbatim: text), "reason": problem.reason, "suggestion": LocalizedText(verbatim: suggestion)]
                ))
            }
            throw DomainError(.invalidDuration, LocalizedText(
                CoreText.invalidDuration,
                localized: ["text": LocalizedText(verbatim: text), "reason": problem.reason, "forms": LocalizedText(verbatim: Self.validForms)]
            ))
        }
    }

    /// Why a text is not a duration, without the surrounding sentence.
    struct Problem: Error {
        let reason: LocalizedText
        /// The text as it was probably meant (`5m` for `5min`), when a unit was spelled another way.
        var suggestion: String?
    }

    /// Other spellings of the units people type (`min`, `hours`, `H`), by their lowercase form.
    private static let unitSpellings: [String: Character] = [
        "d": "d", "day": "d", "days": "d",
        "h": "h", "hr": "h", "hrs": "h", "hour": "h", "hours": "h",
        "m": "m", "min": "m", "mins": "m", "minute": "m", "minutes": "m",
        "s": "s", "sec": "s", "secs": "s", "second": "s", "seconds": "s",
    ]

    /// The problem of an unknown unit at `index` of `text`: the whole word of letters around
    /// it is named (`"min"`, not `"i"`), and when the word spells a unit another way, the text
    /// with every such word replaced is suggested, if that then reads.
    private static func unknownUnit(in text: String, at index: String.Index) -> Problem {
        func isLetter(_ character: Character) -> Bool { character.isASCII && character.isLetter }
        guard isLetter(text[index]) else { return Problem(reason: LocalizedText(CoreText.durationUnknownUnit, ["unit": String(text[index])])) }
        var start = index
        while start > text.startIndex, isLetter(text[text.index(before: start)]) { start = text.index(before: start) }
        var end = index
        while end < text.endIndex, isLetter(text[end]) { end = text.index(after: end) }
        let word = text[start..<end]
        let reason = LocalizedText(CoreText.durationUnknownUnit, ["unit": String(word)])
        guard let unit = unitSpellings[word.lowercased()] else { return Problem(reason: reason) }
        var corrected = text
        corrected.replaceSubrange(start..<end, with: String(unit))
        switch read(corrected) {
        case .success: return Problem(reason: reason, suggestion: corrected)
        case .failure(let next): return Problem(reason: reason, suggestion: next.suggestion)
        }
    }

    /// The grammar itself, shared by ``init(parsing:)`` and the plan parser.
    static func read(_ text: String) -> Result<TimeSpan, Problem> {
        let trimmed = text.trimmingSpaces()
        func failure(_ reason: CoreText, _ values: [String: String] = [:]) -> Result<TimeSpan, Problem> {
            .failure(Problem(reason: LocalizedText(reason, values)))
        }
        guard !trimmed.isEmpty else { return failure(.durationEmpty) }
        if trimmed.hasPrefix("-") { return failure(.durationNegative) }
        if trimmed.hasPrefix("+") { return failure(.durationSigned) }

        let units: [(Character, Int64)] = [("d", 86_400), ("h", 3600), ("m", 60), ("s", 1)]
        var nextUnitIndex = 0
        var total: Int64 = 0
        var digits: Int64 = 0
        var digitCount = 0
        var overflowed = false
        for index in trimmed.indices {
            let character = trimmed[index]
            if character.isASCII, let value = character.wholeNumberValue {
                let (times10, o1) = digits.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(Int64(value))
                overflowed = overflowed || o1 || o2
                digits = sum
                digitCount += 1
                continue
            }
            guard let unitIndex = units.firstIndex(where: { $0.0 == character }) else {
                if character == "." || character == "," {
                    return failure(.durationFraction)
                }
                return .failure(unknownUnit(in: trimmed, at: index))
            }
            guard digitCount > 0 else { return failure(.durationNumberFirst, ["unit": String(character)]) }
            guard unitIndex >= nextUnitIndex else {
                return failure(.durationUnitOrder)
            }
            let (product, o3) = digits.multipliedReportingOverflow(by: units[unitIndex].1)
            let (sum, o4) = total.addingReportingOverflow(product)
            overflowed = overflowed || o3 || o4
            total = sum
            nextUnitIndex = unitIndex + 1
            digits = 0
            digitCount = 0
        }
        if digitCount > 0 {
            return failure(.durationNeedsUnit, ["number": String(trimmed.suffix(digitCount))])
        }
        if overflowed || total > Self.maximum.seconds {
            return failure(.durationTooLong, ["maximum": Self.maximum.description])
        }
        guard total > 0 else { return failure(.durationZero) }
        return .success(TimeSpan(uncheckedSeconds: total))
    }

    /// The span as a `TimeInterval`, for arithmetic on `Date`.
    public var timeInterval: TimeInterval { TimeInterval(seconds) }

    /// The canonical spelling, largest units first: `1h30m`, `16h`, `2d`, `1m30s`.
    public var description: String {
        var rest = seconds
        var text = ""
        for (unit, size) in [("d", Int64(86_400)), ("h", 3600), ("m", 60), ("s", 1)] where rest >= size {
            text += "\(rest / size)\(unit)"
            rest %= size
        }
        return text
    }

    /// Whether `lhs` is shorter than `rhs`.
    public static func < (lhs: TimeSpan, rhs: TimeSpan) -> Bool { lhs.seconds < rhs.seconds }

    /// Decodes a span from its number of seconds, refusing values outside `1...maximum`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let seconds = try container.decode(Int64.self)
        guard let span = TimeSpan(seconds: seconds) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "span out of range: \(seconds)")
        }
        self = span
    }

    /// Encodes the span as its number of seconds.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(seconds)
    }
}
