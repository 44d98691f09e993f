import ChimeCore
import FoundationEssentials

/// What a calendar holds as its reader (chimed, or `chime` itself when chimed does not
/// answer) read it: `calendar list` and `doctor`.
public struct CalendarReport: Hashable, Sendable, Codable {
    /// The calendar's name.
    public let name: String
    /// How many items it holds.
    public let itemCount: Int
    /// What could not be read, whole files first: at most ``maximumProblems``.
    public let problems: [CalendarProblemReport]
    /// How many files could not be read at all (all of them, however many are listed).
    public let unreadableCount: Int
    /// How many problems there are in all.
    public let problemCount: Int

    /// The most problems one report lists (a folder of 100,000 broken files would not fit an answer).
    public static let maximumProblems = 100

    /// The report of `calendar`.
    public init(_ calendar: PreparedCalendar) {
        name = calendar.name
        itemCount = calendar.itemCount
        let all = calendar.problems
        let unreadable = all.filter { $0.kind == .skippedFile }
        unreadableCount = unreadable.count
        problemCount = all.count
        problems = (unreadable + all.filter { $0.kind != .skippedFile }).prefix(Self.maximumProblems).map(CalendarProblemReport.init)
    }

    /// The files that could not be read at all (or folders not listed), as far as listed.
    public var unreadable: [CalendarProblemReport] { problems.filter { $0.kind == CalendarProblem.Kind.skippedFile.rawValue } }
}

/// One ``CalendarProblem`` as it travels: the file, the item, how much was lost and the sentence.
public struct CalendarProblemReport: Hashable, Sendable, Codable {
    /// The file (or folder).
    public let file: String
    /// The item's `UID`, when the problem is in one item.
    public let uid: String?
    /// ``CalendarProblem/Kind``'s raw value.
    public let kind: String
    /// The whole sentence, file named, in every language.
    public let text: LocalizedText

    /// The report of `problem`.
    public init(_ problem: CalendarProblem) {
        file = problem.file
        uid = problem.uid
        kind = problem.kind.rawValue
        text = problem.text
    }
}

/// What `calendar alarms` asks of chimed: the firings in `[from, until)`, of one calendar or
/// all, from row `offset` on (an answer holds what fits one frame; the client asks for the rest).
public struct CalendarAlarmQuery: Hashable, Sendable, Codable {
    /// The window's start.
    public let from: Date
    /// The window's end (excluded).
    public let until: Date
    /// One calendar's name, or `nil` for all.
    public let calendar: String?
    /// The first row to answer with.
    public let offset: Int

    /// Makes a query.
    public init(from: Date, until: Date, calendar: String?, offset: Int = 0) {
        self.from = from
        self.until = until
        self.calendar = calendar
        self.offset = offset
    }
}

/// One firing as `calendar alarms` lists it.
public struct CalendarAlarmRow: Hashable, Sendable, Codable {
    /// The calendar's name.
    public let calendar: String
    /// The item's `UID`.
    public let uid: String
    /// The instance (``CalendarAlarmIdentity/instance``).
    public let instance: String
    /// `SUMMARY`.
    public let summary: String
    /// `event` or `todo`.
    public let kind: String
    /// When the instance starts (a to-do without start: when it is due).
    public let start: Date?
    /// The date of an all-day instance (`2027-03-15`).
    public let allDayDate: String?
    /// When the firing is due.
    public let triggerAt: Date
    /// `DISPLAY`, `AUDIO`, `EMAIL`, ...
    public let action: String
    /// 0 for the trigger, then each `REPEAT`.
    public let repetition: Int
    /// Whether Chime shows it (EMAIL and other actions are listed as skipped).
    public let isShown: Bool
    /// Its request identifier (`cal/...`).
    public let identifier: String

    /// Short keys: an answer of a thousand rows fits one frame.
    private enum CodingKeys: String, CodingKey {
        case calendar = "c", uid = "u", instance = "i", summary = "s", kind = "k", start = "b", allDayDate = "d"
        case triggerAt = "t", action = "a", repetition = "r", isShown = "v", identifier = "n"
    }

    /// The row of `firing`.
    public init(_ firing: CalendarAlarmFiring) {
        calendar = firing.calendar
        uid = firing.instance.uid
        instance = firing.instance.identifier
        summary = firing.instance.summary
        kind = firing.instance.kind.rawValue
        start = firing.instance.start
        allDayDate = firing.instance.allDayDate?.description
        triggerAt = firing.triggerAt
        action = firing.action.description
        repetition = firing.repetition
        isShown = firing.isShown
        identifier = firing.identity.requestIdentifier
    }

    /// About how many bytes the row takes as JSON (to fill a frame).
    public var estimatedSize: Int {
        120 + calendar.utf8.count * 2 + uid.utf8.count * 2 + instance.utf8.count * 2 + summary.utf8.count * 2 + identifier.utf8.count
    }
}

/// A page of chimed's answer to a ``CalendarAlarmQuery``.
public struct CalendarAlarmPage: Hashable, Sendable, Codable {
    /// The rows from the query's offset on, as many as fit.
    public let rows: [CalendarAlarmRow]
    /// How many rows the whole answer has.
    public let total: Int
    /// Which reading of the calendars answered: a client whose pages come from different
    /// readings (a file changed meanwhile) asks again from the start.
    public let generation: Int64
    /// Items bounded in the window (too many instances); on the first page only.
    public let problems: [CalendarProblemReport]
    /// The calendars chimed reads (to tell an unknown `--calendar` from an empty one).
    public let calendars: [String]

    /// Makes a page.
    public init(rows: [CalendarAlarmRow], total: Int, generation: Int64, problems: [CalendarProblemReport], calendars: [String]) {
        self.rows = rows
        self.total = total
        self.generation = generation
        self.problems = problems
        self.calendars = calendars
    }

    /// The most bytes of rows one page carries: inside the largest answer `chime` reads.
    public static let budget = 200 * 1024
}
