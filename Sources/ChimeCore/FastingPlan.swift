import FoundationEssentials

/// How long to fast and, optionally, how long the eating window that follows lasts; or a plan of
/// whole fast days (`5:2`, `4:3`, `adf`).
public struct FastingPlan: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The fasting part of the plan (a fast day's is a day).
    public let fasting: TimeSpan
    /// The eating window after the fast; `nil` for a fast without one (`36h`, a fast day).
    public let eating: TimeSpan?
    /// For a plan of fast days, which: `nil` for a plan of hours.
    public let fastDays: FastDays?

    /// Plans of whole fast days, each from midnight to midnight (or from the evening before),
    /// set as a fast schedule on the days they name: on a fast day one eats little (about 500
    /// kcal, 600 for men) or nothing.
    public enum FastDays: Hashable, Sendable {
        /// `5:2`, `4:3`: so many eating days and so many fast days a week.
        case weekly(eatingDays: Int, fastDays: Int)
        /// `adf`: every other day a fast day.
        case alternate

        /// How the plan is written.
        public var name: String {
            switch self {
            case .weekly(let eating, let fasting): return "\(eating):\(fasting)"
            case .alternate: return "adf"
            }
        }
    }

    /// A plan of fast days (`5:2`).
    public init(fastDays: FastDays) {
        self.fasting = .hours(24)
        self.eating = nil
        self.fastDays = fastDays
    }

    /// A named plan offered by name in help and accepted as a shortcut.
    public struct Preset: Sendable {
        /// What the user types (`16:8`, `omad`).
        public let name: String
        /// The plan it stands for.
        public let plan: FastingPlan
        /// A few words shown in help.
        public let summary: String

        /// Whether `text` names this preset: exactly, or in any case for a name made of letters
        /// only (`OMAD`); a name that is a duration or a ratio (`36h`, `16:8`) follows their grammar.
        func matches(_ text: String) -> Bool {
            if text == name { return true }
            guard name.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
            return text.lowercased() == name
        }
    }

    /// The presets shown in help, in the order shown.
    public static let presets: [Preset] = [
        Preset(name: "14:10", plan: FastingPlan(hours: 14, eatingHours: 10), summary: "gentle start"),
        Preset(name: "16:8", plan: FastingPlan(hours: 16, eatingHours: 8), summary: "the classic (default)"),
        Preset(name: "18:6", plan: FastingPlan(hours: 18, eatingHours: 6), summary: "extended"),
        Preset(name: "20:4", plan: FastingPlan(hours: 20, eatingHours: 4), summary: "warrior"),
        Preset(name: "23:1", plan: FastingPlan(hours: 23, eatingHours: 1), summary: "one meal a day, also \"omad\""),
        Preset(name: "omad", plan: FastingPlan(hours: 23, eatingHours: 1), summary: "same as 23:1"),
        Preset(name: "36h", plan: FastingPlan(fasting: .hours(36), eating: nil), summary: "a long fast without eating window"),
        Preset(name: "5:2", plan: FastingPlan(fastDays: .weekly(eatingDays: 5, fastDays: 2)), summary: "two fast days a week (fast schedule only)"),
        Preset(name: "4:3", plan: FastingPlan(fastDays: .weekly(eatingDays: 4, fastDays: 3)), summary: "three fast days a week (fast schedule only)"),
        Preset(name: "adf", plan: FastingPlan(fastDays: .alternate), summary: "a fast day every other day (fast schedule only)"),
    ]

    /// The shortest fast a bare `F:E` (hours without units) may mean: below it `5:2` would be
    /// a 5-hour fast, which nobody means; units say so (`5h:2h`).
    public static let bareHoursMinimum: Int64 = 8

    /// The plan used when none is given or configured.
    public static let standard = FastingPlan(hours: 16, eatingHours: 8)

    /// Examples shown in every error message about plans.
    public static let validForms = "16:8, 18:6, 20:4, 14:10, 23:1, omad, 36h, 16h:8h, 90m:30m, 5:2, 4:3, adf"

    /// Makes a plan from its two parts.
    public init(fasting: TimeSpan, eating: TimeSpan?) {
        self.fasting = fasting
        self.eating = eating
        self.fastDays = nil
    }

    private init(hours: Int64, eatingHours: Int64) {
        self.init(fasting: .hours(hours), eating: .hours(eatingHours))
    }

    /// Reads a plan: a preset name, `F:E` (bare numbers are hours, or durations such as `90m:30m`),
    /// or a single duration for a fast without eating window (`36h`).
    ///
    /// Only word presets (`omad`) ignore case. Everything else is read in the one duration grammar
    /// of ``TimeSpan``, which takes lowercase units only, so `16H:8H` is refused here just as
    /// `1H` is refused by `remind in`.
    public init(parsing text: String) throws(DomainError) {
        let trimmed = text.trimmingSpaces()
        func failure(_ reason: LocalizedText) -> DomainError {
            DomainError(.invalidPlan, LocalizedText(
                CoreText.invalidPlan,
                localized: ["text": LocalizedText(verbatim: text), "reason": reason, "forms": LocalizedText(verbatim: Self.validForms)]
            ))
        }
        guard !trimmed.isEmpty else { throw failure(LocalizedText(CoreText.durationEmpty)) }
        if let preset = Self.presets.first(where: { $0.matches(trimmed) }) {
            self = preset.plan
            return
        }
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        switch parts.count {
        case 1:
            switch TimeSpan.read(trimmed) {
            case .success(let fasting): self.init(fasting: fasting, eating: nil)
            case .failure(let problem): throw failure(problem.reason)
            }
        case 2:
            let fastingPart = parts[0].trimmingSpaces()
            let eatingPart = parts[1].trimmingSpaces()
            // `6:1` in bare hours would be a 6-hour fast: surely not what was meant.
            if let hours = Int64(fastingPart), (1..<Self.bareHoursMinimum).contains(hours), eatingPart.allSatisfy({ $0.isASCII && $0.isNumber }) {
                throw DomainError(.invalidPlan, CoreText.planBareHoursShort, ["text": trimmed, "fasting": fastingPart, "eating": eatingPart])
            }
            switch (Self.part(fastingPart), Self.part(eatingPart)) {
            case (.success(let fasting), .success(let eating)):
                self.init(fasting: fasting, eating: eating)
            case (.failure(let problem), _):
                throw failure(LocalizedText(CoreText.planFastingPart, localized: ["part": LocalizedText(verbatim: fastingPart), "reason": problem.reason]))
            case (_, .failure(let problem)):
                throw failure(LocalizedText(CoreText.planEatingPart, localized: ["part": LocalizedText(verbatim: eatingPart), "reason": problem.reason]))
            }
        default:
            throw failure(LocalizedText(CoreText.planOneColon))
        }
    }

    /// Reads one side of `F:E`: bare digits are hours, anything else is a duration.
    private static func part(_ text: String) -> Result<TimeSpan, TimeSpan.Problem> {
        if !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard text.count <= 4, let hours = Int64(text), let span = TimeSpan(seconds: hours * 3600) else {
                return .failure(TimeSpan.Problem(reason: LocalizedText(CoreText.planHoursRange, ["maximum": "\(TimeSpan.maximum.seconds / 3600)"])))
            }
            return .success(span)
        }
        return TimeSpan.read(text)
    }

    /// Whether a nudge `lead` before the end of this plan's fast can ever be shown: only when it
    /// comes after the fast has begun, that is when the lead is shorter than the fast.
    public func allowsNudge(before lead: TimeSpan) -> Bool {
        lead.seconds < fasting.seconds
    }

    /// The fast plus the eating window: the length of one cycle when the plan repeats.
    public var cycleLength: TimeInterval {
        fasting.timeInterval + (eating?.timeInterval ?? 0)
    }

    /// The spelling people use, which reads back to this plan: `16:8`, `36h`, `1h30m:30m`.
    public var description: String {
        if let fastDays { return fastDays.name }
        // Long fasts are counted in hours (`36h`, not `1d12h`), as the preset names do.
        guard let eating else {
            return fasting.seconds % 3600 == 0 ? "\(fasting.seconds / 3600)h" : fasting.description
        }
        // Bare hours only where they read back as hours: a short fast keeps its units (`5h:2h`).
        if fasting.seconds % 3600 == 0, eating.seconds % 3600 == 0, fasting.seconds / 3600 >= Self.bareHoursMinimum {
            return "\(fasting.seconds / 3600):\(eating.seconds / 3600)"
        }
        return "\(fasting):\(eating)"
    }

    /// How the store keeps the plan: its ``description``, except a plan of fast days, kept as
    /// `5:2 days` (`adf` as it is), so that a store written before they existed, where `5:2`
    /// was a 5-hour fast, still reads as it was written.
    public var storedText: String {
        guard let fastDays else { return description }
        return fastDays == .alternate ? fastDays.name : fastDays.name + " days"
    }

    /// Reads a plan the store kept (``storedText``): `5:2 days` and `adf` are fast days, and a
    /// bare `F:E` is hours whatever F (a store of an earlier Chime may hold `5:2` or `1:8`).
    public init(storedText text: String) throws(DomainError) {
        if text == FastDays.alternate.name {
            self.init(fastDays: .alternate)
            return
        }
        if text.hasSuffix(" days"), let preset = Self.presets.first(where: { $0.name == String(text.dropLast(5)) }), preset.plan.fastDays != nil {
            self = preset.plan
            return
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 2, let fasting = Int64(parts[0]), let eating = Int64(parts[1]),
           let fastingSpan = TimeSpan(seconds: fasting * 3600), let eatingSpan = TimeSpan(seconds: eating * 3600) {
            self.init(fasting: fastingSpan, eating: eatingSpan)
            return
        }
        try self.init(parsing: text)
    }

    /// Decodes a plan from its spelling (`"16:8"`), through the same parser as user input.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try FastingPlan(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
        }
    }

    /// Encodes the plan as its spelling (`"16:8"`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
