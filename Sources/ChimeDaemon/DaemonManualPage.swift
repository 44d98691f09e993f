import ChimeControl
import ChimeCore

/// The `chimed(1)` manual page, from the option table that `chimed --help` and the parser read.
public enum DaemonManualPage {
    /// The page in English.
    public static var page: ManualPage { page(in: .english) }

    /// The page in `language`; option names, variables and signals as typed.
    public static func page(in language: UserLanguage) -> ManualPage {
        func text(_ message: DaemonText) -> String { message.text(language) }
        func heading(_ title: ManualText) -> String { title.text(language) }
        return ManualPage(
            name: "chimed",
            section: 1,
            summary: text(.pageSummary),
            source: "Chime \(DaemonIdentity.currentVersion)",
            synopsis: [DaemonCommandLine.synopsis],
            sections: [
                ManualPage.Section(heading(.description), [
                    .paragraph(DaemonCommandLine.summary(in: language) + (language == .english ? " " : "") + DaemonCommandLine.runningHint(in: language)),
                    .paragraph(text(.pageTimer)),
                    .paragraph(text(.pageNotifier)),
                    .paragraph(text(.pageHolding)),
                    .paragraph(text(.pageService)),
                ]),
                ManualPage.Section(heading(.options), [
                    .entries(DaemonCommandLine.options.map { option in
                        ManualPage.Entry(option.name + (option.value.map { " " + $0 } ?? ""), option.summary.text(language))
                    }),
                ]),
                ManualPage.Section(heading(.environment), [
                    .entries([
                        .init("DBUS_SESSION_BUS_ADDRESS", text(.sessionBus)),
                        .init("DBUS_SYSTEM_BUS_ADDRESS", text(.systemBus)),
                        .init("XDG_SESSION_ID", text(.sessionID)),
                        .init("XDG_RUNTIME_DIR", text(.runtimeDirectory)),
                        .init("XDG_DATA_HOME", text(.dataHome)),
                        .init("TZ", text(.timeZone)),
                    ]),
                ]),
                ManualPage.Section(heading(.exitStatus), [
                    .entries([
                        .init(ExitCode.success, text(.exitStopped)),
                        .init(ExitCode.usage, text(.exitUsage)),
                        .init(ExitCode.unavailable, text(.exitUnavailable)),
                        .init(ExitCode.software, text(.exitSoftware)),
                        .init(ExitCode.tryAgain, text(.exitTryAgain)),
                    ]),
                ]),
                ManualPage.Section(heading(.seeAlso), [.paragraph("chime(1), systemctl(1), journalctl(1)")]),
            ],
            language: language
        )
    }
}
