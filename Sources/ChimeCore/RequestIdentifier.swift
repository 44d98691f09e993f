import FoundationEssentials

/// The deterministic identifiers of notification requests.
///
/// The same session, schedule or reminder always yields the same identifiers, so re-deriving
/// requests replaces the earlier ones instead of adding duplicates.
public enum RequestIdentifier {
    /// `fast/<session>/start`.
    public static func fastStart(session: String) -> String { "fast/\(session)/start" }

    /// `fast/<session>/end`, with `/<cycle>` appended for rolling sessions.
    public static func fastEnd(session: String, cycle: Int64?) -> String {
        suffixed("fast/\(session)/end", cycle)
    }

    /// `fast/<session>/before-<duration>`, with `/<cycle>` appended for rolling sessions.
    public static func fastNudge(session: String, before: TimeSpan, cycle: Int64?) -> String {
        suffixed("fast/\(session)/before-\(before)", cycle)
    }

    /// `fast/<session>/eating-end/<cycle>` (rolling sessions only).
    public static func eatingEnd(session: String, cycle: Int64) -> String {
        "fast/\(session)/eating-end/\(cycle)"
    }

    /// `water/<schedule>/<local date>T<HH:MM>`, the wall-clock time of the reminder in its zone;
    /// `:SS` follows when the reminder is not on a whole minute (a drink at 10:20:37 pushes the
    /// next one to 11:20:37), so reminders less than a minute apart keep distinct names.
    public static func water(schedule: String, date: LocalDate, time: WallClockTime, second: Int = 0) -> String {
        guard second != 0 else { return "water/\(schedule)/\(date)T\(time)" }
        return "water/\(schedule)/\(date)T\(time):\(second < 10 ? "0" : "")\(second)"
    }

    /// `remind/<id>`.
    public static func reminder(id: String) -> String { "remind/\(id)" }

    /// Whether `identifier` is that of a recurring reminder's occurrence (`remind/ID/INSTANT`),
    /// one per occurrence; a one-off reminder's (`remind/ID`) comes again when it is set again.
    public static func isRecurringReminderOccurrence(_ identifier: String) -> Bool {
        identifier.hasPrefix("remind/") && identifier.split(separator: "/", omittingEmptySubsequences: false).count == 3
    }

    /// `remind/<id>/<local date>T<HH:MM>`, one occurrence of a recurring reminder (`:SS` follows
    /// when it is not on a whole minute).
    public static func recurringReminder(id: String, date: LocalDate, time: WallClockTime, second: Int = 0) -> String {
        guard second != 0 else { return "remind/\(id)/\(date)T\(time)" }
        return "remind/\(id)/\(date)T\(time):\(second < 10 ? "0" : "")\(second)"
    }

    private static func suffixed(_ base: String, _ cycle: Int64?) -> String {
        guard let cycle else { return base }
        return "\(base)/\(cycle)"
    }
}

/// Rules for the identifiers users choose or see for sessions, schedules and reminders.
public enum EntityID {
    /// The longest identifier accepted.
    public static let maximumLength = 40

    /// Checks that `text` is 1-40 characters of letters (of any script: `药`, `café`, `таблетки`),
    /// digits, `-`, `_` and `.`, starting with a letter or digit, so it can be typed, shown and
    /// embedded in request identifiers; returns it in Unicode normal form C, so the same word
    /// typed with a precomposed or a combining accent names the same thing.
    public static func validate(_ text: String) throws(DomainError) -> String {
        let normalized = text.composedCanonically
        let scalars = Array(normalized.unicodeScalars)
        let allowed = scalars.allSatisfy { scalar in
            isLetterOrDigit(scalar) || isMark(scalar) || "-_.".unicodeScalars.contains(scalar)
        }
        guard !normalized.isEmpty, normalized.count <= maximumLength, allowed, let first = scalars.first, isLetterOrDigit(first) else {
            throw DomainError(.invalidIdentifier, .invalidIdentifier, ["text": text, "maximum": "\(maximumLength)"])
        }
        return normalized
    }

    /// A letter of any script, or a decimal digit (not other numerals such as `½` or `Ⅻ`).
    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber: return true
        default: return false
        }
    }

    /// A combining mark, which some scripts need inside a word (Devanagari `दवा`, Thai `ยา`).
    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark: return true
        default: return false
        }
    }

    /// A short readable identifier such as `f-3k9`, from `prefix` and a random number.
    ///
    /// The caller supplies the random source, so generation stays deterministic in tests.
    public static func generate<R: RandomNumberGenerator>(prefix: String, using generator: inout R) -> String {
        // No 0/o, 1/l: easy to read aloud and to type back.
        let alphabet = Array("23456789abcdefghijkmnpqrstuvwxyz")
        let characters = (0..<3).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
        return "\(prefix)-\(String(characters))"
    }
}
