@testable import ChimeNotify
import Dispatch
import Synchronization
import Testing

/// The gate on its own, with calls that finish, hang or never start, on a manual clock: time
/// moves only when a test advances it, and outcomes are read once the callback queue has run
/// everything handed to it (no sleeping, no real timers).
struct ServerCallGateTests {
    let callbacks = DispatchQueue(label: "gate-tests")
    let clock = ManualWatchdogClock()

    func makeGate(watchdog: Duration = .milliseconds(300), hungAfter: Duration = .milliseconds(50)) -> ServerCallGate {
        ServerCallGate(watchdog: watchdog, hungAfter: hungAfter, callbacks: callbacks, clock: clock)
    }

    /// What the callback queue recorded, once it has run every outcome handed to it so far.
    func answered(_ results: Results) -> [String] {
        callbacks.sync {}
        return results.all
    }

    @Test func aCallThatFinishesDeliversItsOutcomeOnce() throws {
        let gate = makeGate()
        let results = Results()
        let ticket = try #require(gate.admit { results.add("failed \($0)") })
        #expect(gate.begin(ticket))
        gate.finish(ticket) { results.add("done") }
        gate.finish(ticket) { results.add("done twice") }
        #expect(answered(results) == ["done"])
        // Past the first call's watchdog: no late answer to it.
        clock.advance(by: .seconds(1))
        #expect(answered(results) == ["done"])
        #expect(clock.armedAt == nil, "nothing waits, so the timer is disarmed")
    }

    @Test func aCallThatNeverFinishesTimesOutAndTheGateTurnsBusy() throws {
        let gate = makeGate()
        let results = Results()
        let ticket = try #require(gate.admit { results.add("\($0)") })
        #expect(gate.begin(ticket))

        clock.advance(by: .milliseconds(299))
        #expect(answered(results).isEmpty)
        clock.advance(by: .milliseconds(1))
        #expect(answered(results) == ["timedOut"])
        #expect(gate.admit { results.add("later \($0)") } == nil)
        #expect(answered(results) == ["timedOut", "later busy"])

        // The late result of the hung call is dropped; the gate is open again.
        #expect(!gate.finish(ticket) { results.add("late result") })
        let next = try #require(gate.admit { results.add("next \($0)") })
        #expect(gate.begin(next))
        gate.finish(next) { results.add("next done") }
        #expect(answered(results) == ["timedOut", "later busy", "next done"])
    }

    @Test func callsQueuedBehindAHungCallAreAnsweredBusyWithoutWaitingForItsWatchdog() throws {
        let gate = makeGate(watchdog: .seconds(120), hungAfter: .milliseconds(50))
        let results = Results()
        let hung = try #require(gate.admit { results.add("hung \($0)") })
        #expect(gate.begin(hung))
        let first = try #require(gate.admit { results.add("first \($0)") })
        let second = try #require(gate.admit { results.add("second \($0)") })

        clock.advance(by: .milliseconds(49))
        #expect(answered(results).isEmpty)
        // Answered "busy" (a watchdog would have answered "timed out") long before the hung
        // call's own watchdog: only the hung-call detection answers so.
        clock.advance(by: .milliseconds(1))
        #expect(answered(results) == ["first busy", "second busy"])
        // New calls are refused at once while the thread is stuck.
        #expect(gate.admit { results.add("third \($0)") } == nil)
        #expect(answered(results) == ["first busy", "second busy", "third busy"])
        // When the thread gets to the queued ones, they are skipped.
        gate.finish(hung) { results.add("hung done") }
        #expect(!gate.begin(first))
        #expect(!gate.begin(second))
        #expect(answered(results) == ["first busy", "second busy", "third busy", "hung done"])
    }

    @Test func theWatchdogCountsFromTheMomentACallIsSentNotQueued() throws {
        let gate = makeGate(watchdog: .milliseconds(100))
        let results = Results()
        let queued = try #require(gate.admit { results.add("queued \($0)") })
        // Waiting its turn for three watchdog periods: not timed out, since it was not sent.
        clock.advance(by: .milliseconds(300))
        #expect(answered(results).isEmpty)
        #expect(gate.begin(queued))
        #expect(gate.finish(queued) { results.add("queued done") })
        #expect(answered(results) == ["queued done"])
        // Sent and never finished, it times out one watchdog after it was sent.
        let sent = try #require(gate.admit { results.add("sent \($0)") })
        clock.advance(by: .milliseconds(300))
        #expect(gate.begin(sent))
        clock.advance(by: .milliseconds(99))
        #expect(answered(results) == ["queued done"])
        clock.advance(by: .milliseconds(1))
        #expect(answered(results) == ["queued done", "sent timedOut"])
    }

    @Test func aResultAfterTheWatchdogIsReportedAsLate() throws {
        let gate = makeGate(watchdog: .milliseconds(100))
        let results = Results()
        let ticket = try #require(gate.admit { results.add("\($0)") })
        #expect(gate.begin(ticket))
        clock.advance(by: .milliseconds(100))
        #expect(answered(results) == ["timedOut"])
        #expect(gate.finish(ticket) { results.add("late result") } == false)
        let next = try #require(gate.admit { results.add("next \($0)") })
        #expect(gate.begin(next))
        #expect(gate.finish(next) { results.add("next done") })
        #expect(answered(results) == ["timedOut", "next done"])
    }

    @Test func aStuckThreadIsPingedAndBusyEndsWhenItResponds() throws {
        let gate = makeGate()
        let pings = Results()
        gate.setPing { pings.add("ping") }
        let results = Results()
        let ticket = try #require(gate.admit { results.add("\($0)") })
        #expect(gate.begin(ticket))
        clock.advance(by: .milliseconds(300))
        #expect(answered(results) == ["timedOut"])

        #expect(gate.admit { results.add("a \($0)") } == nil)
        #expect(gate.admit { results.add("b \($0)") } == nil)
        #expect(pings.all == ["ping"])  // one request to respond is enough
        gate.threadResponded()

        #expect(gate.admit { _ in } != nil)
        #expect(answered(results) == ["timedOut", "a busy", "b busy"])
    }

    @Test func shuttingDownAnswersWaitingAndLaterCalls() throws {
        let gate = makeGate(watchdog: .seconds(5))
        let results = Results()
        _ = try #require(gate.admit { results.add("waiting \($0)") })
        gate.shutDown()
        #expect(gate.admit { results.add("later \($0)") } == nil)
        #expect(answered(results) == ["waiting shutDown", "later shutDown"])
    }

    /// Strings recorded from the callback queue, in order.
    final class Results: Sendable {
        private let values = Mutex<[String]>([])

        func add(_ value: String) { values.withLock { $0.append(value) } }

        var all: [String] { values.withLock { $0 } }
    }
}
