@testable import ChimeNotify
import Dispatch
import Synchronization
import Testing

/// The gate on its own, with calls that finish, hang or never start; outcomes are awaited, and
/// the times only bound the watchdog's (real) timers loosely.
struct ServerCallGateTests {
    let callbacks = DispatchQueue(label: "gate-tests")

    func makeGate(watchdog: Duration = .milliseconds(300), hungAfter: Duration = .milliseconds(50)) -> ServerCallGate {
        ServerCallGate(watchdog: watchdog, hungAfter: hungAfter, callbacks: callbacks)
    }

    @Test func aCallThatFinishesDeliversItsOutcomeOnce() async throws {
        let gate = makeGate()
        let results = Results()
        let ticket = try #require(gate.admit { results.add("failed \($0)") })
        #expect(gate.begin(ticket))
        gate.finish(ticket) { results.add("done") }
        gate.finish(ticket) { results.add("done twice") }
        // A later call that never finishes: its watchdog fires after the first call's deadline
        // and its answer comes on the same serial queue, so any (wrong) late answer to the
        // first call would come before it. No sleep: the probe's answer is the event.
        let probe = try #require(gate.admit { results.add("probe \($0)") })
        #expect(gate.begin(probe))
        #expect(await results.wait(count: 2) == ["done", "probe timedOut"])
        #expect(results.all == ["done", "probe timedOut"])
    }

    @Test func aCallThatNeverFinishesTimesOutAndTheGateTurnsBusy() async throws {
        let gate = makeGate()
        let results = Results()
        let ticket = try #require(gate.admit { results.add("\($0)") })
        #expect(gate.begin(ticket))

        #expect(await results.wait(count: 1) == ["timedOut"])
        #expect(gate.admit { results.add("later \($0)") } == nil)
        #expect(await results.wait(count: 2) == ["timedOut", "later busy"])

        // The late result of the hung call is dropped; the gate is open again.
        gate.finish(ticket) { results.add("late result") }
        let next = try #require(gate.admit { results.add("next \($0)") })
        #expect(gate.begin(next))
        gate.finish(next) { results.add("next done") }
        #expect(await results.wait(count: 3) == ["timedOut", "later busy", "next done"])
    }

    @Test func callsQueuedBehindAHungCallAreAnsweredBusyWithoutWaitingForItsWatchdog() async throws {
        // The watchdog is far longer than any scheduling delay on a loaded machine, so an
        // answer before it can only come from the hung-call detection. (A whole test run once
        // held this test's task back for over two minutes: the hung call then timed out first.)
        let gate = makeGate(watchdog: .seconds(3600), hungAfter: .milliseconds(50))
        let results = Results()
        let hung = try #require(gate.admit { results.add("hung \($0)") })
        #expect(gate.begin(hung))
        let first = try #require(gate.admit { results.add("first \($0)") })
        let second = try #require(gate.admit { results.add("second \($0)") })

        // Answered "busy" (a watchdog would have answered "timed out"), and before the hung call
        // finished: only the hung-call detection answers so. No clock is read: how long a loaded
        // machine takes to schedule the gate's thread proves nothing.
        // Their order is not the point: when the test's thread is held up between the two
        // admissions, the second is refused at once while the first waits for the timer.
        #expect(Set(await results.wait(count: 2, timeout: .seconds(110))) == ["first busy", "second busy"])
        // When the thread gets to them, they are skipped.
        gate.finish(hung) { results.add("hung done") }
        #expect(!gate.begin(first))
        #expect(!gate.begin(second))
        let all = await results.wait(count: 3)
        #expect(all.count == 3 && all.last == "hung done", "\(all)")
    }

    @Test func theWatchdogCountsFromTheMomentACallIsSentNotQueued() async throws {
        let gate = makeGate(watchdog: .milliseconds(100))
        let results = Results()
        let queued = try #require(gate.admit { results.add("queued \($0)") })
        // Waiting its turn for three watchdog periods: not timed out, since it was not sent.
        try await Task.sleep(for: .milliseconds(300))
        #expect(results.all.isEmpty)
        #expect(gate.begin(queued))
        #expect(gate.finish(queued) { results.add("queued done") })
        #expect(await results.wait(count: 1) == ["queued done"])
        // Sent and never finished, it times out one watchdog after it was sent.
        let sent = try #require(gate.admit { results.add("sent \($0)") })
        #expect(gate.begin(sent))
        #expect(await results.wait(count: 2) == ["queued done", "sent timedOut"])
    }

    @Test func aResultAfterTheWatchdogIsReportedAsLate() async throws {
        let gate = makeGate(watchdog: .milliseconds(100))
        let results = Results()
        let ticket = try #require(gate.admit { results.add("\($0)") })
        #expect(gate.begin(ticket))
        #expect(await results.wait(count: 1) == ["timedOut"])
        #expect(gate.finish(ticket) { results.add("late result") } == false)
        let next = try #require(gate.admit { results.add("next \($0)") })
        #expect(gate.begin(next))
        #expect(gate.finish(next) { results.add("next done") })
        #expect(await results.wait(count: 2) == ["timedOut", "next done"])
    }

    @Test func aStuckThreadIsPingedAndBusyEndsWhenItResponds() async throws {
        let gate = makeGate()
        let pings = Results()
        gate.setPing { pings.add("ping") }
        let results = Results()
        let ticket = try #require(gate.admit { results.add("\($0)") })
        #expect(gate.begin(ticket))
        #expect(await results.wait(count: 1) == ["timedOut"])

        #expect(gate.admit { results.add("a \($0)") } == nil)
        #expect(gate.admit { results.add("b \($0)") } == nil)
        #expect(pings.all == ["ping"])  // one request to respond is enough
        gate.threadResponded()

        #expect(gate.admit { _ in } != nil)
    }

    @Test func shuttingDownAnswersWaitingAndLaterCalls() async throws {
        let gate = makeGate(watchdog: .seconds(5))
        let results = Results()
        _ = try #require(gate.admit { results.add("waiting \($0)") })
        gate.shutDown()
        #expect(gate.admit { results.add("later \($0)") } == nil)
        #expect(await results.wait(count: 2) == ["waiting shutDown", "later shutDown"])
    }

    /// Strings recorded from the callback queue, in order.
    final class Results: Sendable {
        private let values = Mutex<[String]>([])

        func add(_ value: String) { values.withLock { $0.append(value) } }

        var all: [String] { values.withLock { $0 } }

        /// The results once there are `count` of them (or what there is after `timeout`).
        func wait(count: Int, timeout: Duration = .seconds(30)) async -> [String] {
            let deadline = ContinuousClock.now + timeout
            while all.count < count, ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(5))
            }
            return all
        }
    }
}
