import ChimeControl
import ChimeDaemon
import ChimeTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

/// The built `chime` speaks the user's language: help, errors and output lines.
@Suite("chime binary: language", .serialized)
struct CliLanguageTests {
    static let chinese = ["LANG": "zh_CN.UTF-8"]

    @Test("LANG=zh_CN.UTF-8: help, an error and an output line in Chinese; exit codes as in English")
    func chinese() async {
        let sandbox = CliSandbox()
        let help = await sandbox.chime("--help", extra: Self.chinese)
        #expect(help.status == 0)
        #expect(help.output.contains("用法：chime COMMAND [ARGUMENTS] [OPTIONS]"))
        #expect(help.output.contains("  fast start [PLAN]"), "command syntax is not translated")
        #expect(!FileManager.default.fileExists(atPath: sandbox.databasePath), "help reads a setting, never creates the store")

        let bad = await sandbox.chime("remind", "in", "5x", "tea", extra: Self.chinese)
        #expect(bad.status == 65)
        #expect(bad.errors == "chime: 无效的时长“5x”：未知单位“x”；请使用 45m, 1h30m, 16h, 90s, 2d 这样的写法\n")

        let set = await sandbox.chime("remind", "in", "25m", "tea", "--id", "r-tea", extra: Self.chinese)
        #expect(set.status == 0)
        #expect(set.output.wholeMatch(of: /提醒 r-tea 在 \d\d:\d\d（25 分钟后）：tea\n/) != nil, "\(set.output)")
        #expect(set.errors.hasPrefix("chimed 没有运行：更改已保存"))

        let json = await sandbox.chime("list", "--json", extra: Self.chinese)
        #expect(json.output.contains("\"title\": \"提醒\""), "the bubble's text, in the same language")
        #expect(json.output.contains("\"kind\": \"reminder\""), "JSON keys and values stay as they are")
    }

    @Test("config set language en wins over LANG=zh_CN.UTF-8")
    func settingWins() async {
        let sandbox = CliSandbox()
        #expect(await sandbox.chime("config", "set", "language", "en", extra: Self.chinese).status == 0)
        let outcome = await sandbox.chime("remind", "in", "25m", "tea", "--id", "r-tea", extra: Self.chinese)
        #expect(outcome.output.wholeMatch(of: /Reminder r-tea at \d\d:\d\d \(in 25 min\): tea\n/) != nil, "\(outcome.output)")
        #expect(await sandbox.chime("--help", extra: Self.chinese).output.hasPrefix("chime "))
        #expect(await sandbox.chime("fats", extra: Self.chinese).errors == "chime: unknown command \"fats\": did you mean \"fast\"?\n")
        let json = await sandbox.chime("list", "--json", extra: Self.chinese)
        #expect(json.output.contains("\"title\": \"Reminder\""))
    }

    @Test("LC_ALL beats LANG, LC_MESSAGES beats LANG")
    func precedence() async {
        let sandbox = CliSandbox()
        #expect(await sandbox.chime("fats", extra: ["LANG": "zh_CN.UTF-8", "LC_ALL": "C"]).errors.hasPrefix("chime: unknown command"))
        #expect(await sandbox.chime("fats", extra: ["LANG": "en_US.UTF-8", "LC_ALL": "zh_CN.UTF-8"]).errors.hasPrefix("chime: 未知命令"))
        #expect(await sandbox.chime("fats", extra: ["LANG": "C", "LC_MESSAGES": "zh_CN.UTF-8"]).errors.hasPrefix("chime: 未知命令"))
    }

    @Test("chimed --help and its usage errors follow LANG, and the store's language setting wins")
    func daemonHelp() async {
        let sandbox = CliSandbox()
        let chimed = CliBinaries.path("chimed")
        let help = await sandbox.run(chimed, ["--help"], extra: Self.chinese)
        #expect(help.status == 0)
        #expect(help.output.hasPrefix("用法：chimed [--notifier libnotify|stdout] [--foreground]\n"), "\(help.output)")
        #expect(help.output.contains("显示本帮助"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.databasePath), "help never creates the store")
        let bad = await sandbox.run(chimed, ["--daemonize"], extra: Self.chinese)
        #expect(bad.status == 64)
        #expect(bad.errors == "chimed: 未知参数“--daemonize”：请查看 chimed --help\n")
        #expect(await sandbox.run(chimed, ["--daemonize"]).errors == "chimed: unknown argument \"--daemonize\": see chimed --help\n")

        #expect(await sandbox.chime("config", "set", "language", "en").status == 0)
        #expect(await sandbox.run(chimed, ["--help"], extra: Self.chinese).output.hasPrefix("usage: chimed "))
        #expect(await sandbox.chime("config", "set", "language", "zh").status == 0)
        #expect(await sandbox.run(chimed, ["--notifier"]).errors.hasPrefix("chimed: --notifier 需要一个值"))
    }

