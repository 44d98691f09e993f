import ChimeCore
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeCLI

@Suite("runner: reminders, list, cancel, snooze, export")
struct RunnerPendingTests {
    @Test("remind in and remind at save a reminder and print when it fires")
    func remind() throws {
        let harness = RunnerHarness()
        let output = harness.succeed("remind", "in", "25m", "call", "mom")
        let reminder = try #require(try harness.store().reminders().first)
        #expect(reminder.id.wholeMatch(of: /r-[2-9a-km-z]{3}/) != nil)
        #expect(output == "Reminder \(reminder.id) at 08:25 (in 25 min): call mom\n")
        #expect(reminder.text == "call mom")
        #expect(harness.succeed("remind", "at", "15:00", "dentist", "--id", "r-den") == "Reminder r-den at 15:00 (in 7 h): dentist\n")
        #expect(harness.succeed("remind", "at", "07:00", "early", "--id", "r-ear") == "Reminder r-ear at tomorrow 07:00 (in 23 h): early\n")
        #expect(harness.succeed("remind", "at", "2026-03-12", "09:30", "passport", "--id", "r-pas") == "Reminder r-pas at Thu 09:30 (in 2 d 1 h): passport\n")
        #expect(harness.pending().map(\.request.identifier) == ["remind/\(reminder.id)", "remind/r-den", "remind/r-ear", "remind/r-pas"])

        let past = harness.run("remind", "at", "2026-03-09 09:30", "too late")
        #expect(past.exitCode == .dataError)
        #expect(past.errors == "chime: the reminder time yesterday 09:30 has already passed: choose a time in the future\n", "in the local zone, as given")
    }

    @Test("list shows every pending request with its id and group; --group narrows; --json has the documented shape")
    func list() throws {
        let harness = RunnerHarness()
        #expect(harness.succeed("list").hasPrefix("Nothing pending."))
        #expect(harness.succeed("list", "--json") == "[]\n")
        harness.succeed("fast", "start", "--id", "f-abc", "--remind-before", "1h")
        harness.succeed("remind", "in", "25m", "call mom", "--id", "r-mom")

        let table = harness.succeed("list")
        let rows = table.split(separator: "\n").map(String.init)
        #expect(rows.count == 4)
        #expect(rows[0].hasPrefix("ID"))
        #expect(rows[1].hasPrefix("remind/r-mom"))
        #expect(rows[1].contains("08:25 (in 25 min)"))
        #expect(rows[1].hasSuffix("Reminder: call mom"), "each reminder shows its text: they all have the same title")
        #expect(rows[3].hasSuffix("Fast complete"))
        #expect(rows[2].hasPrefix("fast/f-abc/before-1h"))
        #expect(rows[3].hasPrefix("fast/f-abc/end"))

        let json = harness.succeed("list", "--json")
        let array = try #require(jsonArray(json))
        #expect(array.count == 3)
        let first = try #require(array.first)
        #expect(Set(first.keys) == ["id", "group", "kind", "due", "tolerance_seconds", "title", "body", "state"])
        #expect(first["id"] as? String == "remind/r-mom")
        #expect(first["group"] as? String == "r-mom")
        #expect(first["kind"] as? String == "reminder")
        #expect(first["due"] as? String == "2026-03-10T08:25:00+01:00")
        #expect(first["tolerance_seconds"] as? Int == 5)
        #expect(first["state"] as? String == "pending")
        #expect(first["title"] as? String == "Reminder")
        #expect((first["body"] as? String)?.contains("call mom") == true)
        #expect(array[2]["title"] as? String == "Fast complete")
        #expect(array[1]["title"] as? String == "1 h left")
        #expect(keysAppearInOrder(json, ["id", "group", "kind", "due", "tolerance_seconds", "title", "body", "state"]))

        let group = try #require(jsonArray(harness.succeed("list", "--group", "f-abc", "--json")))
        #expect(group.map { $0["id"] as? String } == ["fast/f-abc/before-1h", "fast/f-abc/end"])
    }

    @Test("cancel of a recurring reminder's id says the reminder ended, not only that one notification was cancelled")
    func cancelEndsRecurring() throws {
        let harness = RunnerHarness()
        harness.succeed("remind", "every", "daily 08:00", "pills", "--id", "pills")
        #expect(harness.succeed("cancel", "pills") == "Cancelled 1 pending notification (pills); reminder pills ended: its history stays (\"chime remind history pills\")\n")
        #expect(harness.succeed("cancel", "pills") == "Nothing to cancel (pills)\n")
    }

