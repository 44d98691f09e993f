import ChimeCore

/// `chime calendar`: calendars as sources of alarms (entries of ``CommandTable``).
extension CommandTable {
    private static let calendarNameArgument = CommandSpec.Positional("NAME", .calendarName, .required, "the calendar's name, as calendar list shows it")
    private static let alertsOption = CommandSpec.Option.value(
        "default-alert", "DURATION[,DURATION...]", .durationList, "an alarm this long before the start for items without an alarm of their own"
    )

    static let calendar = CommandSpec(
        name: "calendar",
        summary: "alarms of calendars kept in files (khal, vdirsyncer, todoman, calcurse)",
        discussion: "chimed reads each calendar added, watches its folders and shows each item's alarms at their time, as bubbles with Snooze and Dismiss; Chime never writes into a calendar it reads.",
        subcommands: [
            CommandSpec(
                name: "add",
                summary: "add a calendar: a vdir folder, a folder of such folders, or one .ics file",
                positionals: [.init("PATH", .path, .required, "a folder of .ics files (vdirsyncer, khal, todoman), a folder of such folders, or one .ics file")],
                options: [
                    .value("name", "NAME", .identifier, "what the calendar is called (default: the folder's or file's name)"),
                    alertsOption,
                    .flag("no-alerts", "no alarms from this calendar (birthdays)"),
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
                summary: "the calendars added: path, items, alarms pending, files that could not be read",
                options: [.flag("json", "print JSON instead of text")],
                examples: ["calendar list", "calendar list --json"],
                build: { arguments throws(UsageError) in .calendarList(json: arguments.isSet("json")) }
            ),
            CommandSpec(
                name: "remove",
                summary: "stop reading a calendar (its files are left as they are)",
                positionals: [calendarNameArgument],
                examples: ["calendar remove work"],
                build: { arguments throws(UsageError) in .calendarRemove(name: try arguments.positional("NAME")!.calendarName()) }
            ),
            CommandSpec(
                name: "set",
                summary: "change a calendar's default alarms, or mute it",
                positionals: [calendarNameArgument],
                options: [
                    alertsOption,
                    .flag("no-alerts", "no alarms from this calendar"),
                    .flag("alerts", "alarms from this calendar again"),
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
                summary: "every calendar alarm in a window, in order (default: the next 24 hours)",
                discussion: "Each REPEAT firing has a row of its own; alarms Chime does not show (EMAIL) are listed as skipped. --json prints an array of objects with calendar, uid, summary, event_start, trigger_at, sorted by trigger_at, then uid.",
                options: [
                    .value("from", "TIME", .time, "the window's start (default: now)"),
                    .value("until", "TIME", .time, "the window's end (default: 24 hours after its start); a date alone is the end of that day"),
                    .value("calendar", "NAME", .calendarName, "only this calendar"),
                    .flag("json", "print JSON instead of text"),
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
