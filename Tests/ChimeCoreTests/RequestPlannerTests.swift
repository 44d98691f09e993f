import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

@Suite("RequestPlanner: notification requests derived from sessions, schedules and reminders")
struct RequestPlannerTests {
    let planner = RequestPlanner()
    let start = Fixture.at("2026-06-01T20:00:00+02:00")
    let calendar = Fixture.calendar

    func session(_ plan: String = "16:8", mode: FastingSession.Mode = .single, nudges: [TimeSpan] = []) -> FastingSession {
        FastingSession(id: "f-1", plan: Fixture.plan(plan), start: start, tag: "lent", mode: mode, remindBefore: nudges)
    }

    @Test("a single fast started now yields its end, with the default tolerance and a 24 h grace")
    func singleNow() throws {
        let requests = planner.requests(for: session(), after: start)
        #expect(requests.map(\.identifier) == ["fast/f-1/end"])
        let end = try #require(requests.first)
        #expect(end.group == "f-1")
        #expect(end.kind == .fastEnd)
        #expect(end.due == start + 16 * hour)
        #expect(end.tolerance == 10)
        #expect(end.deadline == start + 16 * hour + 10)
        #expect(end.misfirePolicy == .deliverLate(until: start + 40 * hour))
        #expect(end.content.template == .fastComplete)
        #expect(end.content.arguments[ContentArgument.plan] == "16:8")
        #expect(end.content.arguments[ContentArgument.tag] == "lent")
        #expect(end.content.arguments[ContentArgument.endsAt] == "2026-06-02T10:00:00Z")
    }

    @Test("a fast starting later also yields its start")
    func futureStart() throws {
        let requests = planner.requests(for: session(), after: start - 2 * hour)
        #expect(requests.map(\.identifier) == ["fast/f-1/start", "fast/f-1/end"])
        let begin = try #require(requests.first)
        #expect(begin.kind == .fastStart)
        #expect(begin.due == start)
        #expect(begin.tolerance == 10)
        #expect(begin.misfirePolicy == .deliverLate(until: start + hour))
        #expect(begin.content.template == .fastStarted)
        #expect(begin.content.arguments[ContentArgument.endsAt] == "2026-06-02T10:00:00Z")
    }

    @Test("nudges come before the end, once each, only while still ahead and inside the fast")
    func nudges() {
        let fast = session(nudges: [.hours(1), .minutes(15), .hours(1), .hours(20)])
        let requests = planner.requests(for: fast, after: start)
        #expect(requests.map(\.identifier) == ["fast/f-1/end", "fast/f-1/before-15m", "fast/f-1/before-1h"])
        let hourBefore = requests.first { $0.identifier == "fast/f-1/before-1h" }
        #expect(hourBefore?.kind == .fastNudge)
        #expect(hourBefore?.due == start + 15 * hour)
        #expect(hourBefore?.tolerance == 60)
        #expect(hourBefore?.content.arguments[ContentArgument.left] == "1h")
        #expect(hourBefore?.misfirePolicy == .deliverLate(until: start + 16 * hour))
        // Within the last hour only the 15-minute nudge is still ahead.
        let late = planner.requests(for: fast, after: start + 15 * hour + 1)
        #expect(late.map(\.identifier) == ["fast/f-1/end", "fast/f-1/before-15m"])
    }

    /// With the 60 s tolerance, a nudge 1 min (or less) before the end would share the end's
    /// wake-up, and one under 50 s would even be shown after "Fast complete".
    @Test("a nudge is always shown before the end it counts down to, in a wake-up of its own", arguments: ["1s", "5s", "30s", "45s", "1m", "70s", "5m", "15m", "1h"])
    func nudgeBeforeEnd(lead: String) throws {
        let fast = session(nudges: [Fixture.span(lead)])
        let requests = planner.requests(for: fast, after: start)
        let end = try #require(requests.first { $0.kind == .fastEnd })
        let nudge = try #require(requests.first { $0.kind == .fastNudge })
        #expect(nudge.tolerance <= RequestKind.fastNudge.defaultTolerance)
        #expect(nudge.deadline < end.due, "the nudge's on-time window closes before the fast ends")
        var queue = PendingQueue<String>()
        for request in requests {
            queue.add(request.identifier, due: request.due, deadline: request.deadline)
        }
        var wakes: [[String]] = []
        while let wake = queue.nextWake {
            wakes.append(queue.popDue(at: wake).map(\.id))
        }
        #expect(wakes == [[nudge.identifier], [end.identifier]])
    }

