import ChimeCore

/// The Chinese of the command table's descriptions (summaries, discussions, argument and option
/// lines, help tables), keyed by their English.
///
/// The descriptions are data of ``CommandTable``, written once there in English; this column
/// adds the other language without touching the table. A unit test walks every command,
/// argument, option and help table and checks that each English text has its Chinese here.
enum HelpTranslation {
    /// `english` in `language`; a text without a translation stays English.
    static func text(_ english: String, in language: UserLanguage) -> String {
        switch language {
        case .english: return english
        case .simplifiedChinese: return chinese[english] ?? english
        }
    }

    /// Every English description that help shows, from the table.
    static var englishTexts: [String] {
        var texts = [CommandSpec.helpOption.summary, CommandSpec.versionOption.summary]
        for spec in CommandTable.root.allCommands {
            texts.append(spec.summary)
            if let discussion = spec.discussion { texts.append(discussion) }
            texts += spec.positionals.map(\.summary)
            // The words a shell offers for a first argument, with their own descriptions.
            texts += spec.positionals.prefix(1).flatMap { $0.kind.completionCandidates.compactMap(\.description) }
            texts += spec.options.map(\.summary)
            for section in spec.sections {
                texts.append(section.title)
                texts += section.rows.map(\.1)
            }
        }
        var seen = Set<String>()
        return texts.filter { seen.insert($0).inserted }
    }

    /// Descriptions that are rightly the same in Chinese (a list of names).
    static let sameInEveryLanguage: Set<String> = [shells]

    private static let shells = Command.Shell.allCases.map(\.rawValue).joined(separator: ", ")
    private static let ruleForms = RecurrencePhrase.forms
    private static let ruleFormsChinese = LocalizedText(CoreText.ruleForms, ["examples": RecurrencePhrase.examples]).text(in: .simplifiedChinese)

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

    /// The rows of the `Keys` table (`config --help`), as ``CommandTable`` writes them.
    private static let configRows: [String: String] = Dictionary(uniqueKeysWithValues: ConfigKey.allCases.flatMap { key in
        let allowed: String
        switch key {
        case .fastRemindBefore: allowed = "用逗号分隔的时长（\(TimeSpan.validForms)），或 none"
        case .waterAmount: allowed = "250、250ml 或 8oz 这样的量（1-\(WaterSchedule.maximumML) 毫升）"
        case .waterGoal: allowed = "2000、2000ml 或 64oz 这样的量（1-\(WaterSchedule.maximumML) 毫升），或 none"
        case .timeZone: allowed = "system，或时区名称，如 Europe/Berlin"
        case .snooze: allowed = "\(SnoozeSetting.shortest) 到 \(SnoozeSetting.longest) 之间的时长（\(TimeSpan.validForms)）"
        case .fastPlan, .urgencyFast, .urgencyWater, .urgencyReminder, .doNotDisturb, .away, .language, .waterUnit, .fastStreaks:
            allowed = key.allowedValues
        }
        let summary = configSummaries[key] ?? key.summary
        return [
            (key.summary, summary),
            ("\(key.summary): \(key.allowedValues) (default \(key.defaultValue.storedText))", "\(summary)：\(allowed)（默认 \(key.defaultValue.storedText)）"),
        ]
    })

