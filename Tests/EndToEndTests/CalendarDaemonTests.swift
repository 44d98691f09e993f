import ChimeStore
import ChimeTestSupport
import Foundation
import Glibc
import Testing

/// Calendars kept by khal and vdirsyncer, read by the built chimed: alarms on time in a private
/// dunst, items created, edited and deleted by the real tools, no polling.
@Suite("calendars with khal, vdirsyncer, chimed and a notification server", .serialized)
struct CalendarDaemonTests {
    /// The next whole minute at least `lead` seconds ahead.
    static func wholeMinute(atLeast lead: TimeInterval) -> Date {
        let now = Date().timeIntervalSince1970 + lead
        return Date(timeIntervalSince1970: (now / 60).rounded(.up) * 60)
    }

    static func khalTime(_ instant: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
        return String(format: "%04d-%02d-%02d %02d:%02d", parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!)
    }

    @Test("khal creates, edits and deletes events; chimed shows their alarms on time in a private dunst")
    func khalEventsAlarmOnTime() async throws {
        let desktop = try NotificationServerEnvironment.start(label: "calendar-khal", server: .selected())
        defer { desktop.stop() }
        let monitor = try BusMonitor(environment: desktop)
        defer { monitor.stop() }
        let sandbox = CliSandbox(timeZone: "UTC")
        sandbox.environment.merge(desktop.variables) { $1 }
        let folders = CalendarFolders(sandbox: sandbox)
        let vdir = folders.folder("calendars/work")
        let khal = try folders.khalConfiguration(calendar: vdir)
        let daemon = try CliDaemonProcess(sandbox: sandbox)
        defer { daemon.stop() }
        try await daemon.waitUntilAnswering(within: 20)
        #expect(await sandbox.succeed("calendar", "add", vdir, "--name", "work").output.hasPrefix("Calendar work added: \(vdir), a folder of 0 .ics files"))

        // An event starting in a little over a minute, its alarm one minute before.
        let start = Self.wholeMinute(atLeast: 75)
        let alarm = start.addingTimeInterval(-60)
        let created = try await folders.khal(khal, ["new", "-a", "work", "-m", "1m", "-l", "Main St 5", Self.khalTime(start), "30m", "Dentist"])
        #expect(created.status == 0, "khal new: \(created.errors)")
        #expect(try await folders.waitForAlarms { $0.count == 1 }, "chimed log: \(daemon.log)")
        let due = try #require(cliJSONArray(await sandbox.succeed("list", "--json").output)?.first)
        #expect(due["kind"] as? String == "calendar-alarm")
        #expect((due["title"] as? String)?.hasPrefix("Dentist at ") == true)

        // Shown on time: within two seconds of its trigger, once.
        let lead = alarm.timeIntervalSinceNow
        #expect(await monitor.waitUntil(timeout: lead + 15) { $0.bubbles.contains { $0.call.summary.hasPrefix("Dentist at ") } }, "chimed log: \(daemon.log)")
        let bubble = try #require(monitor.bubbles.first { $0.call.summary.hasPrefix("Dentist at ") })
        #expect(bubble.call.summary.hasSuffix("(in 1 min) · Main St 5"), "\(bubble.call.summary)")
        #expect(bubble.call.actionKeys == ["snooze", "dismiss"])
        let shown = try #require(try await folders.waitForHistory(prefix: "cal/work/"), "chimed log: \(daemon.log)")
        #expect(shown.at.timeIntervalSince(alarm) >= 0 && shown.at.timeIntervalSince(alarm) < 2, "shown at \(shown.at), alarm at \(alarm)")

        // A second event, moved with khal edit: its pending alarm follows; deleted: it goes.
        let review = start.addingTimeInterval(3600)
        #expect(try await folders.khal(khal, ["new", "-a", "work", "-m", "10m", Self.khalTime(review), "30m", "Review"]).status == 0)
        #expect(try await folders.waitForAlarms { $0.count == 1 }, "chimed log: \(daemon.log)")
        let before = try #require(await folders.pendingAlarms().first)
        let moved = review.addingTimeInterval(1800)
        let edited = try await folders.khal(khal, ["edit", "Review"], input: "t\n\(Self.khalTime(moved)) 30m\nn\n")
        #expect(edited.status == 0, "khal edit: \(edited.output) \(edited.errors)")
        #expect(try await folders.waitForAlarms { $0.count == 1 && $0 != [before] }, "chimed log: \(daemon.log)")
        let after = try #require(cliJSONArray(await sandbox.succeed("list", "--json").output)?.first)
        #expect((after["due"] as? String)?.contains(String(Self.khalTime(moved.addingTimeInterval(-600)).suffix(5))) == true, "\(after)")
        let deleted = try await folders.khal(khal, ["edit", "Review"], input: "D\ny\n")
        #expect(deleted.status == 0, "khal edit: \(deleted.output) \(deleted.errors)")
        #expect(try await folders.waitForAlarms { $0.isEmpty }, "chimed log: \(daemon.log)")
    }

