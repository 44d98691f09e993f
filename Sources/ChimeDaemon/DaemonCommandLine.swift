import ChimeControl
import ChimeCore

/// What `chimed` was asked to do, parsed from its arguments by a pure function.
public enum DaemonCommand: Hashable, Sendable {
    /// Run the daemon with these options.
    case run(DaemonOptions)
    /// Print this usage text and exit successfully.
    case help(String)
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

/// Arguments `chimed` cannot run with: one line for the user, exit code ``ExitCode/usage``.
public struct DaemonUsageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong and what to do.
    public let message: String

    /// Makes the error.
    public init(_ message: String) {
        self.message = message
    }

    /// The exit code for a usage error (`EX_USAGE`).
    public var exitCode: ExitCode { .usage }

    /// The message.
    public var description: String { message }
}

/// Parses `chimed`'s arguments: `--notifier libnotify|stdout` (or `--notifier=...`),
/// `--foreground`, `--help`/`-h`, `--version`.
public enum DaemonCommandLine {
    /// One option of the table the parser, the usage text and the manual page read.
    struct Option {
        let name: String
        let value: String?
        let summary: String
    }

    static let options = [
        Option(name: "--notifier", value: DaemonOptions.NotifierChoice.allCases.map(\.rawValue).joined(separator: "|"),
               summary: "where notifications go (default: libnotify when a session bus is reachable, else stdout, one JSON line each)"),
        Option(name: "--foreground", value: nil, summary: "run in the foreground (chimed never forks; accepted for service files)"),
        Option(name: "--help", value: nil, summary: "show this help"),
        Option(name: "--version", value: nil, summary: "show the version"),
    ]

    /// The usage line, without "usage: ".
    static let synopsis = "chimed [--notifier libnotify|stdout] [--foreground]"

    /// What chimed is, for the help text and the manual page.
    static let summary = "The Chime scheduler daemon: shows fasting, water and reminder notifications on time."

    /// How to run it.
    static let runningHint = "Run it from the systemd user unit (systemctl --user enable --now chimed) or in a terminal."

    /// The usage text, from the option table.
    public static var usage: String {
        let width = options.map { $0.name.count + ($0.value.map { $0.count + 1 } ?? 0) }.max() ?? 0
        let lines = options.map { option -> String in
            let head = option.name + (option.value.map { " " + $0 } ?? "")
            return "  " + head + String(repeating: " ", count: width - head.count + 2) + option.summary
        }
        return """
            usage: \(synopsis)

            \(summary)
            \(runningHint)

            options:
            \(lines.joined(separator: "\n"))

            """
    }

    /// The version line.
    public static var versionLine: String { "chimed \(DaemonIdentity.currentVersion)\n" }

    /// The command `arguments` (without the program name) ask for.
    public static func parse(_ arguments: [String]) throws(DaemonUsageError) -> DaemonCommand {
        var result = DaemonOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (name, attached) = split(argument)
            switch name {
            case "--help", "-h":
                return .help(usage)
            case "--version":
                return .version(versionLine)
            case "--foreground":
                guard attached == nil else { throw DaemonUsageError("--foreground takes no value: use it alone") }
                result.foreground = true
            case "--notifier":
                guard let value = attached ?? remaining.popFirst() else {
                    throw DaemonUsageError("--notifier needs a value: use --notifier libnotify or --notifier stdout")
                }
                guard let choice = DaemonOptions.NotifierChoice(rawValue: value) else {
                    throw DaemonUsageError("unknown notifier \"\(value)\": use --notifier libnotify or --notifier stdout")
                }
                result.notifier = choice
            default:
                throw DaemonUsageError("unknown argument \"\(argument)\": see chimed --help")
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
