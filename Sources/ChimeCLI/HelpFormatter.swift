/// Writes usage lines and help pages from the command table.
public enum HelpFormatter {
    /// The help page of `spec`: usage, description, arguments, options, extra tables, examples.
    public static func help(for spec: CommandSpec) -> String {
        if spec.path.isEmpty { return rootHelp(spec) }
        var blocks: [String] = ["Usage: \(usage(of: spec))"]
        var description = [sentence(spec.summary)]
        if let discussion = spec.discussion { description.append(discussion) }
        blocks.append(description.joined(separator: "\n"))
        if spec.isGroup {
            blocks.append(table("Commands", commandRows(below: spec)))
        }
        if !spec.positionals.isEmpty {
            blocks.append(table("Arguments", spec.positionals.map { ($0.name, $0.summary) }))
        }
        let options = spec.options.map { ($0.synopsis, $0.summary + ($0.required ? " (required)" : "")) }
            + [("-h, \(CommandSpec.helpOption.spelling)", CommandSpec.helpOption.summary)]
        blocks.append(table("Options", options))
        for section in spec.sections {
            blocks.append(table(section.title, section.rows))
        }
        if !spec.examples.isEmpty {
            blocks.append("Examples:\n" + spec.examples.map { "  \(ErrorLine.programName) \($0)" }.joined(separator: "\n"))
        }
        if spec.isGroup {
            blocks.append("Run \"\(spec.displayName) COMMAND --help\" for a command's options.")
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// The one-line synopsis of `spec`, such as
    /// `chime fast start [PLAN] [--id ID] [--at TIME | --ago DURATION] ...`.
    public static func usage(of spec: CommandSpec) -> String {
        if spec.isGroup {
            return "\(spec.displayName) COMMAND"
        }
        var parts = [spec.displayName]
        var rendered = Set<String>()
        let members = spec.positionals.map(\.name) + spec.options.map(\.name)
        for member in members where !rendered.contains(member) {
            if let group = spec.exclusiveGroups.first(where: { $0.members.contains(member) }) {
                let inner = group.members.map { bareSynopsis(of: $0, in: spec) }.joined(separator: " | ")
                parts.append(group.required ? "(\(inner))" : "[\(inner)]")
                rendered.formUnion(group.members)
            } else if let positional = spec.positionals.first(where: { $0.name == member }) {
                parts.append(positional.synopsis)
            } else if let option = spec.option(named: member) {
                parts.append(option.required ? option.synopsis : "[\(option.synopsis)]")
            }
            rendered.insert(member)
        }
        return parts.joined(separator: " ")
    }

    /// A member of an exclusive group without its own brackets: `--at TIME`, `ID...`.
    static func bareSynopsis(of member: String, in spec: CommandSpec) -> String {
        if let option = spec.option(named: member) { return option.synopsis }
        guard let positional = spec.positionals.first(where: { $0.name == member }) else { return member }
        switch positional.arity {
        case .oneOrMore, .zeroOrMore: return "\(positional.name)..."
        case .required, .optional, .text: return positional.name
        }
    }

    private static func rootHelp(_ root: CommandSpec) -> String {
        let options = [
            ("-h, \(CommandSpec.helpOption.spelling)", CommandSpec.helpOption.summary),
            (CommandSpec.versionOption.spelling, CommandSpec.versionOption.summary),
        ]
        return [
            "\(CommandTable.versionText): \(root.summary)",
            "Usage: \(ErrorLine.programName) COMMAND [ARGUMENTS] [OPTIONS]",
            table("Commands", commandRows(below: root)),
            table("Options", options),
            (root.discussion.map { $0 + "\n" } ?? "")
                + "Run \"chime help COMMAND\" or \"chime COMMAND --help\" for a command's arguments and options.",
        ].joined(separator: "\n\n") + "\n"
    }

    /// One row per runnable command below `spec`: its words and positionals, and its summary.
    private static func commandRows(below spec: CommandSpec) -> [(String, String)] {
        spec.allCommands.filter { !$0.isGroup && $0.path.count > spec.path.count }.map { command in
            let words = command.path.dropFirst(spec.path.count).joined(separator: " ")
            let arguments = command.positionals.map(\.synopsis)
            return (([words] + arguments).joined(separator: " "), command.summary)
        }
    }

    /// A titled two-column table, the left column padded to its widest entry.
    private static func table(_ title: String, _ rows: [(String, String)]) -> String {
        let width = rows.map(\.0.count).max() ?? 0
        let lines = rows.map { left, right in
            "  " + left + String(repeating: " ", count: width - left.count + 3) + right
        }
        return "\(title):\n" + lines.joined(separator: "\n")
    }

    /// `text` with a capital first letter and a full stop.
    static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst() + (text.hasSuffix(".") ? "" : ".")
    }
}