    @Test("nudges keep the 60 s tolerance from ten minutes ahead, a tenth of their lead below that")
    func nudgeTolerance() {
        #expect(RequestKind.nudgeTolerance(before: .hours(1)) == 60)
        #expect(RequestKind.nudgeTolerance(before: .minutes(10)) == 60)
        #expect(RequestKind.nudgeTolerance(before: .minutes(5)) == 30)
        #expect(RequestKind.nudgeTolerance(before: .minutes(1)) == 6)
        #expect(RequestKind.nudgeTolerance(before: TimeSpan(seconds: 1)!) == 0.1)
    }

    @Test("an ended or stopped fast yields nothing; a stop drops what comes after it")
    func endedAndStopped() {
        #expect(planner.requests(for: session(), after: start + 16 * hour).isEmpty)
        var stopped = session(nudges: [.hours(1)])
        stopped.stoppedAt = start + 2 * hour
        #expect(planner.requests(for: stopped, after: start + 2 * hour).isEmpty)
        #expect(planner.requests(for: stopped, after: start + hour).isEmpty)
    }

    @Test("a rolling session yields only the next occurrence of each kind, numbered by cycle")
    func rolling() {
        let fast = session(mode: .rolling, nudges: [.hours(1)])
        let before = planner.requests(for: fast, after: start - hour)
        #expect(before.map(\.identifier) == ["fast/f-1/start", "fast/f-1/end/0", "fast/f-1/before-1h/0", "fast/f-1/eating-end/0"])

        // Fasting in cycle 3: its end, its nudge, and its eating window's end.
        let fasting = planner.requests(for: fast, after: start + 3 * 24 * hour + hour)
        #expect(fasting.map(\.identifier) == ["fast/f-1/end/3", "fast/f-1/before-1h/3", "fast/f-1/eating-end/3"])
        #expect(fasting.map(\.due) == [start + 88 * hour, start + 87 * hour, start + 96 * hour])
        let eatingEnd = fasting.last
        #expect(eatingEnd?.kind == .eatingEnd)
        #expect(eatingEnd?.tolerance == 10)
        #expect(eatingEnd?.content.template == .eatingWindowClosed)
        #expect(eatingEnd?.content.arguments[ContentArgument.cycle] == "3")
        #expect(eatingEnd?.content.arguments[ContentArgument.endsAt] == RequestPlanner.iso(start + 112 * hour))

        // Eating in cycle 3: the next fast's end and nudge, and this eating window's end.
        let eating = planner.requests(for: fast, after: start + 3 * 24 * hour + 17 * hour)
        #expect(eating.map(\.identifier) == ["fast/f-1/end/4", "fast/f-1/before-1h/4", "fast/f-1/eating-end/3"])

        // A thousand cycles in, still exactly one of each.
        let far = planner.requests(for: fast, after: start + 1000 * 24 * hour + 5)
        #expect(far.map(\.identifier) == ["fast/f-1/end/1000", "fast/f-1/before-1h/1000", "fast/f-1/eating-end/1000"])
    }