    static let chinese: [String: String] = configRows.merging([
        "show this help": "显示本帮助",
        "send it with this urgency (default: the notify.urgency.reminder setting); critical can pass do-not-disturb": "以这个紧急程度发送（默认：notify.urgency.reminder 设置）；critical 可以穿过勿扰模式",
        "show the version of chime": "显示 chime 的版本",
        "fasting and water reminders on the Linux desktop": "Linux 桌面上的禁食与喝水提醒",
        "Changes are saved even when the chimed daemon is not running; reminders fire once it runs.": "即使 chimed 守护进程没有运行，更改也会保存；它运行后提醒就会触发。",
        "start, stop, extend and follow fasts": "开始、结束、延长和查看禁食",
        "start a fast now, later (--at) or one that began earlier (--ago)": "现在开始禁食、稍后开始（--at），或记下更早开始的禁食（--ago）",
        "Only one fast runs at a time: --replace ends the running one first.": "同一时间只能进行一次禁食：--replace 会先结束正在进行的那次。",
        "fasting plan (default: the fast.plan setting, else 16:8)": "禁食方案（默认：fast.plan 设置，否则 16:8）",
        "id of the new fast (default: generated, like f-3k9)": "新禁食的 id（默认自动生成，如 f-3k9）",
        "a note shown in the fast's notifications": "显示在该禁食通知中的备注",
        "start at TIME: HH:MM or 9pm (today, or tomorrow once past), tomorrow 9am, mon 10:00, YYYY-MM-DD HH:MM, or ISO 8601 with offset": "在 TIME 开始：HH:MM 或 9pm（今天，已过则明天）、明天 9:00、周一 10:00、YYYY-MM-DD HH:MM，或带时差的 ISO 8601",
        "the fast began DURATION ago": "禁食在 DURATION 之前已开始",
        "repeat fast and eating window until stopped": "重复禁食和进食窗口，直到结束",
        "nudge this long before the fast ends (default: the fast.remind_before setting)": "在禁食结束前这么久提示（默认：fast.remind_before 设置）",
        "end a running fast instead of refusing": "结束正在进行的禁食，而不是拒绝",
        "Plans": "方案",
        "gentle start": "温和入门",
        "the classic (default)": "经典（默认）",
        "extended": "加长",
        "warrior": "战士",
        "one meal a day, also \"omad\"": "一日一餐，也写作“omad”",
        "same as 23:1": "同 23:1",
        "a long fast without eating window": "没有进食窗口的长时间禁食",
        "any fasting:eating hours, or durations such as 90m:30m": "任意的禁食:进食小时数，或 90m:30m 这样的时长",
        "stop the running fast, now or at a time that has passed": "结束正在进行的禁食，现在或在已经过去的某个时间",
        "it stopped at TIME, not now: HH:MM or 9pm (the last time the clock showed it), yesterday 21:00, YYYY-MM-DD HH:MM, or ISO 8601 with offset": "在 TIME 结束而不是现在：HH:MM 或 9pm（时钟最近一次显示该时刻）、yesterday 21:00、YYYY-MM-DD HH:MM，或带时差的 ISO 8601",
        "correct when a fast began or ended": "更正一次禁食的开始或结束时间",
        "Times are those that have passed (HH:MM: the last time the clock showed it). An end before the plan's length makes the fast stopped early, an end after it a completed fast extended to then. Refused, nothing changed, where fasts would overlap; a repeating fast is stopped with fast stop --at instead.": "时间必须已经过去（HH:MM：时钟最近一次显示该时刻）。结束得比方案规定的时长早，这次禁食就算提前结束；结束得更晚，就算已完成并延长到那时。会让禁食重叠的更正会被拒绝，不做任何更改；重复禁食请改用 fast stop --at 结束。",
        "the fast, as fast history names it": "要更正的禁食，即 fast history 中的 id",
        "when it really began": "实际开始的时间",
        "when its fast really ended": "禁食实际结束的时间",
        "the fast to act on (default: the running one)": "要操作的禁食（默认：正在进行的那次）",
        "make the running fast longer": "延长正在进行的禁食",
        "how much longer": "延长多久",
        "show phase, elapsed and remaining time with a progress bar": "用进度条显示阶段、已过和剩余时间",
        "print JSON instead of text": "输出 JSON 而不是文字",
        "fasts, completion rate, streak, average and longest, by week and the last 14 days": "禁食次数、完成率、连续天数、平均和最长时长，按周汇总以及最近 14 天",
        "days to summarise (default \(Command.defaultHistoryDays))": "统计的天数（默认 \(Command.defaultHistoryDays)）",
        "remove a fast from the history (a running one is stopped and removed)": "从历史中删除一次禁食（正在进行的会先结束再删除）",
        "the fast to delete, as fast history --json names it": "要删除的禁食，即 fast history --json 中的名称",
        "start fasts by a rule, start and end on the local clock (off: stop; alone: show)": "按规则开始禁食，开始和结束都按本地时间（off：关闭；不带参数：显示）",
        "Each start of RULE (\(ruleForms)) begins a fast of PLAN; it ends at the start's local time plus the fast's length on the local clock (a 16:8 from 20:00 ends at 12:00), so across a daylight-saving change it lasts an hour more or less. A plan of fast days (5:2, 4:3) takes the weekdays it fasts on as RULE (\"mon,thu\"), adf none: each fast day runs from midnight to midnight, or from --evening the day before. Schedules whose fasts never meet stay on together (18:6 on weekdays, 14:10 at weekends); a new one replaces those it would overlap. A fast started by hand on a scheduled day takes that day's place.": "RULE（\(ruleFormsChinese)）的每次开始都会开始一次 PLAN 禁食；它在本地时钟上开始时刻加上禁食时长时结束（20:00 开始的 16:8 在 12:00 结束），因此跨越夏令时切换时会多或少一小时。按禁食日的方案（5:2、4:3）以禁食的星期几作为 RULE（“mon,thu”），adf 不需要：每个禁食日从午夜到午夜，或从前一天晚上的 --evening 时刻开始。彼此的禁食不会重叠的计划可以同时进行（工作日 18:6，周末 14:10）；新的计划会替换与之重叠的计划。在计划日手动开始的禁食会取代当天的那次。",
        "fasting plan, or \"off\" to turn schedules off": "禁食方案，或用“off”关闭计划",
        "when fasts start, like \"daily 20:00\" (quoted); the fast days of 5:2 or 4:3, like \"mon,thu\"; after off, the schedule to turn off": "禁食何时开始，如“daily 20:00”（加引号）；5:2 或 4:3 的禁食日，如“mon,thu”；在 off 之后则是要关闭的计划",
        "a fast day starts at this time the evening before (5:2, 4:3, adf)": "禁食日从前一天晚上的这个时刻开始（5:2、4:3、adf）",
        "two fast days a week (fast schedule only)": "每周两个禁食日（仅用于禁食计划）",
        "three fast days a week (fast schedule only)": "每周三个禁食日（仅用于禁食计划）",
        "a fast day every other day (fast schedule only)": "隔天一个禁食日（仅用于禁食计划）",
        "reminders to drink water": "喝水提醒",
        "remind every DURATION within daily hours": "在每天的时段内每隔 DURATION 提醒",
        "There is one water schedule at a time: this creates it, or changes the one that is on (options not given keep their value).": "同一时间只有一个喝水计划：此命令创建它，或修改已开启的计划（未给出的选项保持原值）。",
        "time between reminders": "两次提醒的间隔",
        "first reminders of the day from then (default \(Command.WaterEvery.defaultFrom))": "每天从此时开始提醒（默认 \(Command.WaterEvery.defaultFrom)）",
        "no reminders after then (default \(Command.WaterEvery.defaultUntil))": "此时之后不再提醒（默认 \(Command.WaterEvery.defaultUntil)）",
        "water per glass, like 250, 250ml or 8oz (default: the water.amount setting)": "每杯的水量，如 250、250ml 或 8oz（默认：water.amount 设置）",
        "every day's goal; no more reminders that day once reached (water goal sets goals by weekday)": "每天的目标；达到后当天不再提醒（按星期几设定目标请用 water goal）",
        "id of a new schedule (default: generated, like w-7kq); the one that is on keeps its id": "新计划的 id（默认自动生成，如 w-7kq）；已开启的计划保留原 id",
        "log a glass of water": "记录喝了一杯水",
        "how much, like 250, 250ml or 8oz; a number alone is in the water.unit setting's unit (default: the schedule's glass)": "喝了多少，如 250、250ml 或 8oz；只写数字时按 water.unit 设置的单位（默认：计划中的一杯）",
        "drunk at TIME, not now: HH:MM or 9pm (the last time the clock showed it), yesterday 21:00, YYYY-MM-DD HH:MM, or ISO 8601 with offset": "喝水的时间（不是现在时）：HH:MM 或 9pm（最近一次到达的该时刻）、昨天 21:00、YYYY-MM-DD HH:MM，或带时差的 ISO 8601",
        "delete a logged glass: the one numbered N, else the one logged last": "删除一条喝水记录：编号为 N 的那杯，不写则删除最后记录的一杯",
        "the glass's number, as water log shows it": "这一杯的编号，见 water log",
        "change the amount or time of a logged glass": "修改一条喝水记录的水量或时间",
        "how much it was, like 250, 250ml or 8oz": "喝了多少，如 250、250ml 或 8oz",
        "when it was drunk: HH:MM or 9pm (the last time the clock showed it), yesterday 21:00, YYYY-MM-DD HH:MM, or ISO 8601 with offset": "喝的时间：HH:MM 或 9pm（时钟最近一次显示该时刻）、yesterday 21:00、YYYY-MM-DD HH:MM，或带时差的 ISO 8601",
        "the glasses logged, each with its number, by water day": "按喝水日列出记录的每一杯及其编号",
        "water days to show, the current one included (default 1)": "要显示的喝水日数，含当前这一天（默认 1）",
        "water drunk each water day, against the goal, as a table and bars": "每个喝水日喝了多少、是否达到目标，以表格和条形图显示",
        "Each row is a water day (README: the water day), the current one last, measured against that weekday's goal as it is now; the average leaves out the current day, which is not over.": "每行是一个喝水日（见 README 的“喝水日”一节），当前这一天在最后，按该星期几现在的目标衡量；平均值不计当前这一天，因为它还没有结束。",
        "water days to show, the current one included (default 14)": "要显示的喝水日数，含当前这一天（默认 14）",
        "show the daily goals, or set them for every day or some weekdays": "显示每天的目标，或为每一天或某几个星期几设定目标",
        "With AMOUNT alone it sets every day's goal (as water every --goal does); with DAYS first, only those days' (weekdays, weekends, daily, sat, mon,thu, mon-fri, 周末). none means no goal: reminders all day. Without arguments it shows each weekday's goal.": "只写 AMOUNT 时设定每一天的目标（和 water every --goal 一样）；前面加 DAYS 时只设定这些日子的目标（weekdays、weekends、daily、sat、mon,thu、mon-fri、周末）。none 表示不设目标：全天提醒。不带参数时显示每个星期几的目标。",
        "the days, like weekends, sat,sun or mon-fri (default: every day)": "哪些日子，如 weekends、sat,sun 或 mon-fri（默认：每一天）",
        "the goal, like 2000, 2000ml or 64oz, or none": "目标，如 2000、2000ml 或 64oz，或 none",
        "no water reminders for a while": "暂停喝水提醒一段时间",
        "how long to pause": "暂停多久",
        "end a pause": "结束暂停",
        "remove the water schedule": "删除喝水计划",
        "show today's water and the next reminder": "显示今天的喝水量和下一次提醒",
        "one-off and recurring reminders": "一次性和重复的提醒",
        "remind once after DURATION": "在 DURATION 之后提醒一次",
        "how long from now, e.g. 25m or 1h30m": "从现在起多久，如 25m 或 1h30m",
        "what to say (the rest of the line)": "提醒内容（本行其余部分）",
        "id of the reminder (default: generated, like r-4tx)": "提醒的 id（默认自动生成，如 r-4tx）",
        "show it again every DURATION until Done (at most \(ReminderNag.maximumRepeats) times), and record whether it was done": "每隔 DURATION 再显示一次，直到点“完成”（最多 \(ReminderNag.maximumRepeats) 次），并记录是否完成",
        "remind once at TIME": "在 TIME 提醒一次",
        "HH:MM or 9pm (today, or tomorrow once past), tomorrow 9am, mon 10:00, YYYY-MM-DD HH:MM, or ISO 8601 with offset": "HH:MM 或 9pm（今天，已过则明天）、明天 9:00、周一 10:00、YYYY-MM-DD HH:MM，或带时差的 ISO 8601",
        "remind at each occurrence of a recurrence rule": "在重复规则的每次出现时提醒",
        "RULE is one argument: \(ruleForms). The words after every may stand alone (remind every 1m tea, remind every hour water); a rule of several words needs quotes. Only the next occurrence is pending, as remind/ID/DATETHH:MM; cancelling it skips it, cancelling ID ends the reminder.": "RULE 是一个参数：\(ruleFormsChinese)。every 后面的词可以单独写（remind every 1m 喝茶、remind every hour 喝水）；由几个词组成的规则要加引号。只有下一次出现处于待发状态，形如 remind/ID/DATETHH:MM；取消它会跳过这一次，取消 ID 则结束该提醒。",
        "when, like \"weekdays 09:30\" (quoted)": "何时，如“weekdays 09:30”（加引号）",
        "the rule's start (default: now)": "规则的开始（默认：现在）",
        "the last time it may come (a date alone: the end of that day)": "最晚可能出现的时间（只写日期：当天结束时）",
        "how many times it comes in all, counted from the start": "从开始算起总共出现几次",
        "what became of each occurrence of every reminder, one-off or recurring": "每个提醒（一次性或重复）每次出现的结果",
        "change a reminder's text, time or rule by its id, keeping its history": "按 id 修改提醒的文字、时间或规则，保留它的记录",
        "A one-off reminder takes --text and --at (a new time brings it back); a recurring one --text and --rule (a new rule starts from now). Its id, history, --nag and --urgency stay.": "一次性提醒可用 --text 和 --at（新的时间会让它再次到来）；重复提醒可用 --text 和 --rule（新规则从现在开始）。它的 id、记录、--nag 和 --urgency 保持不变。",
        "the reminder's id": "提醒的 id",
        "what it says": "提醒的文字",
        "a one-off reminder's new time: HH:MM or 9pm (today, or tomorrow once past), tomorrow 9am, mon 10:00, YYYY-MM-DD HH:MM, or ISO 8601 with offset": "一次性提醒的新时间：HH:MM 或 9pm（今天，已过则明天）、tomorrow 9am、mon 10:00、YYYY-MM-DD HH:MM，或带时差的 ISO 8601",
        "a recurring reminder's new rule, like \"weekdays 09:30\" (quoted)": "重复提醒的新规则，如 \"weekdays 09:30\"（加引号）",
        "Each occurrence is shown, snoozed (and when), skipped (cancelled before it came), missed (too late to show, or set with --nag and not done before the next occurrence) or not shown yet; one set with --nag is done on time (before its first nag), done late, missed or open.": "每次出现的结果是：已显示、已推迟（推迟到何时）、已跳过（到来前被取消）、错过（太晚而无法显示，或用 --nag 设置却在下一次出现前仍未完成），或尚未显示；用 --nag 设置的提醒则是按时完成（在第一次催促之前）、延后完成、错过或待确认。",
        "recurring reminders with their rules, next times and how many are left": "重复提醒及其规则、下一次时间和剩余次数",
        "also those ended": "也包括已结束的",
        "only this reminder": "只看这个提醒",
        "days to show, today included (default \(Command.defaultHistoryDays))": "显示的天数，含今天（默认 \(Command.defaultHistoryDays)）",
        "show the next occurrences of a recurrence rule": "显示重复规则接下来的几次时间",
        "Times": "时间写法",
        "today, or tomorrow once past": "今天；已过则明天",
        "12:00, and the midnight that ends the day": "中午 12:00，以及当天结束时的午夜",
        "that time on that day": "那一天的那个时刻",
        "the next Monday at 10:00": "下一个周一的 10:00",
        "the same in Chinese": "中文写法",
        "that date and time": "那个日期和时刻",
        "an exact instant": "一个确切的时刻",
        "Rules": "规则写法",
        "every day": "每天",
        "Monday to Friday": "周一到周五",
        "the days named": "所列的星期几",
        "every second week": "每隔一周",
        "days of the month": "每月的某几天",
        "steps of time from the start": "从开始起每隔一段时间",
        "steps within daily hours": "每天的时段内每隔一段时间",
        "RULE is a rule for people (\(ruleForms)). The occurrences are those at or after --from (the rule's start), the start itself only when it matches; times not in the rule come from the start. Printed in the local zone (TZ is honoured).": "RULE 是给人看的规则（\(ruleFormsChinese)）。列出 --from（规则的开始）及之后的出现时间，开始本身只有符合规则时才算；规则中没有的时间取自开始。按本地时区显示（遵循 TZ）。",
        "the rule, like \"weekdays 09:30\" (the rest of the line)": "规则，如“weekdays 09:30”（本行其余部分）",
        "the rule's start (default: now): HH:MM or 9pm (today, or tomorrow once past), tomorrow 9am, mon 10:00, YYYY-MM-DD HH:MM, or ISO 8601 with offset": "规则的开始（默认：现在）：HH:MM 或 9pm（今天，已过则明天）、明天 9:00、周一 10:00、YYYY-MM-DD HH:MM，或带时差的 ISO 8601",
        "how many occurrences to show (default \(Command.Explain.defaultCount), at most \(Command.Explain.maximumCount))": "显示几次出现（默认 \(Command.Explain.defaultCount)，最多 \(Command.Explain.maximumCount)）",
        "show pending notifications": "显示待发通知",
        "The ID column is what cancel and snooze accept; GROUP is the fast, schedule or reminder it belongs to.": "ID 列是 cancel 和 snooze 接受的标识；分组列是它所属的禁食、计划或提醒。",
        "only those of one fast, water schedule or reminder": "只看某个禁食、喝水计划或提醒的",
        "cancel pending notifications": "取消待发通知",
        "An ID is a request identifier from \"chime list\" or the id of a fast, water schedule or reminder (all its notifications).": "ID 是“chime list”中的请求标识，或禁食、喝水计划、提醒的 id（其全部通知）。",
        "request identifiers or ids to cancel": "要取消的请求标识或 id",
        "every pending notification of one fast, schedule or reminder": "某个禁食、计划或提醒的全部待发通知",
        "every pending notification": "全部待发通知",
        "move a pending notification later": "推迟一条待发通知",
        "a request identifier from \"chime list\", or an id": "“chime list”中的请求标识，或一个 id",
        "how much later: after its due time, or after now once it is due or shown": "推迟多久：从原定时间算起，已到期或已显示的从现在算起",
        "acknowledge a reminder set with --nag: it stops coming back": "确认用 --nag 设置的提醒：它不再重复出现",
        "the reminder's id, or an occurrence's identifier": "提醒的 id，或某次出现的标识",
        "the current fast, water and next notification, for people or status bars": "当前的禁食、喝水和下一条通知，给人或状态栏看",
        "--follow prints again every minute in the last 30 minutes before a phase change, every 15 minutes otherwise, and at once on any change.": "--follow 在阶段切换前 30 分钟内每分钟输出一次，其余时间每 15 分钟一次，有任何变化时立即输出。",
        "output format (default text)": "输出格式（默认 text）",
        "keep printing as time passes (for waybar and polybar)": "随时间持续输出（用于 waybar 和 polybar）",
        "write fasts, water intake or pending notifications as CSV or JSON, or reminders and the fast schedule as iCalendar": "把禁食、喝水记录或待发通知导出为 CSV 或 JSON，或把提醒和禁食计划导出为 iCalendar",
        "--format ics writes Chime's reminders (one-off and recurring) and its fast schedule as events with their alarms, each under the UID <id>@chime: one calendar on standard output, or with --to DIR one .ics file per item in DIR (a vdir), files of items that ended removed; --what does not apply.": "--format ics 把 Chime 的提醒（一次性和重复的）和禁食计划写成带提醒的日历事件，UID 为 <id>@chime：不带 --to 时在标准输出写一个日历；带 --to DIR 时在 DIR（一个 vdir）中每项一个 .ics 文件，已结束的项的文件会被删除；--what 不适用。",
        "with --format ics: write one .ics file per item into DIR, a vdir that vdirsyncer can sync": "与 --format ics 同用：在 DIR 中每项写一个 .ics 文件，即 vdirsyncer 可以同步的 vdir",
        "alarms of calendars kept in files (khal, vdirsyncer, todoman, calcurse)": "以文件保存的日历（khal、vdirsyncer、todoman、calcurse）的提醒",
        "chimed reads each calendar added, watches its folders and shows each item's alarms at their time, as bubbles with Snooze and Dismiss; Chime never writes into a calendar it reads.": "chimed 读取添加的每个日历，监视其文件夹，并按时以带“稍后提醒”和“关闭”按钮的通知显示各条目的提醒；Chime 从不写入它读取的日历。",
        "add a calendar: a vdir folder, a folder of such folders, or one .ics file": "添加日历：一个 vdir 文件夹、由这类文件夹组成的文件夹，或一个 .ics 文件",
        "a folder of .ics files (vdirsyncer, khal, todoman), a folder of such folders, or one .ics file": "一个 .ics 文件夹（vdirsyncer、khal、todoman）、由这类文件夹组成的文件夹，或一个 .ics 文件",
        "what the calendar is called (default: the folder's or file's name)": "日历的名称（默认：文件夹或文件的名称）",
        "an alarm this long before the start for items without an alarm of their own": "为没有自带提醒的条目在开始前这么久提醒",
        "no alarms from this calendar (birthdays)": "这个日历不提醒（如生日）",
        "the calendars added: path, items, alarms pending, files that could not be read": "已添加的日历：路径、条目数、待发提醒数、无法读取的文件",
        "stop reading a calendar (its files are left as they are)": "不再读取某个日历（其文件保持不变）",
        "the calendar's name, as calendar list shows it": "日历的名称，即 calendar list 显示的名称",
        "change a calendar's default alarms, or mute it": "修改日历的默认提醒，或将其静音",
        "no alarms from this calendar": "这个日历不提醒",
        "alarms from this calendar again": "恢复这个日历的提醒",
        "every calendar alarm in a window, in order (default: the next 24 hours)": "按时间顺序列出一段时间内的所有日历提醒（默认：接下来 24 小时）",
        "Each REPEAT firing has a row of its own; alarms Chime does not show (EMAIL) are listed as skipped. --json prints an array of objects with calendar, uid, summary, event_start, trigger_at, sorted by trigger_at, then uid.": "每次 REPEAT 各占一行；Chime 不显示的提醒（EMAIL）列为已跳过。--json 输出一个对象数组，含 calendar、uid、summary、event_start、trigger_at，按 trigger_at 再按 uid 排序。",
        "the window's start (default: now)": "时段的开始（默认：现在）",
        "the window's end (default: 24 hours after its start); a date alone is the end of that day": "时段的结束（默认：开始后 24 小时）；只写日期表示当天结束",
        "only this calendar": "只看这个日历",
        "output format": "输出格式",
        "what to export (default fasts)": "导出什么（默认 fasts）",
        "check store, daemon, session bus, notification server and time zone": "检查数据库、守护进程、会话总线、通知服务器和时区",
        "Exits 0 only when everything is well.": "只有一切正常时才以 0 退出。",
        "print a shell completion script": "输出 shell 补全脚本",
        "read and change settings": "读取和修改设置",
        "print one setting": "输出一项设置",
        "the setting": "设置项",
        "Keys": "设置项",
        "change one setting": "修改一项设置",
        "its new value": "新值",
        "print every setting": "输出全部设置",
        "return one setting to its default": "把一项设置恢复为默认值",
        "show help for chime or one command": "显示 chime 或某个命令的帮助",
        "the command, e.g. fast start": "命令，如 fast start",
    ]) { first, _ in first }
}
