import ChimeCore

/// What `chime calendar` and `chime export --format ics` write for people, in English and
/// Simplified Chinese: one line per message (the rest of `chime`'s words are ``CommandText``).
enum CalendarCommandText: String, TextCatalog {
    // Errors.
    case pathUnusable, nameTaken, pathTaken, pathOverlaps, unknownCalendar, unknownCalendarNone, windowEmpty, icsTakesNoWhat, toNeedsICS
    case exportFolderUnusable, exportWriteFailed, libicalUnavailable

    // Lines of changes.
    case added, removed, removedOne, changed, layoutFile, layoutCollection, layoutCollectionOne, layoutSet, calendarCount, calendarCountOne
    case icsFileCount, icsFileCountOne, snoozedToStart, alarmsMuted, alarmsOwn, alarmsOwnElseDefault
    case calendarAlarmNext, exported, exportedOne, exportedNothing, exportFastSummary, exportFastStarts, exportFastComplete

    // Tables.
    case noCalendars, columnName, columnPath, columnItems, columnPending, columnUnreadable, columnAlarms
    case mutedWord, ownWord, defaultWord, unreadableLine, moreUnreadable, moreUnreadableOne
    case noAlarms, columnWhen, columnCalendar, columnItem, columnStarts, untitled, skippedAction, allDayOn

    // Doctor.
    case checkCalendars, calendarsNone, calendarsRead, calendarUnreadable, calendarUnreadableOne, calendarUnreadableFix

