import ChimeCore
import FoundationEssentials

/// What `chime fast status` shows about one fast at one instant: a pure function of the session,
/// `now` and the zone.
public struct FastStatusReport: Sendable {
    /// The session shown, `nil` when there is none.
    public let session: FastingSession?
    /// Phase and timing at ``TimeDisplay/now``.
    public let status: PhaseStatus?
    /// The cycle the status refers to.
    public let cycle: FastingSession.Cycle?
    /// Where times are shown.
    public let display: TimeDisplay
    /// Whether a fast that ended before its goal is said to have stopped early (`fast.streaks
    /// on`); off, the neutral mode, it is said to have ended.
    public let judges: Bool

    /// The report of `session` (the running or most recent one) at `display.now`.
    public init(session: FastingSession?, display: TimeDisplay, judges: Bool = true) {
        self.session = session
        self.display = display
        self.judges = judges
        guard let session else {
            status = nil
            cycle = nil
            return
        }
        let status = session.status(at: display.now)
        self.status = status
        cycle = session.cycle(status.cycle)
    }

    /// The phase name of the JSON output: `scheduled`, `fasting`, `eating`, `ended`, or `none`.
    public var phaseName: String { status?.phase.rawValue ?? "none" }

    /// When the fast shown began (the start of the cycle's fast).
    public var fastStart: Date? { cycle?.fastStart }

    /// When the fast shown ends, or ended: its planned end, or the stop when that came first.
    public var fastEnd: Date? {
        guard let cycle else { return nil }
        guard let stopped = session?.stoppedAt, stopped < cycle.fastEnd, stopped >= cycle.fastStart else { return cycle.fastEnd }
        return stopped
    }

    /// The next phase change (start, end of fast, end of eating window), if one is ahead.
    public var nextChange: Date? { status?.nextChange }

    /// `fast status --json`: `{"id","phase","plan","started_at","ends_at","remaining_seconds","progress"}`.
    ///
    /// `started_at`/`ends_at` are the start and (planned or actual) end of the fast shown;
    /// `remaining_seconds` counts to the next phase change, `progress` (0...1, four decimals)
    /// is how far through the current phase. With no fast: phase `none`, nulls, zeros.
    public var json: FastStatusJSON {
        FastStatusJSON(
            id: session?.id,
            phase: phaseName,
            plan: session?.plan.displayName,
            startedAt: fastStart.map(display.iso8601),
            endsAt: fastEnd.map(display.iso8601),
            remainingSeconds: Int((status?.remaining ?? 0).rounded(.up)),
            progress: ((status?.progress ?? 0) * 10_000).rounded() / 10_000
        )
    }

    /// The lines of `fast status`: what phase, when it started and ends, and a progress bar
    /// fitted to a terminal of `width` columns when given.
    public func text(style: TerminalStyle, width: Int? = nil) -> String {
        let language = display.language
        func say(_ message: CommandText, _ values: [String: String] = [:]) -> String { message.text(language, values) }
        guard let session, let status, let cycle else {
            return say(.noFast, ["plans": FastingPlan.presets.map(\.name).joined(separator: ", ")]) + "\n"
        }
        let modeNote = session.mode == .rolling ? say(.detailSeparator) + say(.repeating) : ""
        var lines: [String] = []
        func heading(_ phase: CommandText, _ color: TerminalStyle.Color) -> String {
            say(.fastHeading, ["id": session.id, "plan": session.plan.displayName + modeNote]) + style.paint(say(phase), color)
        }
        switch status.phase {
        case .scheduled:
            lines.append(heading(.phaseScheduled, .blue))
            lines.append("  " + say(.fastStartsLine, ["start": display.clockAndRelative(cycle.fastStart), "end": display.clock(cycle.fastEnd)]))
        case .fasting:
            lines.append(heading(.phaseFasting, .green))
            lines.append("  " + say(.fastStartedLine, ["start": display.clockAndRelative(cycle.fastStart), "end": display.clockAndRelative(cycle.fastEnd)]))
            lines.append(ProgressBar.line(
                fraction: status.progress, color: .green, caption: say(.fastProgress, ["done": display.span(status.elapsed), "left": display.span(status.remaining)]),
                width: width, style: style
            ))
        case .eating:
            lines.append(heading(.phaseEating, .yellow))
            lines.append("  " + say(session.mode == .rolling ? .fastEndedNextStarts : .fastEndedWindowCloses, [
                "end": display.clockAndRelative(cycle.fastEnd), "next": display.clockAndRelative(cycle.eatingEnd),
            ]))
            lines.append(ProgressBar.line(
                fraction: status.progress, color: .yellow, caption: say(.leftToEat, ["left": display.span(status.remaining)]), width: width, style: style
            ))
        case .ended:
            let end = fastEnd ?? cycle.fastEnd
            let fasted = max(0, end.timeIntervalSince(cycle.fastStart))
            lines.append(heading(.phaseEnded, .dim))
            if session.wasCancelledBeforeStart {
                lines.append("  " + say(.cancelledBeforeStart))
            } else {
                // Completed once it lasted its plan's fast: time added by extending is extra.
                let values = ["fasted": display.span(fasted), "start": display.clock(cycle.fastStart), "end": display.clockAndRelative(end)]
                if cycle.isCompleted(endingAt: end) {
                    lines.append("  " + say(.fastedGoalReached, values))
                } else {
                    lines.append("  " + (judges ? say(.fastedStoppedEarly, values) : ViewText.fastedEnded.text(display.language, values)))
                }
            }
        }
        if !session.tag.isEmpty {
            lines.append("  " + say(.tagLine, ["tag": session.tag]))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// `chime fast status --json`.
public struct FastStatusJSON: Codable, Hashable, Sendable {
    /// The session id, `null` without a fast.
    public var id: String?
    /// `scheduled`, `fasting`, `eating`, `ended` or `none`.
    public var phase: String
    /// The plan (`16:8`), `null` without a fast.
    public var plan: String?
    /// ISO 8601 with offset: when the fast began (or begins).
    public var startedAt: String?
    /// ISO 8601 with offset: when the fast ends (or ended).
    public var endsAt: String?
    /// Whole seconds to the next phase change.
    public var remainingSeconds: Int
    /// How far through the current phase, 0...1.
    public var progress: Double

    enum CodingKeys: String, CodingKey {
        case id, phase, plan
        case startedAt = "started_at"
        case endsAt = "ends_at"
        case remainingSeconds = "remaining_seconds"
        case progress
    }
}
