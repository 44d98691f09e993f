import ChimeCore
import FoundationEssentials

/// One entry of the delivery history: a request shown, or missed and why.
public struct DeliveryRecord: Hashable, Sendable {
    /// What happened.
    public enum Outcome: String, Hashable, Sendable, Codable {
        /// The notification server showed it.
        case delivered
        /// It was not shown (its deadline passed); ``DeliveryRecord/detail`` says why.
        case missed
    }

    /// The request's row id.
    public let rowID: Int64
    /// The request identifier.
    public let identifier: String
    /// The request's group.
    public let group: String
    /// The request's kind.
    public let kind: RequestKind
    /// What happened.
    public let outcome: Outcome
    /// When it happened.
    public let at: Date
    /// When the request was due.
    public let due: Date
    /// The bubble's id on the notification server, when shown and known.
    public let serverID: UInt32?
    /// Why it was missed, or other remarks.
    public let detail: String?

    /// How long after its due instant it happened (never negative).
    public var lateness: TimeInterval { max(0, at.timeIntervalSince(due)) }

    /// Makes a value (for callers' test doubles and formatting tests).
    public init(rowID: Int64, identifier: String, group: String, kind: RequestKind, outcome: Outcome, at: Date, due: Date, serverID: UInt32?, detail: String?) {
        self.rowID = rowID
        self.identifier = identifier
        self.group = group
        self.kind = kind
        self.outcome = outcome
        self.at = at
        self.due = due
        self.serverID = serverID
        self.detail = detail
    }
}
