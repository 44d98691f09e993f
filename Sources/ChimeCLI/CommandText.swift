import ChimeCore

/// Everything `chime` itself writes for people (errors, the words of help, output lines), in
/// English and Simplified Chinese: one line per message.
///
/// The descriptions of commands and options are the command table's own data and are
/// translated in ``HelpTranslation``; the notification texts live in ChimeNotify's catalog and
/// the core's error sentences in ``CoreText``.
enum CommandText: String, TextCatalog {
    // Words and lists.
    case listOr, listAnd, listComma, didYouMean, useOneOf, useOneOfSee, seeHelp

    // Command-line errors.
    case cannotRunAlone, unexpectedAfterVersion, optionTakesNoValue, unknownOptionSee, needsCommandBeforeTerminator
    case helpTakesNoValue, repeatedOption, missingValue, missingValueBeforeOption
    case unexpectedArgumentNone, unexpectedArgumentUsage, needsOption, cannotCombine, needsOneOf
    case unknownCommand, unknownSubcommand, unknownOption, missingSubcommand, missingArgument
    case invalidNumber, invalidChoice, invalidSettingValue, invalidSettingValueSuggest, unknownSetting
    case invalidEncoding, tooManyDurations, amountNotNumber, amountOutOfRange, invalidRequestIdentifier
    case scheduleOffTakesNoRule, scheduleNeedsRule, nagTooShort
    case invalidTime
    case timeEmpty, timeYearRange, timeMonthRange, timeNoSuchDay, timeDateNeedsClock, timeSeparator, timeSecondsNeedOffset
    case timeAfterOffset, timeDateForm, timeNeedsDate, timeExpectedClock, timeHoursMinutes, timeHourDigits, timeMinuteDigits
    case timeSecondDigits, timeFractionDigits, timeHourRange, timeMinuteRange, timeExpectedOffset, timeOffsetSign
    case timeOffsetMinuteDigits, timeOffsetForm, timeOffsetRange
    case fieldTag, fieldReminderText, fieldAmount, fieldGoal, fieldValueFor, fieldDays, fieldOccurrences
    case unknownReference, unexpectedError

    // Help.
    case helpUsage, helpCommands, helpArguments, helpOptions, helpExamples, helpRequired, helpGroupFooter, helpRootFooter

    /// The template of this message in `language`.
    func template(_ language: UserLanguage) -> String {
        let (english, chinese) = entry
        return language == .english ? english : chinese
    }

    /// Messages whose Chinese is rightly the same as their English (punctuation, a bare value).
    static let sameInEveryLanguage: Set<CommandText> = [.listComma]

