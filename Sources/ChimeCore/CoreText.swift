/// The messages of the core's errors (rejected values, refused changes), in English and
/// Simplified Chinese: one line per message.
package enum CoreText: String, TextCatalog {
    case invalidDuration, invalidDurationWithSuggestion
    case durationEmpty, durationNegative, durationSigned, durationFraction, durationNumberFirst, durationUnitOrder
    case durationNeedsUnit, durationTooLong, durationZero, durationUnknownUnit, snoozeOutOfRange
    case invalidPlan, planHoursRange, planFastingPart, planEatingPart, planOneColon, planBareHoursShort
    case fastDaysOnlyScheduled, fastDaysRule, fastDaysCount
    case invalidTimeOfDay, unknownTimeZone
    case textHasNUL, textEmpty, textTooLong
    case amountNotNumber, amountOutOfRange, notDays
    case invalidIdentifier, invalidCalendarName
    case repeatingNeedsEating, nudgeNeverShown, fastIDRunning, fastScheduled, fastRunning, fastsOverlap
    case fastAlreadyEnded, fastCycleOver, fastNotRunningToExtend, fastCannotExtend, fastEndedLongAgo, extendLeavesNoEating
    case reminderPassed, ruleNoOccurrence, scheduleNoOccurrence, scheduleOverlaps, scheduleTooOften
    case nagOccurrenceUnknown, nagAlreadyDone, nagMissed, nagNotShown
    case ruleForms, invalidRule, invalidRuleNearest, ruleStepTooLong, ruleEndsEarly, ruleWordIsNot, ruleEmpty, ruleBadStart, ruleBadCount, ruleNotWholeMinutes
    case ruleNotADay, ruleNotAMonthDay, ruleNotADate, ruleNotATime, ruleExtraWord, ruleTimesMinutes
    case wantedCountOrDuration, wantedUnit, wantedUnitExample, wantedDuration, wantedWindowOrDays, wantedWindow, wantedWindowInDay
    case wantedDays, wantedMonthDay, wantedWeekdayAfter, wantedDate, wantedTimeOfDay
    case rrulePartForm, rrulePartTwice, rruleNotANumber, rruleOutOfRange, rruleBadFrequency, rruleBadInterval, rruleBadCount
    case rruleBadUntil, rruleBadWeekday, rruleBadOrdinal, rruleBadWeekStart, rruleCalendarScale, rruleUnknownPart, rruleNoFrequency
    case rruleSeconds, rruleMinutes, rruleHours, rruleMonthDays, rruleYearDays, rruleWeeks, rruleMonths, rrulePositions
    case rruleCountAndUntil, rruleWeekNumberYearly, rruleYearDayFrequency, rruleMonthDayWeekly, rruleOrdinalFrequency
    case rruleOrdinalWeekNumber, rruleOrdinalTooWide, rruleSetPositionAlone

    package var entry: (english: String, chinese: String) {
        switch self {
        case .invalidDuration: return ("invalid duration \"{text}\": {reason}; use forms like {forms}", "无效的时长“{text}”：{reason}；请使用 {forms} 这样的写法")
        case .invalidDurationWithSuggestion: return ("invalid duration \"{text}\": {reason}: use {suggestion}", "无效的时长“{text}”：{reason}：请写成 {suggestion}")
        case .durationEmpty: return ("it is empty", "内容为空")
        case .durationNegative: return ("a duration must be positive", "时长必须是正数")
        case .durationSigned: return ("write the number without a sign", "数字前不要加正负号")
        case .durationFraction: return ("fractions are not supported, combine units instead (1h30m)", "不支持小数，请组合单位（如 1h30m）")
        case .durationNumberFirst: return ("a number must come before \"{unit}\"", "“{unit}”前必须有数字")
        case .durationUnitOrder: return ("write each unit once, largest first (d, h, m, s)", "每个单位只写一次，按从大到小的顺序（d、h、m、s）")
        case .durationNeedsUnit: return ("the number {number} needs a unit (d, h, m or s)", "数字 {number} 需要单位（d、h、m 或 s）")
        case .durationTooLong: return ("it is longer than the maximum of {maximum}", "超过了上限 {maximum}")
        case .durationZero: return ("a duration must be longer than zero", "时长必须大于零")
        case .durationUnknownUnit: return ("unknown unit \"{unit}\"", "未知单位“{unit}”")
        case .snoozeOutOfRange: return ("a snooze of {text} is not allowed: use a duration from {shortest} to {longest}", "不能设置 {text} 的稍后提醒：请用 {shortest} 到 {longest} 之间的时长")
        case .invalidPlan: return ("invalid fasting plan \"{text}\": {reason}; use forms like {forms}", "无效的禁食方案“{text}”：{reason}；请使用 {forms} 这样的写法")
        case .planHoursRange: return ("hours must be between 1 and {maximum}", "小时数必须在 1 到 {maximum} 之间")
        case .planFastingPart: return ("the fasting part \"{part}\": {reason}", "禁食部分“{part}”：{reason}")
        case .planEatingPart: return ("the eating part \"{part}\": {reason}", "进食部分“{part}”：{reason}")
        case .planBareHoursShort: return ("\"{text}\" would be a {fasting}-hour fast: write {fasting}h:{eating}h for hours, or 5:2, 4:3 or adf for fast days", "“{text}”会是 {fasting} 小时的禁食：按小时请写 {fasting}h:{eating}h；按禁食日请用 5:2、4:3 或 adf")
        case .fastDaysOnlyScheduled: return ("{plan} is a plan of whole fast days, set on the days it names: chime fast schedule {plan} {example}", "{plan} 是按整天禁食的方案，要在指定的日子上设置：chime fast schedule {plan} {example}")
        case .fastDaysRule: return ("{plan} takes the fast days, not \"{rule}\": name the weekdays, e.g. {example}", "{plan} 需要的是禁食日，而不是“{rule}”：请写出星期几，如 {example}")
        case .fastDaysCount: return ("{plan} has {count} fast days a week, and \"{rule}\" names {named}: name {count}, e.g. {example}", "{plan} 每周有 {count} 个禁食日，而“{rule}”写了 {named} 个：请写 {count} 个，如 {example}")
        case .planOneColon: return ("write at most one \":\" between fasting and eating time", "禁食和进食时间之间最多只能有一个“:”")
        case .invalidTimeOfDay: return ("invalid time of day \"{text}\": use HH:MM on the 24-hour clock (09:00, 21:30), or 9:30pm, 9pm, 21h, noon or midnight", "无效的时刻“{text}”：请用 24 小时制的 HH:MM（09:00、21:30），或 9:30pm、9pm、21h、noon、midnight、下午3点")
        case .unknownTimeZone: return ("unknown time zone \"{zone}\" in TZ: use a name such as Europe/Berlin (see /usr/share/zoneinfo), or unset TZ", "TZ 中的时区“{zone}”未知：请用 Asia/Shanghai 这样的名称（见 /usr/share/zoneinfo），或取消设置 TZ")
        case .textHasNUL: return ("the {field} contains a NUL character: remove it", "{field}含有 NUL 字符：请删除它")
        case .textEmpty: return ("the {field} is empty: write some text", "{field}为空：请写一些文字")
        case .textTooLong: return ("the {field} is {bytes} bytes long: use at most {maximum} bytes", "{field}有 {bytes} 字节：最多 {maximum} 字节")
        case .amountNotNumber: return ("invalid {field} \"{text}\": use a number such as 250, 250ml or 8oz (a number alone is in the unit of the water.unit setting)", "无效的{field}“{text}”：请写 250、250ml 或 8oz 这样的数（只写数字时按 water.unit 设置的单位）")
        case .amountOutOfRange: return ("invalid {field} \"{text}\": use an amount from {minimum} to {maximum} {unit}", "无效的{field}“{text}”：请用 {minimum} 到 {maximum} {unit} 之间的量")
        case .notDays: return ("invalid days \"{text}\": use weekdays, weekends, daily, a day such as sat, a list such as mon,thu or a range such as mon-fri", "无效的日子“{text}”：请用 weekdays（工作日）、weekends（周末）、daily（每天）、sat 或周六这样的一天、mon,thu 这样的列表，或 mon-fri、周一至周五这样的范围")
        case .invalidCalendarName: return ("invalid calendar name \"{text}\": use 1-{maximum} letters (of any script), digits, '-', '_' or '.', starting with a letter or digit", "无效的日历名称“{text}”：请用 1-{maximum} 个字符，可以是任何语言的文字、数字、'-'、'_' 或 '.'，并以文字或数字开头")
        case .invalidIdentifier: return ("invalid id \"{text}\": use 1-{maximum} letters (of any script, like 药 or café), digits, '-', '_' or '.', starting with a letter or digit", "无效的 id“{text}”：请用 1-{maximum} 个字符，可以是任何语言的文字（如“药”或 café）、数字、'-'、'_' 或 '.'，并以文字或数字开头")
        case .repeatingNeedsEating: return ("a repeating fast needs an eating window: use a plan like 16:8 instead of {plan}", "重复的禁食需要进食窗口：请用 16:8 这类方案代替 {plan}")
        case .nudgeNeverShown: return ("a nudge {lead} before the end of a {fasting} fast would come before the fast begins and could never be shown: remind less than {fasting} before the end", "{fasting} 的禁食结束前 {lead} 的提示会早于禁食开始，永远不会显示：请让提示提前的时间短于 {fasting}")
        case .fastIDRunning: return ("a fast with id \"{id}\" is still running: stop it first or choose another id", "id 为“{id}”的禁食仍在进行：请先结束它，或换一个 id")
        case .fastScheduled: return ("fast {id} is scheduled to start: stop it with 'chime fast stop' or start with --replace", "禁食 {id} 已安排好要开始：可用 'chime fast stop' 取消它，或加 --replace 重新开始")
        case .fastRunning: return ("fast {id} is already running: stop it with 'chime fast stop' or start with --replace", "禁食 {id} 已在进行：可用 'chime fast stop' 结束它，或加 --replace 重新开始")
        case .fastsOverlap: return ("fast {id} was still fasting when this one would start, and fasts cannot overlap: start it after fast {id} ended, or add --replace to end fast {id} at the new start", "这次禁食开始时，禁食 {id} 仍在进行，而禁食不能重叠：请在禁食 {id} 结束后再开始，或加 --replace 让禁食 {id} 在这次开始时结束")
        case .fastAlreadyEnded: return ("fast {id} has already ended", "禁食 {id} 已经结束")
        case .fastCycleOver: return ("that notification was about cycle {cycle} of fast {id}, which is over (cycle {current} runs now): stop it with 'chime fast stop'", "这条通知属于禁食 {id} 的第 {cycle} 轮，那一轮已经结束（现在是第 {current} 轮）：可用 'chime fast stop' 结束禁食")
        case .fastNotRunningToExtend: return ("fast {id} is not running, so there is nothing to extend: start a new fast instead", "禁食 {id} 没有在进行，无法延长：请开始新的禁食")
        case .fastCannotExtend: return ("that notification was about a fast of {id} that can no longer be extended by {span}: see 'chime fast status'", "这条通知所属的禁食 {id} 已无法再延长 {span}：见 'chime fast status'")
        case .fastEndedLongAgo: return ("fast {id} ended longer than {span} ago, so there is nothing to extend: start a new fast instead", "禁食 {id} 结束已超过 {span}，无法延长：请开始新的禁食")
        case .extendLeavesNoEating: return ("extending by {span} would leave no eating window before the next fast: extend by less than {limit}, or stop the fast", "延长 {span} 会让下一次禁食前没有进食窗口：请延长少于 {limit}，或结束禁食")
        case .reminderPassed: return ("the reminder time {due} has already passed: choose a time in the future", "提醒时间 {due} 已经过去：请选择将来的时间")
        case .ruleNoOccurrence: return ("the rule \"{rule}\" has no occurrence after now: check its start, UNTIL or COUNT", "规则“{rule}”从现在起不会再出现：请检查它的开始时间、UNTIL 或 COUNT")
        case .scheduleNoOccurrence: return ("the rule \"{rule}\" has no occurrence after now, so no fast would start: check its UNTIL or COUNT", "规则“{rule}”从现在起不会再出现，因此不会开始任何禁食：请检查它的 UNTIL 或 COUNT")
        case .scheduleOverlaps: return ("a {plan} fast from \"{rule}\" would still run when the next one starts ({next}), and fasts cannot overlap: use a shorter plan or a rule with fewer starts", "按“{rule}”开始的 {plan} 禁食到下一次开始时（{next}）还没结束，而禁食不能重叠：请用更短的方案，或开始次数更少的规则")
        case .scheduleTooOften: return ("the rule \"{rule}\" repeats more often than daily, and a fast schedule starts at most one fast a day: use a rule like \"daily 20:00\" or \"mon,thu 20:00\"", "规则“{rule}”比每天一次更频繁，而禁食计划每天最多开始一次禁食：请用“daily 20:00”或“mon,thu 20:00”这类规则")
        case .nagOccurrenceUnknown: return ("no nagging reminder occurrence is \"{identifier}\": give a reminder set with --nag, or an identifier from 'chime remind history'", "没有“{identifier}”这个带催促的提醒：请给出用 --nag 设置的提醒，或 'chime remind history' 中列出的标识")
        case .nagAlreadyDone: return ("{identifier} is already done: see 'chime remind history {group}'", "{identifier} 已经完成：见 'chime remind history {group}'")
        case .nagMissed: return ("{identifier} was missed (the next occurrence came): see 'chime remind history {group}'", "{identifier} 已错过（下一次已经到了）：见 'chime remind history {group}'")
        case .ruleForms: return ("{examples}, or RRULE text (FREQ=...)", "{examples}，或 RRULE 文本（FREQ=...）")
        case .invalidRule: return ("invalid rule \"{text}\": {detail}", "无效的规则“{text}”：{detail}")
        case .invalidRuleNearest: return ("invalid rule \"{text}\": {detail}; the nearest rule Chime reads is \"{nearest}\"", "无效的规则“{text}”：{detail}；最接近的可用写法是“{nearest}”")
        case .ruleStepTooLong: return ("\"{word}\" is not a step from 1 second to {maximum}", "“{word}”不是 1 秒到 {maximum} 之间的间隔")
        case .ruleEndsEarly: return ("it ends too early: {wanted} is missing", "规则不完整：缺少{wanted}")
        case .ruleWordIsNot: return ("\"{word}\" is not {wanted}", "“{word}”不是{wanted}")
        case .ruleEmpty: return ("it is empty: write {examples}, or RRULE text (FREQ=...)", "规则为空：请写 {examples}，或 RRULE 文本（FREQ=...）")
        case .ruleBadStart: return ("\"{word}\" is not a way to start a rule: write {examples}, or RRULE text (FREQ=...)", "规则不能以“{word}”开头：请写 {examples}，或 RRULE 文本（FREQ=...）")
        case .ruleBadCount: return ("\"{word}\" is not a count from 1 to 1000", "“{word}”不是 1 到 1000 之间的次数")
        case .ruleNotWholeMinutes: return ("\"{word}\" is not whole minutes: steps in a window are minutes or hours (90m, 2h)", "“{word}”不是整分钟：时段内的间隔必须是分钟或小时（90m、2h）")
        case .ruleNotADay: return ("\"{word}\" is not a day: use mon, tue, wed, thu, fri, sat, sun (or weekdays, weekends)", "“{word}”不是星期几：请用 mon、tue、wed、thu、fri、sat、sun（或 weekdays、weekends）")
        case .ruleNotAMonthDay: return ("\"{word}\" is not a day of the month: use 1 to 31, last, or first/second/third/fourth/last and a weekday (first fri)", "“{word}”不是每月中的某一天：请用 1 到 31、last，或 first/second/third/fourth/last 加星期几（如 first fri）")
        case .ruleNotADate: return ("\"{word}\" is not a date: write MM-DD, like 03-14", "“{word}”不是日期：请写 MM-DD，如 03-14")
        case .ruleNotATime: return ("\"{word}\" is not a time of day: use HH:MM on the 24-hour clock, like 09:30 (or 08:00,20:00), or 9:30am, 9pm, noon", "“{word}”不是时刻：请用 24 小时制的 HH:MM，如 09:30（或 08:00,20:00），或 9:30am、9pm、noon、下午3点")
        case .ruleExtraWord: return ("\"{word}\" is one word too many: the rule ends with its times", "“{word}”是多出来的词：规则应以时刻结尾")
        case .ruleTimesMinutes: return ("times {times} need the same minutes at every hour (like 08:15,20:15) in this rule: name its days, or give times that share their minutes", "此规则中的时刻 {times} 要求每个小时的分钟数相同（如 08:15,20:15）：请写明星期几，或给出分钟数相同的时刻")
        case .wantedCountOrDuration: return ("a count or a duration (every 2 weeks, every 90m)", "次数或时长（every 2 weeks、every 90m）")
        case .wantedUnit: return ("a unit (minutes, hours, days, weeks, months or years)", "单位（minutes、hours、days、weeks、months 或 years）")
        case .wantedUnitExample: return ("a unit or a day: use minutes, hours, days, weeks, months, years, weekdays or a weekday (every 30 minutes, every 2 weeks fri 17:00, every monday 10:00)", "单位或星期几：请用 minutes、hours、days、weeks、months、years、weekdays 或星期几（every 30 minutes、every 2 weeks fri 17:00、every monday 10:00）")
        case .wantedDuration: return ("a duration ({forms})", "时长（{forms}）")
        case .wantedWindowOrDays: return ("a daily window (09:00-17:00) or days (weekdays, mon,thu)", "每天的时段（09:00-17:00）或星期几（weekdays、mon,thu）")
        case .wantedWindow: return ("a daily window: write HH:MM-HH:MM, like 09:00-17:00", "每天的时段：请写 HH:MM-HH:MM，如 09:00-17:00")
        case .wantedWindowInDay: return ("a window within one day: its end must not be before its start (09:00-17:00)", "同一天之内的时段：结束不能早于开始（09:00-17:00）")
        case .wantedDays: return ("days (weekdays, weekends or mon,thu)", "星期几（weekdays、weekends 或 mon,thu）")
        case .wantedMonthDay: return ("a day of the month (1, 1,15, last, first fri, last fri)", "每月的某一天（1、1,15、last、first fri、last fri）")
        case .wantedWeekdayAfter: return ("a weekday after \"{word}\": use mon, tue, wed, thu, fri, sat or sun (first fri)", "“{word}”后的星期几：请用 mon、tue、wed、thu、fri、sat 或 sun（first fri）")
        case .wantedDate: return ("a date as MM-DD (03-14)", "MM-DD 形式的日期（03-14）")
        case .wantedTimeOfDay: return ("a time of day (HH:MM, or HH:MM,HH:MM)", "时刻（HH:MM，或 HH:MM,HH:MM）")
        case .rrulePartForm: return ("\"{part}\" is not NAME=VALUE: write parts like FREQ=DAILY;BYHOUR=9", "“{part}”不是 NAME=VALUE：请写 FREQ=DAILY;BYHOUR=9 这样的部分")
        case .rrulePartTwice: return ("{name} is given twice: give each part once", "{name} 出现了两次：每个部分只能给一次")
        case .rruleNotANumber: return ("{part}: \"{item}\" is not a number: use {what}", "{part}：“{item}”不是数字：请用{what}")
        case .rruleOutOfRange: return ("{part}: {item} is out of range: use {what}", "{part}：{item} 超出范围：请用{what}")
        case .rruleBadFrequency: return ("FREQ={value} is not a frequency: use SECONDLY, MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY", "FREQ={value} 不是频率：请用 SECONDLY、MINUTELY、HOURLY、DAILY、WEEKLY、MONTHLY 或 YEARLY")
        case .rruleBadInterval: return ("INTERVAL={value} is not a whole number from 1 to 1000000", "INTERVAL={value} 不是 1 到 1000000 之间的整数")
        case .rruleBadCount: return ("COUNT={value} is not a whole number from 1 to 1000000", "COUNT={value} 不是 1 到 1000000 之间的整数")
        case .rruleBadUntil: return ("UNTIL={value} is not a date or time: use 20271231, 20271231T235959 or 20271231T235959Z", "UNTIL={value} 不是日期或时间：请用 20271231、20271231T235959 或 20271231T235959Z")
        case .rruleBadWeekday: return ("BYDAY={value}: \"{item}\" is not a weekday: use MO, TU, WE, TH, FR, SA, SU, optionally with an ordinal like 1FR or -1SU", "BYDAY={value}：“{item}”不是星期几：请用 MO、TU、WE、TH、FR、SA、SU，可加序数，如 1FR 或 -1SU")
        case .rruleBadOrdinal: return ("BYDAY={value}: \"{item}\" has a bad ordinal: use 1 to 53 or -53 to -1 before the weekday, like 2MO or -1FR", "BYDAY={value}：“{item}”的序数无效：请在星期几前用 1 到 53 或 -53 到 -1，如 2MO 或 -1FR")
        case .rruleBadWeekStart: return ("WKST={value} is not a weekday: use MO, TU, WE, TH, FR, SA or SU", "WKST={value} 不是星期几：请用 MO、TU、WE、TH、FR、SA 或 SU")
        case .rruleCalendarScale: return ("{name} (RFC 7529 calendar scales) is not supported: write the rule in the Gregorian calendar", "不支持 {name}（RFC 7529 历法）：请按公历写规则")
        case .rruleUnknownPart: return ("{name} is not a rule part: use FREQ, INTERVAL, COUNT, UNTIL, BYSECOND, BYMINUTE, BYHOUR, BYDAY, BYMONTHDAY, BYYEARDAY, BYWEEKNO, BYMONTH, BYSETPOS or WKST", "{name} 不是规则的部分：请用 FREQ、INTERVAL、COUNT、UNTIL、BYSECOND、BYMINUTE、BYHOUR、BYDAY、BYMONTHDAY、BYYEARDAY、BYWEEKNO、BYMONTH、BYSETPOS 或 WKST")
        case .rruleNoFrequency: return ("FREQ is missing: start with FREQ=DAILY, FREQ=WEEKLY, ...", "缺少 FREQ：请以 FREQ=DAILY、FREQ=WEEKLY 等开头")
        case .rruleSeconds: return ("seconds 0-59", "秒 0-59")
        case .rruleMinutes: return ("minutes 0-59", "分钟 0-59")
        case .rruleHours: return ("hours 0-23", "小时 0-23")
        case .rruleMonthDays: return ("days of the month 1 to 31 or -31 to -1", "每月的第 1 到 31 天或 -31 到 -1")
        case .rruleYearDays: return ("days of the year 1 to 366 or -366 to -1", "每年的第 1 到 366 天或 -366 到 -1")
        case .rruleWeeks: return ("weeks 1 to 53 or -53 to -1", "第 1 到 53 周或 -53 到 -1")
        case .rruleMonths: return ("months 1-12", "月份 1-12")
        case .rrulePositions: return ("positions 1 to 366 or -366 to -1", "位置 1 到 366 或 -366 到 -1")
        case .rruleCountAndUntil: return ("COUNT and UNTIL cannot both be given: keep one", "COUNT 和 UNTIL 不能同时给出：保留一个")
        case .rruleWeekNumberYearly: return ("BYWEEKNO works only with FREQ=YEARLY", "BYWEEKNO 只能与 FREQ=YEARLY 一起用")
        case .rruleYearDayFrequency: return ("BYYEARDAY cannot be used with FREQ={frequency}: use FREQ=YEARLY (or a finer FREQ)", "BYYEARDAY 不能与 FREQ={frequency} 一起用：请用 FREQ=YEARLY（或更细的 FREQ）")
        case .rruleMonthDayWeekly: return ("BYMONTHDAY cannot be used with FREQ=WEEKLY: use FREQ=MONTHLY or DAILY", "BYMONTHDAY 不能与 FREQ=WEEKLY 一起用：请用 FREQ=MONTHLY 或 DAILY")
        case .rruleOrdinalFrequency: return ("BYDAY with an ordinal (like 1FR) needs FREQ=MONTHLY or FREQ=YEARLY", "带序数的 BYDAY（如 1FR）需要 FREQ=MONTHLY 或 FREQ=YEARLY")
        case .rruleOrdinalWeekNumber: return ("BYDAY with an ordinal cannot be combined with BYWEEKNO", "带序数的 BYDAY 不能与 BYWEEKNO 同时使用")
        case .rruleOrdinalTooWide: return ("BYDAY={day}: a month has at most 5 of a weekday: use 1 to 5 or -5 to -1", "BYDAY={day}：一个月里同一星期几最多 5 个：请用 1 到 5 或 -5 到 -1")
        case .rruleSetPositionAlone: return ("BYSETPOS needs another BY part to choose from (like BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1)", "BYSETPOS 需要另一个 BY 部分来选择（如 BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1）")
        case .nagNotShown: return ("{identifier} has not been shown yet: 'chime done' acknowledges a reminder once it came", "{identifier} 还没有显示过：'chime done' 只能确认已经出现的提醒")
        }
    }
}
