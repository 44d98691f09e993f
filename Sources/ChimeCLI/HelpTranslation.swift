import ChimeCore

/// The help lines of entries the command table lists from elsewhere, in both languages: the
/// fasting plans' summaries (ChimeCore's presets, by name) and the settings' summaries and rows
/// (by ``ConfigKey``). Every other help line is written in both languages in ``CommandTable``.
enum HelpTranslation {
    /// A preset's summary (the Plans table of help, the completions of PLAN).
    static func summary(of preset: FastingPlan.Preset) -> HelpText {
        HelpText(preset.summary, presetSummaries[preset.name] ?? "")
    }

    /// A setting's summary (completions show it alone).
    static func summary(of key: ConfigKey) -> HelpText {
        HelpText(key.summary, configSummaries[key] ?? "")
    }

    /// A setting's row in the `Keys` table of `config --help`: summary, values allowed, default.
    static func row(of key: ConfigKey) -> HelpText {
        let standard = key.defaultValue.storedText
        return HelpText(
            "\(key.summary): \(key.allowedValues) (default \(standard))",
            "\(configSummaries[key] ?? "")：\(allowedValuesInChinese(of: key))（默认 \(standard)）"
        )
    }

    /// The Chinese of each preset's summary, by the preset's name.
    private static let presetSummaries: [String: String] = [
        "14:10": "温和入门",
        "16:8": "经典（默认）",
        "18:6": "加长",
        "20:4": "战士",
        "23:1": "一日一餐，也写作“omad”",
        "omad": "同 23:1",
        "36h": "没有进食窗口的长时间禁食",
        "5:2": "每周两个禁食日（仅用于禁食计划）",
        "4:3": "每周三个禁食日（仅用于禁食计划）",
        "adf": "隔天一个禁食日（仅用于禁食计划）",
    ]

    /// The Chinese of each setting's summary (completions show it alone, help in its row).
    private static let configSummaries: [ConfigKey: String] = [
        .fastPlan: "不带 PLAN 的“fast start”所用的方案",
        .fastRemindBefore: "禁食结束前的提示，如 1h,15m",
        .waterAmount: "每杯的水量",
        .waterGoal: "每天的喝水目标",
        .waterUnit: "显示和输入水量所用的单位",
        .fastStreaks: "fast history 和 fast stop 中的连续天数和“提前结束”字样（off：中性模式）",
        .urgencyFast: "禁食通知的紧急程度",
        .urgencyWater: "喝水提醒的紧急程度",
        .urgencyReminder: "一次性提醒的紧急程度",
        .doNotDisturb: "勿扰模式下暂存喝水提醒",
        .away: "屏幕锁定时暂存喝水提醒",
        .snooze: "“稍后提醒”按钮把提醒或日历提醒推迟多久",
        .language: "帮助、消息和通知的语言",
        .timeZone: "规则和计划所按的时区",
    ]

    /// The values a setting allows, in Chinese.
    private static func allowedValuesInChinese(of key: ConfigKey) -> String {
        switch key {
        case .fastRemindBefore: return "用逗号分隔的时长（\(TimeSpan.validForms)），或 none"
        case .waterAmount: return "250、250ml 或 8oz 这样的量（1-\(WaterSchedule.maximumML) 毫升）"
        case .waterGoal: return "2000、2000ml 或 64oz 这样的量（1-\(WaterSchedule.maximumML) 毫升），或 none"
        case .timeZone: return "system，或时区名称，如 Europe/Berlin"
        case .snooze: return "\(SnoozeSetting.shortest) 到 \(SnoozeSetting.longest) 之间的时长（\(TimeSpan.validForms)）"
        case .fastPlan, .urgencyFast, .urgencyWater, .urgencyReminder, .doNotDisturb, .away, .language, .waterUnit, .fastStreaks:
            return key.allowedValues
        }
    }
}