    @Test("deriving again gives identical requests, so nothing is ever duplicated")
    func deterministic() {
        let fast = session(mode: .rolling, nudges: [.hours(2), .minutes(30)])
        let now = start + 5 * hour
        #expect(planner.requests(for: fast, after: now) == planner.requests(for: fast, after: now))
        // Later, before any of them is due: the same requests.
        #expect(planner.requests(for: fast, after: now + 3 * hour) == planner.requests(for: fast, after: now))
        let water = WaterSchedule(id: "w-1", interval: .minutes(45), window: Fixture.window("09:00", "21:00"), goalML: 2000)
        let first = planner.request(for: water, after: Fixture.at("2026-06-01T10:00:00+02:00"), intakes: [], timeZone: Fixture.berlin, calendar: calendar)
        let second = planner.request(for: water, after: Fixture.at("2026-06-01T10:10:00+02:00"), intakes: [], timeZone: Fixture.berlin, calendar: calendar)
        #expect(first != nil)
        #expect(first == second)
    }

    static let waterTolerances: [(String, TimeInterval)] = [("30s", 3), ("10m", 60), ("30m", 180), ("50m", 300), ("1h", 300), ("3h", 300)]

    @Test("water tolerance is 10% of the interval, at most five minutes", arguments: waterTolerances)
    func waterTolerance(interval: String, tolerance: TimeInterval) {
        #expect(RequestKind.waterTolerance(interval: Fixture.span(interval)) == tolerance)
        let water = WaterSchedule(id: "w-1", interval: Fixture.span(interval), window: Fixture.window("09:00", "21:00"))
        let request = planner.request(for: water, after: Fixture.at("2026-06-01T08:00:00+02:00"), intakes: [], timeZone: Fixture.berlin, calendar: calendar)
        #expect(request?.tolerance == tolerance)
    }

    @Test("a water request is named after its local wall-clock time and collapses until the window closes")
    func waterRequest() throws {
        let water = WaterSchedule(id: "w-1", interval: .hours(1), window: Fixture.window("22:00", "02:00"), amountML: 300, goalML: 1500)
        let intakes = [WaterIntake(instant: Fixture.at("2026-06-01T22:10:00+02:00"), amountML: 300)]
        let request = try #require(planner.request(for: water, after: Fixture.at("2026-06-01T23:30:00+02:00"), intakes: intakes, timeZone: Fixture.berlin, calendar: calendar))
        #expect(request.identifier == "water/w-1/2026-06-02T00:10")
        #expect(request.group == "w-1")
        #expect(request.kind == .water)
        #expect(request.due == Fixture.at("2026-06-02T00:10:00+02:00"))
        #expect(request.misfirePolicy == .collapse(until: Fixture.at("2026-06-02T02:00:00+02:00")))
        #expect(request.content.template == .waterReminder)
        #expect(request.content.arguments == [ContentArgument.amount: "300", ContentArgument.goal: "1500", ContentArgument.consumed: "300"])
        // The same instant in another zone has another name.
        let kolkata = planner.request(for: water, after: Fixture.at("2026-06-01T21:30:00+05:30"), intakes: [], timeZone: Fixture.kolkata, calendar: calendar)
        #expect(kolkata?.identifier == "water/w-1/2026-06-01T22:00")
        // No goal, no goal arguments.
        let plain = WaterSchedule(id: "w-2", interval: .hours(1), window: Fixture.window("09:00", "21:00"))
        let plainRequest = planner.request(for: plain, after: Fixture.at("2026-06-01T08:00:00+02:00"), intakes: [], timeZone: Fixture.berlin, calendar: calendar)
        #expect(plainRequest?.content.arguments == [ContentArgument.amount: "250"])
    }

