import ChimeCore
import FoundationEssentials

extension FastRecord {
    /// The record in JSON and CSV exports, times in `timeZone`.
    public func json(in timeZone: TimeZone) -> FastRecordJSON {
        FastRecordJSON(
            id: id, plan: plan.displayName, tag: tag.isEmpty ? nil : tag, cycle: cycle,
            startedAt: ISO8601Text.format(start, in: timeZone),
            endedAt: isFinished ? ISO8601Text.format(end, in: timeZone) : nil,
            goalEndsAt: ISO8601Text.format(goalEnd, in: timeZone),
            durationSeconds: Int(duration.rounded(.down)),
            completed: completed
        )
    }
}

/// One fast in `fast history --json` and `export --what fasts`.
public struct FastRecordJSON: Codable, Hashable, Sendable {
    /// The session id.
    public var id: String
    /// The plan (`16:8`).
    public var plan: String
    /// The tag, `null` without one (an empty CSV field).
    public var tag: String?
    /// The rolling cycle (0 for a single fast).
    public var cycle: Int64
    /// ISO 8601 with offset.
    public var startedAt: String
    /// ISO 8601 with offset; `null` while the fast runs.
    public var endedAt: String?
    /// ISO 8601 with offset: the planned end.
    public var goalEndsAt: String
    /// Whole seconds fasted (so far).
    public var durationSeconds: Int
    /// Whether it ran its full planned length.
    public var completed: Bool

    enum CodingKeys: String, CodingKey {
        case id, plan, tag, cycle
        case startedAt = "started_at"
        case endedAt = "ended_at"
        case goalEndsAt = "goal_ends_at"
        case durationSeconds = "duration_seconds"
        case completed
    }

    /// The CSV header of `export --what fasts`, the JSON keys in order.
    public static let csvHeader = ["id", "plan", "tag", "cycle", "started_at", "ended_at", "goal_ends_at", "duration_seconds", "completed"]

    /// The CSV fields, in ``csvHeader`` order.
    public var csvFields: [String] {
        [id, plan, tag ?? "", String(cycle), startedAt, endedAt ?? "", goalEndsAt, String(durationSeconds), completed ? "true" : "false"]
    }
}
