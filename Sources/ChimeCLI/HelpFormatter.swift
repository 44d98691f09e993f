import ChimeCore

/// Writes usage lines and help pages from the command table.
public enum HelpFormatter {
    /// The help page of `spec` in `language`: usage, description, arguments, options, extra
    /// tables, examples. Descriptions are translated; command and option syntax never is.
    public static func help(for spec: CommandSpec, language: UserLanguage = .english) -> String {
        func said(_ text: HelpText) -> String { text.text(in: language) }
        func title(_ text: CommandText) -> String { text.text(language) }
        if spec.path.isEmpty { return rootHelp(spec, language: language) }
        var blocks: [String] = [CommandText.helpUsage.text(language, ["usage": usage(of: spec)])]
        var description = [sentence(said(spec.summary), language: language)]
        if let discussion = spec.discussion { description.append(said(discussion)) }
        blocks.append(description.joined(separator: "\n"))
        if spec.isGroup {
            blocks.append(table(title(.helpCommands), commandRows(below: spec, language: language), language: language))
        }
        if !spec.positionals.isEmpty {
            blocks.append(table(title(.helpArguments), spec.positionals.map { ($0.name, said($0.summary)) }, language: language))
        }
        let options = spec.options.map { ($0.synopsis, said($0.summary) + ($0.required ? title(.helpRequired) : "")) }
            + [("-h, \(CommandSpec.helpOption.spelling)", said(CommandSpec.helpOption.summary))]
        blocks.append(table(title(.helpOptions), options, language: language))
        for section in spec.sections {
            blocks.append(table(said(section.title), section.rows.map { ($0.0, said($0.1)) }, language: language))
        }
        if !spec.examples.isEmpty {
            blocks.append(title(.helpExamples) + heading(language) + "\n"
                + spec.examples.map { "  \(ErrorLine.programName) \($0)" }.joined(separator: "\n"))
        }
        if spec.isGroup {
            blocks.append(CommandText.helpGroupFooter.text(language, ["command": spec.displayName]))
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

    private static func rootHelp(_ root: CommandSpec, language: UserLanguage) -> String {
        func said(_ text: HelpText) -> String { text.text(in: language) }
        let options = [
            ("-h, \(CommandSpec.helpOption.spelling)", said(CommandSpec.helpOption.summary)),
            (CommandSpec.versionOption.spelling, said(CommandSpec.versionOption.summary)),
        ]
        return [
            "\(CommandTable.versionText)\(heading(language))\(language == .english ? " " : "")\(said(root.summary))",
            CommandText.helpUsage.text(language, ["usage": "\(ErrorLine.programName) COMMAND [ARGUMENTS] [OPTIONS]"]),
            table(CommandText.helpCommands.text(language), commandRows(below: root, language: language), language: language),
            table(CommandText.helpOptions.text(language), options, language: language),
            (root.discussion.map { said($0) + "\n" } ?? "") + CommandText.helpRootFooter.text(language),
        ].joined(separator: "\n\n") + "\n"
    }

    /// One row per runnable command below `spec`: its words and positionals, and its summary.
    private static func commandRows(below spec: CommandSpec, language: UserLanguage) -> [(String, String)] {
        spec.allCommands.filter { !$0.isGroup && $0.path.count > spec.path.count }.map { command in
            let words = command.path.dropFirst(spec.path.count).joined(separator: " ")
            let arguments = command.positionals.map(\.synopsis)
            return (([words] + arguments).joined(separator: " "), command.summary.text(in: language))
        }
    }

    /// A titled two-column table, the left column padded to its widest entry (in display
    /// columns, so a Chinese row name lines up too).
    private static func table(_ title: String, _ rows: [(String, String)], language: UserLanguage) -> String {
        let width = rows.map { DisplayWidth.of($0.0) }.max() ?? 0
        let lines = rows.map { left, right in
            "  " + left + String(repeating: " ", count: width - DisplayWidth.of(left) + 3) + right
        }
        return title + heading(language) + "\n" + lines.joined(separator: "\n")
    }

    /// The colon after a heading: `:` in English, `：` in Chinese.
    private static func heading(_ language: UserLanguage) -> String {
        language == .english ? ":" : "："
    }

    /// `text` as a sentence: in English with a capital first letter and a full stop, in Chinese
    /// with a `。`.
    static func sentence(_ text: String, language: UserLanguage = .english) -> String {
        guard let first = text.first else { return text }
        if language == .simplifiedChinese { return text.hasSuffix("。") ? text : text + "。" }
        return first.uppercased() + text.dropFirst() + (text.hasSuffix(".") ? "" : ".")
    }
}
