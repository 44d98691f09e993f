import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

@Suite("MisfireResolver: late wake-ups after downtime, suspend or a clock jump")
struct MisfireResolverTests {
    let planner = RequestPlanner()
    let start = Fixture.at("2026-06-01T20:00:00+02:00")
    let calendar = Fixture.calendar

    var singleFast: FastingSession {
        FastingSession(id: "f-1", plan: Fixture.plan("16:8"), start: start, remindBefore: [.hours(1)])
    }

    func request(_ identifier: String, kind: RequestKind) throws -> NotificationRequest {
        try #require(planner.requests(for: singleFast, after: start).first { $0.identifier == identifier && $0.kind == kind })
    }

    func water(_ identifier: String, due: Date, closes: Date) -> NotificationRequest {
        NotificationRequest(identifier: identifier, group: "w-1", kind: .water, due: due, tolerance: 300,
                            content: NotificationContent(template: .waterReminder), misfirePolicy: .collapse(until: closes))
    }

    @Test("a request woken by its deadline is on time")
    func onTime() throws {
        let end = try request("fast/f-1/end", kind: .fastEnd)
        let decision = MisfireResolver.resolve([end], now: end.deadline)
        #expect(decision.deliveries == [MisfireResolver.Delivery(request: end, lateness: 10, isLate: false)])
        #expect(decision.drops.isEmpty)
    }

    @Test("a wake-up a moment after the deadline is on time; beyond the slack it is late")
    func slack() throws {
        let strict = NotificationRequest(identifier: "x", group: "g", kind: .reminder, due: start, tolerance: 5,
                                         content: NotificationContent(template: .reminder), misfirePolicy: .drop)
        let timerLatency = MisfireResolver.resolve([strict], now: strict.deadline + 0.0002)
        #expect(timerLatency.deliveries.map(\.isLate) == [false])
        #expect(MisfireResolver.resolve([strict], now: strict.deadline + MisfireResolver.onTimeSlack).deliveries.count == 1)
        #expect(MisfireResolver.resolve([strict], now: strict.deadline + MisfireResolver.onTimeSlack + 0.001).drops.map(\.reason) == [.late])
        #expect(MisfireResolver.resolve([strict], now: strict.deadline + 0.5, slack: 0).drops.map(\.reason) == [.late])
    }

    @Test("a fast's end missed by hours is delivered once, late, saying by how much")
    func lateFastEnd() throws {
        let fast = singleFast
        var queue = PendingQueue<String>()
        var requests: [String: NotificationRequest] = [:]
        for request in planner.requests(for: fast, after: start) {
            requests[request.identifier] = request
            queue.add(request.identifier, due: request.due, deadline: request.deadline)
        }
        // The machine sleeps through the end and wakes three hours later.
        let wake = start + 19 * hour
        let due = queue.popDue(at: wake).map { requests[$0.id]! }
        let decision = MisfireResolver.resolve(due, now: wake)
        #expect(decision.deliveries.map(\.request.identifier) == ["fast/f-1/end"])
        #expect(decision.deliveries.first?.isLate == true)
        #expect(decision.deliveries.first?.lateness == 3 * hour)
        #expect(decision.deliveries.first?.request.content.arguments[ContentArgument.endsAt] == "2026-06-02T10:00:00Z")
        // The nudge an hour before the end lost its point: dropped, with the reason.
        #expect(decision.drops.map(\.request.identifier) == ["fast/f-1/before-1h"])
        #expect(decision.drops.first?.reason == .expired)
        // Once: nothing left in the queue, and deriving again brings nothing back.
        #expect(queue.popDue(at: wake + hour).isEmpty)
        #expect(planner.requests(for: fast, after: wake).isEmpty)
    }

    @Test("a fast's end missed by more than the 24 h grace is dropped")
    func expiredFastEnd() throws {
        let end = try request("fast/f-1/end", kind: .fastEnd)
        let decision = MisfireResolver.resolve([end], now: end.due + 24 * hour)
        #expect(decision.deliveries.isEmpty)
        #expect(decision.drops == [MisfireResolver.Drop(request: end, reason: .expired)])
        let justInside = MisfireResolver.resolve([end], now: end.due + 24 * hour - 1)
        #expect(justInside.deliveries.count == 1)
    }

    @Test("a late nudge is still shown while its fast runs")
    func lateNudge() throws {
        let nudge = try request("fast/f-1/before-1h", kind: .fastNudge)
        let decision = MisfireResolver.resolve([nudge], now: nudge.due + 30 * minute)
        #expect(decision.deliveries.map(\.isLate) == [true])
        #expect(decision.deliveries.map(\.lateness) == [30 * minute])
    }

