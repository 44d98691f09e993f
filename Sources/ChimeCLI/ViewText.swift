import ChimeCore

/// What `chime` writes for the views people look back at and the corrections they make (the
/// water history, log and goals, the reminder history, fast corrections and the fast history's
/// summaries), in English and Simplified Chinese: one line per message, as ``CommandText``.
enum ViewText: String, TextCatalog {
    // Units.
    case unitMillilitres, unitOunces

    // Water goals.
    case waterGoalsSet, goalsEveryDay, goalOnDays, noGoalOnDays, dayRange, daysSeparator, everyDay
    case waterGoalsHeading, goalLine, noGoalLine, todayMark, noGoal

    // Water history and log.
    case waterHistoryHeading, headingWithDetails, waterAverage, waterGoalMetDays, noWaterLogged, amountOfGoal, glassNumber
    case waterLogHeading, waterLogHeadingOne, noGlasses, waterLogHint, glassUndone, glassEdited

    // Reminder history.
    case outcomeShown, outcomeSkipped, outcomeSnoozedUntil, outcomeNotShownYet, afterSnoozes, afterSnooze
    case historyCounts, historyCountsOne, countShown, countDone, countMissed, countSkipped, countWaiting, noReminderHistory

    // Fast corrections and history.
    case fastedEnded, fastStoppedAtShort, fastStoppedAtCompleted, fastEndedAt, fastEndedAfter, fastEdited, fastEditedRunning, ended
    case historySummaryNeutral, historySummaryNeutralOneDay, averageAndLongest, weeksHeading, columnWeek, columnFasts, columnCompleted, columnHours, columnAverage

    // Reminder edits.
    case reminderEdited, recurringReminderEdited, recurringReminderEditedNoNext

    // Refusals.
    case noGlassNumbered, noWaterForGoal, fastTimeToCome, fastStopBeforeStart, fastEndBeforeStart, fastNotStarted, fastSkipped, fastStopNotBegun
    case repeatingFastNotEditable, fastsWouldOverlap, fastTooShortToKeep, noReminderWithID, reminderEnded
    case ruleForOneOffReminder, timeForRecurringReminder, editNeedsChange, invalidGlassNumber

    /// Messages whose Chinese is rightly the same as their English (punctuation, a bare value).
    static let sameInEveryLanguage: Set<ViewText> = [.amountOfGoal, .glassNumber, .goalOnDays, .goalLine]

