import FoundationEssentials

/// Why a calendar file, or part of one, was skipped or read only in part: one sentence naming
/// the file, for `calendar list`, `doctor` and chimed's log.
public struct CalendarProblem: ChimeError {
    /// How much of the file the problem cost.
    public enum Kind: String, Hashable, Sendable {
        /// Nothing of the file was read.
        case skippedFile
        /// One item (or one override) of the file was left out.
        case skippedItem
        /// A part of an item (an alarm, a date, a rule) was left out; the rest was read.
        case skippedPart
        /// Read with a bound: a rule cut short, a line too long dropped, text repaired.
        case bounded
    }

    /// The file's path.
    public let file: String
    /// The item's `UID`, when the problem is in one item.
    public let uid: String?
    /// How much was lost.
    public let kind: Kind
    /// What was wrong, in every language, without the file's name.
    public let detail: LocalizedText

    /// Makes a problem of `file`.
    public init(file: String, uid: String? = nil, kind: Kind, detail: LocalizedText) {
        self.file = file
        self.uid = uid
        self.kind = kind
        self.detail = detail
    }

    /// The sentence: the file, the item if any, and what was wrong (chimed logs its English).
    public var text: LocalizedText {
        if let uid {
            return LocalizedText(CalendarText.problemInItem, localized: [
                "file": LocalizedText(verbatim: file), "uid": LocalizedText(verbatim: uid), "detail": detail,
            ])
        }
        return LocalizedText(CalendarText.problemInFile, localized: ["file": LocalizedText(verbatim: file), "detail": detail])
    }
}