    private var entry: (String, String) {
        switch self {
        case .listOr: return ("{rest} or {last}", "{rest} 或 {last}")
        case .listAnd: return ("{rest} and {last}", "{rest} 和 {last}")
        case .listComma: return (", ", "、")
        case .didYouMean: return ("did you mean \"{suggestion}\"?", "是不是“{suggestion}”？")
        case .useOneOf: return ("use one of {names}", "请用 {names} 之一")
        case .useOneOfSee: return ("use one of {names} (see \"{help}\")", "请用 {names} 之一（见“{help}”）")
        case .seeHelp: return ("see \"{command} --help\"", "见“{command} --help”")

        case .cannotRunAlone: return ("\"{command}\" cannot run on its own: see \"{command} --help\"", "“{command}”不能单独运行：见“{command} --help”")
        case .unexpectedAfterVersion: return ("unexpected argument \"{argument}\" after --version: use \"chime --version\" alone", "--version 后有多余的参数“{argument}”：请单独使用“chime --version”")
        case .optionTakesNoValue: return ("option {option} takes no value: write just {option}", "选项 {option} 不带值：只写 {option}")
        case .unknownOptionSee: return ("unknown option \"{option}\" for \"{command}\": see \"{command} --help\"", "“{command}”没有选项“{option}”：见“{command} --help”")
        case .needsCommandBeforeTerminator: return ("\"{command}\" needs a command before \"--\": use one of {names}", "“{command}”在“--”前需要一个命令：请用 {names} 之一")
        case .helpTakesNoValue: return ("option --help takes no value: use \"{command} --help\"", "选项 --help 不带值：请用“{command} --help”")
        case .repeatedOption: return ("option {option} is given twice: give it once", "选项 {option} 给了两次：只给一次")
        case .missingValue: return ("option {option} needs a value: {synopsis}", "选项 {option} 需要一个值：{synopsis}")
        case .missingValueBeforeOption: return ("option {option} needs a value: {synopsis} (write {option}=VALUE when the value starts with --)", "选项 {option} 需要一个值：{synopsis}（值以 -- 开头时写 {option}=VALUE）")
        case .unexpectedArgumentNone: return ("unexpected argument \"{argument}\": \"{command}\" takes no arguments", "多余的参数“{argument}”：“{command}”不带参数")
        case .unexpectedArgumentUsage: return ("unexpected argument \"{argument}\": usage: {usage}", "多余的参数“{argument}”：用法：{usage}")
        case .needsOption: return ("\"{command}\" needs {option}: usage: {usage}", "“{command}”需要 {option}：用法：{usage}")
        case .cannotCombine: return ("{options} cannot be combined: give only one", "{options}不能同时使用：只给一个")
        case .needsOneOf: return ("\"{command}\" needs {choices}: usage: {usage}", "“{command}”需要 {choices}：用法：{usage}")
        case .unknownCommand: return ("unknown command \"{word}\": {hint}", "未知命令“{word}”：{hint}")
        case .unknownSubcommand: return ("unknown subcommand \"{word}\" of \"{command}\": {hint}", "“{command}”没有子命令“{word}”：{hint}")
        case .unknownOption: return ("unknown option \"{option}\" for \"{command}\": {hint}", "“{command}”没有选项“{option}”：{hint}")
        case .missingSubcommand: return ("\"{command}\" needs a subcommand: {names} (see \"{command} --help\")", "“{command}”需要子命令：{names}（见“{command} --help”）")
        case .missingArgument: return ("missing {argument} for \"{command}\": usage: {usage}", "“{command}”缺少 {argument}：用法：{usage}")
        case .invalidNumber: return ("invalid {field} \"{text}\": use a whole number from {low} to {high}", "无效的{field}“{text}”：请用 {low} 到 {high} 之间的整数")
        case .invalidChoice: return ("invalid value \"{text}\" for {context}: {hint}", "{context} 的值“{text}”无效：{hint}")
        case .invalidSettingValue: return ("invalid value \"{text}\" for {key}: use one of {names}", "{key} 的值“{text}”无效：请用 {names} 之一")
        case .invalidSettingValueSuggest: return ("invalid value \"{text}\" for {key}: use one of {names} (did you mean \"{suggestion}\"?)", "{key} 的值“{text}”无效：请用 {names} 之一（是不是“{suggestion}”？）")
        case .unknownSetting: return ("unknown setting \"{text}\": {hint}", "未知设置“{text}”：{hint}")
        case .invalidEncoding: return ("argument {position} (\"{shown}\") is not valid UTF-8 (byte {byte} at offset {offset}): pass text encoded as UTF-8 (check the terminal's or script's encoding)", "第 {position} 个参数（“{shown}”）不是有效的 UTF-8（偏移 {offset} 处的字节 {byte}）：请传入 UTF-8 编码的文字（检查终端或脚本的编码）")
        case .tooManyDurations: return ("too many durations in {field} ({count}): give at most {maximum}, separated by commas", "{field} 中的时长太多（{count} 个）：最多 {maximum} 个，用逗号分隔")
        case .amountNotNumber: return ("invalid {field} \"{text}\": use a whole number of millilitres such as 250", "无效的{field}“{text}”：请用整数毫升，如 250")
        case .amountOutOfRange: return ("invalid {field} \"{text}\": use a whole number of millilitres from 1 to {maximum}", "无效的{field}“{text}”：请用 1 到 {maximum} 之间的整数毫升")
        case .invalidRequestIdentifier: return ("invalid request identifier \"{text}\": copy it from the ID column of \"chime list\"", "无效的请求标识“{text}”：请从“chime list”的 ID 列复制")
        case .scheduleOffTakesNoRule: return ("\"fast schedule off\" takes no rule: run \"chime fast schedule off\"", "“fast schedule off”不带规则：请运行“chime fast schedule off”")
        case .scheduleNeedsRule: return ("a fast schedule needs a rule after the plan: use a form like \"chime fast schedule 16:8 'daily 20:00'\"", "禁食计划在方案后需要规则：请用“chime fast schedule 16:8 'daily 20:00'”这样的写法")
        case .nagTooShort: return ("invalid --nag \"{text}\": use 1m or more, like 10m", "无效的 --nag“{text}”：请用 1m 或更长，如 10m")
        case .invalidTime: return ("invalid time \"{text}\": {reason}; use {forms}", "无效的时间“{text}”：{reason}；请用 {forms}")
        case .timeEmpty: return ("it is empty", "内容为空")
        case .timeYearRange: return ("the year must be between {low} and {high}", "年份必须在 {low} 到 {high} 之间")
        case .timeMonthRange: return ("months run from 01 to 12", "月份为 01 到 12")
        case .timeNoSuchDay: return ("{date} is not a day of the calendar", "日历上没有 {date} 这一天")
        case .timeDateNeedsClock: return ("a date needs a time of day, as in \"{date} 20:00\"", "日期需要带时刻，如“{date} 20:00”")
        case .timeSeparator: return ("separate the date and the time with a space or T", "日期和时刻之间用空格或 T 分隔")
        case .timeSecondsNeedOffset: return ("seconds need an offset (\"+02:00\" or \"Z\"); without one, write YYYY-MM-DD HH:MM", "带秒的时间需要时差（“+02:00”或“Z”）；没有时差请写 YYYY-MM-DD HH:MM")
        case .timeAfterOffset: return ("unexpected text after the offset", "时差后有多余的文字")
        case .timeDateForm: return ("write the date as YYYY-MM-DD with a four-digit year and two-digit month and day", "日期请写成 YYYY-MM-DD：四位年份，两位月份和日")
        case .timeNeedsDate: return ("a time with seconds or an offset needs a date, as in 2026-03-29T20:00+02:00", "带秒或时差的时间需要日期，如 2026-03-29T20:00+02:00")
        case .timeExpectedClock: return ("expected a time of day such as 20:00", "应为 20:00 这样的时刻")
        case .timeHoursMinutes: return ("write hours and minutes as HH:MM, like 20:00", "时和分请写成 HH:MM，如 20:00")
        case .timeHourDigits: return ("hours have one or two digits", "小时为一或两位数字")
        case .timeMinuteDigits: return ("minutes have two digits, like 20:05", "分钟为两位数字，如 20:05")
        case .timeSecondDigits: return ("seconds have two digits, 00 to 59", "秒为两位数字，00 到 59")
        case .timeFractionDigits: return ("a fraction of a second has one to nine digits", "秒的小数部分为一到九位数字")
        case .timeHourRange: return ("hours run from 00 to 23", "小时为 00 到 23")
        case .timeMinuteRange: return ("minutes run from 00 to 59", "分钟为 00 到 59")
        case .timeExpectedOffset: return ("expected an offset", "应有时差")
        case .timeOffsetSign: return ("the offset must be Z or start with + or -, like +02:00", "时差必须是 Z，或以 + 或 - 开头，如 +02:00")
        case .timeOffsetMinuteDigits: return ("offset minutes have two digits, like +05:30", "时差的分钟为两位数字，如 +05:30")
        case .timeOffsetForm: return ("write the offset as +HH:MM, like +02:00", "时差请写成 +HH:MM，如 +02:00")
        case .timeOffsetRange: return ("offsets run from -14:00 to +14:00", "时差为 -14:00 到 +14:00")
        case .fieldTag: return ("tag", "标签")
        case .fieldReminderText: return ("reminder text", "提醒文字")
        case .fieldAmount: return ("amount", "水量")
        case .fieldGoal: return ("goal", "目标")
        case .fieldValueFor: return ("value for {key}", "{key} 的值")
        case .fieldDays: return ("number of days", "天数")
        case .fieldOccurrences: return ("number of occurrences", "次数")
        case .unknownReference: return ("no pending notification or id \"{text}\": see \"chime list\"", "没有待发通知或 id“{text}”：见“chime list”")
        case .unexpectedError: return ("unexpected error ({error}): please report this as a bug", "意外错误（{error}）：请报告这个缺陷")

        case .helpUsage: return ("Usage: {usage}", "用法：{usage}")
        case .helpCommands: return ("Commands", "命令")
        case .helpArguments: return ("Arguments", "参数")
        case .helpOptions: return ("Options", "选项")
        case .helpExamples: return ("Examples", "示例")
        case .helpRequired: return (" (required)", "（必需）")
        case .helpGroupFooter: return ("Run \"{command} COMMAND --help\" for a command's options.", "运行“{command} COMMAND --help”查看某个命令的选项。")
        case .helpRootFooter: return ("Run \"chime help COMMAND\" or \"chime COMMAND --help\" for a command's arguments and options.", "运行“chime help COMMAND”或“chime COMMAND --help”查看某个命令的参数和选项。")
        }
    }
}

extension TextCatalog {
    /// This message without values, in every language.
    var localized: LocalizedText { LocalizedText(self) }
}