    @Test("cancel a request identifier, an id, several, --group and --all")
    func cancel() throws {
        let harness = RunnerHarness()
        harness.succeed("fast", "start", "--id", "f-abc", "--remind-before", "1h")
        harness.succeed("remind", "in", "25m", "tea", "--id", "r-tea")
        harness.succeed("remind", "in", "50m", "call", "--id", "r-cal")

        #expect(harness.succeed("cancel", "fast/f-abc/before-1h") == "Cancelled fast/f-abc/before-1h\n")
        #expect(harness.succeed("cancel", "r-tea") == "Cancelled 1 pending notification (r-tea)\n")
        #expect(harness.pending().map(\.request.identifier) == ["remind/r-cal", "fast/f-abc/end"])
        let nudgesBefore = harness.daemon.nudges.count
        #expect(harness.succeed("cancel", "--group", "f-abc") == "Cancelled 1 pending notification (f-abc); fast f-abc keeps running without its end notification: stop it with \"chime fast stop --id f-abc\"\n")
        #expect(harness.daemon.nudges.count == nudgesBefore + 1)
        #expect(harness.succeed("cancel", "--group", "f-abc") == "Nothing to cancel (f-abc)\n")
        #expect(harness.succeed("cancel", "--all") == "Cancelled 1 pending notification (all)\n")
        #expect(harness.succeed("cancel", "--all") == "Nothing to cancel (all)\n")
        #expect(harness.pending().isEmpty)
        // The fast itself keeps running: only its notifications were cancelled.
        #expect(try harness.store().sessions(notEndedAt: harness.now).map(\.id) == ["f-abc"])
    }

