import FoundationEssentials

/// One fast the user started: once, or repeating from an anchor instant.
public struct FastingSession: Hashable, Codable, Sendable {
    /// Whether the session is one fast or repeats forever.
    public enum Mode: String, Hashable, Codable, Sendable {
        /// One fast (and its eating window, when the plan has one), then the session ends.
        case single
        /// Fast and eating windows repeat from ``FastingSession/start`` until stopped.
        case rolling
    }

    /// Extra fasting time added to one cycle's fast.
    public struct Extension: Hashable, Codable, Sendable {
        /// The cycle whose fast is longer (always 0 for a single fast).
        public var cycle: Int64
        /// How much longer.
        public var seconds: Int64

        /// Makes an extension of `seconds` for `cycle`.
        public init(cycle: Int64, seconds: Int64) {
            self.cycle = cycle
            self.seconds = seconds
        }
    }

    /// The identifier the user sees and types (`f-3k9`).
    public var id: String
    /// Fasting and eating durations.
    public var plan: FastingPlan
    /// When the (first) fast starts; the anchor of a rolling session.
    public var start: Date
    /// Free text the user attached, shown in notifications.
    public var tag: String
    /// One fast or repeating.
    public var mode: Mode
    /// When the user stopped the session, if they did.
    public var stoppedAt: Date?
    /// Nudges before each fast ends ("1 h left").
    public var remindBefore: [TimeSpan]
    /// Extra fasting time for one cycle, if the user extended a fast.
    public var fastExtension: Extension?
    /// The fast schedule this session is an occurrence of (``FastSchedule``), if any.
    public var scheduleID: String?
    /// Where a scheduled fast's ends fall on the local clock, replacing the plan's real-time
    /// lengths (a single session only).
    public var localEnds: LocalEnds?
    /// Which instance of its fast schedule this is (``FastSchedule/instanceKey(startingAt:timeZone:calendar:)``),
    /// for a fast of a schedule; `nil` for a fast started by hand.
    public var instanceKey: String?

    /// The instants a fast of a schedule ends and its eating window closes, fixed on the local
    /// clock when the occurrence is made.
    public struct LocalEnds: Hashable, Codable, Sendable {
        /// When the fast ends (before any extension).
        public var fastEnd: Date
        /// When the eating window closes.
        public var eatingEnd: Date

        /// Makes the ends.
        public init(fastEnd: Date, eatingEnd: Date) {
            self.fastEnd = fastEnd
            self.eatingEnd = eatingEnd
        }
    }

    /// Makes a session.
    public init(
        id: String,
        plan: FastingPlan,
        start: Date,
        tag: String = "",
        mode: Mode = .single,
        stoppedAt: Date? = nil,
        remindBefore: [TimeSpan] = [],
        fastExtension: Extension? = nil,
        scheduleID: String? = nil,
        localEnds: LocalEnds? = nil,
        instanceKey: String? = nil
    ) {
        self.id = id
        self.plan = plan
        self.start = start
        self.tag = tag
        self.mode = mode
        self.stoppedAt = stoppedAt
        self.remindBefore = remindBefore
        self.fastExtension = fastExtension
        self.scheduleID = scheduleID
        self.localEnds = localEnds
        self.instanceKey = instanceKey
    }

    /// One fast of the session and the eating window after it.
    public struct Cycle: Hashable, Sendable {
        /// The cycle number (0 for a single fast or the first rolling cycle).
        public let number: Int64
        /// When this cycle's fast starts.
        public let fastStart: Date
        /// When this cycle's fast ends (extension included).
        public let fastEnd: Date
        /// When this cycle's eating window ends (equal to `fastEnd` without eating window).
        public let eatingEnd: Date
        /// When the fast reaches its plan's own length, extension left out: from then on it
        /// counts as completed, however it ends (time added by extending is a bonus).
        public let plannedFastEnd: Date

