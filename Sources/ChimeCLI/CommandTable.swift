import ChimeCore

/// The one table of `chime` commands: every command, argument and option, with its help and
/// how its values become a ``Command``.
public enum CommandTable {
    /// The version printed by `chime --version`.
    public static let version = ChimeVersion.current

    /// `chime 0.1.0`.
    public static var versionText: String { "\(ErrorLine.programName) \(version)" }

    /// The root of the table: `chime` itself, whose subcommands are the commands.
    public static let root: CommandSpec = {
        var root = CommandSpec(
            name: ErrorLine.programName,
            summary: HelpText("fasting and water reminders on the Linux desktop", "Linux 桌面上的禁食与喝水提醒"),
            discussion: HelpText("Changes are saved even when the chimed daemon is not running; reminders fire once it runs.", "即使 chimed 守护进程没有运行，更改也会保存；它运行后提醒就会触发。"),
            subcommands: [fast, water, remind, calendar, explain, list, cancel, snooze, done, status, export, doctor, completions, config, help]
        )
        root.path = []
        root.subcommands = root.subcommands.map { $0.placed(under: []) }
        return root
    }()

    /// Every command that runs (no groups), in table order.
    public static var leafCommands: [CommandSpec] {
        root.allCommands.filter { !$0.isGroup && !$0.path.isEmpty }
    }

    /// The command at `path` (`["fast", "start"]`); the root for an empty path.
    public static func command(at path: [String]) -> CommandSpec? {
        var spec = root
        for word in path {
            guard let next = spec.subcommand(named: word) else { return nil }
            spec = next
        }
        return spec
    }

    // MARK: - fast

    private static let idOption = CommandSpec.Option.value("id", "ID", .fastID, HelpText("the fast to act on (default: the running one)", "要操作的禁食（默认：正在进行的那次）"))
    private static let jsonOption = CommandSpec.Option.flag("json", HelpText("print JSON instead of text", "输出 JSON 而不是文字"))