    var entry: (english: String, chinese: String) {
        switch self {
        case .pathUnusable: return ("cannot use {path} as a calendar: {reason}; give a folder of .ics files (a vdir), a folder of such folders, or one .ics file", "无法把 {path} 用作日历：{reason}；请给出一个 .ics 文件夹（vdir）、一个由这类文件夹组成的文件夹，或一个 .ics 文件")
        case .nameTaken: return ("the calendar {name} already exists ({path}): choose another name with --name", "日历 {name} 已存在（{path}）：请用 --name 另取一个名称")
        case .pathTaken: return ("{path} is added already, as the calendar {name}: change it with \"chime calendar set {name}\"", "{path} 已被添加为日历 {name}：请用“chime calendar set {name}”修改它")
        case .pathOverlaps: return ("{path} overlaps the calendar {name} ({other}), whose items would alarm twice: remove that one first with \"chime calendar remove {name}\", or add a folder outside it", "{path} 与日历 {name}（{other}）重叠，其中的事项会提醒两次：请先用“chime calendar remove {name}”移除它，或添加它之外的文件夹")
        case .unknownCalendar: return ("no calendar is named {name}: the calendars are {names} (see \"chime calendar list\")", "没有名为 {name} 的日历：现有日历为 {names}（见“chime calendar list”）")
        case .unknownCalendarNone: return ("no calendar is named {name}: none is added yet (add one with \"chime calendar add PATH\")", "没有名为 {name} 的日历：还没有添加任何日历（用“chime calendar add PATH”添加）")
        case .windowEmpty: return ("--until {until} is not after --from {from}: give an end after the start", "--until {until} 不晚于 --from {from}：结束时间须在开始之后")
        case .icsTakesNoWhat: return ("--what does not go with --format ics, which writes reminders and the fast schedule: leave --what out", "--what 不能与 --format ics 同用（它写出提醒和禁食计划）：请去掉 --what")
        case .toNeedsICS: return ("--to DIR writes iCalendar files and needs --format ics", "--to DIR 写出 iCalendar 文件，需要 --format ics")
        case .exportFolderUnusable: return ("cannot write into {path}: {reason}; give a folder you may write in", "无法写入 {path}：{reason}；请给出一个你有写权限的文件夹")
        case .libicalUnavailable: return ("cannot load libical, which reads and writes calendars ({reason}): install the Debian package libical3", "无法加载用于读写日历的 libical（{reason}）：请安装 Debian 软件包 libical3")
        case .exportWriteFailed: return ("cannot write {path}: {reason}", "无法写入 {path}：{reason}")
        case .added: return ("Calendar {name} added: {path}, {layout}; {alarms}", "已添加日历 {name}：{path}，{layout}；{alarms}")
        case .removed: return ("Calendar {name} removed ({path}): {count} pending alarms cancelled; its files are left as they are", "已移除日历 {name}（{path}）：取消了 {count} 个待发提醒；其文件保持不变")
        case .removedOne: return ("Calendar {name} removed ({path}): 1 pending alarm cancelled; its files are left as they are", "已移除日历 {name}（{path}）：取消了 1 个待发提醒；其文件保持不变")
        case .changed: return ("Calendar {name}: {alarms}", "日历 {name}：{alarms}")
        case .layoutFile: return ("one .ics file", "单个 .ics 文件")
        case .layoutCollection: return ("a folder of {files} .ics files", "含 {files} 个 .ics 文件的文件夹")
        case .layoutCollectionOne: return ("a folder of one .ics file", "含 1 个 .ics 文件的文件夹")
        case .snoozedToStart: return ("{line} (its start: a snooze never goes past the start)", "{line}（即开始时间：稍后提醒不会晚于开始）")
        case .layoutSet: return ("a folder of {calendars} ({files})", "含 {calendars}（共 {files}）的文件夹")
        case .calendarCount: return ("{count} calendars", "{count} 个日历")
        case .calendarCountOne: return ("one calendar", "1 个日历")
        case .icsFileCount: return ("{count} .ics files", "{count} 个 .ics 文件")
        case .icsFileCountOne: return ("one .ics file", "1 个 .ics 文件")
        case .alarmsMuted: return ("no alarms (muted)", "不提醒（已静音）")
        case .alarmsOwn: return ("alarms: the items' own", "提醒：按各条目自带的提醒")
        case .alarmsOwnElseDefault: return ("alarms: the items' own, else {alerts} before the start", "提醒：按各条目自带的提醒，没有的在开始前 {alerts}")
        case .exported: return ("Exported {count} items to {path}: {written} written, {unchanged} unchanged, {removed} removed", "已导出 {count} 项到 {path}：写入 {written} 个，未变 {unchanged} 个，删除 {removed} 个")
        case .calendarAlarmNext: return ("the next alarm of {group} comes at {next}", "{group} 的下一个提醒在 {next}")
        case .exportedOne: return ("Exported 1 item to {path}: {written} written, {unchanged} unchanged, {removed} removed", "已导出 1 项到 {path}：写入 {written} 个，未变 {unchanged} 个，删除 {removed} 个")
        case .exportedNothing: return ("Nothing to export to {path}: no reminder or fast schedule goes on ({removed} files removed)", "没有可导出到 {path} 的内容：没有仍在进行的提醒或禁食计划（删除了 {removed} 个文件）")
        case .exportFastSummary: return ("Fast {plan}", "禁食 {plan}")
        case .exportFastStarts: return ("Your {plan} fast starts", "{plan} 禁食开始")
        case .exportFastComplete: return ("Your {plan} fast is complete", "{plan} 禁食完成")
        case .noCalendars: return ("No calendars: add one with \"chime calendar add PATH\".", "还没有日历：用“chime calendar add PATH”添加。")
        case .columnName: return ("NAME", "名称")
        case .columnPath: return ("PATH", "路径")
        case .columnItems: return ("ITEMS", "条目")
        case .columnPending: return ("PENDING", "待发提醒")
        case .columnUnreadable: return ("UNREADABLE", "无法读取")
        case .columnAlarms: return ("ALARMS", "提醒")
        case .mutedWord: return ("muted", "已静音")
        case .ownWord: return ("own", "自带")
        case .defaultWord: return ("own, else {alerts}", "自带，否则 {alerts}")
        case .unreadableLine: return ("{name}: {problem}", "{name}：{problem}")
        case .moreUnreadable: return ("{name}: {count} more files cannot be read (chime doctor lists them)", "{name}：另有 {count} 个文件无法读取（chime doctor 会列出）")
        case .moreUnreadableOne: return ("{name}: 1 more file cannot be read (chime doctor lists it)", "{name}：另有 1 个文件无法读取（chime doctor 会列出）")
        case .noAlarms: return ("No calendar alarms from {from} to {until}.", "从 {from} 到 {until} 没有日历提醒。")
        case .columnWhen: return ("WHEN", "时间")
        case .columnCalendar: return ("CALENDAR", "日历")
        case .columnItem: return ("ITEM", "条目")
        case .columnStarts: return ("STARTS", "开始")
        case .untitled: return ("(untitled)", "（无标题）")
        case .skippedAction: return ("{item} (skipped: {action})", "{item}（已跳过：{action}）")
        case .allDayOn: return ("{date}, all day", "{date}，全天")
        case .checkCalendars: return ("calendars", "日历")
        case .calendarsNone: return ("none added", "未添加")
        case .calendarsRead: return ("{count} read, {items} items, every file readable", "已读取 {count} 个，共 {items} 个条目，所有文件均可读取")
        case .calendarUnreadable: return ("calendar {name}: {count} files cannot be read", "日历 {name}：{count} 个文件无法读取")
        case .calendarUnreadableOne: return ("calendar {name}: 1 file cannot be read", "日历 {name}：1 个文件无法读取")
        case .calendarUnreadableFix: return ("fix or remove these files; the others are read as usual", "请修复或删除这些文件；其余文件照常读取")
        }
    }
}