    @Test("chime-manpages writes the English pages and their Chinese in zh_CN/man1")
    func chineseManualPages() async throws {
        let sandbox = CliSandbox()
        let directory = sandbox.root.appendingPathComponent("man").path
        let outcome = await sandbox.run(CliBinaries.path("chime-manpages"), [directory])
        #expect(outcome.status == 0, "\(outcome.errors)")
        for page in ["chime.1", "chimed.1", "zh_CN/man1/chime.1", "zh_CN/man1/chimed.1"] {
            #expect(FileManager.default.fileExists(atPath: directory + "/" + page), "no \(page)")
        }
        let chime = try ManualPageText.render(String(contentsOfFile: directory + "/zh_CN/man1/chime.1", encoding: .utf8))
        #expect(chime.contains("\n名称\n") && chime.contains("chime fast start [PLAN]"))
        let english = try ManualPageText.render(String(contentsOfFile: directory + "/chime.1", encoding: .utf8))
        #expect(english.contains("\nNAME\n") && !english.contains("名称"))
    }

    @Test("a refusal from chimed reaches the user in chime's language")
    func refusalTranslated() async throws {
        let sandbox = CliSandbox()
        let other = geteuid() + 1
        // A real control server that takes commands only from another uid, so it refuses this one.
        let server = try RefusingServer(runtimeDirectory: sandbox.environment["XDG_RUNTIME_DIR"]!, allowedUserID: other)
        defer { server.stop() }

        let status = await sandbox.chime("status", extra: Self.chinese)
        #expect(status.output.contains("它拒绝了状态请求：chimed 只接受 uid \(other) 的命令"), "\(status.output)")
        let change = await sandbox.chime("remind", "in", "25m", "tea", extra: Self.chinese)
        #expect(change.status == 0)
        #expect(change.errors.contains("chimed 没有确认这次更改（chimed 只接受 uid \(other) 的命令）"), "\(change.errors)")
        let english = await sandbox.chime("status")
        #expect(english.output.contains("it refused the status request: chimed takes commands only from uid \(other)"), "\(english.output)")
    }
}

/// chimed's control server on its own thread, in a runtime directory, refusing everyone but
/// `allowedUserID`.
private final class RefusingServer: Sendable {
    private let stopping = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    init(runtimeDirectory: String, allowedUserID: uid_t) throws {
        let ready = DispatchSemaphore(value: 0)
        let failure = Mutex<String?>(nil)
        let thread = Thread { [self] in
            defer { finished.signal() }
            do {
                let loop = try EventLoop()
                let directory = RuntimeDirectory.resolve(environment: ["XDG_RUNTIME_DIR": runtimeDirectory])
                let server = try ControlServer(
                    directory: directory, loop: loop, configuration: .init(allowedUserID: allowedUserID)
                ) { _ in .pong(.current) }
                ready.signal()
                while !stopping.load(ordering: .acquiring) {
                    _ = try loop.runOnce(timeout: .milliseconds(20))
                }
                withExtendedLifetime(server) {}
            } catch {
                failure.withLock { $0 = "\(error)" }
                ready.signal()
            }
        }
        thread.start()
        guard ready.wait(timeout: .now() + 10) == .success else { throw ServerFailure(reason: "the server did not start within 10 s") }
        if let reason = failure.withLock({ $0 }) { throw ServerFailure(reason: reason) }
    }

    /// Stops the loop and waits (at most 10 s) for its thread to end.
    func stop() {
        stopping.store(true, ordering: .releasing)
        _ = finished.wait(timeout: .now() + 10)
    }

    struct ServerFailure: Error {
        var reason: String
    }
}
