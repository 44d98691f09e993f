import ChimeCore
import FoundationEssentials

/// What `chime fast schedule` shows: each schedule that is on and its current fast (running, in
/// its eating window, or next), a pure function of them, `now` and the zone.
public struct FastScheduleReport: Sendable {
    /// The schedules on, each with its current fast; empty when none is set.
    public let schedules: [(schedule: FastSchedule, current: FastingSession?)]
    /// The first schedule (the one `--json`'s top-level keys describe), `nil` when none is set.
    public var schedule: FastSchedule? { schedules.first?.schedule }
    /// The first schedule's current fast.
    public var current: FastingSession? { schedules.first?.current }
    /// Where times are shown.
    public let display: TimeDisplay
    /// The zone the schedules' rules follow (``ChimeTimeZone``), which may differ from the one
    /// times are shown in.
    public let ruleTimeZone: TimeZone

    /// Makes the report.
    public init(schedules: [(schedule: FastSchedule, current: FastingSession?)], display: TimeDisplay, ruleTimeZone: TimeZone? = nil) {
        self.schedules = schedules
        self.display = display
        self.ruleTimeZone = ruleTimeZone ?? display.timeZone
    }

    /// The report of one schedule (or none).
    public init(schedule: FastSchedule?, current: FastingSession?, display: TimeDisplay, ruleTimeZone: TimeZone? = nil) {
        self.init(schedules: schedule.map { [($0, current)] } ?? [], display: display, ruleTimeZone: ruleTimeZone)
    }

    /// The text lines: per schedule, its line and its current fast's.
    public var text: String {
        let language = display.language
        guard !schedules.isEmpty else {
            return CommandText.noFastSchedule.text(language)
        }
        var lines: [String] = []
        for (schedule, current) in schedules {
            lines.append(CommandText.fastScheduleShown.text(language, [
                "id": schedule.id, "plan": schedule.plan.displayName, "rule": schedule.ruleText, "rrule": schedule.rule.rruleText,
            ]))
            if let current {
                let cycle = current.cycle(0)
                let phase = current.status(at: display.now).phase
                let label: CommandText = phase == .scheduled ? .scheduleNextFast : phase == .fasting ? .scheduleFasting : .scheduleEating
                var line = label.text(language, ["id": current.id, "start": display.clock(cycle.fastStart), "end": display.clock(cycle.fastEnd)])
                if current.plan.eating != nil { line += CommandText.eatingUntil.text(language, ["until": display.clock(cycle.eatingEnd)]) }
                lines.append(line + ChangeMessage(display: display).clockChangeNote(current))
            } else {
                lines.append(CommandText.noFastPlanned.text(language))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `fast schedule --json`: `{"id","plan","rule","rrule","time_zone","current":{"id","phase","starts_at","fast_ends_at","eating_ends_at"},"schedules":[...]}`:
    /// the first schedule's keys at the top (nulls without a schedule or a current fast), and
    /// every schedule on, each with the same keys, in `schedules`.
    public var json: FastScheduleJSON {
        var first = entry(schedules.first)
        first.schedules = schedules.map { entry($0) }
        return first
    }

    private func entry(_ shown: (schedule: FastSchedule, current: FastingSession?)?) -> FastScheduleJSON {
        FastScheduleJSON(
            id: shown?.schedule.id, plan: shown?.schedule.plan.displayName, rule: shown?.schedule.ruleText, rrule: shown?.schedule.rule.rruleText,
            timeZone: ruleTimeZone.displayName,
            current: shown?.current.map { session in
                let cycle = session.cycle(0)
                return FastScheduleJSON.Occurrence(
                    id: session.id, phase: session.status(at: display.now).phase.rawValue,
                    startsAt: display.iso8601(cycle.fastStart), fastEndsAt: display.iso8601(cycle.fastEnd),
                    eatingEndsAt: display.iso8601(cycle.eatingEnd)
                )
            }
        )
    }
}

/// The JSON object of `chime fast schedule --json`.
public struct FastScheduleJSON: Encodable, Sendable {
    /// One fast of the schedule.
    public struct Occurrence: Encodable, Sendable {
        let id: String
        let phase: String
        let startsAt: String
        let fastEndsAt: String
        let eatingEndsAt: String

        enum CodingKeys: String, CodingKey {
            case id, phase
            case startsAt = "starts_at"
            case fastEndsAt = "fast_ends_at"
            case eatingEndsAt = "eating_ends_at"
        }
    }

    let id: String?
    let plan: String?
    let rule: String?
    let rrule: String?
    let timeZone: String
    let current: Occurrence?
    /// Every schedule on (only at the top level).
    var schedules: [FastScheduleJSON]?

    enum CodingKeys: String, CodingKey {
        case id, plan, rule, rrule, current, schedules
        case timeZone = "time_zone"
    }

    /// Encodes nulls explicitly, so every key is always there.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(plan, forKey: .plan)
        try container.encode(rule, forKey: .rule)
        try container.encode(rrule, forKey: .rrule)
        try container.encode(timeZone, forKey: .timeZone)
        try container.encode(current, forKey: .current)
        if let schedules { try container.encode(schedules, forKey: .schedules) }
    }
}
