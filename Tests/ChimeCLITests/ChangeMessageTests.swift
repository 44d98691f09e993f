import ChimeCore
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeCLI

@Suite struct ChangeMessageTests {
    let session = FastingSession(id: "f-3k9", plan: Fixture.plan("16:8"), start: Fixture.at("2026-06-10T20:00:00+02:00"))

    private func messages(at now: String) -> ChangeMessage {
        ChangeMessage(display: Fixture.display(now))
    }

    @Test func fastStartedAsTheIssueShowsIt() {
        #expect(messages(at: "2026-06-10T20:00:00+02:00").fastStarted(session) == "Fast f-3k9 started 20:00, ends tomorrow 12:00 (16:8)")
    }

    @Test func fastStartedVariants() {
        #expect(messages(at: "2026-06-10T18:00:00+02:00").fastStarted(session) == "Fast f-3k9 starts 20:00, ends tomorrow 12:00 (16:8)")
        var rolling = session
        rolling.mode = .rolling
        rolling.tag = "office"
        #expect(messages(at: "2026-06-10T22:00:00+02:00").fastStarted(rolling, replaced: ["f-old"])
            == "Fast f-3k9 started 20:00, ends tomorrow 12:00 (16:8, repeating, tag \"office\"); ended fast f-old")
        let long = FastingSession(id: "f-36", plan: Fixture.plan("36h"), start: Fixture.at("2026-06-10T20:00:00+02:00"))
        #expect(messages(at: "2026-06-10T20:00:00+02:00").fastStarted(long) == "Fast f-36 started 20:00, ends Fri 08:00 (36h)")
        // Started long ago (--ago 20h): its fast is over already.
        #expect(messages(at: "2026-06-11T16:00:00+02:00").fastStarted(session) == "Fast f-3k9 started yesterday 20:00, ended 12:00 (16:8)")
    }

    @Test func fastStopped() {
        #expect(messages(at: "2026-06-11T10:02:00+02:00").fastStopped(session)
            == "Fast f-3k9 stopped after 14 h 2 min, 1 h 58 min short of 16 h (16:8)")
        #expect(messages(at: "2026-06-10T19:00:00+02:00").fastStopped(session)
            == "Fast f-3k9 cancelled before it started (it was due 20:00)")
        var rolling = session
        rolling.mode = .rolling
        #expect(messages(at: "2026-06-11T13:00:00+02:00").fastStopped(rolling)
            == "Fast f-3k9 stopped in its eating window; the last fast of 16 h was completed (16:8)")
    }

    @Test func fastExtended() {
        var extended = session
        extended.fastExtension = FastingSession.Extension(cycle: 0, seconds: 3600)
        #expect(messages(at: "2026-06-10T22:00:00+02:00").fastExtended(extended, by: Fixture.span("1h"))
            == "Fast f-3k9 extended by 1 h, now ends tomorrow 13:00 (in 15 h)")
    }

    @Test func water() {
        let schedule = WaterSchedule(id: "w-7kq", interval: Fixture.span("1h"), window: DailyWindow(from: Fixture.time("09:00"), until: Fixture.time("21:00")), goalML: 2000)
        let m = messages(at: "2026-06-10T13:28:00+02:00")
        let next = Fixture.at("2026-06-10T14:00:00+02:00")
        #expect(m.waterConfigured(schedule, nextReminder: next) == "Water w-7kq: every 1 h, 09:00-21:00, 250 ml a glass, goal 2000 ml; next reminder 14:00 (in 32 min)")
        #expect(m.waterConfigured(schedule, nextReminder: nil).hasSuffix("; no reminder to come"))
        // No space between the interval's unit and 一次.
        let chinese = ChangeMessage(display: TimeDisplay(now: Fixture.at("2026-06-10T13:28:00+02:00"), timeZone: Fixture.berlin, language: .simplifiedChinese))
        #expect(chinese.waterConfigured(schedule, nextReminder: next).hasPrefix("喝水提醒 w-7kq：每 1 小时一次，09:00-21:00，每杯 250 毫升"))
        #expect(m.waterDrank(250, summary: WaterSummary(schedule: schedule, consumedML: 1250, nextReminder: next))
            == "Logged 250 ml: 1250 of 2000 ml today; next reminder 14:00 (in 32 min)")
        #expect(m.waterDrank(500, summary: WaterSummary(schedule: schedule, consumedML: 2100, nextReminder: nil))
            == "Logged 500 ml: 2100 of 2000 ml today, goal reached; no reminder to come")
        #expect(m.waterDrank(300, summary: WaterSummary(schedule: nil, consumedML: 300, nextReminder: nil)) == "Logged 300 ml: 300 ml today")
        #expect(m.waterPaused(until: Fixture.at("2026-06-10T15:28:00+02:00")) == "Water reminders paused until 15:28 (in 2 h)")
        #expect(m.waterResumed(nextReminder: next) == "Water reminders resumed; next reminder 14:00 (in 32 min)")
        #expect(m.waterOff(scheduleID: "w-7kq") == "Water reminders w-7kq turned off")
    }

    @Test func remindersCancelSnoozeConfig() {
        let m = messages(at: "2026-06-10T13:00:00+02:00")
        #expect(m.reminderSet(OneOffReminder(id: "r-4tx", text: "call mom", due: Fixture.at("2026-06-10T15:00:00+02:00")))
            == "Reminder r-4tx at 15:00 (in 2 h): call mom")
        #expect(m.cancelled(["fast/f-3k9/end"]) == "Cancelled fast/f-3k9/end")
        #expect(m.cancelled(["a/1", "a/2", "a/3"], scope: "f-3k9") == "Cancelled 3 pending notifications (f-3k9)")
        #expect(m.cancelled(["a/1"], scope: "all") == "Cancelled 1 pending notification (all)")
        #expect(m.cancelled([]) == "Nothing to cancel")
        #expect(m.snoozed("remind/r-4tx", until: Fixture.at("2026-06-10T13:10:00+02:00")) == "Snoozed remind/r-4tx until 13:10 (in 10 min)")
        #expect(m.configSet(.fastPlan, .plan(Fixture.plan("18:6"))) == "fast.plan set to 18:6")
    }

    @Test func daemonNoticeSaysHowToStartIt() {
        #expect(ChangeMessage.daemonNotRunning.contains("systemctl --user start chimed"))
        #expect(!ChangeMessage.daemonNotRunning.contains("\n"))
    }

    @Test func waterStatusTextAndJSON() throws {
        let schedule = WaterSchedule(id: "w-7kq", interval: Fixture.span("45m"), window: DailyWindow(from: Fixture.time("08:00"), until: Fixture.time("20:00")),
                                     amountML: 300, goalML: 2000, pausedUntil: Fixture.at("2026-06-10T15:00:00+02:00"))
        let display = Fixture.display("2026-06-10T13:00:00+02:00")
        let summary = WaterSummary(schedule: schedule, consumedML: 600, nextReminder: Fixture.at("2026-06-10T15:00:00+02:00"))
        #expect(summary.text(display: display, style: .plain) == """
        Water w-7kq: every 45 min, 08:00-20:00, 300 ml a glass
          today 600 of 2000 ml  ██████░░░░░░░░░░░░░░  30%
          paused until 15:00 (in 2 h); next reminder 15:00 (in 2 h)

        """)
        #expect(try OrderedJSONEncoder().encode(summary.json(display: display))
            == #"{"id":"w-7kq","interval_seconds":2700,"from":"08:00","until":"20:00","amount_ml":300,"goal_ml":2000,"consumed_ml":600,"paused_until":"2026-06-10T15:00:00+02:00","next_reminder":"2026-06-10T15:00:00+02:00","unit":"ml"}"#)
        // Ounces are shown, never stored: the JSON keeps millilitres and names the unit.
        #expect(summary.text(display: display, style: .plain, unit: .ounces).hasPrefix("Water w-7kq: every 45 min, 08:00-20:00, 10.1 oz a glass\n  today 20.3 of 67.6 oz"))
        #expect(try OrderedJSONEncoder().encode(summary.json(display: display, unit: .ounces)).hasSuffix(#""amount_ml":300,"goal_ml":2000,"consumed_ml":600,"paused_until":"2026-06-10T15:00:00+02:00","next_reminder":"2026-06-10T15:00:00+02:00","unit":"oz"}"#))
        let off = WaterSummary(schedule: nil, consumedML: 250, nextReminder: nil)
        #expect(try OrderedJSONEncoder().encode(off.json(display: display))
            == #"{"id":null,"interval_seconds":null,"from":null,"until":null,"amount_ml":null,"goal_ml":null,"consumed_ml":250,"paused_until":null,"next_reminder":null,"unit":"ml"}"#)
        #expect(off.text(display: display, style: .plain).hasPrefix("No water reminders (today 250 ml)."))
    }
}
