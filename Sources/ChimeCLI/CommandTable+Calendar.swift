import ChimeCore

/// `chime calendar`: calendars as sources of alarms (entries of ``CommandTable``).
extension CommandTable {
    private static let calendarNameArgument = CommandSpec.Positional("NAME", .calendarName, .required, HelpText("the calendar's name, as calendar list shows it", "日历的名称，即 calendar list 显示的名称"))
    private static let alertsOption = CommandSpec.Option.value(
        "default-alert", "DURATION[,DURATION...]", .durationList, HelpText("an alarm this long before the start for items without an alarm of their own", "为没有自带提醒的条目在开始前这么久提醒")
    )

    static let calendar = CommandSpec(
        name: "calendar",
        summary: HelpText("alarms of calendars kept in files (khal, vdirsyncer, todoman, calcurse)", "以文件保存的日历（khal、vdirsyncer、todoman、calcurse）的提醒"),
        discussion: HelpText("chimed reads each calendar added, watches its folders and shows each item's alarms at their time, as bubbles with Snooze and Dismiss; Chime never writes into a calendar it reads.", "chimed 读取添加的每个日历，监视其文件夹，并按时以带“稍后提醒”和“关闭”按钮的通知显示各条目的提醒；Chime 从不写入它读取的日历。"),
        subcommands: [
            CommandSpec(
                name: "add",
                summary: HelpText("add a calendar: a vdir folder, a folder of such folders, or one .ics file", "添加日历：一个 vdir 文件夹、由这类文件夹组成的文件夹，或一个 .ics 文件"),
                positionals: [.init("PATH", .path, .required, HelpText("a folder of .ics files (vdirsyncer, khal, todoman), a folder of such folders, or one .ics file", "一个 .ics 文件夹（vdirsyncer、khal、todoman）、由这类文件夹组成的文件夹，或一个 .ics 文件"))],
                options: [
                    .value("name", "NAME", .identifier, HelpText("what the calendar is called (default: the folder's or file's name)", "日历的名称（默认：文件夹或文件的名称）")),
                    alertsOption,
                    .flag("no-alerts", HelpText("no alarms from this calendar (birthdays)", "这个日历不提醒（如生日）")),
                ],
                exclusiveGroups: [.init(["default-alert", "no-alerts"])],
                examples: ["calendar add ~/.calendars/work", "calendar add ~/.calendars --name all", "calendar add ~/holidays.ics --default-alert 1d --name holidays"],
                build: { arguments throws(UsageError) in
                    let name = try arguments.option("name").map { value throws(UsageError) in try value.calendarName() }
                    let alerts = try arguments.option("default-alert")?.durationList(field: "--default-alert") ?? []
                    return .calendarAdd(path: arguments.positional("PATH")!.text, name: name, defaultAlerts: alerts, muted: arguments.isSet("no-alerts"))
                }
            ),
            CommandSpec(
                name: "list",
                summary: HelpText("the calendars added: path, items, alarms pending, files that could not be read", "已添加的日历：路径、条目数、待发提醒数、无法读取的文件"),
                options: [.flag("json", HelpText("print JSON instead of text", "输出 JSON 而不是文字"))],
                examples: ["calendar list", "calendar list --json"],
                build: { arguments throws(UsageError) in .calendarList(json: arguments.isSet("json")) }
            ),
            CommandSpec(
                name: "remove",
                summary: HelpText("stop reading a calendar (its files are left as they are)", "不再读取某个日历（其文件保持不变）"),
                positionals: [calendarNameArgument],
                examples: ["calendar remove work"],
                build: { arguments throws(UsageError) in .calendarRemove(name: try arguments.positional("NAME")!.calendarName()) }
            ),
            CommandSpec(
                name: "set",
                summary: HelpText("change a calendar's default alarms, or mute it", "修改日历的默认提醒，或将其静音"),
                positionals: [calendarNameArgument],
                options: [
                    alertsOption,
                    .flag("no-alerts", HelpText("no alarms from this calendar", "这个日历不提醒")),
                    .flag("alerts", HelpText("alarms from this calendar again", "恢复这个日历的提醒")),
                ],
                exclusiveGroups: [.init(["default-alert", "no-alerts", "alerts"], required: true)],
                examples: ["calendar set holidays --default-alert 1d,1h", "calendar set birthdays --no-alerts"],
                build: { arguments throws(UsageError) in
                    let name = try arguments.positional("NAME")!.calendarName()
                    if arguments.isSet("no-alerts") { return .calendarSet(name: name, .mute) }
                    if arguments.isSet("alerts") { return .calendarSet(name: name, .unmute) }
                    return .calendarSet(name: name, .defaultAlerts(try arguments.option("default-alert")!.durationList(field: "--default-alert")))
                }
            ),
            CommandSpec(
                name: "alarms",
                summary: HelpText("every calendar alarm in a window, in order (default: the next 24 hours)", "按时间顺序列出一段时间内的所有日历提醒（默认：接下来 24 小时）"),
                discussion: HelpText("Each REPEAT firing has a row of its own; alarms Chime does not show (EMAIL) are listed as skipped. --json prints an array of objects with calendar, uid, summary, event_start, trigger_at, sorted by trigger_at, then uid.", "每次 REPEAT 各占一行；Chime 不显示的提醒（EMAIL）列为已跳过。--json 输出一个对象数组，含 calendar、uid、summary、event_start、trigger_at，按 trigger_at 再按 uid 排序。"),
                options: [
                    .value("from", "TIME", .time, HelpText("the window's start (default: now)", "时段的开始（默认：现在）")),
                    .value("until", "TIME", .time, HelpText("the window's end (default: 24 hours after its start); a date alone is the end of that day", "时段的结束（默认：开始后 24 小时）；只写日期表示当天结束")),
                    .value("calendar", "NAME", .calendarName, HelpText("only this calendar", "只看这个日历")),
                    .flag("json", HelpText("print JSON instead of text", "输出 JSON 而不是文字")),
                ],
                examples: ["calendar alarms", "calendar alarms --until \"tomorrow 18:00\" --calendar work", "calendar alarms --from \"2027-03-01 00:00\" --until 2027-03-31 --json"],
                build: { arguments throws(UsageError) in
                    let from = try arguments.option("from")?.time(allowingDateAlone: false)
                    let until = try arguments.option("until")?.time(allowingDateAlone: true)
                    let name = try arguments.option("calendar").map { value throws(UsageError) in try value.calendarName() }
                    return .calendarAlarms(from: from, until: until, calendar: name, json: arguments.isSet("json"))
                }
            ),
        ]
    )
}

extension ArgumentValue {
    /// The value as a calendar's name (the rules of every id Chime names things by).
    func calendarName() throws(UsageError) -> String {
        do {
            return try CalendarSource.validateName(text)
        } catch {
            throw UsageError(error, argumentPosition: position)
        }
    }
}
