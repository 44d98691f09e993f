import ChimeCore

/// The `chime(1)` manual page, from the command table that `--help`, usage and completions
/// read: every command with its usage line, arguments, options, value tables and examples.
public enum CommandManualPage {
    /// The page.
    public static var page: ManualPage {
        let root = CommandTable.root
        return ManualPage(
            name: ErrorLine.programName,
            section: 1,
            summary: root.summary,
            source: "Chime \(CommandTable.version)",
            synopsis: ["\(ErrorLine.programName) COMMAND [ARGUMENTS] [OPTIONS]"]
                + CommandTable.leafCommands.map(HelpFormatter.usage(of:)),
            sections: [
                ManualPage.Section("DESCRIPTION", [
                    .paragraph("chime records fasts, water schedules and reminders in a SQLite database; the user daemon chimed(1) shows each notification at the right moment through the desktop's notification server."),
                    .paragraph(root.discussion ?? ""),
                    .paragraph("Run \"chime help COMMAND\" or \"chime COMMAND --help\" for one command's help."),
                ]),
                ManualPage.Section("COMMANDS", CommandTable.leafCommands.flatMap(blocks(for:))),
                ManualPage.Section("OPTIONS", [
                    .entries([
                        .init("-h, \(CommandSpec.helpOption.spelling)", CommandSpec.helpOption.summary + " (also after any command)"),
                        .init(CommandSpec.versionOption.spelling, CommandSpec.versionOption.summary),
                    ]),
                ]),
                ManualPage.Section("ENVIRONMENT", [
                    .entries([
                        .init("TZ", "the time zone times are read and printed in; an unknown zone is refused (exit 65)"),
                        .init("XDG_DATA_HOME", "where the database lives: $XDG_DATA_HOME/chime/chime.db (default ~/.local/share/chime/chime.db)"),
                        .init("XDG_RUNTIME_DIR", "where chimed's control socket is: $XDG_RUNTIME_DIR/chime/chimed.sock"),
                        .init("NO_COLOR", "when set, no colour on a terminal"),
                        .init("CHIME_REQUEST_ID", "a request id for a retried command: one already applied changes nothing again"),
                    ]),
                ]),
                ManualPage.Section("FILES", [
                    .entries([
                        .init("~/.local/share/chime/chime.db", "the database, with its -wal and -shm files, kept at mode 0600 in a 0700 directory"),
                        .init("$XDG_RUNTIME_DIR/chime/chimed.sock", "chimed's control socket"),
                    ]),
                ]),
                ManualPage.Section("EXIT STATUS", [
                    .entries([
                        .init(ExitCode.success, "done"),
                        .init(ExitCode.usage, "usage: unknown command, option or setting key, missing or extra argument"),
                        .init(ExitCode.dataError, "bad data: a bad value, a conflict (a fast already runs, an id already names something else), or something that does not exist"),
                        .init(ExitCode.unavailable, "unavailable: doctor found a problem, or the database cannot be used"),
                        .init(ExitCode.software, "a bug in Chime: please report it"),
                        .init(ExitCode.tryAgain, "try again: the database is locked for too long, the disk is full or the file system read-only"),
                    ]),
                ]),
                ManualPage.Section("SEE ALSO", [.paragraph("chimed(1), systemctl(1), notify-send(1)")]),
            ]
        )
    }

    /// One command's part of COMMANDS: its usage line as a heading, what it does, its
    /// arguments and options, its value tables and examples.
    private static func blocks(for command: CommandSpec) -> [ManualPage.Block] {
        var blocks: [ManualPage.Block] = [
            .subheading(HelpFormatter.usage(of: command)),
            .paragraph(HelpFormatter.sentence(command.summary) + (command.discussion.map { " " + $0 } ?? "")),
        ]
        let terms = command.positionals.map { ManualPage.Entry($0.name, $0.summary) }
            + command.options.map { ManualPage.Entry($0.synopsis, $0.summary + ($0.required ? " (required)" : "")) }
        if !terms.isEmpty { blocks.append(.entries(terms)) }
        for section in command.sections {
            blocks.append(.paragraph(section.title + ":"))
            blocks.append(.entries(section.rows.map { ManualPage.Entry($0.0, $0.1) }))
        }
        if !command.examples.isEmpty {
            blocks.append(.paragraph("Examples:"))
            blocks.append(.literal(command.examples.map { "\(ErrorLine.programName) \($0)" }))
        }
        return blocks
    }
}