        /// Whether this fast, ended at `end`, is completed: it lasted its plan's own length. The
        /// one rule for `fast stop`, `fast status` and the history alike.
        public func isCompleted(endingAt end: Date) -> Bool {
            end >= plannedFastEnd
        }
    }

    /// The fast and eating window of cycle `number`.
    ///
    /// A rolling cycle ends exactly where the next one starts (both come from
    /// ``CyclePosition/start(ofCycle:anchor:length:)``), and an extension only moves time from
    /// its eating window to its fast, never past the next cycle's start.
    public func cycle(_ number: Int64) -> Cycle {
        let extra = fastExtension.map { $0.cycle == number ? TimeInterval(max(0, $0.seconds)) : 0 } ?? 0
        switch mode {
        case .single:
            if let localEnds {
                let fastEnd = localEnds.fastEnd.addingTimeInterval(extra)
                return Cycle(number: number, fastStart: start, fastEnd: fastEnd, eatingEnd: max(fastEnd, localEnds.eatingEnd), plannedFastEnd: localEnds.fastEnd)
            }
            let fastEnd = start.addingTimeInterval(plan.fasting.timeInterval + extra)
            let eatingEnd = fastEnd.addingTimeInterval(plan.eating?.timeInterval ?? 0)
            let planned = start.addingTimeInterval(plan.fasting.timeInterval)
            return Cycle(number: number, fastStart: start, fastEnd: fastEnd, eatingEnd: eatingEnd, plannedFastEnd: planned)
        case .rolling:
            let fastStart = CyclePosition.start(ofCycle: number, anchor: start, length: plan.cycleLength)
            let eatingEnd = CyclePosition.start(ofCycle: number + 1, anchor: start, length: plan.cycleLength)
            let fastEnd = min(fastStart.addingTimeInterval(plan.fasting.timeInterval + extra), eatingEnd)
            let planned = min(fastStart.addingTimeInterval(plan.fasting.timeInterval), eatingEnd)
            return Cycle(number: number, fastStart: fastStart, fastEnd: fastEnd, eatingEnd: eatingEnd, plannedFastEnd: planned)
        }
    }

    /// The cycle that holds `instant` (cycle 0 for a single fast, and before a rolling anchor).
    public func cycleNumber(at instant: Date) -> Int64 {
        guard mode == .rolling, instant >= start else { return 0 }
        return CyclePosition(of: instant, anchor: start, length: plan.cycleLength).cycle
    }

    /// The phase and its timing at `now`: a pure function of the session and the instant.
    public func status(at now: Date) -> PhaseStatus {
        if let stoppedAt, now >= stoppedAt {
            return PhaseStatus(phase: .ended, cycle: cycleNumber(at: stoppedAt), phaseStart: stoppedAt, nextChange: nil, now: now)
        }
        if now < start {
            return PhaseStatus(phase: .scheduled, cycle: 0, phaseStart: nil, nextChange: capped(start), now: now)
        }
        let current = cycle(cycleNumber(at: now))
        if now < current.fastEnd {
            return PhaseStatus(phase: .fasting, cycle: current.number, phaseStart: current.fastStart, nextChange: capped(current.fastEnd), now: now)
        }
        if now < current.eatingEnd {
            return PhaseStatus(phase: .eating, cycle: current.number, phaseStart: current.fastEnd, nextChange: capped(current.eatingEnd), now: now)
        }
        // Only a single session gets here: a rolling cycle always contains `now`.
        return PhaseStatus(phase: .ended, cycle: current.number, phaseStart: current.eatingEnd, nextChange: nil, now: now)
    }

    /// A phase change at `instant`, unless the user stops the session before it.
    private func capped(_ instant: Date) -> Date {
        guard let stoppedAt else { return instant }
        return min(instant, stoppedAt)
    }

    /// Whether the session still fasts or waits to start at `now`, so starting another fast conflicts.
    public func isActive(at now: Date) -> Bool {
        switch status(at: now).phase {
        case .scheduled, .fasting: return true
        case .eating: return mode == .rolling
        case .ended: return false
        }
    }

