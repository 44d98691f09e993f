import ChimeTestSupport
import Foundation
import Testing

/// The built `chime` with the words people type (issue 22), each run under libfaketime at a
/// known instant: Friday 2027-03-26 10:00 in Europe/Berlin.
@Suite("chime: the words people type")
struct CliEverydayWordsTests {
    static let friday = "2027-03-26T10:00:00+01:00"
    static let chinese = ["LANG": "zh_CN.UTF-8"]

    /// A sandbox at ``friday`` whose rules follow Berlin, the zone its `TZ` shows times in
    /// (rules follow the `time_zone` setting or the system's zone, never `TZ` alone).
    func sandbox() async -> CliSandbox {
        let sandbox = CliSandbox()
        sandbox.fakeNow = Self.friday
        _ = await sandbox.succeed("config", "set", "time_zone", "Europe/Berlin")
        return sandbox
    }

    @Test("times as people write them, and the line each prints")
    func times() async {
        let sandbox = await sandbox()
        #expect(await sandbox.succeed("remind", "at", "9:30pm", "call", "--id", "a").output == "Reminder a at 21:30 (in 11 h 30 min): call\n")
        #expect(await sandbox.succeed("remind", "at", "tomorrow", "9am", "call", "mom", "--id", "b").output == "Reminder b at tomorrow 09:00 (in 23 h): call mom\n")
        #expect(await sandbox.succeed("remind", "at", "mon", "10:00", "stand-up", "--id", "c").output == "Reminder c at Mon 10:00 (in 2 d 23 h): stand-up\n")
        #expect(await sandbox.succeed("remind", "at", "21h", "late", "--id", "d").output == "Reminder d at 21:00 (in 11 h): late\n")
        #expect(await sandbox.succeed("fast", "start", "--at", "8pm", "--id", "f").output == "Fast f starts 20:00, ends tomorrow 12:00 (16:8)\n")
        #expect(await sandbox.succeed("water", "every", "1h", "--from", "9am", "--until", "9pm", "--id", "w").output.hasPrefix("Water w: every 1 h, 09:00-21:00,"))
        #expect(await sandbox.succeed("remind", "at", "明天", "9:00", "喝水", "--id", "e", extra: Self.chinese).output == "提醒 e 在明天 09:00（23 小时后）：喝水\n")
        #expect(await sandbox.succeed("remind", "at", "下午3点", "喝茶", "--id", "g", extra: Self.chinese).output == "提醒 g 在 15:00（5 小时后）：喝茶\n")
        let wrong = await sandbox.chime("remind", "at", "9:30xm", "x")
        #expect(wrong.status == 65)
        #expect(wrong.errors.hasPrefix("chime: invalid time \"9:30xm\": \"xm\" is not part of a time"))
    }

    @Test("rules as people write them; remind every 1m; the unquoted rule refused with the command to type")
    func rules() async {
        let sandbox = await sandbox()
        #expect(await sandbox.succeed("remind", "every", "1m", "x", "--id", "m").output.hasPrefix("Reminder m every 1m, next remind/m/2027-03-26T10:01 at 10:01 (in 1 min): x"))
        #expect(await sandbox.succeed("remind", "every", "every other week fri 17:00", "review", "--id", "r").output
            == "Reminder r every other week fri 17:00, next remind/r/2027-03-26T17:00 at 17:00 (in 7 h): review\n")
        #expect(await sandbox.succeed("remind", "every", "daily 08:00", "pills", "--id", "p", "--until", "2027-03-27").output.contains("next remind/p/2027-03-27T08:00"))
        let unquoted = await sandbox.chime("remind", "every", "weekdays", "09:30", "standup")
        #expect(unquoted.status == 64)
        #expect(unquoted.errors == "chime: the rule \"weekdays 09:30\" must be quoted to be read as one argument: chime remind every \"weekdays 09:30\" standup\n")
        let near = await sandbox.chime("explain", "every weekdays")
        #expect(near.status == 65)
        #expect(near.errors.hasSuffix("; the nearest rule Chime reads is \"every weekdays 09:00\"\n"))
        let explained = await sandbox.succeed("explain", "每周一 10:00", "--count", "1", extra: Self.chinese).output
        #expect(explained.contains("FREQ=WEEKLY;BYSECOND=0;BYMINUTE=0;BYHOUR=10;BYDAY=MO"))
    }

    @Test("ids in any script; list --group with an unknown id; KIND in Chinese")
    func idsAndList() async {
        let sandbox = await sandbox()
        #expect(await sandbox.succeed("remind", "in", "10m", "吃药", "--id", "药").output == "Reminder 药 at 10:10 (in 10 min): 吃药\n")
        let table = await sandbox.succeed("list", extra: Self.chinese).output
        #expect(table.split(separator: "\n").contains { $0.hasPrefix("remind/药 ") && $0.contains("  提醒  ") }, "\(table)")
        let unknown = await sandbox.chime("list", "--group", "nope")
        #expect(unknown.status == 65)
        #expect(unknown.errors == "chime: no fast, water schedule or reminder has the id \"nope\": see the GROUP column of \"chime list\"\n")
        #expect(await sandbox.succeed("cancel", "药").output == "Cancelled 1 pending notification (药)\n")
    }

    @Test("status --follow | head -1 ends as soon as head does, in every format", arguments: ["text", "json", "waybar"])
    func followEndsWithItsReader(format: String) async {
        let sandbox = CliSandbox()
        // Nothing pending: left alone, --follow would print again only in 15 minutes.
        let piped = await sandbox.run("/bin/sh", ["-c", "\"$0\" status --follow --format \(format) | head -1; echo done", CliBinaries.path("chime")], timeout: 20)
        #expect(piped.status == 0)
        #expect(piped.lines.count == 2, "\(piped.output)")
    }

    @Test("a runtime directory the user may not enter is named, not reported as a bug",
          .enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs root and setpriv to run chime as uid 65534"))
    func runtimeDirectoryWithoutAccess() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("chime-e2e-nobody-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let runtime = root.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: runtime.appendingPathComponent("chime"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("data"), withIntermediateDirectories: true)
        for path in [root.path, root.appendingPathComponent("data").path, runtime.path, runtime.appendingPathComponent("chime").path] {
            #expect(chown(path, 65534, 65534) == 0)
        }
        chmod(root.path, 0o755)
        chmod(runtime.path, 0o600)
        let sandbox = CliSandbox()
        let environment = ["HOME": root.path, "XDG_DATA_HOME": root.appendingPathComponent("data").path, "XDG_RUNTIME_DIR": runtime.path]
        let arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", CliBinaries.path("chime")]
        let status = await sandbox.run("/usr/bin/setpriv", arguments + ["status"], extra: environment)
        #expect(status.status == 0)
        #expect(status.output.contains("you may not enter the directory \(runtime.path) (its mode is 0600)"), "\(status.output)")
        #expect(!status.output.contains("report this as a bug"))
        let change = await sandbox.run("/usr/bin/setpriv", arguments + ["remind", "in", "5m", "tea"], extra: environment)
        #expect(change.status == 0)
        #expect(change.errors.contains("chmod u+rwx \(runtime.path)"), "\(change.errors)")
        #expect(change.errors.contains("fires its notifications on time"))
        #expect(!change.errors.contains("report this as a bug"))
    }
}
