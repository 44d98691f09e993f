import ChimeCore
import Foundation

/// One fast that is over: how long it lasted and whether it ran its full course.
public struct FastRecord: Hashable, Sendable {
    /// The session it belongs to.
    public let sessionID: String
    /// The cycle of a rolling session (0 for a single fast).
    public let cycle: Int64
    /// The session's plan.
    public let plan: FastingPlan
    /// The session's tag.
    public let tag: String
    /// When the fast started.
    public let start: Date
    /// When it was planned to end (extension included).
    public let plannedEnd: Date
    /// When it actually ended: the planned end, or when the user stopped it.
    public let end: Date

    /// How long the fast lasted.
    public var duration: TimeInterval { end.timeIntervalSince(start) }

    /// Whether it ran to its planned end.
    public var isCompleted: Bool { end >= plannedEnd }

    /// Makes a value (for callers' test doubles and formatting tests).
    public init(sessionID: String, cycle: Int64, plan: FastingPlan, tag: String, start: Date, plannedEnd: Date, end: Date) {
        self.sessionID = sessionID
        self.cycle = cycle
        self.plan = plan
        self.tag = tag
        self.start = start
        self.plannedEnd = plannedEnd
        self.end = end
    }
}
