import FoundationEssentials

/// One fast as history sees it: when it ran, when it was meant to end, and whether it is over.
public struct FastRecord: Hashable, Sendable {
    /// The session id.
    public var id: String
    /// The session's plan.
    public var plan: FastingPlan
    /// The session's tag.
    public var tag: String
    /// The rolling cycle number (0 for a single fast).
    public var cycle: Int64
    /// When the fast began.
    public var start: Date
    /// When it ended (stopped or completed), or `now` while it still runs.
    public var end: Date
    /// When it was planned to end, extension included.
    public var goalEnd: Date
    /// When it reached its plan's own length (``FastingSession/Cycle/plannedFastEnd``).
    public var plannedEnd: Date
    /// Whether it is over; a running fast counts toward the chart but not the statistics.
    public var isFinished: Bool

    /// Makes a record.
    public init(id: String, plan: FastingPlan, tag: String = "", cycle: Int64 = 0, start: Date, end: Date, goalEnd: Date, plannedEnd: Date? = nil, isFinished: Bool) {
        self.id = id
        self.plan = plan
        self.tag = tag
        self.cycle = cycle
        self.start = start
        self.end = end
        self.goalEnd = goalEnd
        self.plannedEnd = plannedEnd ?? goalEnd
        self.isFinished = isFinished
    }

    /// Whether the fast ran its plan's length: a fast extended and then stopped during the
    /// extra time is still completed.
    public var completed: Bool { isFinished && end >= plannedEnd }


    /// How long it was fasted.
    public var duration: TimeInterval { max(0, end.timeIntervalSince(start)) }

    /// The fasts of `sessions` that began before `now` and end after `since`: every cycle of a
    /// rolling session, in start order. A fast stopped before it began is no fast and left out.
    /// This is the one place that turns sessions into fasts for history, statistics and export.
    public static func records(from sessions: [FastingSession], now: Date, since: Date) -> [FastRecord] {
        var records: [FastRecord] = []
        for session in sessions {
            let limit = min(now, session.stoppedAt ?? now)
            guard session.start < limit else { continue }
            var first: Int64 = 0
            if session.mode == .rolling, since > session.start {
                // Skip cycles wholly before `since` without walking them (a rolling 10s:5s fast
                // left running for a year has millions).
                first = max(0, session.cycleNumber(at: since) - 1)
            }
            let last = session.cycleNumber(at: limit)
            for number in first...max(first, last) {
                let cycle = session.cycle(number)
                guard cycle.fastStart < limit else { break }
                let end = min(cycle.fastEnd, limit)
                guard end > since else { continue }
                // Over once its planned end has passed, or once a stop cut it short.
                let stoppedEarly = session.stoppedAt.map { $0 <= now && $0 < cycle.fastEnd } ?? false
                records.append(FastRecord(
                    id: session.id, plan: session.plan, tag: session.tag, cycle: number,
                    start: cycle.fastStart, end: end, goalEnd: cycle.fastEnd, plannedEnd: cycle.plannedFastEnd, isFinished: cycle.fastEnd <= now || stoppedEarly
                ))
            }
        }
        return records.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
    }
}