    private static let fast = CommandSpec(
        name: "fast",
        summary: HelpText("start, stop, extend and follow fasts", "开始、结束、延长和查看禁食"),
        subcommands: [
            CommandSpec(
                name: "start",
                summary: HelpText("start a fast now, later (--at) or one that began earlier (--ago)", "现在开始禁食、稍后开始（--at），或记下更早开始的禁食（--ago）"),
                discussion: HelpText("Only one fast runs at a time: --replace ends the running one first.", "同一时间只能进行一次禁食：--replace 会先结束正在进行的那次。"),
                positionals: [.init("PLAN", .plan, .optional, HelpText("fasting plan (default: the fast.plan setting, else 16:8)", "禁食方案（默认：fast.plan 设置，否则 16:8）"))],
                options: [
                    .value("id", "ID", .identifier, HelpText("id of the new fast (default: generated, like f-3k9)", "新禁食的 id（默认自动生成，如 f-3k9）")),
                    .value("tag", "TEXT", .text, HelpText("a note shown in the fast's notifications", "显示在该禁食通知中的备注")),
                    .value("at", "TIME", .time, HelpText("start at TIME: HH:MM or 9pm (today, or tomorrow once past), tomorrow 9am, mon 10:00, YYYY-MM-DD HH:MM, or ISO 8601 with offset", "在 TIME 开始：HH:MM 或 9pm（今天，已过则明天）、明天 9:00、周一 10:00、YYYY-MM-DD HH:MM，或带时差的 ISO 8601")),
                    .value("ago", "DURATION", .duration, HelpText("the fast began DURATION ago", "禁食在 DURATION 之前已开始")),
                    .flag("repeat", HelpText("repeat fast and eating window until stopped", "重复禁食和进食窗口，直到结束")),
                    .value("remind-before", "DURATION[,DURATION...]", .durationList, HelpText("nudge this long before the fast ends (default: the fast.remind_before setting)", "在禁食结束前这么久提示（默认：fast.remind_before 设置）")),
                    .flag("replace", HelpText("end a running fast instead of refusing", "结束正在进行的禁食，而不是拒绝")),
                ],
                exclusiveGroups: [.init(["at", "ago"])],
                sections: [
                    .init(HelpText("Plans", "方案"), FastingPlan.presets.map { ($0.name, HelpTranslation.summary(of: $0)) }
                        + [("F:E", HelpText("any fasting:eating hours, or durations such as 90m:30m", "任意的禁食:进食小时数，或 90m:30m 这样的时长"))]),
                ],
                examples: ["fast start", "fast start 18:6 --tag \"weekday\"", "fast start --ago 2h", "fast start 16:8 --at 20:00 --repeat --remind-before 1h"],
                build: { arguments throws(UsageError) in
                    var options = Command.FastStart()
                    if let plan = arguments.positional("PLAN") { options.plan = try plan.plan() }
                    if let id = arguments.option("id") { options.id = try id.identifier() }
                    if let tag = arguments.option("tag") { options.tag = try tag.userText(field: .fieldTag) }
                    if let at = arguments.option("at") { options.start = .at(try at.time()) }
                    if let ago = arguments.option("ago") { options.start = .ago(try ago.duration()) }
                    options.repeating = arguments.isSet("repeat")
                    if let nudges = arguments.option("remind-before") {
                        options.remindBefore = try nudges.durationList(field: "--remind-before")
                    }
                    options.replace = arguments.isSet("replace")
                    return .fastStart(options)
                }
            ),
            CommandSpec(
                name: "stop",
                summary: HelpText("stop the running fast, now or at a time that has passed", "结束正在进行的禁食，现在或在已经过去的某个时间"),
                options: [
                    idOption,
                    .value("at", "TIME", .time, HelpText("it stopped at TIME, not now: HH:MM or 9pm (the last time the clock showed it), yesterday 21:00, YYYY-MM-DD HH:MM, or ISO 8601 with offset", "在 TIME 结束而不是现在：HH:MM 或 9pm（时钟最近一次显示该时刻）、yesterday 21:00、YYYY-MM-DD HH:MM，或带时差的 ISO 8601")),
                ],
                examples: ["fast stop", "fast stop --at 11:30"],
                build: { arguments throws(UsageError) in
                    .fastStop(id: try arguments.option("id")?.identifier(), at: try arguments.option("at")?.time())
                }
            ),
            CommandSpec(
                name: "edit",
                summary: HelpText("correct when a fast began or ended", "更正一次禁食的开始或结束时间"),
                discussion: HelpText("Times are those that have passed (HH:MM: the last time the clock showed it). An end before the plan's length makes the fast stopped early, an end after it a completed fast extended to then. Refused, nothing changed, where fasts would overlap; a repeating fast is stopped with fast stop --at instead.", "时间必须已经过去（HH:MM：时钟最近一次显示该时刻）。结束得比方案规定的时长早，这次禁食就算提前结束；结束得更晚，就算已完成并延长到那时。会让禁食重叠的更正会被拒绝，不做任何更改；重复禁食请改用 fast stop --at 结束。"),
                positionals: [.init("ID", .identifier, .required, HelpText("the fast, as fast history names it", "要更正的禁食，即 fast history 中的 id"))],
                options: [
                    .value("start", "TIME", .time, HelpText("when it really began", "实际开始的时间")),
                    .value("end", "TIME", .time, HelpText("when its fast really ended", "禁食实际结束的时间")),
                ],
                sections: [timeSection],
                examples: ["fast edit f-3k9 --start 19:30", "fast edit f-3k9 --start \"yesterday 20:00\" --end 11:45"],
                build: { arguments throws(UsageError) in
                    let start = try arguments.option("start")?.time()
                    let end = try arguments.option("end")?.time()
                    guard start != nil || end != nil else { throw needsChange(arguments, options: ["--start", "--end"]) }
                    return .fastEdit(id: try arguments.positional("ID")!.identifier(), start: start, end: end)
                }
            ),
            CommandSpec(
                name: "extend",
                summary: HelpText("make the running fast longer", "延长正在进行的禁食"),
                positionals: [.init("DURATION", .duration, .required, HelpText("how much longer", "延长多久"))],
                options: [idOption],
                examples: ["fast extend 1h"],
                build: { arguments throws(UsageError) in
                    .fastExtend(by: try arguments.positional("DURATION")!.duration(), id: try arguments.option("id")?.identifier())
                }
            ),
            CommandSpec(
                name: "status",
                summary: HelpText("show phase, elapsed and remaining time with a progress bar", "用进度条显示阶段、已过和剩余时间"),
                options: [idOption, jsonOption],
                examples: ["fast status", "fast status --json"],
                build: { arguments throws(UsageError) in
                    .fastStatus(id: try arguments.option("id")?.identifier(), json: arguments.isSet("json"))
                }
            ),
            CommandSpec(
                name: "history",
                summary: HelpText("fasts, completion rate, streak, average and longest, by week and the last 14 days", "禁食次数、完成率、连续天数、平均和最长时长，按周汇总以及最近 14 天"),
                options: [
                    .value("days", "N", .count, HelpText("days to summarise (default \(Command.defaultHistoryDays))", "统计的天数（默认 \(Command.defaultHistoryDays)）")),
                    jsonOption,
                ],
                examples: ["fast history", "fast history --days 90 --json"],
                build: { arguments throws(UsageError) in
                    let days = try arguments.option("days")?.count(in: 1...Command.maximumHistoryDays, field: .fieldDays)
                    return .fastHistory(days: days ?? Command.defaultHistoryDays, json: arguments.isSet("json"))
                }
            ),
            CommandSpec(
                name: "delete",
                summary: HelpText("remove a fast from the history (a running one is stopped and removed)", "从历史中删除一次禁食（正在进行的会先结束再删除）"),
                positionals: [.init("ID", .identifier, .required, HelpText("the fast to delete, as fast history --json names it", "要删除的禁食，即 fast history --json 中的名称"))],
                examples: ["fast delete f-3k9"],
                build: { arguments throws(UsageError) in
                    .fastDelete(id: try arguments.positional("ID")!.identifier())
                }
            ),
            CommandSpec(
                name: "schedule",
                summary: HelpText("start fasts by a rule, start and end on the local clock (off: stop; alone: show)", "按规则开始禁食，开始和结束都按本地时间（off：关闭；不带参数：显示）"),
                discussion: HelpText("Each start of RULE (\(RecurrencePhrase.forms)) begins a fast of PLAN; it ends at the start's local time plus the fast's length on the local clock (a 16:8 from 20:00 ends at 12:00), so across a daylight-saving change it lasts an hour more or less. A plan of fast days (5:2, 4:3) takes the weekdays it fasts on as RULE (\"mon,thu\"), adf none: each fast day runs from midnight to midnight, or from --evening the day before. Schedules whose fasts never meet stay on together (18:6 on weekdays, 14:10 at weekends); a new one replaces those it would overlap. A fast started by hand on a scheduled day takes that day's place.", "RULE（\(HelpText.ruleFormsChinese)）的每次开始都会开始一次 PLAN 禁食；它在本地时钟上开始时刻加上禁食时长时结束（20:00 开始的 16:8 在 12:00 结束），因此跨越夏令时切换时会多或少一小时。按禁食日的方案（5:2、4:3）以禁食的星期几作为 RULE（“mon,thu”），adf 不需要：每个禁食日从午夜到午夜，或从前一天晚上的 --evening 时刻开始。彼此的禁食不会重叠的计划可以同时进行（工作日 18:6，周末 14:10）；新的计划会替换与之重叠的计划。在计划日手动开始的禁食会取代当天的那次。"),
                positionals: [
                    .init("PLAN", .plan, .optional, HelpText("fasting plan, or \"off\" to turn schedules off", "禁食方案，或用“off”关闭计划")),
                    .init("RULE", .text, .optional, HelpText("when fasts start, like \"daily 20:00\" (quoted); the fast days of 5:2 or 4:3, like \"mon,thu\"; after off, the schedule to turn off", "禁食何时开始，如“daily 20:00”（加引号）；5:2 或 4:3 的禁食日，如“mon,thu”；在 off 之后则是要关闭的计划")),
                ],
                options: [
                    .value("evening", "HH:MM", .timeOfDay, HelpText("a fast day starts at this time the evening before (5:2, 4:3, adf)", "禁食日从前一天晚上的这个时刻开始（5:2、4:3、adf）")),
                    jsonOption,
                ],
                examples: [
                    "fast schedule 16:8 \"daily 20:00\"", "fast schedule 18:6 \"weekdays 19:00\"", "fast schedule 14:10 \"weekends 20:00\"",
                    "fast schedule 5:2 \"mon,thu\"", "fast schedule adf --evening 20:00", "fast schedule", "fast schedule --json", "fast schedule off",
                ],
                build: { arguments throws(UsageError) in
                    guard let planText = arguments.positional("PLAN") else { return .fastSchedule(.show(json: arguments.isSet("json"))) }
                    if planText.text == "off" {
                        guard let id = arguments.positional("RULE") else { return .fastSchedule(.off(id: nil)) }
                        // Only a schedule's id may follow: a rule there is a mistake.
                        guard (try? EntityID.validate(id.text)) != nil else {
                            throw UsageError(.unexpectedArgument, .scheduleOffTakesNoRule)
                        }
                        return .fastSchedule(.off(id: try id.identifier()))
                    }
                    let plan = try planText.plan()
                    let evening = try arguments.option("evening")?.timeOfDay()
                    if plan.fastDays == nil {
                        guard evening == nil else { throw UsageError(.unexpectedArgument, .eveningNeedsFastDays) }
                        guard let rule = arguments.positional("RULE") else {
                            throw UsageError(.missingArgument, .scheduleNeedsRule)
                        }
                        _ = try rule.recurrenceRule()
                        return .fastSchedule(.set(plan: plan, ruleText: rule.text, evening: nil))
                    }
                    return .fastSchedule(.set(plan: plan, ruleText: arguments.positional("RULE")?.text, evening: evening))
                }
            ),
        ]
    )