    @Test("missed water reminders collapse into the newest, shown only inside the window")
    func waterCollapses() {
        let closes = Fixture.at("2026-06-01T21:00:00+02:00")
        let missed = (10...13).map { water("water/w-1/2026-06-01T\($0):00", due: Fixture.at("2026-06-01T\($0):00:00+02:00"), closes: closes) }
        let wake = Fixture.at("2026-06-01T14:30:00+02:00")
        let decision = MisfireResolver.resolve(missed.shuffled(), now: wake)
        #expect(decision.deliveries.map(\.request.identifier) == ["water/w-1/2026-06-01T13:00"])
        #expect(decision.deliveries.first?.isLate == true)
        #expect(Set(decision.drops.map(\.request.identifier)) == Set(missed.dropLast().map(\.identifier)))
        #expect(decision.drops.allSatisfy { $0.reason == .collapsed })

        let afterClosing = MisfireResolver.resolve(missed, now: closes)
        #expect(afterClosing.deliveries.isEmpty)
        #expect(afterClosing.drops.filter { $0.reason == .outsideWindow }.map(\.request.identifier) == ["water/w-1/2026-06-01T13:00"])
    }

    @Test("an on-time water reminder and a missed one of the same schedule give one notification")
    func waterOnTimeAndLate() {
        let closes = Fixture.at("2026-06-01T21:00:00+02:00")
        let missed = water("water/w-1/2026-06-01T10:00", due: Fixture.at("2026-06-01T10:00:00+02:00"), closes: closes)
        let current = water("water/w-1/2026-06-01T11:00", due: Fixture.at("2026-06-01T11:00:00+02:00"), closes: closes)
        let decision = MisfireResolver.resolve([missed, current], now: Fixture.at("2026-06-01T11:01:00+02:00"))
        #expect(decision.deliveries.map(\.request.identifier) == ["water/w-1/2026-06-01T11:00"])
        #expect(decision.deliveries.first?.isLate == false)
        #expect(decision.drops.map(\.reason) == [.collapsed])
    }

    @Test("the daemon's water reminder after four hours of downtime: one late reminder, then the grid")
    func waterDowntime() throws {
        let schedule = WaterSchedule(id: "w-1", interval: .hours(1), window: Fixture.window("09:00", "21:00"))
        let pending = try #require(planner.request(for: schedule, after: Fixture.at("2026-06-01T09:30:00+02:00"), intakes: [], timeZone: Fixture.berlin, calendar: calendar))
        let wake = Fixture.at("2026-06-01T14:30:00+02:00")
        let decision = MisfireResolver.resolve([pending], now: wake)
        #expect(decision.deliveries.map(\.request.identifier) == ["water/w-1/2026-06-01T10:00"])
        let next = planner.request(for: schedule, after: wake, intakes: [], timeZone: Fixture.berlin, calendar: calendar)
        #expect(next?.due == Fixture.at("2026-06-01T15:00:00+02:00"))
    }

    @Test("one-off reminders are delivered late within their grace, dropped after it")
    func reminders() throws {
        let reminder = try #require(planner.request(for: OneOffReminder(id: "r-1", text: "call", due: start), after: start - 1))
        let late = MisfireResolver.resolve([reminder], now: start + 23 * hour)
        #expect(late.deliveries.map(\.isLate) == [true])
        #expect(late.deliveries.map(\.lateness) == [23 * hour])
        let expired = MisfireResolver.resolve([reminder], now: start + 25 * hour)
        #expect(expired.drops.map(\.reason) == [.expired])
    }

    @Test("a drop policy never delivers late, and the order of deliveries is kept")
    func dropPolicyAndOrder() throws {
        let strict = NotificationRequest(identifier: "x", group: "g", kind: .reminder, due: start, tolerance: 5,
                                         content: NotificationContent(template: .reminder), misfirePolicy: .drop)
        let lateDecision = MisfireResolver.resolve([strict], now: start + 7)
        #expect(lateDecision.drops == [MisfireResolver.Drop(request: strict, reason: .late)])
        #expect(MisfireResolver.resolve([strict], now: start + 5).deliveries.count == 1)

        let end = try request("fast/f-1/end", kind: .fastEnd)
        let reminder = try #require(planner.request(for: OneOffReminder(id: "r-1", text: "call", due: end.due - 3), after: start))
        let both = MisfireResolver.resolve([reminder, end], now: end.due + 5)
        #expect(both.deliveries.map(\.request.identifier) == ["remind/r-1", "fast/f-1/end"])
        #expect(both.deliveries.map(\.isLate) == [true, false])
    }
}
