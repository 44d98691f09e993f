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
            summary: "fasting and water reminders on the Linux desktop",
            discussion: "Changes are saved even when the chimed daemon is not running; reminders fire once it runs.",
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

    private static let idOption = CommandSpec.Option.value("id", "ID", .fastID, "the fast to act on (default: the running one)")
    private static let jsonOption = CommandSpec.Option.flag("json", "print JSON instead of text")

    private static let fast = CommandSpec(
        name: "fast",
        summary: "start, stop, extend and follow fasts",
        subcommands: [
            CommandSpec(
                name: "start",
                summary: "start a fast now, later (--at) or one that began earlier (--ago)",
                discussion: "Only one fast runs at a time: --replace ends the running one first.",
                positionals: [.init("PLAN", .plan, .optional, "fasting plan (default: the fast.plan setting, else 16:8)")],
                options: [
                    .value("id", "ID", .identifier, "id of the new fast (default: generated, like f-3k9)"),
                    .value("tag", "TEXT", .text, "a note shown in the fast's notifications"),
                    .value("at", "TIME", .time, "start at TIME: HH:MM or 9pm (today, or tomorrow once past), tomorrow 9am, mon 10:00, YYYY-MM-DD HH:MM, or ISO 8601 with offset"),
                    .value("ago", "DURATION", .duration, "the fast began DURATION ago"),
                    .flag("repeat", "repeat fast and eating window until stopped"),
                    .value("remind-before", "DURATION[,DURATION...]", .durationList, "nudge this long before the fast ends (default: the fast.remind_before setting)"),
                    .flag("replace", "end a running fast instead of refusing"),
                ],
                exclusiveGroups: [.init(["at", "ago"])],
                sections: [
                    .init("Plans", FastingPlan.presets.map { ($0.name, $0.summary) }
                        + [("F:E", "any fasting:eating hours, or durations such as 90m:30m")]),
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
                summary: "stop the running fast, now or at a time that has passed",
                options: [
                    idOption,
                    .value("at", "TIME", .time, "it stopped at TIME, not now: HH:MM or 9pm (the last time the clock showed it), yesterday 21:00, YYYY-MM-DD HH:MM, or ISO 8601 with offset"),
                ],
                examples: ["fast stop", "fast stop --at 11:30"],
                build: { arguments throws(UsageError) in
                    .fastStop(id: try arguments.option("id")?.identifier(), at: try arguments.option("at")?.time())
                }
            ),
            CommandSpec(
                name: "edit",
                summary: "correct when a fast began or ended",
                discussion: "Times are those that have passed (HH:MM: the last time the clock showed it). An end before the plan's length makes the fast stopped early, an end after it a completed fast extended to then. Refused, nothing changed, where fasts would overlap; a repeating fast is stopped with fast stop --at instead.",
                positionals: [.init("ID", .identifier, .required, "the fast, as fast history names it")],
                options: [
                    .value("start", "TIME", .time, "when it really began"),
                    .value("end", "TIME", .time, "when its fast really ended"),
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
                summary: "make the running fast longer",
                positionals: [.init("DURATION", .duration, .required, "how much longer")],
                options: [idOption],
                examples: ["fast extend 1h"],
                build: { arguments throws(UsageError) in
                    .fastExtend(by: try arguments.positional("DURATION")!.duration(), id: try arguments.option("id")?.identifier())
                }
            ),
            CommandSpec(
                name: "status",
                summary: "show phase, elapsed and remaining time with a progress bar",
                options: [idOption, jsonOption],
                examples: ["fast status", "fast status --json"],
                build: { arguments throws(UsageError) in
                    .fastStatus(id: try arguments.option("id")?.identifier(), json: arguments.isSet("json"))
                }
            ),
            CommandSpec(
                name: "history",
                summary: "fasts, completion rate, streak, average and longest, by week and the last 14 days",
                options: [
                    .value("days", "N", .count, "days to summarise (default \(Command.defaultHistoryDays))"),
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
                summary: "remove a fast from the history (a running one is stopped and removed)",
                positionals: [.init("ID", .identifier, .required, "the fast to delete, as fast history --json names it")],
                examples: ["fast delete f-3k9"],
                build: { arguments throws(UsageError) in
                    .fastDelete(id: try arguments.positional("ID")!.identifier())
                }
            ),
            CommandSpec(
                name: "schedule",
                summary: "start fasts by a rule, start and end on the local clock (off: stop; alone: show)",
                discussion: "Each start of RULE (\(RecurrencePhrase.forms)) begins a fast of PLAN; it ends at the start's local time plus the fast's length on the local clock (a 16:8 from 20:00 ends at 12:00), so across a daylight-saving change it lasts an hour more or less. A plan of fast days (5:2, 4:3) takes the weekdays it fasts on as RULE (\"mon,thu\"), adf none: each fast day runs from midnight to midnight, or from --evening the day before. Schedules whose fasts never meet stay on together (18:6 on weekdays, 14:10 at weekends); a new one replaces those it would overlap. A fast started by hand on a scheduled day takes that day's place.",
                positionals: [
                    .init("PLAN", .plan, .optional, "fasting plan, or \"off\" to turn schedules off"),
                    .init("RULE", .text, .optional, "when fasts start, like \"daily 20:00\" (quoted); the fast days of 5:2 or 4:3, like \"mon,thu\"; after off, the schedule to turn off"),
                ],
                options: [
                    .value("evening", "HH:MM", .timeOfDay, "a fast day starts at this time the evening before (5:2, 4:3, adf)"),
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
        summary: "reminders to drink water",
        subcommands: [
            CommandSpec(
                name: "every",
                summary: "remind every DURATION within daily hours",
                discussion: "There is one water schedule at a time: this creates it, or changes the one that is on (options not given keep their value).",
                positionals: [.init("DURATION", .duration, .required, "time between reminders")],
                options: [
                    .value("from", "HH:MM", .timeOfDay, "first reminders of the day from then (default \(Command.WaterEvery.defaultFrom))"),
                    .value("until", "HH:MM", .timeOfDay, "no reminders after then (default \(Command.WaterEvery.defaultUntil))"),
                    .value("amount", "AMOUNT", .waterAmount, "water per glass, like 250, 250ml or 8oz (default: the water.amount setting)"),
                    .value("goal", "AMOUNT", .waterAmount, "every day's goal; no more reminders that day once reached (water goal sets goals by weekday)"),
                    .value("id", "ID", .identifier, "id of a new schedule (default: generated, like w-7kq); the one that is on keeps its id"),
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
                summary: "log a glass of water",
                positionals: [.init("AMOUNT", .waterAmount, .optional, "how much, like 250, 250ml or 8oz; a number alone is in the water.unit setting's unit (default: the schedule's glass)")],
                options: [
                    .value("at", "TIME", .time, "drunk at TIME, not now: HH:MM or 9pm (the last time the clock showed it), yesterday 21:00, YYYY-MM-DD HH:MM, or ISO 8601 with offset"),
                ],
                examples: ["water drink", "water drink 500", "water drink 8oz", "water drink 300 --at 07:15"],
                build: { arguments throws(UsageError) in
                    .waterDrink(amount: try arguments.positional("AMOUNT")?.waterQuantity(field: .fieldAmount), at: try arguments.option("at")?.time())
                }
            ),
            CommandSpec(
                name: "undo",
                summary: "delete a logged glass: the one numbered N, else the one logged last",
                positionals: [.init("N", .count, .optional, "the glass's number, as water log shows it")],
                examples: ["water undo", "water undo 12"],
                build: { arguments throws(UsageError) in .waterUndo(number: try arguments.positional("N")?.glassNumber()) }
            ),
            CommandSpec(
                name: "edit",
                summary: "change the amount or time of a logged glass",
                positionals: [.init("N", .count, .required, "the glass's number, as water log shows it")],
                options: [
                    .value("amount", "AMOUNT", .waterAmount, "how much it was, like 250, 250ml or 8oz"),
                    .value("at", "TIME", .time, "when it was drunk: HH:MM or 9pm (the last time the clock showed it), yesterday 21:00, YYYY-MM-DD HH:MM, or ISO 8601 with offset"),
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
                summary: "the glasses logged, each with its number, by water day",
                options: [
                    .value("days", "N", .count, "water days to show, the current one included (default \(Command.defaultWaterLogDays))"),
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
                summary: "water drunk each water day, against the goal, as a table and bars",
                discussion: "Each row is a water day (README: the water day), the current one last, measured against that weekday's goal as it is now; the average leaves out the current day, which is not over.",
                options: [
                    .value("days", "N", .count, "water days to show, the current one included (default \(Command.defaultWaterHistoryDays))"),
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
                summary: "show the daily goals, or set them for every day or some weekdays",
                discussion: "With AMOUNT alone it sets every day's goal (as water every --goal does); with DAYS first, only those days' (weekdays, weekends, daily, sat, mon,thu, mon-fri, 周末). none means no goal: reminders all day. Without arguments it shows each weekday's goal.",
                positionals: [
                    .init("DAYS", .days, .optional, "the days, like weekends, sat,sun or mon-fri (default: every day)"),
                    .init("AMOUNT", .waterAmount, .optional, "the goal, like 2000, 2000ml or 64oz, or none"),
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
                summary: "no water reminders for a while",
                positionals: [.init("DURATION", .duration, .required, "how long to pause")],
                examples: ["water pause 2h"],
                build: { arguments throws(UsageError) in
                    .waterPause(for: try arguments.positional("DURATION")!.duration())
                }
            ),
            CommandSpec(name: "resume", summary: "end a pause", examples: ["water resume"], build: { _ throws(UsageError) in .waterResume }),
            CommandSpec(name: "off", summary: "remove the water schedule", examples: ["water off"], build: { _ throws(UsageError) in .waterOff }),
            CommandSpec(
                name: "status",
                summary: "show today's water and the next reminder",
                options: [jsonOption],
                examples: ["water status", "water status --json"],
                build: { arguments throws(UsageError) in .waterStatus(json: arguments.isSet("json")) }
            ),
        ]
    )

    // MARK: - remind

    private static let reminderIDOption = CommandSpec.Option.value("id", "ID", .identifier, "id of the reminder (default: generated, like r-4tx)")
    private static let nagOption = CommandSpec.Option.value(
        "nag", "DURATION", .duration, "show it again every DURATION until Done (at most \(ReminderNag.maximumRepeats) times), and record whether it was done"
    )

    private static let urgencyOption = CommandSpec.Option.value(
        "urgency", ConfigValue.Urgency.allCases.map(\.rawValue).joined(separator: "|"), .choice(ConfigValue.Urgency.allCases.map(\.rawValue)),
        "send it with this urgency (default: the notify.urgency.reminder setting); critical can pass do-not-disturb"
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
    private static let timeSection = CommandSpec.HelpSection("Times", [
        ("21:30, 9:30pm, 9pm, 21h", "today, or tomorrow once past"),
        ("noon, midnight", "12:00, and the midnight that ends the day"),
        ("tomorrow 9am, today 21:00", "that time on that day"),
        ("mon 10:00", "the next Monday at 10:00"),
        ("明天 9:00, 下午3点, 周一 10:00", "the same in Chinese"),
        ("2026-04-01 09:00", "that date and time"),
        ("2026-03-29T20:00+02:00", "an exact instant"),
    ])

    /// The forms of a rule for people, for the help of the commands that take one.
    private static let ruleSection = CommandSpec.HelpSection("Rules", [
        ("daily 08:00, every day at 8am", "every day"),
        ("weekdays 09:30, every weekday 9:30am", "Monday to Friday"),
        ("every monday 10:00, mon,thu 18:30", "the days named"),
        ("every other week fri 17:00", "every second week"),
        ("monthly 1 09:00, monthly last fri 17:00", "days of the month"),
        ("every hour, every 30 minutes", "steps of time from the start"),
        ("every 90m 09:00-17:00 weekdays", "steps within daily hours"),
        ("每天 08:00, 工作日 09:30, 每周一 10:00", "the same in Chinese"),
    ])

    private static let remind = CommandSpec(
        name: "remind",
        summary: "one-off and recurring reminders",
        subcommands: [
            CommandSpec(
                name: "in",
                summary: "remind once after DURATION",
                positionals: [
                    .init("DURATION", .duration, .required, "how long from now, e.g. 25m or 1h30m"),
                    .init("TEXT", .text, .text, "what to say (the rest of the line)"),
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
                summary: "remind once at TIME",
                positionals: [
                    .init("TIME", .time, .required, "HH:MM or 9pm (today, or tomorrow once past), tomorrow 9am, mon 10:00, YYYY-MM-DD HH:MM, or ISO 8601 with offset"),
                    .init("TEXT", .text, .text, "what to say (the rest of the line)"),
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
                summary: "remind at each occurrence of a recurrence rule",
                discussion: "RULE is one argument: \(RecurrencePhrase.forms). The words after every may stand alone (remind every 1m tea, remind every hour water); a rule of several words needs quotes. Only the next occurrence is pending, as remind/ID/DATETHH:MM; cancelling it skips it, cancelling ID ends the reminder.",
                positionals: [
                    .init("RULE", .text, .required, "when, like \"weekdays 09:30\" (quoted)"),
                    .init("TEXT", .text, .text, "what to say (the rest of the line)"),
                ],
                options: [
                    reminderIDOption,
                    .value("from", "TIME", .time, "the rule's start (default: now)"),
                    .value("until", "TIME", .time, "the last time it may come (a date alone: the end of that day)"),
                    .value("count", "N", .count, "how many times it comes in all, counted from the start"),
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
                summary: "change a reminder's text, time or rule by its id, keeping its history",
                discussion: "A one-off reminder takes --text and --at (a new time brings it back); a recurring one --text and --rule (a new rule starts from now). Its id, history, --nag and --urgency stay.",
                positionals: [.init("ID", .identifier, .required, "the reminder's id")],
                options: [
                    .value("text", "TEXT", .text, "what it says"),
                    .value("at", "TIME", .time, "a one-off reminder's new time: HH:MM or 9pm (today, or tomorrow once past), tomorrow 9am, mon 10:00, YYYY-MM-DD HH:MM, or ISO 8601 with offset"),
                    .value("rule", "RULE", .text, "a recurring reminder's new rule, like \"weekdays 09:30\" (quoted)"),
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
                summary: "recurring reminders with their rules, next times and how many are left",
                options: [
                    .flag("all", "also those ended"),
                    jsonOption,
                ],
                examples: ["remind list", "remind list --all --json"],
                build: { arguments throws(UsageError) in
                    .remindList(all: arguments.isSet("all"), json: arguments.isSet("json"))
                }
            ),
            CommandSpec(
                name: "history",
                summary: "what became of each occurrence of every reminder, one-off or recurring",
                discussion: "Each occurrence is shown, snoozed (and when), skipped (cancelled before it came), missed (too late to show, or set with --nag and not done before the next occurrence) or not shown yet; one set with --nag is done on time (before its first nag), done late, missed or open.",
                positionals: [.init("ID", .identifier, .optional, "only this reminder")],
                options: [
                    .value("days", "N", .count, "days to show, today included (default \(Command.defaultHistoryDays))"),
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
        summary: "show the next occurrences of a recurrence rule",
        discussion: "RULE is a rule for people (\(RecurrencePhrase.forms)). The occurrences are those at or after --from (the rule's start), the start itself only when it matches; times not in the rule come from the start. Printed in the local zone (TZ is honoured).",
        positionals: [.init("RULE", .text, .text, "the rule, like \"weekdays 09:30\" (the rest of the line)")],
        options: [
            .value("from", "TIME", .time, "the rule's start (default: now): HH:MM or 9pm (today, or tomorrow once past), tomorrow 9am, mon 10:00, YYYY-MM-DD HH:MM, or ISO 8601 with offset"),
            .value("count", "N", .count, "how many occurrences to show (default \(Command.Explain.defaultCount), at most \(Command.Explain.maximumCount))"),
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
        summary: "show pending notifications",
        discussion: "The ID column is what cancel and snooze accept; GROUP is the fast, schedule or reminder it belongs to.",
        options: [
            .value("group", "ID", .groupID, "only those of one fast, water schedule or reminder"),
            jsonOption,
        ],
        examples: ["list", "list --group f-3k9 --json"],
        build: { arguments throws(UsageError) in
            .list(group: try arguments.option("group")?.identifier(), json: arguments.isSet("json"))
        }
    )

    private static let cancel = CommandSpec(
        name: "cancel",
        summary: "cancel pending notifications",
        discussion: "An ID is a request identifier from \"chime list\" or the id of a fast, water schedule or reminder (all its notifications).",
        positionals: [.init("ID", .reference, .zeroOrMore, "request identifiers or ids to cancel")],
        options: [
            .value("group", "ID", .groupID, "every pending notification of one fast, schedule or reminder"),
            .flag("all", "every pending notification"),
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
        summary: "move a pending notification later",
        positionals: [
            .init("ID", .reference, .required, "a request identifier from \"chime list\", or an id"),
            .init("DURATION", .duration, .required, "how much later: after its due time, or after now once it is due or shown"),
        ],
        examples: ["snooze remind/r-4tx 10m"],
        build: { arguments throws(UsageError) in
            .snooze(try arguments.positional("ID")!.reference(), by: try arguments.positional("DURATION")!.duration())
        }
    )

    private static let done = CommandSpec(
        name: "done",
        summary: "acknowledge a reminder set with --nag: it stops coming back",
        positionals: [.init("ID", .reference, .required, "the reminder's id, or an occurrence's identifier")],
        examples: ["done pills", "done remind/pills/2027-03-27T08:00"],
        build: { arguments throws(UsageError) in
            .done(try arguments.positional("ID")!.reference())
        }
    )

    // MARK: - status, export, doctor

    private static let status = CommandSpec(
        name: "status",
        summary: "the current fast, water and next notification, for people or status bars",
        discussion: "--follow prints again every minute in the last 30 minutes before a phase change, every 15 minutes otherwise, and at once on any change.",
        options: [
            .value("format", Command.StatusFormat.allCases.map(\.rawValue).joined(separator: "|"),
                   .choice(Command.StatusFormat.allCases.map(\.rawValue)), "output format (default text)"),
            .flag("follow", "keep printing as time passes (for waybar and polybar)"),
        ],
        examples: ["status", "status --format waybar --follow"],
        build: { arguments throws(UsageError) in
            let format = try arguments.option("format")?.choice(Command.StatusFormat.self, for: "--format")
            return .status(format: format ?? .text, follow: arguments.isSet("follow"))
        }
    )

    private static let export = CommandSpec(
        name: "export",
        summary: "write fasts, water intake or pending notifications as CSV or JSON, or reminders and the fast schedule as iCalendar",
        discussion: "--format ics writes Chime's reminders (one-off and recurring) and its fast schedule as events with their alarms, each under the UID <id>@chime: one calendar on standard output, or with --to DIR one .ics file per item in DIR (a vdir), files of items that ended removed; --what does not apply.",
        options: [
            .value("format", Command.ExportFormat.allCases.map(\.rawValue).joined(separator: "|"),
                   .choice(Command.ExportFormat.allCases.map(\.rawValue)), "output format", required: true),
            .value("what", Command.ExportSubject.allCases.map(\.rawValue).joined(separator: "|"),
                   .choice(Command.ExportSubject.allCases.map(\.rawValue)), "what to export (default fasts)"),
            .value("to", "DIR", .path, "with --format ics: write one .ics file per item into DIR, a vdir that vdirsyncer can sync"),
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
        summary: "check store, daemon, session bus, notification server and time zone",
        discussion: "Exits 0 only when everything is well.",
        examples: ["doctor"],
        build: { _ throws(UsageError) in .doctor }
    )

    private static let completions = CommandSpec(
        name: "completions",
        summary: "print a shell completion script",
        positionals: [.init("SHELL", .choice(Command.Shell.allCases.map(\.rawValue)), .required, Command.Shell.allCases.map(\.rawValue).joined(separator: ", "))],
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
        "Keys",
        ConfigKey.allCases.map { ($0.name, "\($0.summary): \($0.allowedValues) (default \($0.defaultValue.storedText))") }
    )

    private static let config = CommandSpec(
        name: "config",
        summary: "read and change settings",
        subcommands: [
            CommandSpec(
                name: "get",
                summary: "print one setting",
                positionals: [.init("KEY", .configKey, .required, "the setting")],
                sections: [configKeySection],
                examples: ["config get fast.plan"],
                build: { arguments throws(UsageError) in
                    .configGet(try configKey(arguments.positional("KEY")!))
                }
            ),
            CommandSpec(
                name: "set",
                summary: "change one setting",
                positionals: [
                    .init("KEY", .configKey, .required, "the setting"),
                    .init("VALUE", .configValue, .required, "its new value"),
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
                summary: "print every setting",
                sections: [configKeySection],
                examples: ["config list"],
                build: { _ throws(UsageError) in .configList }
            ),
            CommandSpec(
                name: "unset",
                summary: "return one setting to its default",
                positionals: [.init("KEY", .configKey, .required, "the setting")],
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
        summary: "show help for chime or one command",
        positionals: [.init("COMMAND", .commandName, .zeroOrMore, "the command, e.g. fast start")],
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