    // MARK: - water

    private static let water = CommandSpec(
        name: "water",
        summary: HelpText("reminders to drink water", "喝水提醒"),
        subcommands: [
            CommandSpec(
                name: "every",
                summary: HelpText("remind every DURATION within daily hours", "在每天的时段内每隔 DURATION 提醒"),
                discussion: HelpText("There is one water schedule at a time: this creates it, or changes the one that is on (options not given keep their value).", "同一时间只有一个喝水计划：此命令创建它，或修改已开启的计划（未给出的选项保持原值）。"),
                positionals: [.init("DURATION", .duration, .required, HelpText("time between reminders", "两次提醒的间隔"))],
                options: [
                    .value("from", "HH:MM", .timeOfDay, HelpText("first reminders of the day from then (default \(Command.WaterEvery.defaultFrom))", "每天从此时开始提醒（默认 \(Command.WaterEvery.defaultFrom)）")),
                    .value("until", "HH:MM", .timeOfDay, HelpText("no reminders after then (default \(Command.WaterEvery.defaultUntil))", "此时之后不再提醒（默认 \(Command.WaterEvery.defaultUntil)）")),
                    .value("amount", "AMOUNT", .waterAmount, HelpText("water per glass, like 250, 250ml or 8oz (default: the water.amount setting)", "每杯的水量，如 250、250ml 或 8oz（默认：water.amount 设置）")),
                    .value("goal", "AMOUNT", .waterAmount, HelpText("every day's goal; no more reminders that day once reached (water goal sets goals by weekday)", "每天的目标；达到后当天不再提醒（按星期几设定目标请用 water goal）")),
                    .value("id", "ID", .identifier, HelpText("id of a new schedule (default: generated, like w-7kq); the one that is on keeps its id", "新计划的 id（默认自动生成，如 w-7kq）；已开启的计划保留原 id")),
                ],
                examples: ["water every 1h", "water every 45m --from 08:00 --until 20:00 --amount 300 --goal 2000"],
                build: { arguments throws(UsageError) in
                    var options = Command.WaterEvery(interval: try arguments.positional("DURATION")!.duration())
                    if let from = arguments.option("from") { options.from = try from.timeOfDay() }
                    if let until = arguments.option("until") { options.until = try until.timeOfDay() }
                    if let amount = arguments.option("amount") { options.amount = try amount.waterQuantity(field: .fieldAmount) }
                    if let goal = arguments.option("goal") { options.goal = try goal.waterQuantity(field: .fieldGoal) }
                    if let id = arguments.option("id") { options.id = try id.identifier() }
                    return .waterEvery(options)
                }
            ),
            CommandSpec(
                name: "drink",
                summary: HelpText("log a glass of water", "记录喝了一杯水"),
                positionals: [.init("AMOUNT", .waterAmount, .optional, HelpText("how much, like 250, 250ml or 8oz; a number alone is in the water.unit setting's unit (default: the schedule's glass)", "喝了多少，如 250、250ml 或 8oz；只写数字时按 water.unit 设置的单位（默认：计划中的一杯）"))],
                options: [
                    .value("at", "TIME", .time, HelpText("drunk at TIME, not now: HH:MM or 9pm (the last time the clock showed it), yesterday 21:00, YYYY-MM-DD HH:MM, or ISO 8601 with offset", "喝水的时间（不是现在时）：HH:MM 或 9pm（最近一次到达的该时刻）、昨天 21:00、YYYY-MM-DD HH:MM，或带时差的 ISO 8601")),
                ],
                examples: ["water drink", "water drink 500", "water drink 8oz", "water drink 300 --at 07:15"],
                build: { arguments throws(UsageError) in
                    .waterDrink(amount: try arguments.positional("AMOUNT")?.waterQuantity(field: .fieldAmount), at: try arguments.option("at")?.time())
                }
            ),
            CommandSpec(
                name: "undo",
                summary: HelpText("delete a logged glass: the one numbered N, else the one logged last", "删除一条喝水记录：编号为 N 的那杯，不写则删除最后记录的一杯"),
                positionals: [.init("N", .count, .optional, HelpText("the glass's number, as water log shows it", "这一杯的编号，见 water log"))],
                examples: ["water undo", "water undo 12"],
                build: { arguments throws(UsageError) in .waterUndo(number: try arguments.positional("N")?.glassNumber()) }
            ),
            CommandSpec(
                name: "edit",
                summary: HelpText("change the amount or time of a logged glass", "修改一条喝水记录的水量或时间"),
                positionals: [.init("N", .count, .required, HelpText("the glass's number, as water log shows it", "这一杯的编号，见 water log"))],
                options: [
                    .value("amount", "AMOUNT", .waterAmount, HelpText("how much it was, like 250, 250ml or 8oz", "喝了多少，如 250、250ml 或 8oz")),
                    .value("at", "TIME", .time, HelpText("when it was drunk: HH:MM or 9pm (the last time the clock showed it), yesterday 21:00, YYYY-MM-DD HH:MM, or ISO 8601 with offset", "喝的时间：HH:MM 或 9pm（时钟最近一次显示该时刻）、yesterday 21:00、YYYY-MM-DD HH:MM，或带时差的 ISO 8601")),
                ],
                examples: ["water edit 12 --amount 300", "water edit 12 --at 07:15"],
                build: { arguments throws(UsageError) in
                    let amount = try arguments.option("amount")?.waterQuantity(field: .fieldAmount)
                    let at = try arguments.option("at")?.time()
                    guard amount != nil || at != nil else { throw needsChange(arguments, options: ["--amount", "--at"]) }
                    return .waterEdit(number: try arguments.positional("N")!.glassNumber(), amount: amount, at: at)
                }
            ),
            CommandSpec(
                name: "log",
                summary: HelpText("the glasses logged, each with its number, by water day", "按喝水日列出记录的每一杯及其编号"),
                options: [
                    .value("days", "N", .count, HelpText("water days to show, the current one included (default \(Command.defaultWaterLogDays))", "要显示的喝水日数，含当前这一天（默认 \(Command.defaultWaterLogDays)）")),
                    jsonOption,
                ],
                examples: ["water log", "water log --days 7 --json"],
                build: { arguments throws(UsageError) in
                    let days = try arguments.option("days")?.count(in: 1...Command.maximumHistoryDays, field: .fieldDays)
                    return .waterLog(days: days ?? Command.defaultWaterLogDays, json: arguments.isSet("json"))
                }
            ),
            CommandSpec(
                name: "history",
                summary: HelpText("water drunk each water day, against the goal, as a table and bars", "每个喝水日喝了多少、是否达到目标，以表格和条形图显示"),
                discussion: HelpText("Each row is a water day (README: the water day), the current one last, measured against that weekday's goal as it is now; the average leaves out the current day, which is not over.", "每行是一个喝水日（见 README 的“喝水日”一节），当前这一天在最后，按该星期几现在的目标衡量；平均值不计当前这一天，因为它还没有结束。"),
                options: [
                    .value("days", "N", .count, HelpText("water days to show, the current one included (default \(Command.defaultWaterHistoryDays))", "要显示的喝水日数，含当前这一天（默认 \(Command.defaultWaterHistoryDays)）")),
                    jsonOption,
                ],
                examples: ["water history", "water history --days 30 --json"],
                build: { arguments throws(UsageError) in
                    let days = try arguments.option("days")?.count(in: 1...Command.maximumHistoryDays, field: .fieldDays)
                    return .waterHistory(days: days ?? Command.defaultWaterHistoryDays, json: arguments.isSet("json"))
                }
            ),
            CommandSpec(
                name: "goal",
                summary: HelpText("show the daily goals, or set them for every day or some weekdays", "显示每天的目标，或为每一天或某几个星期几设定目标"),
                discussion: HelpText("With AMOUNT alone it sets every day's goal (as water every --goal does); with DAYS first, only those days' (weekdays, weekends, daily, sat, mon,thu, mon-fri, 周末). none means no goal: reminders all day. Without arguments it shows each weekday's goal.", "只写 AMOUNT 时设定每一天的目标（和 water every --goal 一样）；前面加 DAYS 时只设定这些日子的目标（weekdays、weekends、daily、sat、mon,thu、mon-fri、周末）。none 表示不设目标：全天提醒。不带参数时显示每个星期几的目标。"),
                positionals: [
                    .init("DAYS", .days, .optional, HelpText("the days, like weekends, sat,sun or mon-fri (default: every day)", "哪些日子，如 weekends、sat,sun 或 mon-fri（默认：每一天）")),
                    .init("AMOUNT", .waterAmount, .optional, HelpText("the goal, like 2000, 2000ml or 64oz, or none", "目标，如 2000、2000ml 或 64oz，或 none")),
                ],
                examples: ["water goal", "water goal 2000", "water goal weekends 1500", "water goal mon-fri 64oz", "water goal sun none"],
                build: { arguments throws(UsageError) in
                    let first = arguments.positional("DAYS")
                    let second = arguments.positional("AMOUNT")
                    guard let first else { return .waterGoal(.show) }
                    func goal(_ value: ArgumentValue) throws(UsageError) -> WaterQuantity? {
                        value.text.lowercased() == "none" ? nil : try value.waterQuantity(field: .fieldGoal)
                    }
                    guard let second else {
                        if WeekdaySet.looksLikeDays(first.text) {
                            throw UsageError(.missingArgument, .missingArgument, ["argument": "AMOUNT", "command": "chime water goal", "usage": HelpFormatter.usage(of: arguments.spec)])
                        }
                        return .waterGoal(.set(days: nil, goal: try goal(first)))
                    }
                    return .waterGoal(.set(days: try first.days(), goal: try goal(second)))
                }
            ),
            CommandSpec(
                name: "pause",
                summary: HelpText("no water reminders for a while", "暂停喝水提醒一段时间"),
                positionals: [.init("DURATION", .duration, .required, HelpText("how long to pause", "暂停多久"))],
                examples: ["water pause 2h"],
                build: { arguments throws(UsageError) in
                    .waterPause(for: try arguments.positional("DURATION")!.duration())
                }
            ),
            CommandSpec(name: "resume", summary: HelpText("end a pause", "结束暂停"), examples: ["water resume"], build: { _ throws(UsageError) in .waterResume }),
            CommandSpec(name: "off", summary: HelpText("remove the water schedule", "删除喝水计划"), examples: ["water off"], build: { _ throws(UsageError) in .waterOff }),
            CommandSpec(
                name: "status",
                summary: HelpText("show today's water and the next reminder", "显示今天的喝水量和下一次提醒"),
                options: [jsonOption],
                examples: ["water status", "water status --json"],
                build: { arguments throws(UsageError) in .waterStatus(json: arguments.isSet("json")) }
            ),
        ]
    )

