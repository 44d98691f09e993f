/// The daily water goals of the weekdays that have one of their own (`chime water goal weekends
/// 1500`, `chime water goal sun none`); the other days take the schedule's goal.
///
/// A day's own goal is a number of millilitres or no goal at all (reminders all that day). The
/// store keeps it as ``storedText``: `sat=1500,sun=none`.
public struct WeekdayGoals: Hashable, Codable, Sendable {
    /// One weekday's own goal.
    public enum DayGoal: Hashable, Sendable {
        /// A goal of so many millilitres.
        case millilitres(Int)
        /// No goal that day.
        case none

        /// The goal in millilitres, `nil` for none.
        public var millilitres: Int? {
            if case .millilitres(let ml) = self { return ml }
            return nil
        }
    }

    /// The days with a goal of their own, by weekday.
    public private(set) var goals: [RecurrenceRule.Weekday: DayGoal] = [:]

    /// No day with a goal of its own.
    public init() {}

    /// Whether every day takes the schedule's goal.
    public var isEmpty: Bool { goals.isEmpty }

    /// The goal of `weekday`: its own, else `otherwise` (the schedule's); `nil` for no goal.
    public func goal(on weekday: RecurrenceRule.Weekday, otherwise: Int?) -> Int? {
        guard let own = goals[weekday] else { return otherwise }
        return own.millilitres
    }

    /// Gives `days` the goal `goal` of their own; a day whose goal becomes the schedule's own
    /// (`otherwise`) has none of its own any more.
    public mutating func set(_ goal: DayGoal, on days: WeekdaySet, otherwise: Int?) {
        for day in days.days {
            goals[day] = goal.millilitres == otherwise ? nil : goal
        }
    }

    /// `sat=1500,sun=none`, Monday first; empty without days of their own.
    public var storedText: String {
        RecurrenceRule.Weekday.allCases.compactMap { day in
            goals[day].map { goal in "\(WeekdayName.shortName(day))=\(goal.millilitres.map(String.init) ?? "none")" }
        }.joined(separator: ",")
    }

    /// The goals `text` holds (``storedText``); `nil` when it is not such a text.
    public init?(storedText text: String) {
        for entry in text.split(separator: ",") {
            let parts = entry.split(separator: "=")
            guard parts.count == 2, let day = WeekdayName.weekday(parts[0]) else { return nil }
            if parts[1] == "none" {
                goals[day] = DayGoal.none
            } else if let ml = Int(parts[1]), ml > 0 {
                goals[day] = .millilitres(ml)
            } else {
                return nil
            }
        }
    }

    /// Encoded as ``storedText``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(storedText)
    }

    /// Decoded from ``storedText``.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let goals = WeekdayGoals(storedText: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not weekday goals: \(text)"))
        }
        self = goals
    }
}
