import ChimeCore
import FoundationEssentials

/// Where a stored notification request stands in its life.
public enum RequestState: String, Hashable, Sendable, CaseIterable, Codable {
    /// Waiting for its due instant (or its retry instant).
    case pending
    /// Handed to the notification server; the outcome is not recorded yet. After a crash, rows
    /// left here are shown again, replacing the bubble they may already have.
    case delivering
    /// Shown; ``StoredRequest/serverID`` names the bubble when the server gave one.
    case delivered
    /// Cancelled before it was shown (it can never be delivered afterwards), or while its
    /// bubble was on screen (the bubble is closed, and its buttons do nothing).
    case cancelled
    /// Not shown: its deadline passed and its misfire policy dropped it.
    case missed

    /// Whether the request may still be shown (pending or on its way to the server).
    public var isLive: Bool { self == .pending || self == .delivering }
}

/// A notification request as the store keeps it: the request plus its delivery state.
public struct StoredRequest: Hashable, Sendable {
    /// The stable row id; the daemon keeps only this and the deadline in memory.
    public let rowID: Int64
    /// The request as derived by `ChimeCore`.
    public let request: NotificationRequest
    /// Where it stands.
    public let state: RequestState
    /// The notification server's id of the bubble showing it, when shown and known.
    public let serverID: UInt32?
    /// How many times delivery began.
    public let attempts: Int
    /// Why the latest delivery attempt failed, or why it was missed.
    public let lastError: String?
    /// Not before this instant: set after a failed attempt (backoff).
    public let retryAt: Date?
    /// Whether the bubble showing it should be closed (it was cancelled, moved or replaced, or
    /// its group was closed).
    public let closeRequested: Bool
    /// The change sequence of the latest write to this row.
    public let changeSequence: Int64

    /// Whether it was shown and its bubble is still on screen as far as the daemon knows: it
    /// has a server id, no close was asked for, and no close was reported.
    public var isOnScreen: Bool { state == .delivered && serverID != nil && !closeRequested }

    /// Why a button pressed on this request's bubble must change nothing, or `nil` when the
    /// bubble still shows the request as it stands: once cancelled, or once a change asked for
    /// its bubble to close (the request was moved, replaced, or its fast or reminder changed),
    /// a bubble still on screen shows what is no longer there.
    public var staleBubbleReason: String? {
        if state == .cancelled { return "it was cancelled" }
        if closeRequested { return "it changed since its bubble was shown, and that bubble is being closed" }
        return nil
    }

    /// The instant it may fire: its due instant, or the retry instant when that is later.
    public var effectiveDue: Date { Self.firingWindow(due: request.due, retryAt: retryAt, tolerance: request.tolerance).effectiveDue }

    /// The latest instant it fires: ``effectiveDue`` plus the request's tolerance, or the retry
    /// instant itself for a retry.
    public var deadline: Date { Self.firingWindow(due: request.due, retryAt: retryAt, tolerance: request.tolerance).deadline }

    /// When a pending row may fire: `[due, due + tolerance]`, or exactly at its retry instant.
    /// A retry is late already; waiting out the tolerance again (up to five minutes for water)
    /// would only make it later.
    static func firingWindow(due: Date, retryAt: Date?, tolerance: TimeInterval) -> (effectiveDue: Date, deadline: Date) {
        guard let retryAt, retryAt > due else { return (due, due.addingTimeInterval(tolerance)) }
        return (retryAt, retryAt)
    }

    /// Makes a value (for callers' test doubles and formatting tests).
    public init(rowID: Int64, request: NotificationRequest, state: RequestState, serverID: UInt32?, attempts: Int, lastError: String?, retryAt: Date?, closeRequested: Bool, changeSequence: Int64) {
        self.rowID = rowID
        self.request = request
        self.state = state
        self.serverID = serverID
        self.attempts = attempts
        self.lastError = lastError
        self.retryAt = retryAt
        self.closeRequested = closeRequested
        self.changeSequence = changeSequence
    }
}
