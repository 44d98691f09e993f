import ChimeControl
import ChimeCore

/// What `chimed` was asked to do, parsed from its arguments by a pure function.
public enum DaemonCommand: Hashable, Sendable {
    /// Run the daemon with these options.
    case run(DaemonOptions)
    /// Print this usage text (in the reader's language) and exit successfully.
    case help(LocalizedText)
    /// Print this version line and exit successfully.
    case version(String)
}

/// How the daemon runs.
public struct DaemonOptions: Hashable, Sendable {
    /// Where notifications go.
    public enum NotifierChoice: String, Hashable, Sendable, CaseIterable {
        /// The desktop's notification server, through libnotify.
        case libnotify
        /// One JSON line per notification on standard output, for machines without a desktop.
        case stdout
    }

    /// Where notifications go, when `--notifier` chose; `nil` lets ``NotifierSelection`` pick
    /// libnotify when a session bus is reachable and stdout otherwise.
    public var notifier: NotifierChoice?
    /// Whether `--foreground` was given. chimed never forks, so it changes nothing; it is
    /// accepted because service files and habits pass it.
    public var foreground: Bool

    /// The defaults: the notifier chosen from the session, in the foreground.
    public init(notifier: NotifierChoice? = nil, foreground: Bool = false) {
        self.notifier = notifier
        self.foreground = foreground
    }
}

extension UsageError {
    /// Makes `chimed`'s error of `kind` from `message` of its catalog filled with `values`.
    init(_ kind: Kind, _ message: DaemonText, _ values: [String: String] = [:]) {
        self.init(kind, LocalizedText(message, values))
    }
}

/// Parses `chimed`'s arguments: `--notifier libnotify|stdout` (or `--notifier=...`),
/// `--foreground`, `--help`/`-h`, `--version`.
public enum DaemonCommandLine {
    /// One option of the table the parser, the usage text and the manual page read.
    struct Option {
        let name: String
        let value: String?
        let summary: DaemonText
    }

    static let options = [
        Option(name: "--notifier", value: DaemonOptions.NotifierChoice.allCases.map(\.rawValue).joined(separator: "|"),
               summary: .notifierSummary),
        Option(name: "--foreground", value: nil, summary: .foregroundSummary),
        Option(name: "--help", value: nil, summary: .helpSummary),
        Option(name: "--version", value: nil, summary: .versionSummary),
    ]

    /// The usage line, without "usage: ".
    static let synopsis = "chimed [--notifier libnotify|stdout] [--foreground]"

    /// What chimed is, for the help text and the manual page.
    static func summary(in language: UserLanguage) -> String {
        DaemonText.summary.text(language)
    }

    /// How to run it.
    static func runningHint(in language: UserLanguage) -> String {
        DaemonText.runningHint.text(language, ["command": "systemctl --user enable --now chimed"])
    }

    /// The usage text in English, from the option table.
    public static var usage: String { usage(in: .english) }

    /// The usage text in `language`, from the option table; option names and their values are
    /// the same in every language.
    public static func usage(in language: UserLanguage) -> String {
        let width = options.map { $0.name.count + ($0.value.map { $0.count + 1 } ?? 0) }.max() ?? 0
        let lines = options.map { option -> String in
            let head = option.name + (option.value.map { " " + $0 } ?? "")
            return "  " + head + String(repeating: " ", count: width - head.count + 2) + option.summary.text(language)
        }
        return """
            \(DaemonText.usageLine.text(language, ["synopsis": synopsis]))

            \(summary(in: language))
            \(runningHint(in: language))

            \(DaemonText.optionsHeading.text(language))
            \(lines.joined(separator: "\n"))

            """
    }

    /// The choices of `--notifier`, as the errors suggest them.
    private static let notifierChoices = "--notifier libnotify or --notifier stdout"

    /// The version line.
    public static var versionLine: String { "chimed \(DaemonIdentity.currentVersion)\n" }

    /// The command `arguments` (without the program name) ask for.
    public static func parse(_ arguments: [String]) throws(UsageError) -> DaemonCommand {
        var result = DaemonOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (name, attached) = split(argument)
            switch name {
            case "--help", "-h":
                return .help(LocalizedText { usage(in: $0) })
            case "--version":
                return .version(versionLine)
            case "--foreground":
                guard attached == nil else { throw UsageError(.unexpectedValue, .takesNoValue, ["option": "--foreground"]) }
                result.foreground = true
            case "--notifier":
                guard let value = attached ?? remaining.popFirst() else {
                    throw UsageError(.missingValue, .notifierNeedsValue, ["option": "--notifier", "choices": notifierChoices])
                }
                guard let choice = DaemonOptions.NotifierChoice(rawValue: value) else {
                    throw UsageError(.invalidChoice, .unknownNotifier, ["value": value, "choices": notifierChoices])
                }
                result.notifier = choice
            default:
                throw UsageError(.unexpectedArgument, .unknownArgument, ["argument": argument])
            }
        }
        return .run(result)
    }

    /// `--name=value` as its name and value; anything else as itself and no value.
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