    // MARK: - remind

    private static let reminderIDOption = CommandSpec.Option.value("id", "ID", .identifier, HelpText("id of the reminder (default: generated, like r-4tx)", "提醒的 id（默认自动生成，如 r-4tx）"))
    private static let nagOption = CommandSpec.Option.value(
        "nag", "DURATION", .duration, HelpText("show it again every DURATION until Done (at most \(ReminderNag.maximumRepeats) times), and record whether it was done", "每隔 DURATION 再显示一次，直到点“完成”（最多 \(ReminderNag.maximumRepeats) 次），并记录是否完成")
    )

    private static let urgencyOption = CommandSpec.Option.value(
        "urgency", ConfigValue.Urgency.allCases.map(\.rawValue).joined(separator: "|"), .choice(ConfigValue.Urgency.allCases.map(\.rawValue)),
        HelpText("send it with this urgency (default: the notify.urgency.reminder setting); critical can pass do-not-disturb", "以这个紧急程度发送（默认：notify.urgency.reminder 设置）；critical 可以穿过勿扰模式")
    )

    /// `--urgency`; `nil` when not given.
    private static func urgency(_ arguments: ParsedArguments) throws(UsageError) -> ConfigValue.Urgency? {
        try arguments.option("urgency")?.choice(ConfigValue.Urgency.self, for: "--urgency")
    }

