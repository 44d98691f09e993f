import ChimeCore

/// One entry of the command table: a command's words, arguments, options and help.
///
/// The parser, the per-command help, `chime help`, and the shell completions all read these
/// entries, so they cannot disagree about what a command accepts.
public struct CommandSpec: Sendable {
    /// What kind of value an argument or option holds; decides completion and reading.
    public enum ValueKind: Hashable, Sendable {
        /// A fasting plan (`16:8`, `omad`, `36h`).
        case plan
        /// A duration (`45m`, `1h30m`).
        case duration
        /// Durations separated by commas (`1h,15m`).
        case durationList
        /// A TIME (`HH:MM`, `YYYY-MM-DD HH:MM`, ISO 8601 with an offset).
        case time
        /// A time of day (`HH:MM`).
        case timeOfDay
        /// An amount of water (`250`, `250ml`, `8oz`).
        case waterAmount
        /// Days of the week (`weekdays`, `sat,sun`, `mon-fri`).
        case days
        /// An id of a fast, water schedule or reminder (`f-3k9`).
        case identifier
        /// A request identifier or an id (`fast/f-3k9/end`, `f-3k9`) of something pending.
        case reference
        /// The id of a fast, water schedule or reminder with pending notifications (`--group`).
        case groupID
        /// The id of a fast that has not ended (`fast stop --id`).
        case fastID
        /// Free text.
        case text
        /// A whole number.
        case count
        /// One word of a fixed set.
        case choice([String])
        /// A setting name (`fast.plan`).
        case configKey
        /// A setting value (read once the key is known).
        case configValue
        /// A command name, for `chime help`.
        case commandName
        /// A path to a file or folder.
        case path
        /// The name of a calendar added (`chime calendar list`).
        case calendarName

        /// Words a shell can offer, each with its own description when it has one (plan presets,
        /// setting names).
        public var completionCandidates: [(word: String, description: HelpText?)] {
            switch self {
            case .plan: return FastingPlan.presets.map { ($0.name, HelpTranslation.summary(of: $0)) }
            case .configKey: return ConfigKey.allCases.map { ($0.name, HelpTranslation.summary(of: $0)) }
            case .commandName: return CommandTable.root.subcommands.map { ($0.name, $0.summary) }
            default: return completionWords.map { ($0, nil) }
            }
        }

        /// Words a shell can offer for this kind of value (empty when any text goes).
        public var completionWords: [String] {
            switch self {
            case .plan: return FastingPlan.presets.map(\.name)
            case .choice(let words): return words
            case .configKey: return ConfigKey.allCases.map(\.name)
            case .commandName: return CommandTable.root.subcommands.map(\.name)
            case .days: return ["weekdays", "weekends", "daily"] + RecurrenceRule.Weekday.allCases.map(WeekdayName.shortName)
            case .duration, .durationList, .time, .timeOfDay, .waterAmount, .identifier, .reference, .groupID, .fastID, .text, .count, .configValue,
                 .path, .calendarName:
                return []
            }
        }

        /// What a shell asks `chime` for at completion time, for values that are in the store
        /// (identifiers and ids); `nil` for every other kind.
        public var storedCandidates: CompletionCandidates? {
            switch self {
            case .reference: return .references
            case .groupID: return .groups
            case .fastID: return .fasts
            case .calendarName: return .calendars
            default: return nil
            }
        }
    }

    /// A `--name` option, with a value (`--tag TEXT`) or without (`--json`).
    public struct Option: Sendable {
        /// The name without dashes (`tag`).
        public let name: String
        /// The placeholder of its value in help (`TEXT`), `nil` for a flag.
        public let valueName: String?
        /// What the value is, `nil` for a flag.
        public let kind: ValueKind?
        /// One line for help.
        public let summary: HelpText
        /// Whether the command cannot run without it (`export --format`).
        public let required: Bool

        /// The option as typed: `--tag`.
        public var spelling: String { "--\(name)" }

        /// Whether the option needs a value.
        public var takesValue: Bool { valueName != nil }

        /// `--tag TEXT` or `--json`, as shown in usage and help.
        public var synopsis: String { valueName.map { "\(spelling) \($0)" } ?? spelling }

        /// A flag: present or absent.
        public static func flag(_ name: String, _ summary: HelpText) -> Option {
            Option(name: name, valueName: nil, kind: nil, summary: summary, required: false)
        }

        /// An option that takes a value; `required` when the command cannot run without it.
        public static func value(_ name: String, _ valueName: String, _ kind: ValueKind, _ summary: HelpText, required: Bool = false) -> Option {
            Option(name: name, valueName: valueName, kind: kind, summary: summary, required: required)
        }
    }