    @Test("cancelling a water reminder skips it: the schedule stays on with its next reminder")
    func cancelSkipsWater() throws {
        let harness = RunnerHarness()
        harness.succeed("water", "every", "45m", "--from", "09:00", "--until", "21:00", "--id", "w-1")
        #expect(harness.pending().map(\.request.identifier) == ["water/w-1/2026-03-10T09:00"])

        #expect(harness.succeed("cancel", "water/w-1/2026-03-10T09:00")
            == "Cancelled water/w-1/2026-03-10T09:00; water reminders w-1 stay on, next at 09:45 (in 1 h 45 min): turn them off with \"chime water off\"\n")
        #expect(harness.pending().map(\.request.identifier) == ["water/w-1/2026-03-10T09:45"])
        #expect(harness.succeed("cancel", "--group", "w-1").hasPrefix("Cancelled 1 pending notification (w-1); water reminders w-1 stay on, next at 10:30"))
        #expect(harness.pending().map(\.request.identifier) == ["water/w-1/2026-03-10T10:30"])
        // Turned off, nothing comes back.
        harness.succeed("water", "off")
        #expect(harness.pending().isEmpty)
    }

    @Test("cancelling a rolling fast's reminder skips to the same reminder of the next cycle")
    func cancelSkipsRollingFast() throws {
        let harness = RunnerHarness()
        // 16:9 repeats in real time (25 h cycles); a 24 h plan would be a schedule on the local clock.
        harness.succeed("fast", "start", "16:9", "--repeat", "--id", "f-r", "--remind-before", "1h")
        let before = harness.pending().map(\.request.identifier)
        #expect(before == ["fast/f-r/before-1h/0", "fast/f-r/end/0", "fast/f-r/eating-end/0"])

        let line = harness.succeed("cancel", "fast/f-r/before-1h/0")
        #expect(line.hasPrefix("Cancelled fast/f-r/before-1h/0; fast f-r repeats, the same reminder comes next at Thu 00:00"), "\(line)")
        #expect(line.hasSuffix(": end it with \"chime fast stop --id f-r\"\n"))
        #expect(harness.pending().map(\.request.identifier) == ["fast/f-r/end/0", "fast/f-r/eating-end/0", "fast/f-r/before-1h/1"])
        // A single fast does not repeat: its cancelled end stays cancelled.
        harness.succeed("fast", "stop")
        harness.succeed("fast", "start", "16:8", "--id", "f-s")
        #expect(harness.succeed("cancel", "fast/f-s/end") == "Cancelled fast/f-s/end; fast f-s keeps running without its end notification: stop it with \"chime fast stop --id f-s\"\n")
        #expect(harness.pending().isEmpty)
    }

    @Test("cancelling an unknown id or identifier fails with 65 and cancels nothing else")
    func cancelUnknown() throws {
        let harness = RunnerHarness()
        harness.succeed("remind", "in", "25m", "tea", "--id", "r-tea")
        harness.succeed("remind", "in", "50m", "call", "--id", "r-cal")
        let before = harness.dump()
        let nudges = harness.daemon.nudges
        for arguments in [
            ["cancel", "r-tea", "r-nope"],
            ["cancel", "remind/r-cal", "remind/r-nope"],
            ["cancel", "--group", "r-nope"],
            ["snooze", "remind/r-nope", "10m"],
            ["snooze", "r-nope", "10m"],
        ] {
            let result = harness.run(arguments)
            #expect(result.exitCode == .dataError, "\(arguments)")
            #expect(result.errors.hasPrefix("chime: no pending notification or id \"") && result.errors.hasSuffix("\": see \"chime list\"\n"), "\(arguments)")
            #expect(result.errors.contains("nope"))
            #expect(result.output == "")
        }
        #expect(harness.dump() == before)
        #expect(harness.daemon.nudges == nudges)
        // A cancelled request is no longer pending: cancelling it again is refused.
        harness.succeed("cancel", "--all")
        #expect(harness.run("cancel", "remind/r-tea").exitCode == .dataError)
    }

    @Test("a shown reminder whose id a water schedule took since cannot be snoozed back: 65, nothing changed")
    func snoozeRefusedWhenTheIDMovedOn() throws {
        let harness = RunnerHarness()
        harness.succeed("remind", "in", "10m", "tea", "--id", "x")
        let shown = try #require(harness.pending().first)
        harness.advance(600)
        #expect(try harness.store().beginDelivery(rowIDs: [shown.rowID], now: harness.now).count == 1)
        try harness.store().completeDelivery(rowID: shown.rowID, serverID: 3, at: harness.now)
        // Shown, so the id is free again.
        harness.succeed("water", "every", "1h", "--id", "x")
        let before = harness.dump()
        let result = harness.run("snooze", "remind/x", "10m")
        #expect(result.exitCode == .dataError)
        #expect(result.errors == "chime: reminder x cannot come back: its id now names water schedule x, which is on; set a new reminder with \"chime remind\"\n")
        #expect(harness.dump() == before)
    }

    @Test("snooze moves a request still to come the duration later than its due time, with the same content")
    func snooze() throws {
        let harness = RunnerHarness()
        harness.succeed("remind", "in", "25m", "tea", "--id", "r-tea")
        let original = try #require(harness.pending().first)
        harness.advance(20 * 60)
        // Due at 08:25, now 08:20: 10 min later is 08:35, never the earlier 08:30.
        #expect(harness.succeed("snooze", "remind/r-tea", "10m") == "Snoozed remind/r-tea until 08:35 (in 15 min)\n")
        let moved = try #require(harness.pending().first)
        #expect(moved.rowID == original.rowID)
        #expect(moved.request.identifier == "remind/r-tea")
        #expect(moved.request.due == Fixture.at("2026-03-10T08:35:00+01:00"))
        // Its text and template are the same; it now carries the occurrence it shows.
        var remembered = original.request.content
        remembered.arguments[ContentArgument.occurrence] = "2026-03-10T07:25:00Z"
        #expect(moved.request.content == remembered)
        #expect(moved.request.misfirePolicy == .deliverLate(until: Fixture.at("2026-03-11T08:35:00+01:00")))
        #expect(try harness.store().reminder(id: "r-tea")?.due == moved.request.due)
        // An id snoozes the group's next notification.
        #expect(harness.succeed("snooze", "r-tea", "1h") == "Snoozed remind/r-tea until 09:35 (in 1 h 15 min)\n")
        // Snoozing what is due in an hour by 15 min never brings it sooner.
        harness.succeed("remind", "in", "1h", "stretch", "--id", "r-later")
        #expect(harness.succeed("snooze", "r-later", "15m") == "Snoozed remind/r-later until 09:35 (in 1 h 15 min)\n")
    }

    @Test("a notification already shown can be snoozed by its identifier; a cancelled one cannot")
    func snoozeShown() throws {
        let harness = RunnerHarness()
        harness.succeed("remind", "in", "5m", "tea", "--id", "r-tea")
        harness.succeed("remind", "in", "5m", "cake", "--id", "r-cake")
        harness.advance(6 * 60)
        let store = harness.store()
        let shown = try #require(try store.request(identifier: "remind/r-tea"))
        _ = try store.beginDelivery(rowIDs: [shown.rowID], now: harness.now)
        try store.completeDelivery(rowID: shown.rowID, serverID: 9, at: harness.now)
        harness.succeed("cancel", "remind/r-cake")

        #expect(harness.succeed("snooze", "remind/r-tea", "10m") == "Snoozed remind/r-tea until 08:16 (in 10 min)\n")
        let snoozed = try #require(try store.request(identifier: "remind/r-tea"))
        #expect(snoozed.state == .pending)
        #expect(snoozed.request.due == harness.now.addingTimeInterval(600))
        #expect(harness.run("snooze", "remind/r-cake", "10m").exitCode == .dataError)
    }

    @Test("export writes fasts, water and pending notifications as CSV and JSON")
    func export() throws {
        let harness = RunnerHarness(now: "2026-03-10T10:00:00+01:00")
        harness.succeed("fast", "start", "1h", "--id", "f-abc", "--tag", "a, \"quoted\" tag")
        harness.advance(2 * 3600)
        harness.succeed("water", "drink", "300")
        harness.succeed("remind", "in", "1h", "stretch", "--id", "r-str")

        let fasts = harness.succeed("export", "--format", "csv")
        #expect(fasts == """
            id,plan,tag,cycle,started_at,ended_at,goal_ends_at,duration_seconds,completed
            f-abc,1h,"a, ""quoted"" tag",0,2026-03-10T10:00:00+01:00,2026-03-10T11:00:00+01:00,2026-03-10T11:00:00+01:00,3600,true

            """)
        let water = try #require(jsonArray(harness.succeed("export", "--format", "json", "--what", "water")))
        #expect(water.count == 1)
        #expect(water.first?["instant"] as? String == "2026-03-10T12:00:00+01:00")
        #expect(water.first?["amount_ml"] as? Int == 300)
        #expect(water.first?["schedule"] is NSNull)
        let pending = harness.succeed("export", "--format", "csv", "--what", "pending")
        // Nothing delivered the fast's end (no daemon here), so it is still pending, overdue.
        let rows = pending.split(separator: "\n").map(String.init)
        #expect(rows.count == 3)
        #expect(rows[0] == "id,group,kind,due,tolerance_seconds,title,body,state")
        #expect(rows[1].hasPrefix("fast/f-abc/end,f-abc,fast-end,2026-03-10T11:00:00+01:00,10,"))
        #expect(rows[2].hasPrefix("remind/r-str,r-str,reminder,2026-03-10T13:00:00+01:00,5,"))
        #expect(rows[2].hasSuffix(",pending"))
    }

    @Test("remind every --from a time the clocks skip says it was moved, as remind at does")
    func recurringFromADaylightSavingGap() throws {
        let harness = RunnerHarness(now: "2027-03-13T12:00:00-05:00", zone: Fixture.newYork)
        let output = harness.succeed("remind", "every", "hourly", "stretch", "--from", "2027-03-14 02:30", "--id", "r-dst")
        #expect(output.hasSuffix("; note: 02:30 does not exist on Mar 14 in America/New_York (the clocks skip it), so it was moved to 03:00\n"))
    }

    @Test("a reminder at a time the clocks skip (daylight saving) says it was moved")
    func reminderInADaylightSavingGap() throws {
        let harness = RunnerHarness(now: "2027-03-13T12:00:00-05:00", zone: Fixture.newYork)
        let output = harness.succeed("remind", "at", "2027-03-14", "02:30", "renew", "passport", "--id", "r-dst")
        #expect(output == "Reminder r-dst at tomorrow 03:00 (in 14 h): renew passport; note: 02:30 does not exist on Mar 14 in America/New_York (the clocks skip it), so it was moved to 03:00\n")
        #expect(harness.pending().first?.request.due == Fixture.at("2027-03-14T03:00:00-04:00"))
        // A time that exists gets no note; a fast started at a skipped time gets one too.
        #expect(!harness.succeed("remind", "at", "2027-03-14", "03:30", "tea").contains("note"))
        let fast = harness.succeed("fast", "start", "--at", "2027-03-14 02:15", "--id", "f-dst")
        #expect(fast == "Fast f-dst starts tomorrow 03:00, ends tomorrow 19:00 (16:8); note: 02:15 does not exist on Mar 14 in America/New_York (the clocks skip it), so it was moved to 03:00\n")
    }
}