    /// The usage error of a command that changes something but was told nothing to change.
    private static func needsChange(_ arguments: ParsedArguments, options: [String]) -> UsageError {
        let command = "chime " + arguments.spec.path.joined(separator: " ")
        let usage = HelpFormatter.usage(of: arguments.spec)
        return UsageError(.missingArgument, LocalizedText { language in
            ViewText.editNeedsChange.text(language, ["command": command, "options": CommandParser.list(options, in: language), "usage": usage])
        })
    }

    /// `--nag`, at least ``ReminderNag/minimumInterval``; `nil` when not given.
    private static func nag(_ arguments: ParsedArguments) throws(UsageError) -> TimeSpan? {
        guard let nag = arguments.option("nag") else { return nil }
        let span = try nag.duration()
        guard span.timeInterval >= ReminderNag.minimumInterval else {
            throw UsageError(DomainError(.invalidDuration, LocalizedText(CommandText.nagTooShort, ["text": nag.text])), argumentPosition: nag.position)
        }
        return span
    }

    /// The forms of a TIME, for the help of the commands that take one.
    private static let timeSection = CommandSpec.HelpSection(HelpText("Times", "时间写法"), [
        ("21:30, 9:30pm, 9pm, 21h", HelpText("today, or tomorrow once past", "今天；已过则明天")),
        ("noon, midnight", HelpText("12:00, and the midnight that ends the day", "中午 12:00，以及当天结束时的午夜")),
        ("tomorrow 9am, today 21:00", HelpText("that time on that day", "那一天的那个时刻")),
        ("mon 10:00", HelpText("the next Monday at 10:00", "下一个周一的 10:00")),
        ("明天 9:00, 下午3点, 周一 10:00", HelpText("the same in Chinese", "中文写法")),
        ("2026-04-01 09:00", HelpText("that date and time", "那个日期和时刻")),
        ("2026-03-29T20:00+02:00", HelpText("an exact instant", "一个确切的时刻")),
    ])

    /// The forms of a rule for people, for the help of the commands that take one.
    private static let ruleSection = CommandSpec.HelpSection(HelpText("Rules", "规则写法"), [
        ("daily 08:00, every day at 8am", HelpText("every day", "每天")),
        ("weekdays 09:30, every weekday 9:30am", HelpText("Monday to Friday", "周一到周五")),
        ("every monday 10:00, mon,thu 18:30", HelpText("the days named", "所列的星期几")),
        ("every other week fri 17:00", HelpText("every second week", "每隔一周")),
        ("monthly 1 09:00, monthly last fri 17:00", HelpText("days of the month", "每月的某几天")),
        ("every hour, every 30 minutes", HelpText("steps of time from the start", "从开始起每隔一段时间")),
        ("every 90m 09:00-17:00 weekdays", HelpText("steps within daily hours", "每天的时段内每隔一段时间")),
        ("每天 08:00, 工作日 09:30, 每周一 10:00", HelpText("the same in Chinese", "中文写法")),
    ])

