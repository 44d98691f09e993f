import ChimeCore

/// Everything `chime` itself writes for people (errors, the words of help, output lines), in
/// English and Simplified Chinese: one line per message.
///
/// The descriptions of commands and options are the command table's own data, each a
/// ``HelpText`` written in both languages in its entry; the notification texts live in ChimeBubbleText's catalog and
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
    case invalidEncoding, tooManyDurations, invalidRequestIdentifier
    case scheduleOffTakesNoRule, scheduleNeedsRule, nagTooShort, ruleNeedsQuotes
    case invalidTime, timeForms
    case timeEmpty, timeYearRange, timeMonthRange, timeNoSuchDay, timeDateNeedsClock, timeSeparator, timeSecondsNeedOffset
    case timeAfterOffset, timeDateForm, timeNeedsDate, timeExpectedClock, timeHoursMinutes, timeHourDigits, timeMinuteDigits
    case timeSecondDigits, timeFractionDigits, timeHourRange, timeMinuteRange, timeExpectedOffset, timeOffsetSign
    case timeOffsetMinuteDigits, timeOffsetForm, timeOffsetRange, timeDayNeedsClock, timeUnknownWord, timeTwelveHour
    case fieldTag, fieldReminderText, fieldAmount, fieldGoal, fieldValueFor, fieldDays, fieldOccurrences
    case unknownReference, unknownGroup, unexpectedError
    case ownerFastScheduled, ownerFastRunning, ownerWaterSchedule, ownerReminder, idTaken, reminderCannotComeBack, waterReminderOff
    case reminderTimePassed, ruleAlreadyEnds, fastIDUsed, fastScheduleIsSet, noFastWithIDHistory, noFastWithID, noFastRunning, fastsRunning
    case waterScheduleOn, waterSchedulesOn, waterSchedules, glassInFuture, nothingToUndo, glassesChanged, noWaterToPause, noWaterToResume
    case storedSettingInvalid, noFreeID, rollingOverlapsSchedule, ownerRecurringReminder, wouldRewriteEndedFast

    // Output lines of changes.
    case daemonNotRunning, daemonNotRunningStatus, daemonDidNotConfirm, alreadyApplied, unexpectedAnswer, noAnswerWithin
    case repeating, taggedDetail, detailSeparator, clauseSeparator, scope
    case fastStarts, fastStartedEnds, fastStartedEnded, endedFast, endedFasts, discardedFast, discardedFasts
    case fastDiscarded, fastStoppedAtCycleStart, fastDeleted, discardedInsideFast, discardedInsideFasts, fastSkipped, scheduledFastDeleted
    case fastCancelledBeforeStart, fastStoppedExtended, fastStoppedShort, fastStoppedEating, fastHadEnded, fastExtended
    case nudgeLeftOut, nudgesLeftOut, overnightUntil, waterConfigured, waterGoalPart, waterLogged, waterLoggedFor, goalReached
    case waterPaused, waterResumed, waterNotPaused, waterOff, reminderSet, recurringReminderSet, reminderReplaced, skippedTimeNote
    case cancelledShownOne, cancelledShownMany, closedOnScreenOne, closedOnScreenMany, scheduledFastsSkipped, scheduleGoesOn, recurringReminderReplaced
    case nothingToCancel, cancelledOne, cancelledCountOne, cancelledCount, reminderGoesOn, waterStaysOn, fastRepeats, fastRunsOn
    case snoozed, configSet, configUnset, configNotSet, nextReminder, noReminderToCome
    case fastScheduleSet, fastScheduleReplaced, fastScheduleOff, fastGoesOn, repeatsOnLocalClock
    case fastDaysScheduleSet, fastScheduleAlongside, noScheduleWithID, eveningNeedsFastDays
    case intake, intakeOfGoal, noWaterReminders, today, pausedUntil, goalReachedPart, noReminderPending, goalMetNextReminder, allDay, allDayFrom

    // Times.
    case tomorrowAt, yesterdayAt, now, inSpan, spanAgo, clockAndRelative

    // Tables and reports.
    case noFast, fastHeading, phaseScheduled, phaseFasting, phaseEating, phaseEnded, fastStartsLine, fastStartedLine, fastProgress
    case fastEndedNextStarts, fastEndedWindowCloses, leftToEat, cancelledBeforeStart, fastedGoalReached, fastedStoppedEarly, tagLine
    case holdAway, holdDoNotDisturb, doNotDisturbIgnored, awayIgnored, heldOne, heldMany, waitingForRoomOne, waitingForRoomMany
    case nextLine, nextTooltip, barFasting, barEating, barFastStarts, barWater, daemonAnswers, daemonNotAnswering, daemonUnreachable
    case completionRate, historySummary, historySummaryOneDay, fastCount, fastCountOne, streakOneDay, streakDays, fastingHoursChart, recentFasts
    case completed, stoppedEarly
    case outcomeOpen, outcomeOnTime, outcomeLate, outcomeMissed, outcomeAt
    case noFastSchedule, fastScheduleShown, scheduleNextFast, scheduleFasting, scheduleEating, eatingUntil, noFastPlanned
    case outcomeOK, outcomeWarning, outcomeProblem, checkStore, checkDaemon, checkSessionBus, checkServer, checkTimeZone, checkDoNotDisturb, dunstPauseRule, dunstPauseRuleNeedsNewer
    case dndFollowsProperty, dndFollowsMakoMode, dndFollowsGSettings, dndGSettingsMissing, dndGSettingsFix, dndFollowsXfconf, dndXfconfUnreadable
    case dndXfconfFix, dndNone, dndOn, dndOff, dndDiscards
    case storeHealth, storeReadOnly, storeReadOnlyFix, storeDamaged, storeDamagedFix, theDatabase, cannotBeUsed
    case startDaemonFix, daemonAnswersDetail, nextWake, daemonServer, versionMismatch, daemonNotRunningDetail, daemonNotAnsweringDetail
    case daemonWaitingForRoom, waitingForRoomFix
    case restartDaemonFix, daemonUnreachableDetail, busFix, reachable, notReachable, serverAnswers, noCapabilities, serverDetail
    case noButtonsFix, noServer, startServerFix, serverWithoutBus, serverTimedOut, restartServerFix, serverFailed, restartServerAgainFix
    case timeZoneFix, systemZone, fromTZ, timeZoneDetail, noSessionBus, busUnreachable
    case ruleZoneDiffers, ruleZoneSame, ruleZoneFix, ruleZoneFromSystem, ruleZoneFromSetting, ruleZoneNote
    case refusedStatus, unexpectedStatusAnswer, unreadableAnswer, warning
    case parenthesized, hoursValue
    case noScheduleToTurnOff, waterAlreadyOff
    case clockChangeNote, clockChangeAheadNote, clockChangedNote, recurringReminderEnded, scopeAll, cannotBeShown, takesPlaceOf, nextScheduledFast, acknowledged, nextOccurrence, defaultValue
    case explainRule, explainFrom, neverOccurs, noOccurrenceAhead, noMoreOccurrences
    case titleAndText, nothingPending, nothingPendingInGroup, columnID, columnGroup, columnKind, columnDue, columnTitle
    case kindFastStart, kindFastEnd, kindFastNudge, kindEatingEnd, kindWater, kindReminder, kindCalendarAlarm
    case columnRule, columnNext, columnLeft, columnText, noRecurringReminders, ruleOver, noEnd, endedMark

    // Help.
    case helpUsage, helpCommands, helpArguments, helpOptions, helpExamples, helpRequired, helpGroupFooter, helpRootFooter

    /// Messages whose Chinese is rightly the same as their English (punctuation, a bare value).
    static let sameInEveryLanguage: Set<CommandText> = [.columnID, .acknowledged, .intake, .intakeOfGoal]

    var entry: (english: String, chinese: String) {
        switch self {
        case .listOr: return ("{rest} or {last}", "{rest} 或 {last}")
        case .listAnd: return ("{rest} and {last}", "{rest} 和 {last}")
        case .listComma: return (", ", "、")
        case .didYouMean: return ("did you mean \"{suggestion}\"?", "是不是想写“{suggestion}”？")
        case .useOneOf: return ("use one of {names}", "请使用 {names} 中的一个")
        case .useOneOfSee: return ("use one of {names} (see \"{help}\")", "请使用 {names} 中的一个（见“{help}”）")
        case .seeHelp: return ("see \"{command} --help\"", "见“{command} --help”")

        case .cannotRunAlone: return ("\"{command}\" cannot run on its own: see \"{command} --help\"", "“{command}”不能单独运行：见“{command} --help”")
        case .unexpectedAfterVersion: return ("unexpected argument \"{argument}\" after --version: use \"chime --version\" alone", "--version 后有多余的参数“{argument}”：请单独使用“chime --version”")
        case .optionTakesNoValue: return ("option {option} takes no value: write just {option}", "选项 {option} 不接受值：只写 {option} 即可")
        case .unknownOptionSee: return ("unknown option \"{option}\" for \"{command}\": see \"{command} --help\"", "“{command}”没有“{option}”这个选项：见“{command} --help”")
        case .needsCommandBeforeTerminator: return ("\"{command}\" needs a command before \"--\": use one of {names}", "“{command}”在“--”之前需要一个命令：请使用 {names} 中的一个")
        case .helpTakesNoValue: return ("option --help takes no value: use \"{command} --help\"", "选项 --help 不接受值：请用“{command} --help”")
        case .repeatedOption: return ("option {option} is given twice: give it once", "选项 {option} 重复出现：只需给出一次")
        case .missingValue: return ("option {option} needs a value: {synopsis}", "选项 {option} 需要一个值：{synopsis}")
        case .missingValueBeforeOption: return ("option {option} needs a value: {synopsis} (write {option}=VALUE when the value starts with --)", "选项 {option} 需要一个值：{synopsis}（值以 -- 开头时写 {option}=VALUE）")
        case .unexpectedArgumentNone: return ("unexpected argument \"{argument}\": \"{command}\" takes no arguments", "多余的参数“{argument}”：“{command}”不接受参数")
        case .unexpectedArgumentUsage: return ("unexpected argument \"{argument}\": usage: {usage}", "多余的参数“{argument}”：用法：{usage}")
        case .needsOption: return ("\"{command}\" needs {option}: usage: {usage}", "“{command}”需要 {option}：用法：{usage}")
        case .cannotCombine: return ("{options} cannot be combined: give only one", "{options} 不能同时使用：只能选一个")
        case .needsOneOf: return ("\"{command}\" needs {choices}: usage: {usage}", "“{command}”需要 {choices}：用法：{usage}")
        case .unknownCommand: return ("unknown command \"{word}\": {hint}", "未知命令“{word}”：{hint}")
        case .unknownSubcommand: return ("unknown subcommand \"{word}\" of \"{command}\": {hint}", "“{command}”没有“{word}”这个子命令：{hint}")
        case .unknownOption: return ("unknown option \"{option}\" for \"{command}\": {hint}", "“{command}”没有“{option}”这个选项：{hint}")
        case .missingSubcommand: return ("\"{command}\" needs a subcommand: {names} (see \"{command} --help\")", "“{command}”需要子命令：{names}（见“{command} --help”）")
        case .missingArgument: return ("missing {argument} for \"{command}\": usage: {usage}", "“{command}”缺少 {argument}：用法：{usage}")
        case .invalidNumber: return ("invalid {field} \"{text}\": use a whole number from {low} to {high}", "无效的{field}“{text}”：请用 {low} 到 {high} 之间的整数")
        case .invalidChoice: return ("invalid value \"{text}\" for {context}: {hint}", "{context} 的值“{text}”无效：{hint}")
        case .invalidSettingValue: return ("invalid value \"{text}\" for {key}: use one of {names}", "{key} 的值“{text}”无效：请使用 {names} 中的一个")
        case .invalidSettingValueSuggest: return ("invalid value \"{text}\" for {key}: use one of {names} (did you mean \"{suggestion}\"?)", "{key} 的值“{text}”无效：请使用 {names} 中的一个（是不是想写“{suggestion}”？）")
        case .unknownSetting: return ("unknown setting \"{text}\": {hint}", "未知设置“{text}”：{hint}")
        case .invalidEncoding: return ("argument {position} (\"{shown}\") is not valid UTF-8 (byte {byte} at offset {offset}): pass text encoded as UTF-8 (check the terminal's or script's encoding)", "第 {position} 个参数（“{shown}”）不是有效的 UTF-8（偏移 {offset} 处的字节 {byte}）：请传入 UTF-8 编码的文字（检查终端或脚本的编码）")
        case .tooManyDurations: return ("too many durations in {field} ({count}): give at most {maximum}, separated by commas", "{field} 中的时长太多（{count} 个）：最多 {maximum} 个，用逗号分隔")
        case .invalidRequestIdentifier: return ("invalid request identifier \"{text}\": copy it from the ID column of \"chime list\"", "无效的请求标识“{text}”：请从“chime list”的 ID 列复制")
        case .scheduleOffTakesNoRule: return ("\"fast schedule off\" takes no rule, only a schedule's id: run \"chime fast schedule off\", or \"chime fast schedule off ID\" for one schedule", "“fast schedule off”不接受规则，只接受计划的 id：请运行“chime fast schedule off”，或用“chime fast schedule off ID”关闭其中一个")
        case .scheduleNeedsRule: return ("a fast schedule needs a rule after the plan: use a form like \"chime fast schedule 16:8 'daily 20:00'\"", "禁食计划的方案后面需要一条规则：请参照“chime fast schedule 16:8 'daily 20:00'”的写法")
        case .ruleNeedsQuotes: return ("the rule \"{rule}\" must be quoted to be read as one argument: {command}", "规则“{rule}”需要加引号，才能作为一个参数读取：{command}")
        case .nagTooShort: return ("invalid --nag \"{text}\": use 1m or more, like 10m", "无效的 --nag“{text}”：请用 1m 或更长的时长，如 10m")
        case .invalidTime: return ("invalid time \"{text}\": {reason}; use {forms}", "无效的时间“{text}”：{reason}；请用 {forms}")
        case .timeForms: return ("HH:MM, 9:30pm, 9pm, 21h, noon, midnight, tomorrow 09:00, mon 10:00, YYYY-MM-DD HH:MM, or ISO 8601 with an offset such as 2026-03-29T20:00+02:00", "HH:MM、9:30pm、9pm、21h、noon、midnight、下午3点、明天 9:00、周一 10:00、YYYY-MM-DD HH:MM，或带时差的 ISO 8601，如 2026-03-29T20:00+02:00")
        case .timeEmpty: return ("it is empty", "内容为空")
        case .timeYearRange: return ("the year must be between {low} and {high}", "年份必须在 {low} 到 {high} 之间")
        case .timeMonthRange: return ("months run from 01 to 12", "月份应在 01 到 12 之间")
        case .timeNoSuchDay: return ("{date} is not a day of the calendar", "日历上没有 {date} 这一天")
        case .timeDateNeedsClock: return ("a date needs a time of day, as in \"{date} 20:00\"", "日期后面还需要时刻，如“{date} 20:00”")
        case .timeSeparator: return ("separate the date and the time with a space or T", "日期和时刻之间用空格或 T 分隔")
        case .timeSecondsNeedOffset: return ("seconds need an offset (\"+02:00\" or \"Z\"); without one, write YYYY-MM-DD HH:MM", "带秒的时间需要时差（“+02:00”或“Z”）；不带时差时请写成 YYYY-MM-DD HH:MM")
        case .timeAfterOffset: return ("unexpected text after the offset", "时差后有多余的文字")
        case .timeDateForm: return ("write the date as YYYY-MM-DD with a four-digit year and two-digit month and day", "日期请写成 YYYY-MM-DD：年份四位，月和日各两位")
        case .timeNeedsDate: return ("a time with seconds or an offset needs a date, as in 2026-03-29T20:00+02:00", "带秒或时差的时间需要日期，如 2026-03-29T20:00+02:00")
        case .timeExpectedClock: return ("expected a time of day such as 20:00", "这里应是 20:00 这样的时刻")
        case .timeHoursMinutes: return ("write hours and minutes as HH:MM, like 20:00", "时和分请写成 HH:MM，如 20:00")
        case .timeHourDigits: return ("hours have one or two digits", "小时应为一位或两位数字")
        case .timeMinuteDigits: return ("minutes have two digits, like 20:05", "分钟应为两位数字，如 20:05")
        case .timeSecondDigits: return ("seconds have two digits, 00 to 59", "秒应为 00 到 59 的两位数字")
        case .timeFractionDigits: return ("a fraction of a second has one to nine digits", "秒的小数部分应为一到九位数字")
        case .timeHourRange: return ("hours run from 00 to 23", "小时应在 00 到 23 之间")
        case .timeMinuteRange: return ("minutes run from 00 to 59", "分钟应在 00 到 59 之间")
        case .timeExpectedOffset: return ("expected an offset", "这里应有时差")
        case .timeOffsetSign: return ("the offset must be Z or start with + or -, like +02:00", "时差必须是 Z，或以 + 或 - 开头，如 +02:00")
        case .timeOffsetMinuteDigits: return ("offset minutes have two digits, like +05:30", "时差的分钟应为两位数字，如 +05:30")
        case .timeOffsetForm: return ("write the offset as +HH:MM, like +02:00", "时差请写成 +HH:MM，如 +02:00")
        case .timeOffsetRange: return ("offsets run from -14:00 to +14:00", "时差应在 -14:00 到 +14:00 之间")
        case .timeDayNeedsClock: return ("\"{day}\" needs a time of day after it, as in \"{day} 09:00\" or \"{day} 9pm\"", "“{day}”后面需要时刻，如“{day} 09:00”或“{day}下午3点”")
        case .timeTwelveHour: return ("with am or pm, hours run from 1 to 12 and minutes from 00 to 59, as in 9pm or 12:30am", "带 am 或 pm 时，小时应在 1 到 12 之间，分钟在 00 到 59 之间，如 9pm 或 12:30am")
        case .timeUnknownWord: return ("\"{word}\" is not part of a time (am and pm go right after the time, as in 9:30pm)", "“{word}”不是时间的一部分（am、pm 要紧跟在时刻后面，如 9:30pm）")
        case .fieldTag: return ("tag", "标签")
        case .fieldReminderText: return ("reminder text", "提醒文字")
        case .fieldAmount: return ("amount", "水量")
        case .fieldGoal: return ("goal", "目标")
        case .fieldValueFor: return ("value for {key}", "{key} 的值")
        case .fieldDays: return ("number of days", "天数")
        case .fieldOccurrences: return ("number of occurrences", "次数")
        case .unknownReference: return ("no pending notification or id \"{text}\": see \"chime list\"", "没有名为“{text}”的待发通知或 id：见“chime list”")
        case .unknownGroup: return ("no fast, water schedule or reminder has the id \"{id}\": see the GROUP column of \"chime list\"", "没有 id 为“{id}”的禁食、喝水计划或提醒：见“chime list”的分组列")
        case .unexpectedError: return ("unexpected error ({error}): please report this as a bug", "意外错误（{error}）：这是 Chime 的缺陷，请报告给开发者")

        case .daemonNotRunning: return ("chimed is not running: saved, and notifications will fire once it runs (start it with \"systemctl --user start chimed\" or \"chimed --foreground\")", "chimed 没有运行：更改已保存，chimed 启动后就会发出通知（用“systemctl --user start chimed”或“chimed --foreground”启动）")
        case .daemonNotRunningStatus: return ("chimed is not running: no notification is shown until it runs (start it with \"systemctl --user start chimed\" or \"chimed --foreground\")", "chimed 没有运行：启动之前不会显示任何通知（用“systemctl --user start chimed”或“chimed --foreground”启动）")
        case .daemonDidNotConfirm: return ("chimed did not confirm the change ({reason}): it is saved, and a running chimed also watches the database, takes the change in within a second and fires its notifications on time (if this repeats, check chimed with \"chime doctor\")", "chimed 没有确认这次更改（{reason}）：更改已保存；正在运行的 chimed 也会监视数据库，一秒内就会读到这次更改，通知照常按时发出（如果反复出现，请用“chime doctor”检查 chimed）")
        case .alreadyApplied: return ("Already done: request \"{request}\" was applied before (change {sequence}); nothing changed", "已经执行过：请求“{request}”之前已执行（第 {sequence} 次更改），这次未做任何更改")
        case .unexpectedAnswer: return ("it gave an unexpected answer", "它给出了无法识别的应答")
        case .noAnswerWithin: return ("it did not answer within {timeout}", "它在 {timeout} 内没有应答")
        case .repeating: return ("repeating", "重复进行")
        case .taggedDetail: return ("tag \"{tag}\"", "标签“{tag}”")
        case .detailSeparator: return (", ", "，")
        case .clauseSeparator: return ("; ", "；")
        case .scope: return (" ({scope})", "（{scope}）")
        case .fastStarts: return ("Fast {id} starts {start}, ends {end} ({details})", "禁食 {id} 将于 {start} 开始，{end} 结束（{details}）")
        case .fastStartedEnds: return ("Fast {id} started {start}, ends {end} ({details})", "禁食 {id} 已于 {start} 开始，将于 {end} 结束（{details}）")
        case .fastStartedEnded: return ("Fast {id} started {start}, ended {end} ({details})", "禁食 {id} 于 {start} 开始，已于 {end} 结束（{details}）")
        case .endedFast: return ("; ended fast {ids}", "；已结束禁食 {ids}")
        case .endedFasts: return ("; ended fasts {ids}", "；已结束禁食 {ids}")
        case .discardedFast: return ("; discarded fast {ids} (it would have lasted under 2 min)", "；已丢弃禁食 {ids}（它会持续不到 2 分钟）")
        case .discardedFasts: return ("; discarded fasts {ids} (it would have lasted under 2 min)", "；已丢弃禁食 {ids}（它们会持续不到 2 分钟）")
        case .fastDiscarded: return ("Fast {id} discarded: stopped within its first 2 min, it is not kept in the history", "禁食 {id} 已丢弃：开始后 2 分钟内就结束了，不计入历史")
        case .fastStoppedAtCycleStart: return ("Fast {id} stopped at {time}, where its last cycle began (a fast of under 2 min is not kept)", "禁食 {id} 结束于 {time}，即最后一轮开始的时刻（不足 2 分钟的禁食不保留）")
        case .fastDeleted: return ("Fast {id} deleted ({plan}, started {start})", "禁食 {id} 已删除（{plan}，{start} 开始）")
        case .fastCancelledBeforeStart: return ("Fast {id} cancelled before it started (it was due {due})", "禁食 {id} 在开始前已取消（原定于 {due} 开始）")
        case .fastStoppedExtended: return ("Fast {id} stopped after {fasted}, completed ({plan}, extended)", "禁食 {id} 已结束，共禁食 {fasted}，已完成（{plan}，已延长）")
        case .discardedInsideFast: return ("; discarded fast {ids} (it began within the new fast)", "；已丢弃禁食 {ids}（它开始于新禁食之内）")
        case .discardedInsideFasts: return ("; discarded fasts {ids} (they began within the new fast)", "；已丢弃禁食 {ids}（它们开始于新禁食之内）")
        case .fastSkipped: return ("Scheduled fast {id} (due {start}) skipped; the schedule goes on", "已跳过计划中的禁食 {id}（原定 {start}）；计划照常继续")
        case .scheduledFastDeleted: return ("Fast {id} ({plan}, {start}) of the fast schedule removed from the history; the schedule goes on", "已从历史中删除计划中的禁食 {id}（{plan}，{start}）；计划照常继续")
        case .fastStoppedShort: return ("Fast {id} stopped after {fasted}, {short} short of {goal} ({plan})", "禁食 {id} 已结束，共禁食 {fasted}，离 {goal} 还差 {short}（{plan}）")
        case .fastStoppedEating: return ("Fast {id} stopped in its eating window; the last fast of {fasted} was completed ({plan})", "禁食 {id} 在进食窗口期间结束；上一次禁食 {fasted} 已完成（{plan}）")
        case .fastHadEnded: return ("Fast {id} had already ended", "禁食 {id} 已经结束")
        case .fastExtended: return ("Fast {id} extended by {span}, now ends {end}", "禁食 {id} 已延长 {span}，现在将于 {end} 结束")
        case .nudgeLeftOut: return ("; the {leads} nudge of fast.remind_before is left out: a {fasting} fast is too short for it", "；已略去 fast.remind_before 中提前 {leads} 的提示：{fasting} 的禁食太短，容不下它")
        case .nudgesLeftOut: return ("; the {leads} nudges of fast.remind_before are left out: a {fasting} fast is too short for them", "；已略去 fast.remind_before 中提前 {leads} 的提示：{fasting} 的禁食太短，容不下它们")
        case .overnightUntil: return (" overnight, until {until} the next day", " 跨夜，到次日 {until}")
        case .waterConfigured: return ("Water {id}: every {interval}, {window}, {ml} {unit} a glass", "喝水提醒 {id}：每 {interval}一次，{window}，每杯 {ml} {unit}")
        case .waterGoalPart: return (", goal {goal}", "，目标 {goal}")
        case .waterLogged: return ("Logged {ml} {unit}: {intake} today", "已记下 {ml} {unit}：今天已喝 {intake}")
        case .waterLoggedFor: return ("Logged {ml} {unit} for {time}: {intake} today", "已补记 {time} 喝的 {ml} {unit}：今天已喝 {intake}")
        case .goalReached: return (", goal reached", "，已达目标")
        case .waterPaused: return ("Water reminders paused until {until}", "喝水提醒已暂停到 {until}")
        case .waterResumed: return ("Water reminders resumed; ", "喝水提醒已恢复；")
        case .waterNotPaused: return ("Water reminders are not paused; nothing changed", "喝水提醒没有暂停；未做任何更改")
        case .waterOff: return ("Water reminders {id} turned off", "喝水提醒 {id} 已关闭")
        case .reminderSet: return ("Reminder {id} at {due}: {text}", "提醒 {id} 在 {due}：{text}")
        case .recurringReminderSet: return ("Reminder {id} every {rule}, next {next} at {due}: {text}", "提醒 {id} 按“{rule}”重复，下一次 {next} 在 {due}：{text}")
        case .reminderReplaced: return ("Reminder {id} replaced: due {due}: {text}", "提醒 {id} 已替换，改为 {due}：{text}")
        case .skippedTimeNote: return ("; note: {reading} does not exist on {date} in {zone} (the clocks skip it), so it was moved to {moved}", "；注意：{zone} 在 {date} 没有 {reading} 这个时刻（时钟跳过了它），因此改为 {moved}")
        case .nothingToCancel: return ("Nothing to cancel", "没有可取消的通知")
        case .cancelledShownOne: return ("Cancelled {identifier}, already shown: its notification on screen is closed", "已取消 {identifier}（已显示过）：屏幕上的这条通知已关闭")
        case .scheduledFastsSkipped: return ("scheduled fast {ids} skipped", "已跳过计划中的禁食 {ids}")
        case .scheduleGoesOn: return ("the schedule goes on: next fast {id} at {start}", "计划照常继续：下一次禁食 {id}，于 {start}")
        case .recurringReminderReplaced: return ("Reminder {id} replaced: every {rule}, next {next} at {due}: {text}", "提醒 {id} 已替换：按 {rule} 重复，下一次 {next} 于 {due}：{text}")
        case .cancelledShownMany: return ("Cancelled {count} notifications already shown{scope}: they are closed on screen", "已取消 {count} 条已显示的通知{scope}：屏幕上的通知已关闭")
        case .closedOnScreenOne: return ("; closed {identifier} on screen", "；已关闭屏幕上的 {identifier}")
        case .closedOnScreenMany: return ("; closed {count} notifications already shown on screen", "；已关闭屏幕上 {count} 条已显示的通知")
        case .cancelledOne: return ("Cancelled {identifier}", "已取消 {identifier}")
        case .cancelledCountOne: return ("Cancelled {count} pending notification", "已取消 {count} 条待发通知")
        case .cancelledCount: return ("Cancelled {count} pending notifications", "已取消 {count} 条待发通知")
        case .reminderGoesOn: return ("reminder {group} goes on, next at {next}: end it with \"chime cancel {group}\"", "提醒 {group} 仍会继续，下一次在 {next}：用“chime cancel {group}”结束它")
        case .waterStaysOn: return ("water reminders {group} stay on, next at {next}: turn them off with \"chime water off\"", "喝水提醒 {group} 仍然开启，下一次在 {next}：用“chime water off”关闭")
        case .fastRepeats: return ("fast {group} repeats, the same reminder comes next at {next}: end it with \"chime fast stop --id {group}\"", "禁食 {group} 会重复进行，这条通知下一次在 {next} 出现：用“chime fast stop --id {group}”结束这次禁食")
        case .fastRunsOn: return ("fast {group} keeps running without its end notification: stop it with \"chime fast stop --id {group}\"", "禁食 {group} 会继续进行，只是没有结束通知了：用“chime fast stop --id {group}”结束它")
        case .snoozed: return ("Snoozed {identifier} until {until}", "已把 {identifier} 推迟到 {until}")
        case .configSet: return ("{key} set to {value}", "{key} 已设为 {value}")
        case .configUnset: return ("{key} unset: back to its default, {value}", "{key} 已取消设置：恢复为默认值 {value}")
        case .configNotSet: return ("{key} is not set: it has its default, {value}; nothing changed", "{key} 未设置，使用默认值 {value}；未做任何更改")
        case .nextReminder: return ("next reminder {next}", "下一次提醒 {next}")
        case .noReminderToCome: return ("no reminder to come", "之后没有提醒")
        case .fastScheduleSet: return ("Fast schedule {id} set: {plan} at {rule}, both ends on the local clock", "禁食计划 {id} 已设置：{plan}，按“{rule}”开始，开始和结束都按本地时间")
        case .fastDaysScheduleSet: return ("Fast schedule {id} set: {plan}, fast days {rule}, each from midnight to midnight on the local clock unless it starts the evening before", "禁食计划 {id} 已设置：{plan}，禁食日为 {rule}，每个禁食日按本地时间从午夜到午夜，除非从前一天晚上开始")
        case .fastScheduleAlongside: return ("; {ids} stays on too (their fasts never meet)", "；{ids} 也照常进行（彼此的禁食不会重叠）")
        case .noScheduleWithID: return ("No fast schedule {id} is on; nothing changed", "没有正在进行的禁食计划 {id}；未作任何更改")
        case .eveningNeedsFastDays: return ("--evening is for plans of fast days (5:2, 4:3, adf): drop it, or use one of those plans", "--evening 只用于按禁食日的方案（5:2、4:3、adf）：请去掉它，或改用这些方案")
        case .fastScheduleReplaced: return (" (replaced {id}, {plan} at {rule})", "（替换了 {id}：{plan}，按“{rule}”开始）")
        case .fastScheduleOff: return ("Fast schedule {id} turned off ({plan} at {rule})", "禁食计划 {id} 已关闭（{plan}，按“{rule}”开始）")
        case .fastGoesOn: return ("; fast {id} goes on until {end}: stop it with 'chime fast stop'", "；禁食 {id} 会持续到 {end}：可用 'chime fast stop' 结束它")
        case .repeatsOnLocalClock: return ("; it repeats {rule} on the local clock as fast schedule {id} (see 'chime fast schedule')", "；它将作为禁食计划 {id}，按本地时间“{rule}”重复（见 'chime fast schedule'）")
        case .intake: return ("{ml} {unit}", "{ml} {unit}")
        case .intakeOfGoal: return ("{ml} of {goal} {unit}", "{ml}/{goal} {unit}")
        case .noWaterReminders: return ("No water reminders (today {ml} {unit}). Set them up with \"chime water every 1h\".", "还没有设置喝水提醒（今天已喝 {ml} {unit}）。用“chime water every 1h”设置。")
        case .today: return ("today {intake}", "今天已喝 {intake}")
        case .pausedUntil: return ("paused until {until}", "暂停到 {until}")
        case .goalReachedPart: return ("goal reached", "已达目标")
        case .noReminderPending: return ("no reminder pending", "没有待发的提醒")
        case .goalMetNextReminder: return ("today's goal is already met ({intake}), so the next reminder comes the next water day: {next}", "今天已达到目标（{intake}），下一次提醒要到下一个喝水日：{next}")
        case .allDay: return ("all day", "全天")
        case .allDayFrom: return ("all day (the water day starts at {from})", "全天（喝水日从 {from} 算起）")

        case .noFast: return ("No fast. Start one with \"chime fast start\" (plans: {plans}).", "没有禁食。用“chime fast start”开始一次（可选方案：{plans}）。")
        case .fastHeading: return ("Fast {id} ({plan}): ", "禁食 {id}（{plan}）：")
        case .phaseScheduled: return ("scheduled", "已安排")
        case .phaseFasting: return ("fasting", "禁食中")
        case .phaseEating: return ("eating window", "进食窗口")
        case .phaseEnded: return ("ended", "已结束")
        case .fastStartsLine: return ("starts {start}, ends {end}", "将于 {start} 开始，{end} 结束")
        case .fastStartedLine: return ("started {start}, ends {end}", "已于 {start} 开始，将于 {end} 结束")
        case .fastProgress: return ("{done} done, {left} to go", "已过 {done}，还剩 {left}")
        case .fastEndedNextStarts: return ("fast ended {end}, next fast starts {next}", "禁食已于 {end} 结束，下一次禁食于 {next} 开始")
        case .fastEndedWindowCloses: return ("fast ended {end}, eating window closes {next}", "禁食已于 {end} 结束，进食窗口于 {next} 关闭")
        case .leftToEat: return ("{left} left to eat", "还可进食 {left}")
        case .cancelledBeforeStart: return ("cancelled before it started", "在开始前已取消")
        case .fastedGoalReached: return ("fasted {fasted} from {start} to {end}, goal reached", "从 {start} 到 {end} 共禁食 {fasted}，已达目标")
        case .fastedStoppedEarly: return ("fasted {fasted} from {start} to {end}, stopped early", "从 {start} 到 {end} 共禁食 {fasted}，提前结束")
        case .tagLine: return ("tag: {tag}", "标签：{tag}")
        case .nextLine: return ("Next: {summary} {due} [{identifier}]", "下一条：{summary} {due} [{identifier}]")
        case .nextTooltip: return ("Next: {summary} {due}", "下一条：{summary} {due}")
        case .holdAway: return ("The screen is locked: water reminders are held ({count} so far), one summary comes when it is unlocked", "屏幕已锁定：喝水提醒暂不显示（已暂存 {count} 条），解锁后发送一条汇总")
        case .holdDoNotDisturb: return ("Do not disturb is on: water reminders are held ({count} so far), one summary comes when it ends", "勿扰模式已开启：喝水提醒暂不显示（已暂存 {count} 条），结束后发送一条汇总")
        case .doNotDisturbIgnored: return ("Do not disturb is on; water reminders are shown anyway (notify.dnd is off)", "勿扰模式已开启；喝水提醒照常显示（notify.dnd 为 off）")
        case .awayIgnored: return ("The screen is locked; water reminders are shown anyway (notify.away is off)", "屏幕已锁定；喝水提醒照常显示（notify.away 为 off）")
        case .waitingForRoomOne: return ("The notification server is full: 1 notification waits for room, and comes once a bubble is closed", "通知服务器已满：1 条通知在等待空位，关闭一个通知气泡后就会显示")
        case .waitingForRoomMany: return ("The notification server is full: {count} notifications wait for room, and come one by one as bubbles are closed", "通知服务器已满：{count} 条通知在等待空位，关闭通知气泡后会逐条显示")
        case .heldOne: return ("1 water reminder held, waiting for its summary", "暂存了 1 条喝水提醒，等待汇总")
        case .heldMany: return ("{count} water reminders held, waiting for their summary", "暂存了 {count} 条喝水提醒，等待汇总")
        case .barFasting: return ("{plan} {left} left", "{plan} 还剩 {left}")
        case .barEating: return ("eating {left} left", "进食窗口还剩 {left}")
        case .barFastStarts: return ("fast {when}", "禁食 {when}")
        case .barWater: return ("water {intake}", "喝水 {intake}")
        case .daemonAnswers: return ("chimed is running and answers (pid {pid})", "chimed 正在运行，应答正常（pid {pid}）")
        case .daemonNotAnswering: return ("chimed is running but does not answer ({reason}): notifications may not be shown (check it with \"chime doctor\", restart it with \"systemctl --user restart chimed\")", "chimed 正在运行，但没有应答（{reason}）：通知可能无法显示（用“chime doctor”检查，用“systemctl --user restart chimed”重启）")
        case .daemonUnreachable: return ("chimed cannot be reached ({reason}): check it with \"chime doctor\"", "无法连接 chimed（{reason}）：用“chime doctor”检查")
        case .completionRate: return (" ({percent}%)", "（{percent}%）")
        case .historySummary: return ("Last {days} days: {fasts}, {completed} completed{rate}, {streak}", "最近 {days} 天：{fasts}，完成 {completed} 次{rate}，{streak}")
        case .historySummaryOneDay: return ("Last {days} day: {fasts}, {completed} completed{rate}, {streak}", "最近 {days} 天：{fasts}，完成 {completed} 次{rate}，{streak}")
        case .fastCount: return ("{count} fasts", "禁食 {count} 次")
        case .fastCountOne: return ("{count} fast", "禁食 {count} 次")
        case .streakOneDay: return ("current streak {count} day", "当前连续 {count} 天")
        case .streakDays: return ("current streak {count} days", "当前连续 {count} 天")
        case .fastingHoursChart: return ("Fasting hours, last {days} days:", "最近 {days} 天的禁食小时数：")
        case .recentFasts: return ("Recent fasts:", "最近的禁食：")
        case .completed: return ("completed", "已完成")
        case .stoppedEarly: return ("stopped early", "提前结束")
        case .outcomeOpen: return ("open", "待确认")
        case .outcomeOnTime: return ("done on time", "按时完成")
        case .outcomeLate: return ("done late", "延后完成")
        case .outcomeMissed: return ("missed", "错过")
        case .outcomeAt: return (" at {time}", "，于 {time}")
        case .noFastSchedule: return ("No fast schedule is set: set one with \"chime fast schedule 16:8 'daily 20:00'\"", "没有设置禁食计划：可用“chime fast schedule 16:8 'daily 20:00'”设置")
        case .fastScheduleShown: return ("Fast schedule {id}: {plan} at {rule} ({rrule}), both ends on the local clock", "禁食计划 {id}：{plan}，按“{rule}”开始（{rrule}），开始和结束都按本地时间")
        case .scheduleNextFast: return ("Next fast: {id} from {start} to {end}", "下一次禁食：{id}，从 {start} 到 {end}")
        case .scheduleFasting: return ("Fasting: {id} from {start} to {end}", "禁食中：{id}，从 {start} 到 {end}")
        case .scheduleEating: return ("Eating window: {id} from {start} to {end}", "进食窗口：{id}，从 {start} 到 {end}")
        case .eatingUntil: return (", eating until {until}", "，进食到 {until}")
        case .noFastPlanned: return ("No fast of it is planned", "该计划目前没有安排禁食")
        case .clockChangeNote: return ("; {hours} h fast: the clocks change tonight", "；今晚时钟调整，本次禁食 {hours} 小时")
        case .clockChangeAheadNote: return ("; {hours} h fast: the clocks change during it", "；期间时钟将调整，本次禁食 {hours} 小时")
        case .recurringReminderEnded: return ("reminder {id} ended: its history stays (\"chime remind history {id}\")", "提醒 {id} 已结束：历史记录保留（“chime remind history {id}”）")
        case .clockChangedNote: return ("; {hours} h fast: the clocks changed during it", "；期间时钟已调整，本次禁食 {hours} 小时")
        case .scopeAll: return ("all", "全部")
        case .cannotBeShown: return ("cannot be shown: {error}", "无法显示：{error}")
        case .takesPlaceOf: return ("; it takes the place of scheduled fast {ids}", "；它取代了计划中的禁食 {ids}")
        case .nextScheduledFast: return ("Next scheduled fast: {id} at {start}", "下一次计划内的禁食：{id}，{start} 开始")
        case .acknowledged: return ("{identifier} {outcome}", "{identifier} {outcome}")
        case .nextOccurrence: return (", next {identifier} at {due}", "，下一次 {identifier} 在 {due}")
        case .defaultValue: return ("{value} (default)", "{value}（默认）")
        case .explainRule: return ("Rule: {rule}", "规则：{rule}")
        case .explainFrom: return ("From: {start} ({zone})", "开始：{start}（{zone}）")
        case .neverOccurs: return ("It never occurs: no date or time satisfies it.", "这条规则永远不会出现：没有任何日期或时间符合它。")
        case .noOccurrenceAhead: return ("No occurrence at or after the start (looked {years} years ahead).", "从开始时间起没有任何一次出现（已向后查找 {years} 年）。")
        case .noMoreOccurrences: return ("No more: the rule ends after these.", "没有更多了：规则到此结束。")
        case .outcomeOK: return ("ok", "正常")
        case .outcomeWarning: return ("warning", "警告")
        case .outcomeProblem: return ("problem", "问题")
        case .checkStore: return ("store", "数据库")
        case .checkDaemon: return ("daemon", "守护进程")
        case .checkSessionBus: return ("session bus", "会话总线")
        case .checkServer: return ("notification server", "通知服务器")
        case .checkDoNotDisturb: return ("do not disturb", "勿扰模式")
        case .daemonWaitingForRoom: return ("; the notification server is full ({count} waiting for room)", "；通知服务器已满（{count} 条在等待空位）")
        case .waitingForRoomFix: return ("close some bubbles (notification-daemon shows at most 20 and refuses the rest): the waiting notifications then come one by one", "关闭一些通知气泡（notification-daemon 最多显示 20 条，其余会被拒绝）：等待的通知随后会逐条显示")
        case .dndFollowsProperty: return ("followed: the server's {name} property ({interface}), now {state}", "已跟随：服务器的 {name} 属性（{interface}），当前{state}")
        case .dndFollowsMakoMode: return ("followed: mako's mode {mode} (Modes of fr.emersion.Mako), now {state}", "已跟随：mako 的 {mode} 模式（fr.emersion.Mako 的 Modes），当前{state}")
        case .dndFollowsGSettings: return ("followed: the GSettings key {schema} {key} (banners off is do not disturb), now {state}", "已跟随：GSettings 键 {schema} {key}（横幅关闭即勿扰），当前{state}")
        case .dndGSettingsMissing: return ("the GSettings key {schema} {key} cannot be read: its schema is not installed, so do not disturb is not followed", "无法读取 GSettings 键 {schema} {key}：其 schema 未安装，因此不跟随勿扰模式")
        case .dndGSettingsFix: return ("install the Debian package gsettings-desktop-schemas, then restart chimed", "安装 Debian 软件包 gsettings-desktop-schemas，然后重启 chimed")
        case .dndFollowsXfconf: return ("followed: the xfconf property {property} of the channel {channel} (xfconfd), now {state}", "已跟随：xfconf 频道 {channel} 的属性 {property}（xfconfd），当前{state}")
        case .dndXfconfUnreadable: return ("the xfconf property {property} of the channel {channel} cannot be read: xfconfd does not answer on the session bus, so do not disturb counts as off", "无法读取 xfconf 频道 {channel} 的属性 {property}：xfconfd 未在会话总线上应答，因此勿扰模式按关闭处理")
        case .dndXfconfFix: return ("start xfconfd (it comes with the Xfce session; Debian package xfconf)", "启动 xfconfd（随 Xfce 会话启动；Debian 软件包 xfconf）")
        case .dndNone: return ("{server} has no do-not-disturb mode chimed can see: everything is shown as usual", "{server} 没有 chimed 能看到的勿扰模式：所有通知照常显示")
        case .dndOn: return ("on", "开启")
        case .dndOff: return ("off", "关闭")
        case .dndDiscards: return ("; in the mode it discards all but critical bubbles, so chimed keeps other notifications back until the mode ends", "；该模式下它会丢弃非紧急通知，因此 chimed 会把其他通知留到模式结束后再发")
        case .dunstPauseRule: return ("dunst holds notifications while paused; to let critical reminders (chime remind ... --urgency critical) through, add this rule to ~/.config/dunst/dunstrc and restart dunst:", "dunst 暂停时会扣住通知；要让紧急提醒（chime remind ... --urgency critical）照常显示，请把下面的规则加入 ~/.config/dunst/dunstrc 并重启 dunst：")
        case .dunstPauseRuleNeedsNewer: return ("dunst {version} holds every notification while paused, critical ones too; dunst 1.10 or later lets critical reminders (chime remind ... --urgency critical) through with this rule in ~/.config/dunst/dunstrc:", "dunst {version} 暂停时会扣住所有通知，紧急的也不例外；dunst 1.10 及以后的版本在 ~/.config/dunst/dunstrc 中加入下面的规则后，紧急提醒（chime remind ... --urgency critical）可以照常显示：")
        case .checkTimeZone: return ("time zone", "时区")
        case .storeHealth: return ("{path} (schema {schema}, {size}, {pending} pending, integrity ok)", "{path}（结构版本 {schema}，{size}，{pending} 条待发，完整性正常）")
        case .storeReadOnly: return ("{health} is on a read-only file system: commands that only read work, nothing can be changed, and chimed cannot record what it shows", "{health}位于只读文件系统上：只读的命令照常可用，但无法做任何更改，chimed 也无法记下它显示过什么")
        case .storeReadOnlyFix: return ("remount it read-write, or set XDG_DATA_HOME to a writable place", "以读写方式重新挂载，或把 XDG_DATA_HOME 设为可写的位置")
        case .storeDamaged: return ("{path}: integrity check says {check}, journal mode {mode}", "{path}：完整性检查结果为 {check}，日志模式 {mode}")
        case .storeDamagedFix: return ("move the file aside and restore a backup, or start afresh with an empty database", "把文件移开并恢复备份，或用空数据库重新开始")
        case .theDatabase: return ("the Chime database", "Chime 数据库")
        case .cannotBeUsed: return ("{path} cannot be used", "{path} 无法使用")
        case .startDaemonFix: return ("start it with \"systemctl --user start chimed\" (after \"make install\") or \"chimed --foreground\"", "用“systemctl --user start chimed”（在“make install”之后）或“chimed --foreground”启动它")
        case .daemonAnswersDetail: return ("chimed {version} (pid {pid}) answers: {pending} pending", "chimed {version}（pid {pid}）应答正常：{pending} 条待发")
        case .nextWake: return (", next wake {when}", "，下次唤醒在 {when}")
        case .daemonServer: return (", notification server {server}", "，通知服务器 {server}")
        case .versionMismatch: return ("chimed is version {daemon} and chime {chime}: restart chimed after updating", "chimed 的版本是 {daemon}，chime 的版本是 {chime}：更新后请重启 chimed")
        case .daemonNotRunningDetail: return ("chimed is not running", "chimed 没有运行")
        case .daemonNotAnsweringDetail: return ("chimed is running but does not answer: {reason}", "chimed 正在运行，但没有应答：{reason}")
        case .restartDaemonFix: return ("restart it: systemctl --user restart chimed", "重启它：systemctl --user restart chimed")
        case .daemonUnreachableDetail: return ("chimed cannot be reached: {reason}", "无法连接 chimed：{reason}")
        case .busFix: return ("log in to a desktop session, or set DBUS_SESSION_BUS_ADDRESS to its bus (chimed needs the same)", "登录桌面会话，或把 DBUS_SESSION_BUS_ADDRESS 设为它的总线（chimed 也需要同样的设置）")
        case .reachable: return ("reachable", "可连接")
        case .notReachable: return ("not reachable", "无法连接")
        case .serverAnswers: return ("answers", "应答正常")
        case .noCapabilities: return ("none", "无")
        case .serverDetail: return ("{name} {version} ({vendor}, specification {specification}); capabilities: {capabilities}", "{name} {version}（{vendor}，规范 {specification}）；能力：{capabilities}")
        case .noButtonsFix: return ("this server shows no buttons: use \"chime water drink\" and \"chime snooze\" instead of Drank and Snooze", "这个通知服务器不显示按钮：请用“chime water drink”和“chime snooze”代替“已喝”和“稍后提醒”按钮")
        case .noServer: return ("nothing owns org.freedesktop.Notifications on the session bus", "会话总线上没有进程持有 org.freedesktop.Notifications")
        case .startServerFix: return ("start a notification server (dunst, mako, or your desktop's)", "启动一个通知服务器（dunst、mako 或桌面自带的）")
        case .serverWithoutBus: return ("cannot be asked without a session bus", "没有会话总线，无法查询")
        case .serverTimedOut: return ("did not answer in time", "没有及时应答")
        case .restartServerFix: return ("restart the notification server", "重启通知服务器")
        case .serverFailed: return ("answered with an error", "应答出错")
        case .restartServerAgainFix: return ("restart the notification server, then run \"chime doctor\" again", "重启通知服务器，然后再运行“chime doctor”")
        case .noSessionBus: return ("no D-Bus session bus: set DBUS_SESSION_BUS_ADDRESS or log in to a desktop session", "没有 D-Bus 会话总线：请设置 DBUS_SESSION_BUS_ADDRESS，或登录桌面会话")
        case .busUnreachable: return ("the D-Bus session bus cannot be reached ({message}): check DBUS_SESSION_BUS_ADDRESS", "无法连接 D-Bus 会话总线（{message}）：请检查 DBUS_SESSION_BUS_ADDRESS")
        case .timeZoneFix: return ("set TZ to a zone name such as Europe/Berlin, or unset it to use the system zone", "把 TZ 设为 Asia/Shanghai 这样的时区名，或取消设置以使用系统时区")
        case .ruleZoneDiffers: return ("but rules and schedules follow {rules} ({source}), in chimed too: a daily reminder fires at its time there, not here", "但规则和计划按 {rules}（{source}），chimed 也是：每日提醒按那里的时间触发，而不是这里")
        case .ruleZoneSame: return ("rules and schedules follow it too ({source}), in chimed as well", "规则和计划也按此时区（{source}），chimed 同样如此")
        case .ruleZoneFix: return ("make rules follow this zone with \"chime config set time_zone {zone}\", or unset TZ", "用“chime config set time_zone {zone}”让规则按此时区，或取消设置 TZ")
        case .ruleZoneNote: return ("; note: rules follow {rules} ({source}), not TZ={tz}, so times of this rule are those of {rules} (shown here in {tz}): make them follow {tz} with \"chime config set time_zone {tz}\"", "；注意：规则按 {rules}（{source}），不按 TZ={tz}，所以此规则的时间是 {rules} 的时间（此处按 {tz} 显示）：用“chime config set time_zone {tz}”让规则按 {tz}")
        case .ruleZoneFromSystem: return ("the system's zone", "系统时区")
        case .ruleZoneFromSetting: return ("the time_zone setting", "time_zone 设置")
        case .systemZone: return ("system zone", "系统时区")
        case .fromTZ: return ("from TZ", "来自 TZ")
        case .timeZoneDetail: return ("{zone} (UTC{offset} now, {source})", "{zone}（当前 UTC{offset}，{source}）")
        case .refusedStatus: return ("it refused the status request: {error}", "它拒绝了状态请求：{error}")
        case .unexpectedStatusAnswer: return ("it gave an unexpected answer; chime and chimed may be different versions", "它给出了意外的应答；chime 和 chimed 的版本可能不同")
        case .unreadableAnswer: return ("its answer could not be read; chime and chimed may be different versions", "无法读取它的应答；chime 和 chimed 的版本可能不同")
        case .warning: return ("warning: {warning}", "警告：{warning}")
        case .parenthesized: return ("({text})", "（{text}）")
        case .hoursValue: return ("{hours} h", "{hours} 小时")
        case .noScheduleToTurnOff: return ("No fast schedule is set: nothing to turn off", "没有设置禁食计划：无需关闭")
        case .waterAlreadyOff: return ("Water reminders are already off", "喝水提醒已经关闭")
        case .columnRule: return ("RULE", "规则")
        case .columnNext: return ("NEXT", "下一次")
        case .columnLeft: return ("LEFT", "剩余")
        case .columnText: return ("TEXT", "内容")
        case .noRecurringReminders: return ("No recurring reminders: set one with \"chime remind every 'daily 08:00' take the pills\"", "没有重复提醒：用“chime remind every 'daily 08:00' 吃药”设置一个")
        case .ruleOver: return ("no more", "已无")
        case .noEnd: return ("no end", "无限")
        case .endedMark: return (" (ended)", "（已结束）")
        case .titleAndText: return ("{title}: {text}", "{title}：{text}")
        case .nothingPending: return ("Nothing pending. Start with \"chime fast start\", \"chime water every 1h\" or \"chime remind in 25m TEXT\".", "没有待发通知。可以从“chime fast start”“chime water every 1h”或“chime remind in 25m TEXT”开始。")
        case .nothingPendingInGroup: return ("Nothing pending for {id}.", "{id} 没有待发通知。")
        case .columnID: return ("ID", "ID")
        case .columnGroup: return ("GROUP", "分组")
        case .columnKind: return ("KIND", "类型")
        case .columnDue: return ("DUE", "时间")
        case .columnTitle: return ("TITLE", "标题")
        case .kindFastStart: return ("fast-start", "禁食开始")
        case .kindFastEnd: return ("fast-end", "禁食结束")
        case .kindFastNudge: return ("fast-nudge", "禁食提示")
        case .kindEatingEnd: return ("eating-end", "进食结束")
        case .kindWater: return ("water", "喝水")
        case .kindReminder: return ("reminder", "提醒")
        case .kindCalendarAlarm: return ("calendar-alarm", "日历提醒")
        case .clockAndRelative: return ("{clock} ({relative})", "{clock}（{relative}）")
        case .tomorrowAt: return ("tomorrow {time}", "明天 {time}")
        case .yesterdayAt: return ("yesterday {time}", "昨天 {time}")
        case .now: return ("now", "现在")
        case .inSpan: return ("in {span}", "{span}后")
        case .spanAgo: return ("{span} ago", "{span}前")

        case .ownerFastScheduled: return ("fast {id}, which starts {start}", "禁食 {id}（将于 {start} 开始）")
        case .ownerFastRunning: return ("fast {id}, which is running", "正在进行的禁食 {id}")
        case .ownerWaterSchedule: return ("water schedule {id}, which is on", "已开启的喝水计划 {id}")
        case .ownerReminder: return ("reminder {id}, due {due}", "提醒 {id}（定于 {due}）")
        case .idTaken: return ("the id \"{id}\" already names {owner}: choose another --id", "id“{id}”已经用于{owner}：请换一个 --id")
        case .reminderCannotComeBack: return ("reminder {group} cannot come back: its id now names {owner}; set a new reminder with \"chime remind\"", "提醒 {group} 无法恢复：它的 id 现在已用于{owner}；请用“chime remind”重新设置提醒")
        case .waterReminderOff: return ("{identifier} belongs to water reminders that are off: turn them on with \"chime water every 1h\"", "{identifier} 属于已关闭的喝水提醒：可用“chime water every 1h”重新开启")
        case .reminderTimePassed: return ("the reminder time {due} has already passed: choose a time in the future", "提醒时间 {due} 已经过去：请选择将来的时间")
        case .ruleAlreadyEnds: return ("the rule \"{rule}\" already ends (COUNT or UNTIL): drop --until and --count, or the rule's own end", "规则“{rule}”本身已规定了结束（COUNT 或 UNTIL）：请去掉 --until 和 --count，或者去掉规则自带的结束条件")
        case .fastIDUsed: return ("there already was a fast with id \"{id}\": choose another id, or add --replace to overwrite it", "已经有 id 为“{id}”的禁食：请换一个 id，或加 --replace 覆盖它")
        case .fastScheduleIsSet: return ("fast schedule {id} is set ({plan} at {rule}), and there is one at a time: turn it off with 'chime fast schedule off', or add --replace", "已设置禁食计划 {id}（{plan}，按“{rule}”开始），同一时间只能有一个计划：用 'chime fast schedule off' 关闭它，或加 --replace")
        case .noFastWithIDHistory: return ("no fast has the id \"{id}\": see \"chime fast history --json\" for the ids", "没有 id 为“{id}”的禁食：见“chime fast history --json”中的 id")
        case .noFastWithID: return ("no fast has the id \"{id}\": see \"chime fast history\" or \"chime status\"", "没有 id 为“{id}”的禁食：见“chime fast history”或“chime status”")
        case .noFastRunning: return ("no fast is running: start one with \"chime fast start\"", "没有正在进行的禁食：用“chime fast start”开始一次")
        case .fastsRunning: return ("{count} fasts are running ({ids}): choose one with --id", "有 {count} 次禁食正在进行（{ids}）：用 --id 选择一个")
        case .waterScheduleOn: return ("water schedule {ids} is already on (there is one at a time): change it with \"chime water every {interval}\" without --id, or turn it off first with \"chime water off\"", "喝水计划 {ids} 已开启（同一时间只有一个）：用不带 --id 的“chime water every {interval}”修改它，或先用“chime water off”关闭")
        case .waterSchedulesOn: return ("water schedules {ids} are already on (there is one at a time): change it with \"chime water every {interval}\" without --id, or turn it off first with \"chime water off\"", "喝水计划 {ids} 已开启（同一时间只有一个）：用不带 --id 的“chime water every {interval}”修改，或先用“chime water off”关闭")
        case .waterSchedules: return ("there are {count} water schedules ({ids}): choose one with --id", "有 {count} 个喝水计划（{ids}）：用 --id 选择一个")
        case .glassInFuture: return ("{time} is still to come: log a glass when it is drunk, or give a time that has passed", "{time} 还没到：请在喝完之后再记录，或给出一个已经过去的时间")
        case .nothingToUndo: return ("no glass is logged, so there is nothing to undo: log one with \"chime water drink\"", "还没有记录任何一杯，无可撤销：用“chime water drink”记录一杯")
        case .glassesChanged: return ("another command changed the logged glasses meanwhile: run \"chime water undo\" again", "另一个命令同时修改了喝水记录：请再运行一次“chime water undo”")
        case .noWaterToPause: return ("there are no water reminders to pause: set them up with \"chime water every 1h\"", "没有可以暂停的喝水提醒：用“chime water every 1h”设置")
        case .noWaterToResume: return ("there are no water reminders to resume: set them up with \"chime water every 1h\"", "没有可以恢复的喝水提醒：用“chime water every 1h”设置")
        case .storedSettingInvalid: return ("the stored setting {key} is \"{text}\", which is not valid: set it again with \"chime config set {key} VALUE\"", "已保存的设置 {key} 是“{text}”，这个值无效：请用“chime config set {key} VALUE”重新设置")
        case .noFreeID: return ("could not find a free id starting with {prefix}-: give one with --id", "找不到以 {prefix}- 开头的空闲 id：请用 --id 指定")
        case .rollingOverlapsSchedule: return ("fast {id} repeats in real time, and its fasts would overlap the schedule's: stop it with 'chime fast stop' first", "禁食 {id} 按实际经过的时间重复，会与计划内的禁食重叠：请先用 'chime fast stop' 结束它")
        case .ownerRecurringReminder: return ("recurring reminder {id} ({rule}), which goes on", "仍在进行的重复提醒 {id}（{rule}）")
        case .wouldRewriteEndedFast: return ("fast {id} ran from {start} to {end} and has ended, and a fast that has ended is never changed: start the new fast after {end}, or remove the old one first with \"chime fast delete {id}\"", "禁食 {id} 从 {start} 到 {end}，已经结束，已结束的禁食不会被改动：请让新的禁食在 {end} 之后开始，或先用“chime fast delete {id}”删除旧的")
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
