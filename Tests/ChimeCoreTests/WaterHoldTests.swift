import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

@Suite("WaterHold: what holds water reminders, and the next one after a return")
struct WaterHoldTests {
    let calendar = Fixture.calendar

    func request(_ template: TemplateKey, kind: RequestKind = .water) -> NotificationRequest {
        NotificationRequest(
            identifier: "x", group: "w", kind: kind, due: Fixture.at("2026-06-01T10:00:00+02:00"), tolerance: 0,
            content: NotificationContent(template: template, arguments: [:]), misfirePolicy: .drop
        )
    }

    @Test("each observation holds unless its setting is off; only water reminders are held")
    func settings() {
        #expect(WaterHold(doNotDisturb: true, away: false, settings: [:]).isHolding)
        #expect(WaterHold(doNotDisturb: false, away: true, settings: ["notify.away": "on"]).isHolding)
        #expect(!WaterHold(doNotDisturb: true, away: false, settings: ["notify.dnd": "off"]).isHolding)
        #expect(!WaterHold(doNotDisturb: false, away: true, settings: ["notify.away": "off"]).isHolding)
        #expect(!WaterHold(doNotDisturb: false, away: false, settings: [:]).isHolding)
        let both = WaterHold(doNotDisturb: true, away: true, settings: ["notify.away": "off"])
        #expect(both.doNotDisturb && !both.away)
        #expect(both.reason == "held: do not disturb")
        #expect(WaterHold(doNotDisturb: true, away: true, settings: [:]).reason == "held: away")

        let hold = WaterHold(doNotDisturb: true, away: false, settings: [:])
        #expect(hold.holds(request(.waterReminder)))
        #expect(!hold.holds(request(.waterHeld)), "its own summary goes out")
        #expect(!hold.holds(request(.reminder, kind: .reminder)))
        #expect(!hold.holds(request(.fastComplete, kind: .fastEnd)))
    }

    func schedule(every interval: String, from: String = "08:00", until: String = "22:00", goal: Int? = nil) -> WaterSchedule {
        WaterSchedule(id: "w", interval: Fixture.span(interval), window: Fixture.window(from, until), amountML: 250, goalML: goal)
    }

    func nextDue(_ schedule: WaterSchedule, returned: String, intakes: [WaterIntake] = [], zone: TimeZone = Fixture.berlin) -> String? {
        let plan = WaterHold.planAfterReturn(of: schedule, at: Fixture.at(returned), intakes: intakes, timeZone: zone, calendar: calendar)
        #expect(plan.schedules.isEmpty, "the schedule itself is not written again")
        #expect(plan.cancelledGroups == ["w"], "its pending reminder is replaced")
        return plan.requests.first.map { Fixture.wall($0.due, zone) }
    }

    @Test("after a return the next reminder is one interval later, off the schedule's grid")
    func oneIntervalAfterReturn() {
        // The grid would say 10:45; back at 10:20, the next is 11:05.
        #expect(nextDue(schedule(every: "45m"), returned: "2026-06-01T10:20:00+02:00") == "2026-06-01 11:05 +02:00")
        // A glass drunk before the return counts for the day's intake, not for the timing.
        let intakes = [WaterIntake(instant: Fixture.at("2026-06-01T09:00:00+02:00"), amountML: 250)]
        let plan = WaterHold.planAfterReturn(
            of: schedule(every: "1h", goal: 2000), at: Fixture.at("2026-06-01T12:30:00+02:00"), intakes: intakes, timeZone: Fixture.berlin, calendar: calendar
        )
        #expect(plan.requests.first?.due == Fixture.at("2026-06-01T13:30:00+02:00"))
        #expect(plan.requests.first?.content.arguments[ContentArgument.consumed] == "250")
        #expect(plan.intakes.isEmpty, "nothing is logged")
    }

    @Test("a return late in the window moves the next reminder to the next day's opening; the goal met keeps it there")
    func windowAndGoal() {
        #expect(nextDue(schedule(every: "1h"), returned: "2026-06-01T21:30:00+02:00") == "2026-06-02 08:00 +02:00")
        let met = [WaterIntake(instant: Fixture.at("2026-06-01T11:00:00+02:00"), amountML: 2000)]
        #expect(nextDue(schedule(every: "1h", goal: 2000), returned: "2026-06-01T12:00:00+02:00", intakes: met) == "2026-06-02 08:00 +02:00")
    }

    @Test("across a daylight-saving change the interval is elapsed time, not wall-clock time")
    func acrossDST() {
        // Europe/Berlin springs forward at 02:00 on 2026-03-29: back at 01:30 (+01:00), one
        // hour later is 03:30 (+02:00).
        #expect(nextDue(schedule(every: "1h", from: "00:00", until: "23:59"), returned: "2026-03-29T01:30:00+01:00") == "2026-03-29 03:30 +02:00")
        // And on 2026-10-25 02:00-03:00 comes twice: back at 02:30 (+02:00), an hour later is
        // 02:30 (+01:00), a reading already shown that day, so the next is 03:30 (+01:00).
        let autumn = nextDue(schedule(every: "1h", from: "00:00", until: "23:59"), returned: "2026-10-25T02:30:00+02:00")
        #expect(autumn == "2026-10-25 03:30 +01:00")
    }
}
