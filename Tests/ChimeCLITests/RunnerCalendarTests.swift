import ChimeCore
import Foundation
import Testing
@testable import ChimeCLI

@Suite("runner: chime calendar, and export --format ics")
struct RunnerCalendarTests {
    /// A vdir with an event on 2027-03-15 at 10:00 Berlin time, alarms 30 min before (REPEAT 1
    /// after 5 min) and an EMAIL one, and a daily stand-up at 09:00 with one 10 min before.
    static func vdir(in harness: RunnerHarness) throws -> String {
        let folder = harness.directory + "/work"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let dentist = """
            BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:dentist\r\nDTSTAMP:20270101T000000Z\r\nSUMMARY:Dentist\r\n\
            DTSTART;TZID=Europe/Berlin:20270315T100000\r\nDTEND;TZID=Europe/Berlin:20270315T110000\r\n\
            BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:x\r\nTRIGGER:-PT30M\r\nREPEAT:1\r\nDURATION:PT5M\r\nEND:VALARM\r\n\
            BEGIN:VALARM\r\nACTION:EMAIL\r\nDESCRIPTION:x\r\nSUMMARY:x\r\nATTENDEE:mailto:a@example.org\r\nTRIGGER:-PT1H\r\nEND:VALARM\r\n\
            END:VEVENT\r\nEND:VCALENDAR\r\n
            """
        let standup = """
            BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:standup\r\nDTSTAMP:20270101T000000Z\r\nSUMMARY:Stand-up\r\n\
            DTSTART;TZID=Europe/Berlin:20270301T090000\r\nDURATION:PT15M\r\nRRULE:FREQ=DAILY\r\n\
            BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:x\r\nTRIGGER:-PT10M\r\nEND:VALARM\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n
            """
        try Data(dentist.utf8).write(to: URL(fileURLWithPath: folder + "/dentist.ics"))
        try Data(standup.utf8).write(to: URL(fileURLWithPath: folder + "/standup.ics"))
        try Data("not a calendar".utf8).write(to: URL(fileURLWithPath: folder + "/broken.ics"))
        return folder
    }