    @Test("vdirsyncer syncs two filesystem storages, one of them Chime's source: its rename writes are seen")
    func vdirsyncerRenames() async throws {
        let sandbox = CliSandbox(timeZone: "UTC")
        let folders = CalendarFolders(sandbox: sandbox)
        let source = folders.folder("source")
        let phone = folders.folder("phone")
        let status = folders.folder("vdirsyncer-status")
        let configuration = sandbox.root.appendingPathComponent("vdirsyncer.conf").path
        try Data("""
            [general]
            status_path = "\(status)/"

            [pair chime]
            a = "chime_source"
            b = "phone"
            collections = null
            conflict_resolution = "b wins"

            [storage chime_source]
            type = "filesystem"
            path = "\(source)"
            fileext = ".ics"

            [storage phone]
            type = "filesystem"
            path = "\(phone)"
            fileext = ".ics"

            """.utf8).write(to: URL(fileURLWithPath: configuration))
        func sync() async {
            let outcome = await sandbox.run("/usr/bin/vdirsyncer", ["-c", configuration, "sync"])
            #expect(outcome.status == 0, "vdirsyncer sync: \(outcome.output) \(outcome.errors)")
        }
        let discovered = await sandbox.run("/usr/bin/vdirsyncer", ["-c", configuration, "discover", "chime"])
        #expect(discovered.status == 0, "vdirsyncer discover: \(discovered.output) \(discovered.errors)")
        let daemon = try CliDaemonProcess(sandbox: sandbox, arguments: ["--foreground", "--notifier", "stdout"])
        defer { daemon.stop() }
        try await daemon.waitUntilAnswering(within: 20)
        await sandbox.succeed("calendar", "add", source, "--name", "synced")

        let start = Date().addingTimeInterval(3 * 3600).addingTimeInterval(-Date().timeIntervalSince1970.truncatingRemainder(dividingBy: 60))
        try Data(CalendarFolders.event(uid: "sync-1", summary: "Synced", start: start, alarm: "-PT15M").utf8)
            .write(to: URL(fileURLWithPath: phone + "/sync-1.ics"))
        // An item that stays, with an alarm long past: vdirsyncer refuses to empty a side.
        try Data(CalendarFolders.event(uid: "keeper", summary: "Old", start: Date(timeIntervalSince1970: 1_700_000_000)).utf8)
            .write(to: URL(fileURLWithPath: phone + "/keeper.ics"))
        await sync()
        #expect(FileManager.default.fileExists(atPath: source + "/sync-1.ics"))
        #expect(try await folders.waitForAlarms { $0 == ["cal/synced/sync-1/\(CalendarFolders.utc(start))"] }, "chimed log: \(daemon.log)")

        // Moved on the phone: vdirsyncer renames the new version into place.
        let later = start.addingTimeInterval(3600)
        try Data(CalendarFolders.event(uid: "sync-1", summary: "Synced", start: later, alarm: "-PT15M").utf8)
            .write(to: URL(fileURLWithPath: phone + "/sync-1.ics"))
        await sync()
        #expect(try await folders.waitForAlarms { $0 == ["cal/synced/sync-1/\(CalendarFolders.utc(later))"] }, "chimed log: \(daemon.log)")

        // Deleted on the phone: gone here too.
        unlink(phone + "/sync-1.ics")
        await sync()
        #expect(try await folders.waitForAlarms { $0.isEmpty }, "chimed log: \(daemon.log)")
        // vdirsyncer's temporary files never reached chimed's reading.
        #expect(!daemon.log.contains(".tmp"), "\(daemon.log)")
    }

