import ChimeControl
import ChimeCore
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
            #expect(text.text(in: .english).contains(option))
            #expect(text.text(in: .simplifiedChinese).contains(option), "option names are the same in every language")
        }
        #expect(text.text(in: .english) == DaemonCommandLine.usage)
        #expect(try DaemonCommandLine.parse(["-h"]) == .help(text))
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
        do {
            _ = try DaemonCommandLine.parse(arguments)
            Issue.record("\(arguments) parsed")
        } catch {
            #expect(error.message == message)
            #expect(error.exitCode.rawValue == 64)
            let chinese = error.text.text(in: .simplifiedChinese)
            #expect(chinese != message && chinese.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }, "\(chinese)")
        }
    }

    @Test("chimed's help in Chinese keeps the syntax and says every option's summary in Chinese")
    func chineseHelp() throws {
        let help = DaemonCommandLine.usage(in: .simplifiedChinese)
        #expect(help.hasPrefix("用法：chimed [--notifier libnotify|stdout] [--foreground]\n"))
        #expect(help.contains("选项：\n"))
        #expect(help.contains("\n  --help                       显示本帮助\n"))
        #expect(help.contains("systemctl --user enable --now chimed"))
    }

    @Test("every text of chimed is in both languages with the same values")
    func catalogComplete() {
        for message in DaemonText.allCases {
            let english = message.template(.english)
            let chinese = message.template(.simplifiedChinese)
            #expect(!english.isEmpty && chinese != english, "\(message)")
            #expect(chinese.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }, "\(message) is not translated")
            #expect(Set(TextTemplate.placeholders(in: english)) == Set(TextTemplate.placeholders(in: chinese)), "\(message)")
        }
    }
}