    @Test("add says what was added; list shows items, pending and files it could not read; remove and set say what changed")
    func addListRemoveSet() throws {
        let harness = RunnerHarness(now: "2027-03-15T08:00:00+01:00")
        let folder = try Self.vdir(in: harness)
        #expect(harness.succeed("calendar", "add", folder, "--default-alert", "15m") == "Calendar work added: \(folder), a folder of 3 .ics files; alarms: the items' own, else 15 min before the start\n")
        let again = harness.run("calendar", "add", folder, "--name", "other")
        #expect(again.exitCode == .dataError)
        #expect(again.errors == "chime: \(folder) is added already, as the calendar work: change it with \"chime calendar set work\"\n")
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(harness.run("calendar", "list", "--json").output.utf8)) as? [[String: Any]])
        #expect(listed.first?["name"] as? String == "work" && listed.first?["items"] as? Int == 2)
        #expect(listed.first?["unreadable_count"] as? Int == 1 && listed.first?["default_alert_seconds"] as? [Int] == [900])
        let text = harness.succeed("calendar", "list")
        #expect(text.contains("work: calendar file \(folder)/broken.ics: it holds no iCalendar data"), "\(text)")
        #expect(harness.succeed("calendar", "set", "work", "--no-alerts") == "Calendar work: no alarms (muted)\n")
        #expect(harness.succeed("calendar", "remove", "work") == "Calendar work removed (\(folder)): 0 pending alarms cancelled; its files are left as they are\n")
        let unknown = harness.run("calendar", "remove", "work")
        #expect(unknown.exitCode == .dataError)
        #expect(unknown.errors == "chime: no calendar is named work: none is added yet (add one with \"chime calendar add PATH\")\n")
    }

    @Test("one of a thing is said in the singular: a set of one calendar of one file, one pending alarm cancelled, one file that cannot be read")
    func singulars() throws {
        let harness = RunnerHarness(now: "2027-03-15T08:00:00+01:00")
        let set = harness.directory + "/calendars"
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
        let folder = set + "/work"
        try FileManager.default.moveItem(atPath: try Self.vdir(in: harness), toPath: folder)
        try FileManager.default.removeItem(atPath: folder + "/standup.ics")
        try FileManager.default.removeItem(atPath: folder + "/broken.ics")
        #expect(harness.succeed("calendar", "add", set) == "Calendar calendars added: \(set), a folder of one calendar (one .ics file); alarms: the items' own\n")
        #expect(harness.succeed("calendar", "remove", "calendars") == "Calendar calendars removed (\(set)): 1 pending alarm cancelled; its files are left as they are\n")
        try Data("not a calendar".utf8).write(to: URL(fileURLWithPath: folder + "/broken.ics"))
        harness.succeed("calendar", "add", folder)
        let doctor = harness.run("doctor").output
        #expect(doctor.contains("calendar work: 1 file cannot be read"), "\(doctor)")
    }

    @Test("cancel of a calendar alarm says when the item's next alarm comes, not that a fast repeats")
    func cancelSaysTheNextAlarm() throws {
        let harness = RunnerHarness(now: "2027-03-15T08:00:00+01:00")
        harness.succeed("calendar", "add", try Self.vdir(in: harness))
        let line = harness.succeed("cancel", "cal/work/standup/20270315T080000Z")
        #expect(line.hasPrefix("Cancelled cal/work/standup/20270315T080000Z; the next alarm of cal/work/standup comes at tomorrow 08:50"), "\(line)")
        #expect(!line.contains("fast"), "\(line)")
    }

    @Test("a path that is no calendar is refused (65) and nothing is stored")
    func missingPath() throws {
        let harness = RunnerHarness(now: "2027-03-15T08:00:00+01:00")
        let missing = harness.run("calendar", "add", harness.directory + "/nowhere")
        #expect(missing.exitCode == .dataError)
        #expect(missing.errors.hasPrefix("chime: cannot use \(harness.directory)/nowhere as a calendar: it cannot be read (No such file or directory"))
        #expect(harness.succeed("calendar", "list") == "No calendars: add one with \"chime calendar add PATH\".\n")
    }

    @Test("calendar alarms: every firing in the window in order, each REPEAT its own row, EMAIL listed as skipped; JSON sorted by trigger_at then uid")
    func alarms() throws {
        let harness = RunnerHarness(now: "2027-03-15T08:00:00+01:00")
        harness.succeed("calendar", "add", try Self.vdir(in: harness))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(harness.run("calendar", "alarms", "--json").output.utf8)) as? [[String: Any]])
        #expect(json.map { $0["trigger_at"] as? String } == [
            "2027-03-15T08:50:00+01:00", "2027-03-15T09:00:00+01:00", "2027-03-15T09:30:00+01:00", "2027-03-15T09:35:00+01:00",
        ])
        #expect(json.map { $0["uid"] as? String } == ["standup", "dentist", "dentist", "dentist"])
        #expect(json[1]["action"] as? String == "EMAIL" && json[1]["shown"] as? Bool == false)
        #expect(json[0]["event_start"] as? String == "2027-03-15T09:00:00+01:00" && json[0]["calendar"] as? String == "work")
        let text = harness.succeed("calendar", "alarms", "--until", "2027-03-15 09:40")
        #expect(text.contains("Dentist (skipped: EMAIL)"), "\(text)")
        let empty = harness.run("calendar", "alarms", "--from", "2027-03-15 09:00", "--until", "2027-03-15 08:00")
        #expect(empty.exitCode == .dataError)
        let unknown = harness.run("calendar", "alarms", "--calendar", "home")
        #expect(unknown.errors == "chime: no calendar is named home: the calendars are work (see \"chime calendar list\")\n")
    }

    @Test("export --format ics: reminders and the fast schedule as events, UID <id>@chime, on standard output")
    func exportICS() throws {
        let harness = RunnerHarness(now: "2027-03-15T08:00:00+01:00")
        harness.succeed("remind", "every", "daily 08:00", "take the pills", "--id", "pills")
        harness.succeed("remind", "in", "2h", "tea", "--id", "tea")
        let text = harness.succeed("export", "--format", "ics")
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n"))
        #expect(text.contains("UID:pills@chime\r\n") && text.contains("UID:tea@chime\r\n"))
        #expect(text.contains("RRULE:FREQ=DAILY;BYHOUR=8;BYMINUTE=0;BYSECOND=0") || text.contains("RRULE:FREQ=DAILY"))
        #expect(text.contains("DTSTART;TZID=Europe/Berlin:20270315T080000\r\n"), "\(text)")
        #expect(text.contains("DTSTART;TZID=Europe/Berlin:20270315T100000\r\n"), "\(text)")
        #expect(text.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n"))
        #expect(harness.run("export", "--format", "ics", "--what", "water").exitCode == .usage)
        #expect(harness.run("export", "--format", "csv", "--to", "/tmp").exitCode == .usage)
    }

    @Test("export --to DIR: one file per item; again later, files unchanged but their stamp are left; an item that ended loses its file")
    func exportToFolder() throws {
        let harness = RunnerHarness(now: "2027-03-15T08:00:00+01:00")
        harness.succeed("remind", "every", "daily 08:00", "take the pills", "--id", "pills")
        harness.succeed("remind", "in", "2h", "tea", "--id", "tea")
        let folder = harness.directory + "/exported"
        #expect(harness.succeed("export", "--format", "ics", "--to", folder) == "Exported 2 items to \(folder): 2 written, 0 unchanged, 0 removed\n")
        harness.advance(300)
        #expect(harness.succeed("export", "--format", "ics", "--to", folder) == "Exported 2 items to \(folder): 0 written, 2 unchanged, 0 removed\n")
        harness.succeed("cancel", "pills")
        #expect(harness.succeed("export", "--format", "ics", "--to", folder) == "Exported 1 item to \(folder): 0 written, 1 unchanged, 1 removed\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["tea@chime.ics"])
    }
}