    /// How many words a positional argument takes.
    public enum Arity: Hashable, Sendable {
        /// Exactly one.
        case required
        /// Zero or one.
        case optional
        /// One or more.
        case oneOrMore
        /// Any number.
        case zeroOrMore
        /// The remaining words, at least one, joined with spaces (so `remind in 5m call mom` works unquoted).
        case text
    }

    /// A positional argument (`DURATION`, `ID...`).
    public struct Positional: Sendable {
        /// The placeholder in usage and help (`DURATION`).
        public let name: String
        /// What it holds.
        public let kind: ValueKind
        /// How many words it takes.
        public let arity: Arity
        /// One line for help.
        public let summary: HelpText

        /// Makes a positional argument.
        public init(_ name: String, _ kind: ValueKind, _ arity: Arity, _ summary: HelpText) {
            self.name = name
            self.kind = kind
            self.arity = arity
            self.summary = summary
        }

        /// `DURATION`, `[PLAN]`, `ID...`, `[ID...]` or `TEXT`, as shown in usage.
        public var synopsis: String {
            switch arity {
            case .required, .text: return name
            case .optional: return "[\(name)]"
            case .oneOrMore: return "\(name)..."
            case .zeroOrMore: return "[\(name)...]"
            }
        }
    }

    /// Options and arguments of which at most one may be given (exactly one when `required`).
    public struct ExclusiveGroup: Sendable {
        /// Option names (without dashes) and positional names.
        public let members: [String]
        /// Whether one of them must be given.
        public let required: Bool

        /// Makes a group.
        public init(_ members: [String], required: Bool = false) {
            self.members = members
            self.required = required
        }
    }

    /// A titled table in help, such as the plan presets of `fast start`.
    public struct HelpSection: Sendable {
        /// The heading (`Plans`).
        public let title: HelpText
        /// Left column and description.
        public let rows: [(String, HelpText)]

        /// Makes a section.
        public init(_ title: HelpText, _ rows: [(String, HelpText)]) {
            self.title = title
            self.rows = rows
        }
    }

    /// Reads parsed arguments into the command value, validating every value.
    typealias Builder = @Sendable (ParsedArguments) throws(UsageError) -> Command

    /// The word that selects this command (`start`).
    public let name: String
    /// All words from the program on (`["fast", "start"]`); empty for the root.
    public internal(set) var path: [String]
    /// One line for command lists and help.
    public let summary: HelpText
    /// More sentences for the command's own help.
    public let discussion: HelpText?
    /// Positional arguments in order.
    public let positionals: [Positional]
    /// Options (`--help` is implicit for every command and not listed here).
    public let options: [Option]
    /// Sets of mutually exclusive options and arguments.
    public let exclusiveGroups: [ExclusiveGroup]
    /// Extra tables in help.
    public let sections: [HelpSection]
    /// Example command lines (without the program name).
    public let examples: [String]
    /// Subcommands, for a group such as `fast`.
    public internal(set) var subcommands: [CommandSpec]
    /// How to make the command value; `nil` for a group.
    let build: Builder?

    init(
        name: String,
        summary: HelpText,
        discussion: HelpText? = nil,
        positionals: [Positional] = [],
        options: [Option] = [],
        exclusiveGroups: [ExclusiveGroup] = [],
        sections: [HelpSection] = [],
        examples: [String] = [],
        subcommands: [CommandSpec] = [],
        build: Builder? = nil
    ) {
        self.name = name
        self.path = [name]
        self.summary = summary
        self.discussion = discussion
        self.positionals = positionals
        self.options = options
        self.exclusiveGroups = exclusiveGroups
        self.sections = sections
        self.examples = examples
        self.subcommands = subcommands
        self.build = build
    }

    /// Whether this is a group whose subcommands do the work.
    public var isGroup: Bool { !subcommands.isEmpty }

    /// `chime fast start`.
    public var displayName: String { ([ErrorLine.programName] + path).joined(separator: " ") }

    /// The option named `name` (without dashes), if the command has it.
    public func option(named name: String) -> Option? {
        options.first { $0.name == name }
    }

    /// The subcommand selected by `word`, if any.
    public func subcommand(named word: String) -> CommandSpec? {
        subcommands.first { $0.name == word }
    }

    /// The built-in help option every command accepts.
    public static let helpOption = Option.flag("help", HelpText("show this help", "显示本帮助"))

    /// The built-in version option of the root command.
    public static let versionOption = Option.flag("version", HelpText("show the version of chime", "显示 chime 的版本"))

    /// This command and every command below it, depth first, in table order.
    public var allCommands: [CommandSpec] {
        [self] + subcommands.flatMap(\.allCommands)
    }

    /// A copy whose path, and its subcommands' paths, start with `parentPath`.
    func placed(under parentPath: [String]) -> CommandSpec {
        var copy = self
        copy.path = parentPath + [name]
        copy.subcommands = subcommands.map { $0.placed(under: copy.path) }
        return copy
    }
}
