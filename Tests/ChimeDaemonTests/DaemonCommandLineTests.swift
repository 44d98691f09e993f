import ChimeControl
import ChimeDaemon
import Testing

@Suite("chimed's arguments")
struct DaemonCommandLineTests {
    @Test("no arguments run with libnotify")
    func defaults() throws {
        #expect(try DaemonCommandLine.parse([]) == .run(DaemonOptions(notifier: nil, foreground: false)))
    }

    @Test("--notifier takes its value attached or separate; --foreground is accepted")
    func options() throws {
        #expect(try DaemonCommandLine.parse(["--notifier", "stdout"]) == .run(DaemonOptions(notifier: .stdout)))
        #expect(try DaemonCommandLine.parse(["--notifier=stdout", "--foreground"]) == .run(DaemonOptions(notifier: .stdout, foreground: true)))
        #expect(try DaemonCommandLine.parse(["--foreground", "--notifier", "libnotify"]) == .run(DaemonOptions(notifier: .libnotify, foreground: true)))
    }

    @Test("--help and --version return their text instead of running")
    func helpAndVersion() throws {
        guard case .help(let text) = try DaemonCommandLine.parse(["--notifier", "stdout", "--help"]) else {
            Issue.record("--help did not return help")
            return
        }
        for option in ["--notifier libnotify|stdout", "--foreground", "--help", "--version"] {
            #expect(text.contains(option))
        }
        #expect(try DaemonCommandLine.parse(["-h"]) == .help(DaemonCommandLine.usage))
        #expect(try DaemonCommandLine.parse(["--version"]) == .version("chimed \(DaemonIdentity.currentVersion)\n"))
    }

    @Test("bad arguments are usage errors with one line saying what to do", arguments: [
        (["--notifier"], "--notifier needs a value: use --notifier libnotify or --notifier stdout"),
        (["--notifier", "email"], "unknown notifier \"email\": use --notifier libnotify or --notifier stdout"),
        (["--daemonize"], "unknown argument \"--daemonize\": see chimed --help"),
        (["--foreground=yes"], "--foreground takes no value: use it alone"),
        (["stdout"], "unknown argument \"stdout\": see chimed --help"),
    ])
    func usageErrors(arguments: [String], message: String) {
        #expect(throws: DaemonUsageError(message)) { try DaemonCommandLine.parse(arguments) }
        #expect(DaemonUsageError(message).exitCode.rawValue == 64)
    }
}
