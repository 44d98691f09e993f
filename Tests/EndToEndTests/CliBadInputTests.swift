import Foundation
import Testing

/// Bad input to the real binary: exit 65 (or 64), one `chime:` line, and a database byte-for-byte
/// the same in content (`sqlite3 .dump`) as before. Serialized, like the commands suite, to keep
/// the load low for the suites with hard time limits.
@Suite("chime binary: bad input changes nothing", .serialized)
struct CliBadInputTests {
    /// A sandbox holding a fast, a water schedule and a reminder.
    static func populated() async -> CliSandbox {
        let sandbox = CliSandbox()
        await sandbox.succeed("fast", "start", "--id", "f-abc", "--remind-before", "1h")
        await sandbox.succeed("water", "every", "1h", "--id", "w-abc")
        await sandbox.succeed("remind", "in", "25m", "tea", "--id", "r-tea")
        return sandbox
    }

    @Test("bad values exit 65 and leave the database unchanged", arguments: [
        ["remind", "in", "5m", ""],
        ["remind", "at", "25:00", "late"],
        ["remind", "in", "0m", "never"],
        ["remind", "in", "-5m", "past"],
        ["remind", "in", "12345678901234567890m", "forever"],
        ["fast", "extend", "12345678901234567890"],
        ["cancel", "r-tea", "r-unknown"],
        ["cancel", "remind/r-unknown"],
        ["config", "set", "notify.urgency.fast", "loud"],
        // An id names one thing: another kind may not take the id of a live one.
        ["remind", "in", "30m", "hi", "--id", "f-abc"],
        ["remind", "in", "30m", "hi", "--id", "w-abc"],
        ["fast", "start", "--replace", "--id", "w-abc"],
        ["fast", "start", "--replace", "--id", "r-tea"],
        ["water", "every", "30m", "--id", "r-tea"],
        // One water schedule at a time.
        ["water", "every", "30m", "--id", "w-other"],
    ])
    func badValue(_ arguments: [String]) async {
        let sandbox = await Self.populated()
        let before = await sandbox.dump()
        #expect(before.contains("r-tea"))
        let outcome = await sandbox.run(CliBinaries.path("chime"), arguments)
        #expect(outcome.status == 65)
        #expect(outcome.output == "")
        #expect(outcome.errors.hasPrefix("chime: "))
        #expect(outcome.errors.split(separator: "\n").count == 1)
        #expect(await sandbox.dump() == before)
    }

    @Test("an argument carrying an unpaired right-to-left override is echoed in the error line without it")
    func bidiOverrideInAnError() async {
        let sandbox = CliSandbox()
        let outcome = await sandbox.run(CliBinaries.path("chime"), ["fast", "start", "16:8\u{202E}x"])
        #expect(outcome.status == 64 || outcome.status == 65, "\(outcome.errors)")
        #expect(outcome.errors.hasPrefix("chime: "))
        #expect(outcome.errors.contains("16:8x"), "\(outcome.errors)")
        #expect(!outcome.errors.unicodeScalars.contains("\u{202E}"), "\(outcome.errors)")
        let added = await sandbox.run(CliBinaries.path("chime"), ["remind", "in", "10m", "pay \u{202E}evil"])
        #expect(added.status == 0)
        #expect(added.output.contains("pay evil"), "\(added.output)")
        #expect(!added.output.unicodeScalars.contains("\u{202E}"))
    }

    @Test("cancelling an unknown id says so and cancels nothing else")
    func cancelUnknown() async {
        let sandbox = await Self.populated()
        let before = await sandbox.dump()
        let outcome = await sandbox.chime("cancel", "r-tea", "x")
        #expect(outcome.status == 65)
        #expect(outcome.errors == "chime: no pending notification or id \"x\": see \"chime list\"\n")
        #expect(await sandbox.dump() == before)
        #expect(await sandbox.succeed("list").output.contains("remind/r-tea"))
    }

    @Test("an unknown zone in TZ exits 65 and changes nothing")
    func unknownZone() async {
        let sandbox = await Self.populated()
        let before = await sandbox.dump()
        let outcome = await sandbox.chime("remind", "in", "5m", "tea", extra: ["TZ": "Mars/Olympus"])
        #expect(outcome.status == 65)
        #expect(outcome.errors == "chime: unknown time zone \"Mars/Olympus\" in TZ: use a name such as Europe/Berlin (see /usr/share/zoneinfo), or unset TZ\n")
        #expect(await sandbox.dump() == before)
    }

    @Test("a tag that is not valid UTF-8 exits 65 and changes nothing")
    func invalidUTF8() async {
        let sandbox = await Self.populated()
        let before = await sandbox.dump()
        // Process takes Swift strings, which cannot hold the byte 0xFF: bash's $'...' quoting
        // makes it, and `exec` hands it to chime unchanged.
        let outcome = await sandbox.run("/bin/bash", ["-c", "exec \"$0\" fast start --replace --tag $'f\\xffo'", CliBinaries.path("chime")])
        #expect(outcome.status == 65)
        #expect(outcome.errors.hasPrefix("chime: argument 5 ("))
        #expect(outcome.errors.contains("is not valid UTF-8 (byte 0xFF at offset 1)"))
        #expect(await sandbox.dump() == before)
    }

    @Test("usage errors exit 64 and change nothing")
    func usage() async {
        let sandbox = await Self.populated()
        let before = await sandbox.dump()
        for arguments in [["fast", "strat"], ["list", "--jsn"], ["cancel"]] {
            #expect(await sandbox.run(CliBinaries.path("chime"), arguments).status == 64, "\(arguments)")
        }
        #expect(await sandbox.dump() == before)
    }
}