    var entry: (english: String, chinese: String) {
        switch self {
        case .unitMillilitres: return ("ml", "毫升")
        case .unitOunces: return ("oz", "盎司")

        case .waterGoalsSet: return ("Water {id}: goal {goals}", "喝水提醒 {id}：目标 {goals}")
        case .goalsEveryDay: return ("{goal} every day", "每天 {goal}")
        case .goalOnDays: return ("{goal} {days}", "{days} {goal}")
        case .noGoalOnDays: return ("none {days}", "{days}不设目标")
        case .dayRange: return ("{first}-{last}", "{first}至{last}")
        case .daysSeparator: return (", ", "、")
        case .everyDay: return ("every day", "每天")
        case .waterGoalsHeading: return ("Daily water goals of {id}:", "喝水提醒 {id} 每天的目标：")
        case .goalLine: return ("{day}  {goal}", "{day}  {goal}")
        case .noGoalLine: return ("{day}  no goal", "{day}  不设目标")
        case .todayMark: return ("  (today)", "  （今天）")
        case .noGoal: return ("no goal", "不设目标")

        case .waterHistoryHeading: return ("Water, last {days} days", "喝水，最近 {days} 天")
        case .headingWithDetails: return ("{heading}: {details}", "{heading}：{details}")
        case .waterAverage: return ("{amount} a day on average before today", "今天之前平均每天 {amount}")
        case .waterGoalMetDays: return ("goal met on {met} of {counted} days", "{counted} 天中有 {met} 天达到目标")
        case .noWaterLogged: return ("No water logged in the last {days} days: log a glass with \"chime water drink\".", "最近 {days} 天没有喝水记录：用“chime water drink”记录一杯。")
        case .amountOfGoal: return ("{amount} / {goal}", "{amount} / {goal}")
        case .glassNumber: return ("#{number}", "#{number}")
        case .waterLogHeading: return ("{day}: {intake}, {count} glasses", "{day}：{count} 杯，共 {intake}")
        case .waterLogHeadingOne: return ("{day}: {intake}, 1 glass", "{day}：1 杯，共 {intake}")
        case .noGlasses: return ("{day}: nothing logged", "{day}：没有记录")
        case .waterLogHint: return ("Change a glass with \"chime water edit N --amount AMOUNT --at TIME\", remove one with \"chime water undo N\".", "用“chime water edit N --amount AMOUNT --at TIME”修改一杯，用“chime water undo N”删除一杯。")
        case .glassUndone: return ("Removed glass #{number}, {amount} at {time}: {intake} today", "已删除第 {number} 杯（{time}，{amount}）：今天已喝 {intake}")
        case .glassEdited: return ("Glass #{number} is now {amount} at {time} (it was {before} at {beforeTime}): {intake} today", "第 {number} 杯已改为 {time} {amount}（原为 {beforeTime} {before}）：今天已喝 {intake}")

        case .outcomeShown: return ("shown at {time}", "已于 {time} 显示")
        case .outcomeSkipped: return ("skipped", "已跳过")
        case .outcomeSnoozedUntil: return ("snoozed until {time}", "推迟到 {time}")
        case .outcomeNotShownYet: return ("not shown yet", "尚未显示")
        case .afterSnooze: return (", snoozed once", "，推迟过 1 次")
        case .afterSnoozes: return (", snoozed {count} times", "，推迟过 {count} 次")
        case .historyCounts: return ("{count} occurrences: {parts}", "共 {count} 次：{parts}")
        case .historyCountsOne: return ("1 occurrence: {parts}", "共 1 次：{parts}")
        case .countShown: return ("{count} shown", "显示 {count} 次")
        case .countDone: return ("{count} done", "完成 {count} 次")
        case .countMissed: return ("{count} missed", "错过 {count} 次")
        case .countSkipped: return ("{count} skipped", "跳过 {count} 次")
        case .countWaiting: return ("{count} still to come", "还有 {count} 次待显示")
        case .noReminderHistory: return ("No reminder was due in the last {days} days.", "最近 {days} 天没有到期的提醒。")

        case .fastedEnded: return ("fasted {fasted} from {start} to {end}, ended", "从 {start} 到 {end} 共禁食 {fasted}，已结束")
        case .fastStoppedAtShort: return ("Fast {id} stopped at {time} after {fasted}, {short} short of {goal} ({plan})", "禁食 {id} 已于 {time} 结束，共禁食 {fasted}，离 {goal} 还差 {short}（{plan}）")
        case .fastStoppedAtCompleted: return ("Fast {id} stopped at {time} after {fasted}, completed ({plan})", "禁食 {id} 已于 {time} 结束，共禁食 {fasted}，已完成（{plan}）")
        case .fastEndedAt: return ("Fast {id} ended at {time} after {fasted} ({plan})", "禁食 {id} 已于 {time} 结束，共禁食 {fasted}（{plan}）")
        case .fastEndedAfter: return ("Fast {id} ended after {fasted} ({plan})", "禁食 {id} 已结束，共禁食 {fasted}（{plan}）")
        case .fastEdited: return ("Fast {id} now ran from {start} to {end}, {fasted} ({plan}), {outcome}", "禁食 {id} 已改为从 {start} 到 {end}，共 {fasted}（{plan}），{outcome}")
        case .fastEditedRunning: return ("Fast {id} now started {start}, ends {end} ({plan})", "禁食 {id} 已改为 {start} 开始，{end} 结束（{plan}）")
        case .ended: return ("ended", "已结束")
        case .historySummaryNeutral: return ("Last {days} days: {fasts}, {completed} completed{rate}", "最近 {days} 天：{fasts}，完成 {completed} 次{rate}")
        case .historySummaryNeutralOneDay: return ("Last {days} day: {fasts}, {completed} completed{rate}", "最近 {days} 天：{fasts}，完成 {completed} 次{rate}")
        case .averageAndLongest: return ("average {average}, longest {longest} ({id})", "平均 {average}，最长 {longest}（{id}）")
        case .weeksHeading: return ("By week:", "按周：")
        case .columnWeek: return ("WEEK OF", "起始日")
        case .columnFasts: return ("FASTS", "次数")
        case .columnCompleted: return ("COMPLETED", "完成")
        case .columnHours: return ("HOURS", "小时")
        case .columnAverage: return ("AVERAGE", "平均")

        case .reminderEdited: return ("Reminder {id} changed: at {due}: {text}", "提醒 {id} 已修改：{due}：{text}")
        case .recurringReminderEdited: return ("Reminder {id} changed: every {rule}, next {next} at {due}: {text}", "提醒 {id} 已修改：按“{rule}”重复，下一次 {next} 在 {due}：{text}")
        case .recurringReminderEditedNoNext: return ("Reminder {id} changed: every {rule}: {text}", "提醒 {id} 已修改：按“{rule}”重复：{text}")

        case .noGlassNumbered: return ("no glass is numbered {number}: see the numbers with \"chime water log\"", "没有编号为 {number} 的一杯：用“chime water log”查看编号")
        case .noWaterForGoal: return ("there are no water reminders to set a goal for: set them up with \"chime water every 1h --goal 2000\"", "还没有可以设定目标的喝水提醒：用“chime water every 1h --goal 2000”设置")
        case .fastTimeToCome: return ("{time} is still to come: a fast is corrected with times that have passed", "{time} 还没到：更正禁食只能用已经过去的时间")
        case .fastStopBeforeStart: return ("fast {id} began {start}, after {stop}: give a time after it began", "禁食 {id} 开始于 {start}，晚于 {stop}：请给出开始之后的时间")
        case .fastStopNotBegun: return ("fast {id} has not begun (it starts {start}), so it cannot be stopped at {stop}: skip it with \"chime fast stop --id {id}\"", "禁食 {id} 还没有开始（将于 {start} 开始），无法在 {stop} 结束：可用“chime fast stop --id {id}”跳过它")
        case .fastEndBeforeStart: return ("fast {id} would end {end}, not after it began {start}: give an end after the start", "禁食 {id} 会在 {end} 结束，并不晚于开始时间 {start}：结束时间必须晚于开始时间")
        case .fastNotStarted: return ("fast {id} has not started (it starts {start}), and only a fast that began can be corrected: give --start a time that has passed", "禁食 {id} 还没有开始（将于 {start} 开始），只有已经开始的禁食才能更正：请给 --start 一个已经过去的时间")
        case .fastSkipped: return ("fast {id} was skipped (it was due {start}), so it does not run and cannot be stopped or extended: see the next one with \"chime fast schedule\"", "禁食 {id} 已跳过（原定 {start} 开始），不会进行，也无法结束或延长：用“chime fast schedule”查看下一次禁食")
        case .repeatingFastNotEditable: return ("fast {id} repeats, and its fasts follow from its start one after another: stop it at another time with \"chime fast stop --id {id} --at TIME\", or remove it with \"chime fast delete {id}\"", "禁食 {id} 是重复禁食，各次禁食都从它的起点依次排下：可以用“chime fast stop --id {id} --at TIME”更改结束时间，或用“chime fast delete {id}”删除它")
        case .fastsWouldOverlap: return ("fast {id} would overlap fast {other}, which ran from {start} to {end}, and fasts cannot overlap: choose times outside it", "禁食 {id} 会与禁食 {other}（从 {start} 到 {end}）重叠，而禁食不能重叠：请选择在它之外的时间")
        case .fastTooShortToKeep: return ("fast {id} would last under 2 minutes, which is not kept as a fast: remove it with \"chime fast delete {id}\"", "禁食 {id} 会不到 2 分钟，这样的禁食不会保留：请用“chime fast delete {id}”删除它")
        case .noReminderWithID: return ("no reminder has the id \"{id}\": see \"chime list\" and \"chime remind list --all\"", "没有 id 为“{id}”的提醒：见“chime list”和“chime remind list --all”")
        case .reminderEnded: return ("recurring reminder {id} has ended: set it again with \"chime remind every RULE TEXT --id {id}\"", "重复提醒 {id} 已经结束：请用“chime remind every RULE TEXT --id {id}”重新设置")
        case .ruleForOneOffReminder: return ("reminder {id} is a one-off reminder: change its time with --at; a rule makes a new reminder with \"chime remind every RULE TEXT\"", "提醒 {id} 是一次性提醒：请用 --at 修改时间；要按规则重复，请用“chime remind every RULE TEXT”新建提醒")
        case .timeForRecurringReminder: return ("reminder {id} recurs: change when it comes with --rule RULE, not --at", "提醒 {id} 是重复提醒：请用 --rule RULE 修改它的时间，而不是 --at")
        case .editNeedsChange: return ("\"{command}\" needs {options}: usage: {usage}", "“{command}”需要 {options}：用法：{usage}")
        case .invalidGlassNumber: return ("invalid glass number \"{text}\": use a number from \"chime water log\", such as 12", "无效的编号“{text}”：请用“chime water log”中的编号，如 12")
        }
    }
}
