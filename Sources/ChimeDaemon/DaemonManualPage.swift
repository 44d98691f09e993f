import ChimeControl
import ChimeCore

/// The `chimed(1)` manual page, from the option table that `chimed --help` and the parser read.
public enum DaemonManualPage {
    /// The page.
    public static var page: ManualPage {
        ManualPage(
            name: "chimed",
            section: 1,
            summary: "the Chime scheduler daemon",
            source: "Chime \(DaemonIdentity.currentVersion)",
            synopsis: [DaemonCommandLine.synopsis],
            sections: [
                ManualPage.Section("DESCRIPTION", [
                    .paragraph(DaemonCommandLine.summary(in: .english) + " " + DaemonCommandLine.runningHint(in: .english)),
                    .paragraph("chimed keeps exactly one timer armed for the next notification that chime(1) stored, shows it through the desktop's notification server (libnotify), records the outcome in the database and derives what follows (the next water reminder, the next cycle of a repeating fast). Bubble buttons (Snooze, Drank, End fast, Extend) act through it. Notifications due within each other's tolerance are shown in one wake-up; nothing wakes it while nothing is due."),
                    .paragraph("Without --notifier it uses libnotify when a session bus is reachable (DBUS_SESSION_BUS_ADDRESS, or $XDG_RUNTIME_DIR/bus) and otherwise prints each notification to standard output as one JSON line; its first log line names the notifier and why."),
                    .paragraph("While the notification server is in do-not-disturb mode (dunst paused, KDE Plasma inhibited, GNOME's show-banners off, mako's do-not-disturb mode) or the session is locked (logind's LockedHint, a screen saver's ActiveChanged), it holds water reminders and shows one summary when that ends; after an unlock the next water reminder is due one interval later. Fast notifications and reminders are shown as usual. The settings notify.dnd and notify.away (chime config) turn each off."),
                    .paragraph("It logs to standard error with sd-daemon priority prefixes (journalctl --user -u chimed), reports readiness to systemd (Type=notify), reloads from the database on SIGHUP and stops cleanly on SIGTERM or SIGINT."),
                ]),
                ManualPage.Section("OPTIONS", [
                    .entries(DaemonCommandLine.options.map { option in
                        ManualPage.Entry(option.name + (option.value.map { " " + $0 } ?? ""), option.summary.text(.english))
                    }),
                ]),
                ManualPage.Section("ENVIRONMENT", [
                    .entries([
                        .init("DBUS_SESSION_BUS_ADDRESS", "the session bus of the notification server"),
                        .init("DBUS_SYSTEM_BUS_ADDRESS", "the system bus where logind tells whether the session is locked"),
                        .init("XDG_SESSION_ID", "the logind session followed when chimed runs in none (else the user's graphical session)"),
                        .init("XDG_RUNTIME_DIR", "where the control socket is: $XDG_RUNTIME_DIR/chime/chimed.sock"),
                        .init("XDG_DATA_HOME", "where the database is: $XDG_DATA_HOME/chime/chime.db"),
                        .init("TZ", "the zone for local times such as water windows; an unknown zone stops chimed"),
                    ]),
                ]),
                ManualPage.Section("EXIT STATUS", [
                    .entries([
                        .init(ExitCode.success, "stopped cleanly"),
                        .init(ExitCode.usage, "bad arguments"),
                        .init(ExitCode.unavailable, "the database or the runtime directory cannot be used"),
                        .init(ExitCode.software, "a bug in Chime: please report it"),
                        .init(ExitCode.tryAgain, "another chimed already runs for this user or database"),
                    ]),
                ]),
                ManualPage.Section("SEE ALSO", [.paragraph("chime(1), systemctl(1), journalctl(1)")]),
            ]
        )
    }
}