    private static let remind = CommandSpec(
        name: "remind",
        summary: HelpText("one-off and recurring reminders", "一次性和重复的提醒"),
        subcommands: [
            CommandSpec(
                name: "in",
                summary: HelpText("remind once after DURATION", "在 DURATION 之后提醒一次"),
                positionals: [
                    .init("DURATION", .duration, .required, HelpText("how long from now, e.g. 25m or 1h30m", "从现在起多久，如 25m 或 1h30m")),
                    .init("TEXT", .text, .text, HelpText("what to say (the rest of the line)", "提醒内容（本行其余部分）")),
                ],
                options: [reminderIDOption, nagOption, urgencyOption],
                examples: ["remind in 25m \"tea is ready\"", "remind in 10m \"leave for the train\" --urgency critical"],
                build: { arguments throws(UsageError) in
                    .remindIn(try arguments.positional("DURATION")!.duration(),
                              text: try arguments.positional("TEXT")!.userText(field: .fieldReminderText),
                              id: try arguments.option("id")?.identifier(), nag: try nag(arguments), urgency: try urgency(arguments))
                }
            ),
            CommandSpec(
                name: "at",
                summary: HelpText("remind once at TIME", "在 TIME 提醒一次"),
                positionals: [
                    .init("TIME", .time, .required, HelpText("HH:MM or 9pm (today, or tomorrow once past), tomorrow 9am, mon 10:00, YYYY-MM-DD HH:MM, or ISO 8601 with offset", "HH:MM 或 9pm（今天，已过则明天）、明天 9:00、周一 10:00、YYYY-MM-DD HH:MM，或带时差的 ISO 8601")),
                    .init("TEXT", .text, .text, HelpText("what to say (the rest of the line)", "提醒内容（本行其余部分）")),
                ],
                options: [reminderIDOption, nagOption, urgencyOption],
                sections: [timeSection],
                examples: ["remind at 15:00 \"call the dentist\"", "remind at tomorrow 9am \"call the dentist\"", "remind at 2026-04-01 09:00 \"renew passport\""],
                build: { arguments throws(UsageError) in
                    .remindAt(try arguments.positional("TIME")!.time(),
                              text: try arguments.positional("TEXT")!.userText(field: .fieldReminderText),
                              id: try arguments.option("id")?.identifier(), nag: try nag(arguments), urgency: try urgency(arguments))
                }
            ),
            CommandSpec(
                name: "every",
                summary: HelpText("remind at each occurrence of a recurrence rule", "在重复规则的每次出现时提醒"),
                discussion: HelpText("RULE is one argument: \(RecurrencePhrase.forms). The words after every may stand alone (remind every 1m tea, remind every hour water); a rule of several words needs quotes. Only the next occurrence is pending, as remind/ID/DATETHH:MM; cancelling it skips it, cancelling ID ends the reminder.", "RULE 是一个参数：\(HelpText.ruleFormsChinese)。every 后面的词可以单独写（remind every 1m 喝茶、remind every hour 喝水）；由几个词组成的规则要加引号。只有下一次出现处于待发状态，形如 remind/ID/DATETHH:MM；取消它会跳过这一次，取消 ID 则结束该提醒。"),
                positionals: [
                    .init("RULE", .text, .required, HelpText("when, like \"weekdays 09:30\" (quoted)", "何时，如“weekdays 09:30”（加引号）")),
                    .init("TEXT", .text, .text, HelpText("what to say (the rest of the line)", "提醒内容（本行其余部分）")),
                ],
                options: [
                    reminderIDOption,
                    .value("from", "TIME", .time, HelpText("the rule's start (default: now)", "规则的开始（默认：现在）")),
                    .value("until", "TIME", .time, HelpText("the last time it may come (a date alone: the end of that day)", "最晚可能出现的时间（只写日期：当天结束时）")),
                    .value("count", "N", .count, HelpText("how many times it comes in all, counted from the start", "从开始算起总共出现几次")),
                    nagOption,
                    urgencyOption,
                ],
                exclusiveGroups: [.init(["until", "count"])],
                sections: [ruleSection],
                examples: ["remind every \"daily 08:00\" take the pills", "remind every \"every monday 10:00\" team meeting", "remind every hour drink water", "remind every \"monthly first fri 09:00\" pay the rent --id rent", "remind every \"weekdays 09:30\" stand-up --count 10"],
                build: { arguments throws(UsageError) in
                    let rule = try RuleArgument.read(arguments)
                    var options = Command.RemindEvery(
                        ruleText: rule.text, rule: rule.rule,
                        text: try arguments.positional("TEXT")!.userText(field: .fieldReminderText)
                    )
                    options.id = try arguments.option("id")?.identifier()
                    if let from = arguments.option("from") { options.from = try from.time() }
                    if let until = arguments.option("until") { options.until = try until.time(allowingDateAlone: true) }
                    if let count = arguments.option("count") { options.count = try count.count(in: 1...1_000_000, field: .fieldOccurrences) }
                    options.nag = try nag(arguments)
                    options.urgency = try urgency(arguments)
                    return .remindEvery(options)
                }
            ),
            CommandSpec(
                name: "edit",
                summary: HelpText("change a reminder's text, time or rule by its id, keeping its history", "按 id 修改提醒的文字、时间或规则，保留它的记录"),
                discussion: HelpText("A one-off reminder takes --text and --at (a new time brings it back); a recurring one --text and --rule (a new rule starts from now). Its id, history, --nag and --urgency stay.", "一次性提醒可用 --text 和 --at（新的时间会让它再次到来）；重复提醒可用 --text 和 --rule（新规则从现在开始）。它的 id、记录、--nag 和 --urgency 保持不变。"),
                positionals: [.init("ID", .identifier, .required, HelpText("the reminder's id", "提醒的 id"))],
                options: [
                    .value("text", "TEXT", .text, HelpText("what it says", "提醒的文字")),
                    .value("at", "TIME", .time, HelpText("a one-off reminder's new time: HH:MM or 9pm (today, or tomorrow once past), tomorrow 9am, mon 10:00, YYYY-MM-DD HH:MM, or ISO 8601 with offset", "一次性提醒的新时间：HH:MM 或 9pm（今天，已过则明天）、tomorrow 9am、mon 10:00、YYYY-MM-DD HH:MM，或带时差的 ISO 8601")),
                    .value("rule", "RULE", .text, HelpText("a recurring reminder's new rule, like \"weekdays 09:30\" (quoted)", "重复提醒的新规则，如 \"weekdays 09:30\"（加引号）")),
                ],
                sections: [ruleSection],
                examples: ["remind edit r-4tx --at 16:00", "remind edit pills --text \"take the blue pills\"", "remind edit pills --rule \"daily 09:00\""],
                build: { arguments throws(UsageError) in
                    var options = Command.RemindEdit(id: try arguments.positional("ID")!.identifier())
                    options.text = try arguments.option("text")?.userText(field: .fieldReminderText)
                    options.at = try arguments.option("at")?.time()
                    if let rule = arguments.option("rule") {
                        options.ruleText = rule.text
                        options.rule = try rule.recurrenceRule()
                    }
                    guard options.text != nil || options.at != nil || options.rule != nil else {
                        throw needsChange(arguments, options: ["--text", "--at", "--rule"])
                    }
                    return .remindEdit(options)
                }
            ),
            CommandSpec(
                name: "list",
                summary: HelpText("recurring reminders with their rules, next times and how many are left", "重复提醒及其规则、下一次时间和剩余次数"),
                options: [
                    .flag("all", HelpText("also those ended", "也包括已结束的")),
                    jsonOption,
                ],
                examples: ["remind list", "remind list --all --json"],
                build: { arguments throws(UsageError) in
                    .remindList(all: arguments.isSet("all"), json: arguments.isSet("json"))
                }
            ),
            CommandSpec(
                name: "history",
                summary: HelpText("what became of each occurrence of every reminder, one-off or recurring", "每个提醒（一次性或重复）每次出现的结果"),
                discussion: HelpText("Each occurrence is shown, snoozed (and when), skipped (cancelled before it came), missed (too late to show, or set with --nag and not done before the next occurrence) or not shown yet; one set with --nag is done on time (before its first nag), done late, missed or open.", "每次出现的结果是：已显示、已推迟（推迟到何时）、已跳过（到来前被取消）、错过（太晚而无法显示，或用 --nag 设置却在下一次出现前仍未完成），或尚未显示；用 --nag 设置的提醒则是按时完成（在第一次催促之前）、延后完成、错过或待确认。"),
                positionals: [.init("ID", .identifier, .optional, HelpText("only this reminder", "只看这个提醒"))],
                options: [
                    .value("days", "N", .count, HelpText("days to show, today included (default \(Command.defaultHistoryDays))", "显示的天数，含今天（默认 \(Command.defaultHistoryDays)）")),
                    jsonOption,
                ],
                examples: ["remind history", "remind history pills --days 30 --json"],
                build: { arguments throws(UsageError) in
                    let days = try arguments.option("days")?.count(in: 1...Command.maximumHistoryDays, field: .fieldDays)
                    return .remindHistory(
                        id: try arguments.positional("ID")?.identifier(), days: days ?? Command.defaultHistoryDays, json: arguments.isSet("json")
                    )
                }
            ),
        ]
    )

    // MARK: - explain