    @Test("water identifiers stay distinct for reminders less than a minute apart")
    func waterSeconds() {
        let water = WaterSchedule(id: "w-1", interval: TimeSpan(seconds: 20)!, window: Fixture.window("09:00", "09:02"))
        var identifiers: [String] = []
        var now = Fixture.at("2026-06-01T08:59:00+02:00")
        while let request = planner.request(for: water, after: now, intakes: [], timeZone: Fixture.berlin, calendar: calendar),
              request.due < Fixture.at("2026-06-01T09:02:00+02:00") {
            identifiers.append(request.identifier)
            now = request.due
        }
        #expect(identifiers == [
            "water/w-1/2026-06-01T09:00", "water/w-1/2026-06-01T09:00:20", "water/w-1/2026-06-01T09:00:40",
            "water/w-1/2026-06-01T09:01", "water/w-1/2026-06-01T09:01:20", "water/w-1/2026-06-01T09:01:40",
        ])
    }

    @Test("a one-off reminder yields one request with a 5 s tolerance, until its time has passed")
    func reminder() throws {
        let reminder = OneOffReminder(id: "r-1", text: "call mum", due: start)
        let request = try #require(planner.request(for: reminder, after: start - 1))
        #expect(request.identifier == "remind/r-1")
        #expect(request.group == "r-1")
        #expect(request.kind == .reminder)
        #expect(request.tolerance == 5)
        #expect(request.misfirePolicy == .deliverLate(until: start + 24 * hour))
        #expect(request.content.arguments == [ContentArgument.text: "call mum"])
        #expect(planner.request(for: reminder, after: start) == nil)
    }

    @Test("default tolerances per kind; a request's tolerance can be overridden and never goes negative")
    func tolerances() {
        #expect(RequestKind.fastStart.defaultTolerance == 10)
        #expect(RequestKind.fastEnd.defaultTolerance == 10)
        #expect(RequestKind.eatingEnd.defaultTolerance == 10)
        #expect(RequestKind.fastNudge.defaultTolerance == 60)
        #expect(RequestKind.reminder.defaultTolerance == 5)
        #expect(RequestKind.water.defaultTolerance == 300)
        var request = planner.requests(for: session(), after: start)[0]
        request.tolerance = 120
        #expect(request.deadline == request.due + 120)
        let negative = NotificationRequest(identifier: "x", group: "g", kind: .reminder, due: start, tolerance: -5, content: .init(template: .reminder), misfirePolicy: .drop)
        #expect(negative.tolerance == 0)
        #expect(negative.deadline == start)
    }

    @Test("a custom grace changes the late-delivery limits")
    func customGrace() {
        let planner = RequestPlanner(grace: 3600, shortGrace: 60)
        let requests = planner.requests(for: session(mode: .rolling), after: start - 1)
        #expect(requests[0].misfirePolicy == .deliverLate(until: start + 60))
        #expect(requests[1].misfirePolicy == .deliverLate(until: start + 17 * hour))
    }

    @Test("requests survive a Codable round trip")
    func codable() throws {
        let requests = planner.requests(for: session(mode: .rolling, nudges: [.hours(1)]), after: start - 1)
        let data = try JSONEncoder().encode(requests)
        #expect(try JSONDecoder().decode([NotificationRequest].self, from: data) == requests)
    }

    /// The daemon's loop on a pure clock: derive, wait for the earliest deadline, fire what is
    /// due, derive again. Over three days of a rolling 16:8 fast with nudges every expected
    /// notification fires exactly once, in order, inside its [due, deadline].
    @Test("simulated daemon: three days of a rolling fast fire every notification once")
    func simulatedDaemon() {
        let fast = session(mode: .rolling, nudges: [.hours(1), .minutes(15)])
        var queue = PendingQueue<String>()
        var requests: [String: NotificationRequest] = [:]
        func derive(at now: Date) {
            for request in planner.requests(for: fast, after: now) {
                requests[request.identifier] = request
                queue.add(request.identifier, due: request.due, deadline: request.deadline)
            }
        }
        var now = start - 3 * hour
        derive(at: now)
        var fired: [String] = []
        while let wake = queue.nextWake, wake < start + 72 * hour + minute {
            now = wake
            for entry in queue.popDue(at: now) {
                let request = requests[entry.id]!
                #expect(request.due <= now && now <= request.deadline)
                fired.append(entry.id)
            }
            derive(at: now)
        }
        var expected = ["fast/f-1/start"]
        for cycle in 0..<3 {
            expected += ["fast/f-1/before-1h/\(cycle)", "fast/f-1/before-15m/\(cycle)", "fast/f-1/end/\(cycle)", "fast/f-1/eating-end/\(cycle)"]
        }
        #expect(fired == expected)
    }
}
