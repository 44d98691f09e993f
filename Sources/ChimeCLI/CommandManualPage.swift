import ChimeCore

/// The `chime(1)` manual page, from the command table that `--help`, usage and completions
/// read: every command with its usage line, arguments, options, value tables and examples.
public enum CommandManualPage {
    /// The page in English.
    public static var page: ManualPage { page(in: .english) }

    /// The page in `language`: descriptions translated as help translates them, command and
    /// option syntax, examples and names as typed.
    public static func page(in language: UserLanguage) -> ManualPage {
        let root = CommandTable.root
        func said(_ text: HelpText) -> String { text.text(in: language) }
        func text(_ message: CommandManualText) -> String { message.text(language) }
        func heading(_ title: ManualText) -> String { title.text(language) }
        return ManualPage(
            name: ErrorLine.programName,
            section: 1,
            summary: said(root.summary),
            source: "Chime \(CommandTable.version)",
            synopsis: ["\(ErrorLine.programName) COMMAND [ARGUMENTS] [OPTIONS]"]
                + CommandTable.leafCommands.map(HelpFormatter.usage(of:)),
            sections: [
                ManualPage.Section(heading(.description), [
                    .paragraph(text(.whatChimeIs)),
                    .paragraph(root.discussion.map(said) ?? ""),
                    .paragraph(text(.helpHint)),
                ]),
                ManualPage.Section(heading(.commands), CommandTable.leafCommands.flatMap { blocks(for: $0, language: language) }),
                ManualPage.Section(heading(.options), [
                    .entries([
                        .init("-h, \(CommandSpec.helpOption.spelling)", said(CommandSpec.helpOption.summary) + text(.helpAlsoAfterCommand)),
                        .init(CommandSpec.versionOption.spelling, said(CommandSpec.versionOption.summary)),
                    ]),
                ]),
                ManualPage.Section(heading(.environment), [
                    .entries([
                        .init("TZ", text(.timeZone)),
                        .init("XDG_DATA_HOME", text(.dataHome)),
                        .init("XDG_RUNTIME_DIR", text(.runtimeDirectory)),
                        .init("NO_COLOR", text(.noColor)),
                        .init("CHIME_REQUEST_ID", text(.requestID)),
                    ]),
                ]),
                ManualPage.Section(heading(.files), [
                    .entries([
                        .init("~/.local/share/chime/chime.db", text(.databaseFile)),
                        .init("$XDG_RUNTIME_DIR/chime/chimed.sock", text(.controlSocket)),
                    ]),
                ]),
                ManualPage.Section(heading(.exitStatus), [
                    .entries([
                        .init(ExitCode.success, text(.exitDone)),
                        .init(ExitCode.usage, text(.exitUsage)),
                        .init(ExitCode.dataError, text(.exitDataError)),
                        .init(ExitCode.unavailable, text(.exitUnavailable)),
                        .init(ExitCode.software, text(.exitSoftware)),
                        .init(ExitCode.tryAgain, text(.exitTryAgain)),
                    ]),
                ]),
                ManualPage.Section(heading(.seeAlso), [.paragraph("chimed(1), systemctl(1), notify-send(1)")]),
            ],
            language: language
        )
    }

    /// One command's part of COMMANDS: its usage line as a heading, what it does, its
    /// arguments and options, its value tables and examples.
    private static func blocks(for command: CommandSpec, language: UserLanguage) -> [ManualPage.Block] {
        func said(_ text: HelpText) -> String { text.text(in: language) }
        var blocks: [ManualPage.Block] = [
            .subheading(HelpFormatter.usage(of: command)),
            .paragraph(HelpFormatter.sentence(said(command.summary), language: language) + (command.discussion.map { " " + said($0) } ?? "")),
        ]
        let required = CommandText.helpRequired.text(language)
        let terms = command.positionals.map { ManualPage.Entry($0.name, said($0.summary)) }
            + command.options.map { ManualPage.Entry($0.synopsis, said($0.summary) + ($0.required ? required : "")) }
        if !terms.isEmpty { blocks.append(.entries(terms)) }
        let colon = language == .english ? ":" : "："
        for section in command.sections {
            blocks.append(.paragraph(said(section.title) + colon))
            blocks.append(.entries(section.rows.map { ManualPage.Entry($0.0, said($0.1)) }))
        }
        if !command.examples.isEmpty {
            blocks.append(.paragraph(CommandText.helpExamples.text(language) + colon))
            blocks.append(.literal(command.examples.map { "\(ErrorLine.programName) \($0)" }))
        }
        return blocks
    }
}