    /// The end of the last time the session fasted up to `now` (`now` itself while it fasts),
    /// or `nil` when it has not fasted yet (scheduled, or cancelled before it started): what a
    /// fast starting earlier than that would overlap.
    public func fastedUntil(now: Date) -> Date? {
        let limit = min(now, stoppedAt ?? now)
        guard start < limit else { return nil }
        let number = cycleNumber(at: limit)
        let current = cycle(number)
        if current.fastStart < limit { return min(current.fastEnd, limit) }
        // At the very start of a later cycle: the previous cycle's fast was the last.
        return number > 0 ? cycle(number - 1).fastEnd : nil
    }

    /// Whether the session was stopped at or before its start, so it never fasted at all.
    public var wasCancelledBeforeStart: Bool {
        stoppedAt.map { $0 <= start } ?? false
    }

    /// The fast that is current at `now` among `sessions`, as `fast status` and status bars show
    /// it: one fasting or in its eating window; else one scheduled to start; else the most
    /// recent that actually ran (the latest to end, then the latest to start). A fast cancelled
    /// before it started never counts: it would hide the fast that just ended.
    public static func current(among sessions: [FastingSession], at now: Date) -> FastingSession? {
        let phases = sessions.map { ($0, $0.status(at: now)) }
        if let running = phases.first(where: { $0.1.phase == .fasting || $0.1.phase == .eating }) {
            return running.0
        }
        if let scheduled = phases.first(where: { $0.1.phase == .scheduled }) {
            return scheduled.0
        }
        // An ended status starts when the session ended: at its stop or after its last phase.
        let ran = phases.filter { $0.1.phase == .ended && !$0.0.wasCancelledBeforeStart }
        return ran.max { lhs, rhs in
            (lhs.1.phaseStart ?? .distantPast, lhs.0.start, lhs.0.id) < (rhs.1.phaseStart ?? .distantPast, rhs.0.start, rhs.0.id)
        }?.0
    }

    /// Whether the first fast of the session ran its plan's length before the session ended.
    public func completedFast(at now: Date) -> Bool {
        cycle(0).isCompleted(endingAt: min(now, stoppedAt ?? now))
    }
}

/// The part of a fasting session an instant falls in.
public enum FastingPhase: String, Hashable, Codable, Sendable, CaseIterable {
    /// The session starts in the future.
    case scheduled
    /// The user is fasting.
    case fasting
    /// The eating window after a fast.
    case eating
    /// The session is over (stopped, or a single session past its eating window).
    case ended
}

/// The phase of a session at one instant, with elapsed and remaining time.
public struct PhaseStatus: Hashable, Sendable {
    /// The phase at the instant asked about.
    public let phase: FastingPhase
    /// The cycle the instant falls in.
    public let cycle: Int64
    /// When the current phase began (`nil` while scheduled).
    public let phaseStart: Date?
    /// When the phase next changes (`nil` once ended).
    public let nextChange: Date?
    /// Time spent in the current phase, never negative.
    public let elapsed: TimeInterval
    /// Time left until ``nextChange``, never negative (zero once ended).
    public let remaining: TimeInterval
    /// How far through the current phase, in `0...1` (0 while scheduled, 1 once ended).
    public let progress: Double

    init(phase: FastingPhase, cycle: Int64, phaseStart: Date?, nextChange: Date?, now: Date) {
        self.phase = phase
        self.cycle = cycle
        self.phaseStart = phaseStart
        self.nextChange = nextChange
        let elapsed = phaseStart.map { max(0, now.timeIntervalSince($0)) } ?? 0
        let remaining = nextChange.map { max(0, $0.timeIntervalSince(now)) } ?? 0
        self.elapsed = elapsed
        self.remaining = remaining
        switch phase {
        case .scheduled: progress = 0
        case .ended: progress = 1
        case .fasting, .eating:
            let total = elapsed + remaining
            progress = total > 0 ? min(1, max(0, elapsed / total)) : 1
        }
    }
}
