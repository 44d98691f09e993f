import ChimeCore
import ChimeDaemon
import ChimeNotify
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

@Suite("Scheduler: repeating schedules, actions and the time zone")
struct SchedulerRepeatingTests {
    let start = SchedulerHarness.start
    let planner = FastingPlanner()
    /// Every 30 min from 08:00 to 22:00, 250 ml a glass.
    let water = WaterSchedule(
        id: "w", interval: .minutes(30),
        window: DailyWindow(from: WallClockTime(hour: 8, minute: 0)!, until: WallClockTime(hour: 22, minute: 0)!),
        amountML: 250
    )

    func at(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    /// A harness whose store holds `water`, configured at `now` in `zone`.
    func waterHarness(now: Date, zone: TimeZone = SchedulerHarness.utc) throws -> SchedulerHarness {
        let harness = try SchedulerHarness(now: now, zone: zone)
        let calendar = Fixture.calendar(in: zone)
        try harness.store.apply(planner.configure(water, intakes: [], now: now, timeZone: zone, calendar: calendar), now: now)
        try harness.start()
        return harness
    }

    @Test("a delivered water reminder persists the next one in the same transaction")
    func waterFollowUp() throws {
        let harness = try waterHarness(now: at("2026-01-15T09:30:00Z"))
        #expect(try harness.pendingIdentifiers() == ["water/w/2026-01-15T10:00"])
        #expect(harness.timer.armedDeadline == at("2026-01-15T10:00:00Z"), "alone in its window (10% of the interval): on its due instant")
        #expect(harness.scheduler.status().pendingCount == 1)

        harness.advance(to: at("2026-01-15T10:00:00Z"))
        #expect(harness.deliveredIdentifiers == ["water/w/2026-01-15T10:00"])
        let delivered = try #require(try harness.stored("water/w/2026-01-15T10:00"))
        let next = try #require(try harness.stored("water/w/2026-01-15T10:30"))
        #expect(delivered.state == .delivered)
        #expect(next.state == .pending)
        #expect(next.changeSequence == delivered.changeSequence)
        #expect(harness.timer.armedDeadline == at("2026-01-15T10:30:00Z"))

        harness.advance(to: at("2026-01-15T11:05:00Z"))
        #expect(harness.deliveredIdentifiers == ["water/w/2026-01-15T10:00", "water/w/2026-01-15T10:30", "water/w/2026-01-15T11:00"])
        #expect(try harness.pendingIdentifiers() == ["water/w/2026-01-15T11:30"])
        #expect(try harness.isInSync())
    }

    @Test("the language set with chime config reaches the notifier with each delivery; auto leaves it to chimed's locale")
    func languageSetting() throws {
        let harness = try waterHarness(now: at("2026-01-15T09:30:00Z"))
        try harness.store.setSetting(NotificationLanguage.settingKey, to: "zh", now: harness.now)
        harness.advance(to: at("2026-01-15T10:00:00Z"))
        #expect(harness.notifier.deliveries.map(\.language) == [.simplifiedChinese])
        try harness.store.setSetting(NotificationLanguage.settingKey, to: "auto", now: harness.now)
        harness.advance(to: at("2026-01-15T10:30:00Z"))
        #expect(harness.notifier.deliveries.map(\.language) == [.simplifiedChinese, nil])
    }

    @Test("the water unit set with chime config reaches the notifier with each delivery; the request stays in millilitres")
    func waterUnitSetting() throws {
        let harness = try waterHarness(now: at("2026-01-15T09:30:00Z"))
        try harness.store.setSetting(WaterUnit.settingKey, to: "oz", now: harness.now)
        harness.advance(to: at("2026-01-15T10:00:00Z"))
        try harness.store.setSetting(WaterUnit.settingKey, to: "ml", now: harness.now)
        harness.advance(to: at("2026-01-15T10:30:00Z"))
        #expect(harness.notifier.deliveries.map(\.waterUnit) == [.ounces, .millilitres])
        #expect(Set(harness.notifier.deliveries.map { $0.request.content.arguments[ContentArgument.amount] }).count == 1)
    }

    @Test("the urgency set with chime config reaches the notifier with each delivery of its kind")
    func urgencySettings() throws {
        let harness = try waterHarness(now: at("2026-01-15T09:30:00Z"))
        try harness.store.setSetting(UrgencySettings.waterKey, to: "critical", now: harness.now)
        try harness.store.setSetting(UrgencySettings.fastKey, to: "loud", now: harness.now)
        try harness.write(Requests.plan(Requests.reminder("r", due: at("2026-01-15T10:10:00Z"))))
        harness.advance(to: at("2026-01-15T10:20:00Z"))
        let urgencies = harness.notifier.deliveries.map { "\($0.request.identifier) \($0.urgency.map(String.init(describing:)) ?? "own")" }
        #expect(urgencies == ["water/w/2026-01-15T10:00 critical", "remind/r own"])

        try harness.store.setSetting(UrgencySettings.waterKey, to: "low", now: harness.now)
        harness.advance(to: at("2026-01-15T10:35:00Z"))
        #expect(harness.notifier.deliveries.last?.urgency == .low, "a changed setting applies to the next notification")
    }

    @Test("a water reminder missed while asleep past the window's end is dropped with its reason and still schedules the next")
    func droppedWaterSchedulesNext() throws {
        let harness = try waterHarness(now: at("2026-01-15T21:10:00Z"))
        #expect(try harness.pendingIdentifiers() == ["water/w/2026-01-15T21:30"])
        harness.jump(to: at("2026-01-15T23:40:00Z"))
        #expect(harness.notifier.deliveries.isEmpty)
        let missed = try #require(try harness.stored("water/w/2026-01-15T21:30"))
        #expect(missed.state == .missed)
        #expect(missed.lastError == "outside-window")
        let next = try #require(try harness.stored("water/w/2026-01-16T08:00"))
        #expect(next.state == .pending)
        #expect(next.changeSequence == missed.changeSequence, "persisted with the drop, in one transaction")
        #expect(harness.timer.armedDeadline == at("2026-01-16T08:00:00Z"))
    }

    @Test("a rolling fast persists its next cycle when an occurrence is delivered")
    func rollingFollowUp() throws {
        let harness = try SchedulerHarness()
        let session = FastingSession(id: "r", plan: .standard, start: start.addingTimeInterval(-15 * 3600), mode: .rolling)
        try harness.store.apply(try planner.start(session, existing: [], replace: false, now: start), now: start)
        try harness.start()
        #expect(Set(try harness.pendingIdentifiers()) == ["fast/r/end/0", "fast/r/eating-end/0"])

        harness.advance(to: start.addingTimeInterval(3610))
        #expect(harness.deliveredIdentifiers == ["fast/r/end/0"])
        #expect(Set(try harness.pendingIdentifiers()) == ["fast/r/eating-end/0", "fast/r/end/1"])
        let next = try #require(try harness.stored("fast/r/end/1"))
        #expect(next.request.due == start.addingTimeInterval(25 * 3600))
        #expect(next.changeSequence == (try harness.stored("fast/r/end/0"))?.changeSequence)

        harness.advance(to: start.addingTimeInterval(9 * 3600 + 10))
        #expect(harness.deliveredIdentifiers == ["fast/r/end/0", "fast/r/eating-end/0"])
        #expect(Set(try harness.pendingIdentifiers()) == ["fast/r/end/1", "fast/r/eating-end/1"])
    }

    @Test("a single fast does not repeat")
    func singleDoesNotRepeat() throws {
        let harness = try SchedulerHarness()
        let session = FastingSession(id: "s", plan: FastingPlan(fasting: .hours(1), eating: nil), start: start)
        try harness.store.apply(try planner.start(session, existing: [], replace: false, now: start), now: start)
        try harness.start()
        harness.advance(by: 2 * 3600)
        #expect(harness.deliveredIdentifiers == ["fast/s/end"])
        #expect(try harness.pendingIdentifiers().isEmpty)
        #expect(harness.timer.armedDeadline == nil)
    }

    @Test("a time-zone change derives water reminders again in the new zone")
    func timeZoneChange() throws {
        let harness = try waterHarness(now: at("2026-01-15T09:30:00Z"))
        #expect(try harness.pendingIdentifiers() == ["water/w/2026-01-15T10:00"])
        // 09:30 UTC is 04:30 in New York, before the window opens at 08:00 there (13:00 UTC).
        harness.zones.set(TimeZone(identifier: "America/New_York")!)
        harness.scheduler.timeZoneChanged()
        harness.settle()
        #expect(harness.zones.refreshCount == 1)
        #expect(try harness.pendingIdentifiers() == ["water/w/2026-01-15T08:00"])
        #expect(try harness.stored("water/w/2026-01-15T08:00")?.request.due == at("2026-01-15T13:00:00Z"))
        #expect(try harness.stored("water/w/2026-01-15T10:00")?.state == .cancelled)
        #expect(harness.timer.armedDeadline == at("2026-01-15T13:00:00Z"))
        #expect(harness.notifier.deliveries.isEmpty)
    }

    @Test("a reminder due at the time-zone change is shown once, and the next one follows in the new zone")
    func timeZoneChangeWhileDue() throws {
        let harness = try waterHarness(now: at("2026-01-15T09:30:00Z"))
        // 10:01 UTC: the 10:00 reminder is due but its timer has not fired yet.
        harness.clock.set(to: at("2026-01-15T10:01:00Z"))
        // Berlin is UTC+1: 11:01 there, so the grid gives 11:30 Berlin = 10:30 UTC.
        harness.zones.set(TimeZone(identifier: "Europe/Berlin")!)
        harness.scheduler.timeZoneChanged()
        harness.settle()
        #expect(harness.deliveredIdentifiers == ["water/w/2026-01-15T10:00"])
        #expect(try harness.pendingIdentifiers() == ["water/w/2026-01-15T11:30"])
        harness.advance(to: at("2026-01-15T10:20:00Z"))
        #expect(harness.notifier.deliveries.count == 1, "nothing shown twice")
        #expect(try harness.isInSync())
    }

    // MARK: Actions

    @Test("\"Drank\" logs the schedule's amount, moves the next reminder and closes the bubble")
    func drank() throws {
        let harness = try waterHarness(now: at("2026-01-15T09:30:00Z"))
        harness.advance(to: at("2026-01-15T10:03:00Z"))
        let shown = try #require(try harness.stored("water/w/2026-01-15T10:00")?.serverID)
        harness.clock.set(to: at("2026-01-15T10:05:00Z"))
        harness.notifier.send(.actionInvoked(identifier: "water/w/2026-01-15T10:00", action: .drank))
        harness.receive(1)

        let intakes = try harness.store.intakes(forSchedule: "w", since: at("2026-01-15T00:00:00Z"))
        #expect(intakes == [WaterIntake(instant: at("2026-01-15T10:05:00Z"), amountML: 250)])
        #expect(try harness.pendingIdentifiers() == ["water/w/2026-01-15T10:35"])
        #expect(try harness.stored("water/w/2026-01-15T10:30")?.state == .cancelled)
        #expect(harness.notifier.closedServerIDs == [shown])
        #expect(harness.timer.armedDeadline == at("2026-01-15T10:35:00Z"))
        #expect(try harness.isInSync())
    }

    @Test("\"Snooze\" closes the bubble and shows the same request again later, with its content, as a new bubble")
    func snooze() throws {
        let harness = try SchedulerHarness()
        try harness.store.apply(Requests.plan(Requests.reminder("a", due: start.addingTimeInterval(60))), now: start)
        try harness.start()
        harness.advance(to: start.addingTimeInterval(65))
        let first = try #require(harness.notifier.deliveries.first)
        let shown = try #require(try harness.stored("remind/a")?.serverID)

        harness.clock.set(to: start.addingTimeInterval(70))
        harness.notifier.send(.actionInvoked(identifier: "remind/a", action: .snoozeTenMinutes))
        harness.receive(1)
        let snoozed = try #require(try harness.stored("remind/a"))
        #expect(snoozed.state == .pending)
        #expect(snoozed.request.due == start.addingTimeInterval(670))
        // The same content, carrying the occurrence it shows (for the reminder's history).
        var remembered = first.request.moved(to: start.addingTimeInterval(670))
        remembered.content.arguments[ContentArgument.occurrence] = first.request.due.formatted(.iso8601)
        #expect(snoozed.request == remembered, "its misfire bound moves with it, as with chime snooze")
        let snoozes = try harness.store.reminderSnoozes(since: start)
        #expect(snoozes.map(\.identifier) == ["remind/a"], "the snooze is recorded as what happened")
        #expect(snoozes.first?.from == first.request.due)
        #expect(snoozes.first?.until == start.addingTimeInterval(670))
        #expect(harness.notifier.closedServerIDs == [shown], "the snoozed bubble does not stay on screen")
        #expect(snoozed.serverID == nil)

        harness.advance(to: start.addingTimeInterval(700))
        #expect(harness.deliveredIdentifiers == ["remind/a", "remind/a"])
        #expect(harness.notifier.deliveries.last?.replacesServerID == nil)
        #expect(harness.notifier.deliveries.last?.isLate == false)
    }

    @Test("a water reminder whose schedule is gone is recorded as missed, never shown (the orphan of a follow-up racing water off)")
    func orphanWaterReminderIsNotShown() throws {
        let harness = try waterHarness(now: at("2026-01-15T09:30:00Z"))
        // What the race leaves: the schedule deleted, a reminder of it still pending (written
        // by the daemon after chime water off cancelled the group).
        var removal = ChangePlan()
        removal.deletedSchedules = ["w"]
        try harness.write(removal)
        #expect(try harness.pendingIdentifiers() == ["water/w/2026-01-15T10:00"])

        harness.advance(to: at("2026-01-15T11:00:00Z"))
        #expect(harness.notifier.deliveries.isEmpty)
        let orphan = try #require(try harness.stored("water/w/2026-01-15T10:00"))
        #expect(orphan.state == .missed)
        #expect(orphan.lastError == "its water schedule was removed")
        #expect(try harness.pendingIdentifiers().isEmpty, "and nothing follows it")
        #expect(try harness.isInSync())
    }

    @Test("\"Snooze\" on a water bubble moves the schedule's next reminder: the one planned after it does not come")
    func waterSnoozeMovesTheNext() throws {
        let harness = try waterHarness(now: at("2026-01-15T09:30:00Z"))
        harness.advance(to: at("2026-01-15T10:03:00Z"))
        #expect(try harness.pendingIdentifiers() == ["water/w/2026-01-15T10:30"])
        harness.clock.set(to: at("2026-01-15T10:05:00Z"))
        harness.notifier.send(.actionInvoked(identifier: "water/w/2026-01-15T10:00", action: .snoozeFifteenMinutes))
        harness.receive(1)
        #expect(try harness.stored("water/w/2026-01-15T10:00")?.request.due == at("2026-01-15T10:20:00Z"))
        #expect(try harness.stored("water/w/2026-01-15T10:30")?.state == .cancelled)
        // At least one interval after the snoozed one.
        #expect(try harness.pendingIdentifiers().sorted() == ["water/w/2026-01-15T10:00", "water/w/2026-01-15T11:00"])
        harness.advance(to: at("2026-01-15T11:05:00Z"))
        #expect(harness.deliveredIdentifiers == ["water/w/2026-01-15T10:00", "water/w/2026-01-15T10:00", "water/w/2026-01-15T11:00"])
        #expect(try harness.pendingIdentifiers() == ["water/w/2026-01-15T11:30"])
        #expect(try harness.isInSync())
    }

    @Test("\"Snooze\" on a water bubble after water off adds nothing")
    func snoozeAfterWaterOff() throws {
        let harness = try waterHarness(now: at("2026-01-15T09:30:00Z"))
        harness.advance(to: at("2026-01-15T10:03:00Z"))
        #expect(harness.deliveredIdentifiers == ["water/w/2026-01-15T10:00"])
        try harness.write(planner.remove(water))
        harness.notifier.send(.actionInvoked(identifier: "water/w/2026-01-15T10:00", action: .snoozeFifteenMinutes))
        harness.receive(1)
        #expect(try harness.pendingIdentifiers().isEmpty)
    }

    @Test("a rolling fast's end the user cancelled stays cancelled when its nudge is shown")
    func cancelledOccurrenceStaysCancelled() throws {
        let harness = try SchedulerHarness()
        // In its fast, 30 min to the end: the nudge 15 min before the end is still to come.
        let session = FastingSession(
            id: "r", plan: .standard, start: start.addingTimeInterval(-16 * 3600 + 1800), mode: .rolling, remindBefore: [.minutes(15)]
        )
        try harness.store.apply(try planner.start(session, existing: [], replace: false, now: start), now: start)
        try harness.start()
        #expect(try harness.pendingIdentifiers().contains("fast/r/end/0"))

        var cancel = ChangePlan()
        cancel.cancelledIdentifiers = ["fast/r/end/0"]
        try harness.write(cancel)
        // The nudge is shown; its follow-up derives the rest of the cycle again.
        harness.advance(to: start.addingTimeInterval(1000))
        #expect(harness.deliveredIdentifiers == ["fast/r/before-15m/0"])
        #expect(try harness.stored("fast/r/end/0")?.state == .cancelled)

        harness.advance(to: start.addingTimeInterval(2 * 3600))
        #expect(!harness.deliveredIdentifiers.contains("fast/r/end/0"))
        #expect(try harness.isInSync())
    }

    @Test("\"End fast\" stops the session and cancels what it had pending")
    func endFast() throws {
        let harness = try SchedulerHarness()
        let session = FastingSession(id: "r", plan: .standard, start: start.addingTimeInterval(-16 * 3600 + 60), mode: .rolling)
        try harness.store.apply(try planner.start(session, existing: [], replace: false, now: start), now: start)
        try harness.start()
        harness.advance(to: start.addingTimeInterval(80))
        #expect(harness.deliveredIdentifiers == ["fast/r/end/0"])
        #expect(!(try harness.pendingIdentifiers().isEmpty))

        harness.notifier.send(.actionInvoked(identifier: "fast/r/end/0", action: .endFast))
        harness.receive(1)
        #expect(try harness.store.session(id: "r")?.stoppedAt == harness.now)
        #expect(try harness.pendingIdentifiers().isEmpty)
        #expect(harness.timer.armedDeadline == nil)
    }

    @Test("\"End fast\" on the bubble of an earlier cycle changes nothing but closing that bubble: the running cycle goes on")
    func endFastOnAnEarlierCycle() throws {
        let harness = try SchedulerHarness()
        let session = FastingSession(id: "r", plan: .standard, start: start.addingTimeInterval(-16 * 3600 + 60), mode: .rolling)
        try harness.store.apply(try planner.start(session, existing: [], replace: false, now: start), now: start)
        try harness.start()
        harness.advance(to: start.addingTimeInterval(80))
        #expect(harness.deliveredIdentifiers == ["fast/r/end/0"])
        // Cycle 1 has begun when the user presses End fast on cycle 0's bubble.
        harness.advance(to: start.addingTimeInterval(8 * 3600 + 120))
        let shown = try #require(try harness.stored("fast/r/end/0")?.serverID)
        let pendingBefore = try harness.pendingIdentifiers()
        harness.notifier.send(.actionInvoked(identifier: "fast/r/end/0", action: .endFast))
        harness.receive(1)
        #expect(try harness.store.session(id: "r")?.stoppedAt == nil)
        #expect(try harness.pendingIdentifiers() == pendingBefore)
        #expect(harness.notifier.closedServerIDs == [shown])
        #expect(harness.logLines.value.filter { $0.contains("action end-fast on fast/r/end/0 ignored") && $0.contains("cycle 0") }.count == 1)
    }

    @Test("\"Extend 1 h\" on a completed fast moves its end an hour later")
    func extend() throws {
        let harness = try SchedulerHarness()
        let session = FastingSession(id: "s", plan: .standard, start: start.addingTimeInterval(-16 * 3600 + 60))
        try harness.store.apply(try planner.start(session, existing: [], replace: false, now: start), now: start)
        try harness.start()
        harness.advance(to: start.addingTimeInterval(80))
        #expect(harness.deliveredIdentifiers == ["fast/s/end"])

        harness.notifier.send(.actionInvoked(identifier: "fast/s/end", action: .extendOneHour))
        harness.receive(1)
        let extended = try #require(try harness.store.session(id: "s"))
        #expect(extended.fastExtension == FastingSession.Extension(cycle: 0, seconds: 3600))
        let end = try #require(try harness.stored("fast/s/end"))
        #expect(end.state == .pending)
        #expect(end.request.due == start.addingTimeInterval(3660))

        harness.advance(by: 2 * 3600)
        #expect(harness.deliveredIdentifiers == ["fast/s/end", "fast/s/end"])
    }

    @Test("an action on a request that no longer exists, or that the domain refuses, changes nothing")
    func refusedActions() throws {
        let harness = try SchedulerHarness()
        try harness.start()
        let before = try harness.store.currentSequence()
        harness.notifier.send(.actionInvoked(identifier: "remind/nothing", action: .snoozeTenMinutes))
        harness.receive(1)
        #expect(try harness.store.currentSequence() == before)
        #expect(harness.logLines.value.contains { $0.contains("no longer exists") })
    }
}