    private static let explain = CommandSpec(
        name: "explain",
        summary: HelpText("show the next occurrences of a recurrence rule", "显示重复规则接下来的几次时间"),
        discussion: HelpText("RULE is a rule for people (\(RecurrencePhrase.forms)). The occurrences are those at or after --from (the rule's start), the start itself only when it matches; times not in the rule come from the start. Printed in the local zone (TZ is honoured).", "RULE 是给人看的规则（\(HelpText.ruleFormsChinese)）。列出 --from（规则的开始）及之后的出现时间，开始本身只有符合规则时才算；规则中没有的时间取自开始。按本地时区显示（遵循 TZ）。"),
        positionals: [.init("RULE", .text, .text, HelpText("the rule, like \"weekdays 09:30\" (the rest of the line)", "规则，如“weekdays 09:30”（本行其余部分）"))],
        options: [
            .value("from", "TIME", .time, HelpText("the rule's start (default: now): HH:MM or 9pm (today, or tomorrow once past), tomorrow 9am, mon 10:00, YYYY-MM-DD HH:MM, or ISO 8601 with offset", "规则的开始（默认：现在）：HH:MM 或 9pm（今天，已过则明天）、明天 9:00、周一 10:00、YYYY-MM-DD HH:MM，或带时差的 ISO 8601")),
            .value("count", "N", .count, HelpText("how many occurrences to show (default \(Command.Explain.defaultCount), at most \(Command.Explain.maximumCount))", "显示几次出现（默认 \(Command.Explain.defaultCount)，最多 \(Command.Explain.maximumCount)）")),
            jsonOption,
        ],
        sections: [ruleSection],
        examples: ["explain \"weekdays 09:30\"", "explain every other week fri 17:00", "explain \"monthly last fri 17:00\" --count 3", "explain \"FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\" --from \"2027-01-01 00:00\" --json"],
        build: { arguments throws(UsageError) in
            let text = arguments.positional("RULE")!
            var options = Command.Explain(text: text.text, rule: try text.recurrenceRule())
            if let from = arguments.option("from") { options.from = try from.time() }
            if let count = arguments.option("count") {
                options.count = try count.count(in: 1...Command.Explain.maximumCount, field: .fieldOccurrences)
            }
            options.json = arguments.isSet("json")
            return .explain(options)
        }
    )

    // MARK: - pending requests

    private static let list = CommandSpec(
        name: "list",
        summary: HelpText("show pending notifications", "显示待发通知"),
        discussion: HelpText("The ID column is what cancel and snooze accept; GROUP is the fast, schedule or reminder it belongs to.", "ID 列是 cancel 和 snooze 接受的标识；分组列是它所属的禁食、计划或提醒。"),
        options: [
            .value("group", "ID", .groupID, HelpText("only those of one fast, water schedule or reminder", "只看某个禁食、喝水计划或提醒的")),
            jsonOption,
        ],
        examples: ["list", "list --group f-3k9 --json"],
        build: { arguments throws(UsageError) in
            .list(group: try arguments.option("group")?.identifier(), json: arguments.isSet("json"))
        }
    )

    private static let cancel = CommandSpec(
        name: "cancel",
        summary: HelpText("cancel pending notifications", "取消待发通知"),
        discussion: HelpText("An ID is a request identifier from \"chime list\" or the id of a fast, water schedule or reminder (all its notifications).", "ID 是“chime list”中的请求标识，或禁食、喝水计划、提醒的 id（其全部通知）。"),
        positionals: [.init("ID", .reference, .zeroOrMore, HelpText("request identifiers or ids to cancel", "要取消的请求标识或 id"))],
        options: [
            .value("group", "ID", .groupID, HelpText("every pending notification of one fast, schedule or reminder", "某个禁食、计划或提醒的全部待发通知")),
            .flag("all", HelpText("every pending notification", "全部待发通知")),
        ],
        exclusiveGroups: [.init(["ID", "group", "all"], required: true)],
        examples: ["cancel fast/f-3k9/end", "cancel r-4tx", "cancel --group w-7kq", "cancel --all"],
        build: { arguments throws(UsageError) in
            if arguments.isSet("all") { return .cancel(.all) }
            if let group = arguments.option("group") { return .cancel(.group(try group.identifier())) }
            var references: [PendingReference] = []
            for value in arguments.positionalList("ID") {
                let reference = try value.reference()
                if !references.contains(reference) { references.append(reference) }
            }
            return .cancel(.references(references))
        }
    )

    private static let snooze = CommandSpec(
        name: "snooze",
        summary: HelpText("move a pending notification later", "推迟一条待发通知"),
        positionals: [
            .init("ID", .reference, .required, HelpText("a request identifier from \"chime list\", or an id", "“chime list”中的请求标识，或一个 id")),
            .init("DURATION", .duration, .required, HelpText("how much later: after its due time, or after now once it is due or shown", "推迟多久：从原定时间算起，已到期或已显示的从现在算起")),
        ],
        examples: ["snooze remind/r-4tx 10m"],
        build: { arguments throws(UsageError) in
            .snooze(try arguments.positional("ID")!.reference(), by: try arguments.positional("DURATION")!.duration())
        }
    )

    private static let done = CommandSpec(
        name: "done",
        summary: HelpText("acknowledge a reminder set with --nag: it stops coming back", "确认用 --nag 设置的提醒：它不再重复出现"),
        positionals: [.init("ID", .reference, .required, HelpText("the reminder's id, or an occurrence's identifier", "提醒的 id，或某次出现的标识"))],
        examples: ["done pills", "done remind/pills/2027-03-27T08:00"],
        build: { arguments throws(UsageError) in
            .done(try arguments.positional("ID")!.reference())
        }
    )

    // MARK: - status, export, doctor

    private static let status = CommandSpec(
        name: "status",
        summary: HelpText("the current fast, water and next notification, for people or status bars", "当前的禁食、喝水和下一条通知，给人或状态栏看"),
        discussion: HelpText("--follow prints again every minute in the last 30 minutes before a phase change, every 15 minutes otherwise, and at once on any change.", "--follow 在阶段切换前 30 分钟内每分钟输出一次，其余时间每 15 分钟一次，有任何变化时立即输出。"),
        options: [
            .value("format", Command.StatusFormat.allCases.map(\.rawValue).joined(separator: "|"),
                   .choice(Command.StatusFormat.allCases.map(\.rawValue)), HelpText("output format (default text)", "输出格式（默认 text）")),
            .flag("follow", HelpText("keep printing as time passes (for waybar and polybar)", "随时间持续输出（用于 waybar 和 polybar）")),
        ],
        examples: ["status", "status --format waybar --follow"],
        build: { arguments throws(UsageError) in
            let format = try arguments.option("format")?.choice(Command.StatusFormat.self, for: "--format")
            return .status(format: format ?? .text, follow: arguments.isSet("follow"))
        }
    )

