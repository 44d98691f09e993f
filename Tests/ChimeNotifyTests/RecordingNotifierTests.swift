import ChimeNotify
import ChimeTestSupport
import Testing

/// The test double behaves like a server where the daemon's tests rely on it.
struct RecordingNotifierTests {
    @Test func showsEverythingAndKeepsIDsPerIdentifier() async {
        let notifier = RecordingNotifier()
        #expect(await notifier.deliver(Fixture.onTime(Fixture.reminder(id: "remind/a", text: "a"))) == .shown(serverID: 1))
        #expect(await notifier.deliver(Fixture.onTime(Fixture.reminder(id: "remind/a", text: "a"))) == .shown(serverID: 1))
        #expect(await notifier.deliver(Fixture.onTime(Fixture.reminder(id: "remind/b", text: "b"), replacing: 5)) == .shown(serverID: 5))
        #expect(notifier.deliveries.map(\.request.identifier) == ["remind/a", "remind/a", "remind/b"])
        #expect(notifier.outcomes.count == 3)
    }

    @Test func manualResponsesWaitForTheTest() async throws {
        let notifier = RecordingNotifier(response: .manual)
        let outcome = ResultBox<DeliveryOutcome>()
        notifier.deliver(Fixture.onTime(Fixture.fastEnd())) { outcome.set($0) }
        #expect(notifier.waitForDeliveries(1, timeout: 1))
        #expect(notifier.waitingCount == 1)
        #expect(notifier.completeNext(with: .serverUnavailable(.noServer)))
        #expect(try await outcome.value() == .serverUnavailable(.noServer))
        #expect(!notifier.completeNext(with: .timedOut))
    }

    @Test func scriptedResponsesAndEvents() async {
        let notifier = RecordingNotifier(response: .scripted { job in
            job.request.kind == .water ? .serverBusy : .shown(serverID: 9)
        })
        let events = EventLog(notifier)
        #expect(await notifier.deliver(Fixture.onTime(Fixture.water())) == .serverBusy)
        #expect(await notifier.deliver(Fixture.onTime(Fixture.fastEnd())) == .shown(serverID: 9))
        notifier.send(.actionInvoked(identifier: "fast/f-1/end", action: .extendOneHour))
        #expect(await events.first { _ in true } == .actionInvoked(identifier: "fast/f-1/end", action: .extendOneHour))
        #expect(await notifier.close([9]) == .closed)
        #expect(notifier.closedServerIDs == [9])
    }
}
