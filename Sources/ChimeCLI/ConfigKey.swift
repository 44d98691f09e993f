import FoundationEssentials
import ChimeCore

/// A setting `chime config get|set|list` reads and writes, with what its value may be.
public enum ConfigKey: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The plan `fast start` uses when none is given.
    case fastPlan = "fast.plan"
    /// Nudges before each fast ends, when `fast start` has no `--remind-before`.
    case fastRemindBefore = "fast.remind_before"
    /// Whether `fast history` and `fast stop` show streaks and say "stopped early"; off is
    /// the neutral mode.
    case fastStreaks = "fast.streaks"
    /// Millilitres per glass for new water schedules and `water drink`.
    case waterAmount = "water.amount"
    /// The daily water goal for new schedules.
    case waterGoal = "water.goal"
    /// The unit water amounts are shown and typed in (``WaterUnit``).
    case waterUnit = "water.unit"
    /// Urgency of fasting notifications.
    case urgencyFast = "notify.urgency.fast"
    /// Urgency of water reminders.
    case urgencyWater = "notify.urgency.water"
    /// Urgency of one-off reminders.
    case urgencyReminder = "notify.urgency.reminder"
    /// Whether the server's do-not-disturb mode holds water reminders (``WaterHold/doNotDisturbSetting``).
    case doNotDisturb = "notify.dnd"
    /// Whether a locked screen holds water reminders (``WaterHold/awaySetting``).
    case away = "notify.away"
    /// How long the Snooze button of a reminder or a calendar alarm puts it off (``SnoozeSetting``).
    case snooze = "snooze"
    /// The language of notification texts, for chimed and `list` alike.
    case language = "language"
    /// The zone rules follow, for `chime` and chimed alike (``ChimeTimeZone``); `system`: the
    /// system's (`/etc/localtime`).
    case timeZone = "time_zone"

    /// The most nudges `fast.remind_before` (and `--remind-before`) holds.
    public static let maximumNudges = 10

    /// The key as typed (`fast.plan`).
    public var name: String { rawValue }

    public var description: String { rawValue }

    /// The key named `name`, if there is one.
    public static func named(_ name: String) -> ConfigKey? { ConfigKey(rawValue: name) }

    /// A few words for help: what the setting does.
    public var summary: String {
        switch self {
        case .fastPlan: return "plan for 'fast start' without PLAN"
        case .fastRemindBefore: return "nudges before a fast ends, e.g. 1h,15m"
        case .waterAmount: return "water per glass"
        case .waterGoal: return "daily water goal"
        case .waterUnit: return "unit of water amounts shown and typed"
        case .fastStreaks: return "streaks and \"stopped early\" in fast history and fast stop (off: neutral)"
        case .urgencyFast: return "urgency of fasting notifications"
        case .urgencyWater: return "urgency of water reminders"
        case .urgencyReminder: return "urgency of one-off reminders"
        case .doNotDisturb: return "hold water reminders during do-not-disturb"
        case .away: return "hold water reminders while the screen is locked"
        case .snooze: return "how long Snooze puts off a reminder or calendar alarm"
        case .language: return "language of help, messages and notifications"
        case .timeZone: return "zone that rules and schedules follow"
        }
    }

    /// What may be written as the value, for help and error messages.
    public var allowedValues: String {
        switch self {
        case .fastPlan: return FastingPlan.validForms
        case .fastRemindBefore: return "durations separated by commas (\(TimeSpan.validForms)), or none"
        case .waterAmount: return "an amount such as 250, 250ml or 8oz (1-\(WaterSchedule.maximumML) ml)"
        case .waterGoal: return "an amount such as 2000, 2000ml or 64oz (1-\(WaterSchedule.maximumML) ml), or none"
        case .waterUnit: return WaterUnit.allCases.map(\.rawValue).joined(separator: ", ")
        case .urgencyFast, .urgencyWater, .urgencyReminder:
            return ConfigValue.Urgency.allCases.map(\.rawValue).joined(separator: ", ")
        case .doNotDisturb, .away, .fastStreaks:
            return ConfigValue.switchWords.joined(separator: ", ")
        case .snooze:
            return "a duration from \(SnoozeSetting.shortest) to \(SnoozeSetting.longest) (\(TimeSpan.validForms))"
        case .language:
            return ConfigValue.Language.allCases.map(\.rawValue).joined(separator: ", ")
        case .timeZone:
            return "system, or a zone name such as Europe/Berlin"
        }
    }

    /// Words a shell can offer for the value (empty when only numbers or free text fit).
    public var completionWords: [String] {
        switch self {
        case .fastPlan: return FastingPlan.presets.map(\.name)
        case .fastRemindBefore, .waterGoal: return ["none"]
        case .waterAmount, .snooze: return []
        case .urgencyFast, .urgencyWater, .urgencyReminder: return ConfigValue.Urgency.allCases.map(\.rawValue)
        case .doNotDisturb, .away, .fastStreaks: return ConfigValue.switchWords
        case .waterUnit: return WaterUnit.allCases.map(\.rawValue)
        case .language: return ConfigValue.Language.allCases.map(\.rawValue)
        case .timeZone: return ["system"]
        }
    }

    /// The value in effect while the setting was never set.
    public var defaultValue: ConfigValue {
        switch self {
        case .fastPlan: return .plan(.standard)
        case .fastRemindBefore: return .durations([])
        case .waterAmount: return .amount(WaterQuantity(millilitres: 250))
        case .waterGoal: return .optionalAmount(nil)
        case .waterUnit: return .waterUnit(.millilitres)
        case .fastStreaks: return .switch(true)
        case .urgencyFast: return .urgency(.normal)
        case .urgencyWater: return .urgency(.low)
        case .urgencyReminder: return .urgency(.normal)
        case .doNotDisturb, .away: return .switch(true)
        case .snooze: return .duration(SnoozeSetting.defaultSpan)
        case .language: return .language(.auto)
        case .timeZone: return .timeZone(nil)
        }
    }

    /// Reads `text` as a value of this key: what `config set` accepts and what the store keeps
    /// (``ConfigValue/storedText`` reads back to an equal value).
    ///
    /// - Parameter argumentPosition: where the value was typed, for the error.
    public func value(parsing text: String, argumentPosition: Int? = nil) throws(UsageError) -> ConfigValue {
        let trimmed = text.trimmingSpaces()
        func reading<Value>(_ read: () throws(DomainError) -> Value) throws(UsageError) -> Value {
            do {
                return try read()
            } catch {
                throw UsageError(error, argumentPosition: argumentPosition)
            }
        }
        /// Which word of `choices` was typed (any case), or the error naming them all and the closest.
        func oneOf(_ choices: [String]) throws(UsageError) -> Int {
            if let index = choices.firstIndex(of: trimmed.lowercased()) { return index }
            let suggestion = Suggestion.closest(to: trimmed, among: choices)
            throw UsageError(
                .invalidSettingValue, suggestion == nil ? .invalidSettingValue : .invalidSettingValueSuggest,
                ["text": text, "key": name, "names": choices.joined(separator: ", "), "suggestion": suggestion ?? ""],
                argumentPosition: argumentPosition, suggestion: suggestion
            )
        }
        switch self {
        case .fastPlan:
            let plan = try reading { () throws(DomainError) in try FastingPlan(parsing: trimmed) }
            // The plan of `fast start`: a plan of fast days is only ever a schedule.
            if let fastDays = plan.fastDays {
                throw UsageError(DomainError(.invalidPlan, LocalizedText(CoreText.fastDaysOnlyScheduled, [
                    "plan": fastDays.name, "example": fastDays == .alternate ? "" : "\"mon,thu\"",
                ])), argumentPosition: argumentPosition)
            }
            return .plan(plan)
        case .fastRemindBefore:
            return .durations(try reading { () throws(DomainError) in try Self.durations(parsing: trimmed, field: name) })
        case .waterAmount:
            return .amount(try reading { () throws(DomainError) in try WaterQuantity.typed(trimmed, field: LocalizedText(CommandText.fieldValueFor, ["key": name])) })
        case .waterGoal:
            if trimmed.lowercased() == "none" { return .optionalAmount(nil) }
            return .optionalAmount(try reading { () throws(DomainError) in try WaterQuantity.typed(trimmed, field: LocalizedText(CommandText.fieldValueFor, ["key": name])) })
        case .snooze:
            return .duration(try reading { () throws(DomainError) in
                try SnoozeSetting.validated(try TimeSpan(parsing: trimmed), text: trimmed)
            })
        case .waterUnit:
            return .waterUnit(WaterUnit.allCases[try oneOf(WaterUnit.allCases.map(\.rawValue))])
        case .urgencyFast, .urgencyWater, .urgencyReminder:
            return .urgency(ConfigValue.Urgency.allCases[try oneOf(ConfigValue.Urgency.allCases.map(\.rawValue))])
        case .doNotDisturb, .away, .fastStreaks:
            return .switch(try oneOf(ConfigValue.switchWords) == 0)
        case .language:
            return .language(ConfigValue.Language.allCases[try oneOf(ConfigValue.Language.allCases.map(\.rawValue))])
        case .timeZone:
            if trimmed.lowercased() == "system" { return .timeZone(nil) }
            guard let zone = ChimeTimeZone.zone(named: trimmed) else {
                throw UsageError(
                    .invalidSettingValue, .invalidSettingValue,
                    ["text": text, "key": name, "names": allowedValues, "suggestion": ""], argumentPosition: argumentPosition
                )
            }
            return .timeZone(zone.displayName == "UTC" ? "UTC" : trimmed)
        }
    }

    /// The lines of `config list`: every key with its value, defaults marked.
    ///
    /// - Parameter stored: the values set in the store; missing keys show their default.
    public static func listing(_ stored: [ConfigKey: ConfigValue], language: UserLanguage = .english) -> String {
        let width = allCases.map(\.name.count).max() ?? 0
        return allCases.map { key in
            let padding = String(repeating: " ", count: width - key.name.count)
            guard let value = stored[key] else {
                return "\(key.name)\(padding)  " + CommandText.defaultValue.text(language, ["value": key.defaultValue.storedText])
            }
            return "\(key.name)\(padding)  \(value.storedText)"
        }.joined(separator: "\n") + "\n"
    }

    /// Reads a comma-separated list of nudge durations (`1h,15m`), or `none` for an empty list.
    public static func durations(parsing text: String, field: String) throws(DomainError) -> [TimeSpan] {
        let trimmed = text.trimmingSpaces()
        if trimmed.lowercased() == "none" { return [] }
        let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count <= maximumNudges else {
            throw DomainError(.invalidDuration, LocalizedText(
                CommandText.tooManyDurations, ["field": field, "count": "\(parts.count)", "maximum": "\(maximumNudges)"]
            ))
        }
        var spans: [TimeSpan] = []
        for part in parts {
            let span = try TimeSpan(parsing: String(part))
            if !spans.contains(span) { spans.append(span) }
        }
        return spans
    }
}