    @Test("exported reminders and the fast schedule are read back by khal at the same times; re-export removes what ended")
    func exportReadBackByKhal() async throws {
        let sandbox = CliSandbox(timeZone: "UTC")
        let folders = CalendarFolders(sandbox: sandbox)
        let exported = folders.folder("exported")
        await sandbox.succeed("remind", "every", "daily 08:00", "take the pills", "--id", "pills")
        await sandbox.succeed("fast", "schedule", "16:8", "daily 20:00")
        let tea = Self.wholeMinute(atLeast: 7200)
        await sandbox.succeed("remind", "at", Self.khalTime(tea), "tea", "--id", "tea")
        let first = await sandbox.succeed("export", "--format", "ics", "--to", exported)
        #expect(first.output.hasPrefix("Exported 3 items to \(exported): 3 written, 0 unchanged, 0 removed"), "\(first.output)")
        let names = try FileManager.default.contentsOfDirectory(atPath: exported).sorted()
        #expect(names.count == 3 && names.contains("pills@chime.ics") && names.contains("tea@chime.ics"), "\(names)")
        #expect(names.allSatisfy { $0.hasSuffix("@chime.ics") })

        let khal = try folders.khalConfiguration(calendar: exported)
        let listed = try await folders.khal(khal, ["list", "--format", "{start-time} {title}", "today", "3d"])
        #expect(listed.status == 0, "khal list: \(listed.errors)")
        #expect(listed.output.components(separatedBy: "08:00 take the pills").count - 1 >= 2, "\(listed.output)")
        #expect(listed.output.contains("20:00 Fast 16:8"), "\(listed.output)")
        #expect(listed.output.contains("\(Self.khalTime(tea).suffix(5)) tea"), "\(listed.output)")

        // The same again changes nothing; a reminder that ended loses its file.
        #expect(await sandbox.succeed("export", "--format", "ics", "--to", exported).output.hasPrefix("Exported 3 items to \(exported): 0 written, 3 unchanged, 0 removed"))
        await sandbox.succeed("cancel", "pills")
        #expect(await sandbox.succeed("export", "--format", "ics", "--to", exported).output.hasPrefix("Exported 2 items to \(exported): 0 written, 2 unchanged, 1 removed"))
        #expect(!FileManager.default.fileExists(atPath: exported + "/pills@chime.ics"))

        // Without --to, one calendar on standard output, with the zone's VTIMEZONE.
        let stdout = await sandbox.succeed("export", "--format", "ics").output
        #expect(stdout.hasPrefix("BEGIN:VCALENDAR") && stdout.contains("UID:tea@chime") && stdout.contains("RRULE:FREQ=DAILY"))
        // Chime reads its own export as no alarms: a source holding it gives no double alarms.
        await sandbox.succeed("calendar", "add", exported, "--name", "own")
        let alarms = await sandbox.succeed("calendar", "alarms", "--until", Self.khalTime(Date().addingTimeInterval(3 * 86_400)), "--json")
        #expect(alarms.output == "[]\n", "\(alarms.output)")
    }
}
