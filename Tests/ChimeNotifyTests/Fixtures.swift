import ChimeCore
import ChimeNotify
import ChimeTestSupport
import Foundation
import Synchronization

/// Requests, jobs and small helpers shared by the notifier tests.
extension Fixture {
    /// 2026-03-02 12:00 UTC, a Monday.
    static let noon = Date(timeIntervalSince1970: 1_772_452_800)

    static func iso(_ date: Date) -> String { date.formatted(.iso8601) }

    static func fastEnd(id: String = "fast/f-1/end", tag: String = "morning", plan: String = "16:8", endsAt: Date = noon) -> NotificationRequest {
        NotificationRequest(
            identifier: id, group: "f-1", kind: .fastEnd, due: endsAt, tolerance: 10,
            content: NotificationContent(template: .fastComplete, arguments: [
                ContentArgument.plan: plan, ContentArgument.tag: tag, ContentArgument.endsAt: iso(endsAt),
            ]),
            misfirePolicy: .deliverLate(until: endsAt.addingTimeInterval(86_400))
        )
    }

    static func fastStart(id: String = "fast/f-1/start", tag: String = "", start: Date = noon, endsAt: Date) -> NotificationRequest {
        NotificationRequest(
            identifier: id, group: "f-1", kind: .fastStart, due: start, tolerance: 10,
            content: NotificationContent(template: .fastStarted, arguments: [
                ContentArgument.plan: "16:8", ContentArgument.tag: tag, ContentArgument.endsAt: iso(endsAt),
            ]),
            misfirePolicy: .deliverLate(until: start.addingTimeInterval(3600))
        )
    }

    static func nudge(left: String = "1h", endsAt: Date) -> NotificationRequest {
        NotificationRequest(
            identifier: "fast/f-1/before-\(left)", group: "f-1", kind: .fastNudge, due: endsAt.addingTimeInterval(-3600), tolerance: 60,
            content: NotificationContent(template: .fastNudge, arguments: [
                ContentArgument.plan: "16:8", ContentArgument.tag: "", ContentArgument.endsAt: iso(endsAt), ContentArgument.left: left,
            ]),
            misfirePolicy: .deliverLate(until: endsAt)
        )
    }

    static func water(id: String = "water/w-1/2026-03-02T12:00", amount: String? = "250", consumed: String? = nil, goal: String? = nil, due: Date = noon) -> NotificationRequest {
        var arguments: [String: String] = [:]
        arguments[ContentArgument.amount] = amount
        arguments[ContentArgument.consumed] = consumed
        arguments[ContentArgument.goal] = goal
        return NotificationRequest(
            identifier: id, group: "w-1", kind: .water, due: due, tolerance: 300,
            content: NotificationContent(template: .waterReminder, arguments: arguments),
            misfirePolicy: .collapse(until: due.addingTimeInterval(3600))
        )
    }

    static func reminder(id: String = "remind/r-1", text: String, due: Date = noon) -> NotificationRequest {
        reminder(id, group: "r-1", text: text, due: due)
    }

    /// A job shown right at its due time, in UTC.
    static func onTime(_ request: NotificationRequest, replacing serverID: UInt32? = nil) -> DeliveryJob {
        DeliveryJob(request: request, now: request.due, timeZone: utc, replacesServerID: serverID)
    }
}

extension Notifier {
    /// The outcome of delivering `job`.
    func deliver(_ job: DeliveryJob) async -> DeliveryOutcome {
        await withCheckedContinuation { continuation in
            deliver(job) { continuation.resume(returning: $0) }
        }
    }

    /// The outcome of closing `serverIDs`.
    func close(_ serverIDs: [UInt32]) async -> CloseOutcome {
        await withCheckedContinuation { continuation in
            close(serverIDs: serverIDs) { continuation.resume(returning: $0) }
        }
    }

    /// The probe's result.
    func probeResult() async -> ServerProbe {
        await withCheckedContinuation { continuation in
            probe { continuation.resume(returning: $0) }
        }
    }
}

/// Collects a notifier's events for a test to wait on.
final class EventLog: Sendable {
    private let events = Mutex<[NotifierEvent]>([])

    /// Collects the events of `notifier`.
    init(_ notifier: some Notifier) {
        notifier.setEventHandler { [self] event in
            events.withLock { $0.append(event) }
        }
    }

    /// Everything seen so far.
    var all: [NotifierEvent] { events.withLock { $0 } }

    /// The first event matching `predicate`, waiting up to `timeout` for it (the server is
    /// another process: polling it with a deadline).
    func first(timeout: TimeInterval = 30, where predicate: (NotifierEvent) -> Bool) async -> NotifierEvent? {
        _ = await Eventually.wait(within: .seconds(timeout)) { all.contains(where: predicate) }
        return all.first(where: predicate)
    }
}