    private static let export = CommandSpec(
        name: "export",
        summary: HelpText("write fasts, water intake or pending notifications as CSV or JSON, or reminders and the fast schedule as iCalendar", "把禁食、喝水记录或待发通知导出为 CSV 或 JSON，或把提醒和禁食计划导出为 iCalendar"),
        discussion: HelpText("--format ics writes Chime's reminders (one-off and recurring) and its fast schedule as events with their alarms, each under the UID <id>@chime: one calendar on standard output, or with --to DIR one .ics file per item in DIR (a vdir), files of items that ended removed; --what does not apply.", "--format ics 把 Chime 的提醒（一次性和重复的）和禁食计划写成带提醒的日历事件，UID 为 <id>@chime：不带 --to 时在标准输出写一个日历；带 --to DIR 时在 DIR（一个 vdir）中每项一个 .ics 文件，已结束的项的文件会被删除；--what 不适用。"),
        options: [
            .value("format", Command.ExportFormat.allCases.map(\.rawValue).joined(separator: "|"),
                   .choice(Command.ExportFormat.allCases.map(\.rawValue)), HelpText("output format", "输出格式"), required: true),
            .value("what", Command.ExportSubject.allCases.map(\.rawValue).joined(separator: "|"),
                   .choice(Command.ExportSubject.allCases.map(\.rawValue)), HelpText("what to export (default fasts)", "导出什么（默认 fasts）")),
            .value("to", "DIR", .path, HelpText("with --format ics: write one .ics file per item into DIR, a vdir that vdirsyncer can sync", "与 --format ics 同用：在 DIR 中每项写一个 .ics 文件，即 vdirsyncer 可以同步的 vdir")),
        ],
        exclusiveGroups: [.init(["what", "to"])],
        examples: ["export --format csv > fasts.csv", "export --format json --what water", "export --format ics --to ~/.calendars/chime"],
        build: { arguments throws(UsageError) in
            let format = try arguments.option("format")!.choice(Command.ExportFormat.self, for: "--format")
            let what = try arguments.option("what")?.choice(Command.ExportSubject.self, for: "--what")
            let to = arguments.option("to")
            if format == .ics, let what = arguments.option("what") {
                throw UsageError(.unexpectedArgument, LocalizedText(CalendarCommandText.icsTakesNoWhat), argumentPosition: what.position)
            }
            if format != .ics, let to {
                throw UsageError(.unexpectedArgument, LocalizedText(CalendarCommandText.toNeedsICS), argumentPosition: to.position)
            }
            return .export(format: format, what: what ?? .fasts, to: to.map(\.text))
        }
    )

    private static let doctor = CommandSpec(
        name: "doctor",
        summary: HelpText("check store, daemon, session bus, notification server and time zone", "检查数据库、守护进程、会话总线、通知服务器和时区"),
        discussion: HelpText("Exits 0 only when everything is well.", "只有一切正常时才以 0 退出。"),
        examples: ["doctor"],
        build: { _ throws(UsageError) in .doctor }
    )

    private static let completions = CommandSpec(
        name: "completions",
        summary: HelpText("print a shell completion script", "输出 shell 补全脚本"),
        positionals: [.init("SHELL", .choice(Command.Shell.allCases.map(\.rawValue)), .required, HelpText(sameInEveryLanguage: Command.Shell.allCases.map(\.rawValue).joined(separator: ", ")))],
        examples: [
            "completions bash > ~/.local/share/bash-completion/completions/chime",
            "completions zsh > \"${fpath[1]}/_chime\"",
            "completions fish > ~/.config/fish/completions/chime.fish",
        ],
        build: { arguments throws(UsageError) in
            .completions(try arguments.positional("SHELL")!.choice(Command.Shell.self, for: "SHELL"))
        }
    )

    // MARK: - config

    private static let configKeySection = CommandSpec.HelpSection(
        HelpText("Keys", "设置项"),
        ConfigKey.allCases.map { ($0.name, HelpTranslation.row(of: $0)) }
    )

    private static let config = CommandSpec(
        name: "config",
        summary: HelpText("read and change settings", "读取和修改设置"),
        subcommands: [
            CommandSpec(
                name: "get",
                summary: HelpText("print one setting", "输出一项设置"),
                positionals: [.init("KEY", .configKey, .required, HelpText("the setting", "设置项"))],
                sections: [configKeySection],
                examples: ["config get fast.plan"],
                build: { arguments throws(UsageError) in
                    .configGet(try configKey(arguments.positional("KEY")!))
                }
            ),
            CommandSpec(
                name: "set",
                summary: HelpText("change one setting", "修改一项设置"),
                positionals: [
                    .init("KEY", .configKey, .required, HelpText("the setting", "设置项")),
                    .init("VALUE", .configValue, .required, HelpText("its new value", "新值")),
                ],
                sections: [configKeySection],
                examples: ["config set fast.plan 18:6", "config set fast.remind_before 1h,15m", "config set water.goal none"],
                build: { arguments throws(UsageError) in
                    let key = try configKey(arguments.positional("KEY")!)
                    let value = arguments.positional("VALUE")!
                    return .configSet(key, try key.value(parsing: value.text, argumentPosition: value.position))
                }
            ),
            CommandSpec(
                name: "list",
                summary: HelpText("print every setting", "输出全部设置"),
                sections: [configKeySection],
                examples: ["config list"],
                build: { _ throws(UsageError) in .configList }
            ),
            CommandSpec(
                name: "unset",
                summary: HelpText("return one setting to its default", "把一项设置恢复为默认值"),
                positionals: [.init("KEY", .configKey, .required, HelpText("the setting", "设置项"))],
                sections: [configKeySection],
                examples: ["config unset fast.remind_before"],
                build: { arguments throws(UsageError) in
                    .configUnset(try configKey(arguments.positional("KEY")!))
                }
            ),
        ]
    )

    private static func configKey(_ value: ArgumentValue) throws(UsageError) -> ConfigKey {
        if let key = ConfigKey.named(value.text) { return key }
        let names = ConfigKey.allCases.map(\.name)
        let suggestion = Suggestion.closest(to: value.text, among: names)
        let message = LocalizedText { language in
            let hint = suggestion.map { CommandText.didYouMean.text(language, ["suggestion": $0]) }
                ?? CommandText.useOneOf.text(language, ["names": names.joined(separator: ", ")])
            return CommandText.unknownSetting.text(language, ["text": value.text, "hint": hint])
        }
        throw UsageError(.invalidChoice, message, argumentPosition: value.position, suggestion: suggestion)
    }

    // MARK: - help

    private static let help = CommandSpec(
        name: "help",
        summary: HelpText("show help for chime or one command", "显示 chime 或某个命令的帮助"),
        positionals: [.init("COMMAND", .commandName, .zeroOrMore, HelpText("the command, e.g. fast start", "命令，如 fast start"))],
        examples: ["help", "help fast start"],
        build: { arguments throws(UsageError) in
            var spec = root
            for word in arguments.positionalList("COMMAND") {
                guard let next = spec.subcommand(named: word.text) else {
                    throw CommandParser.unknownCommand(word.text, in: spec, position: word.position)
                }
                spec = next
            }
            return .help(command: spec.path)
        }
    )
}
