/// The sentences about calendars a user reads: why a file, or part of one, was not read, in
/// English and Simplified Chinese, one line per message (an alarm's bubble is ChimeNotify's
/// `MessageCatalog`).
package enum CalendarText: String, TextCatalog {
    case problemInFile, problemInItem
    case fileUnreadable, fileNotRegular, fileTooLarge, fileHasNUL, fileNotICalendar, fileLibicalFailed
    case lineTooLong, invalidUTF8, libicalSkipped, libicalSkippedMore
    case itemNoUID, itemUIDTooLong, itemNoStart
    case ruleUnreadable, ruleCountBounded, ruleTooFine, ruleTooMany
    case zoneUnknown, zoneFromFile, dateUnreadable
    case alarmNoTrigger, alarmNeedsEnd, alarmNeedsStart, alarmRepeatIncomplete, tooManyAlarms
    case tooManyInstances, tooManyFiles, tooManyCollections, masterRepeated

    package var entry: (english: String, chinese: String) {
        switch self {
        case .problemInFile: return ("calendar file {file}: {detail}", "日历文件 {file}：{detail}")
        case .problemInItem: return ("calendar file {file}, item {uid}: {detail}", "日历文件 {file} 中的条目 {uid}：{detail}")
        case .fileUnreadable: return ("it cannot be read ({reason}): check that it exists and that you may read it", "无法读取（{reason}）：请确认文件存在且你有读取权限")
        case .fileNotRegular: return ("it is not a regular file (a folder, FIFO or device named like one), so it is skipped: move it out of the calendar's folder", "它不是普通文件（而是以日历文件命名的文件夹、FIFO 或设备），已跳过：请把它移出日历文件夹")
        case .fileTooLarge: return ("it is {bytes} bytes long; Chime reads calendar files of at most {maximum} bytes, so it is skipped", "文件长 {bytes} 字节；Chime 只读取不超过 {maximum} 字节的日历文件，已跳过")
        case .fileHasNUL: return ("it holds a NUL byte (at byte {offset}), which iCalendar text never has, so it is skipped", "文件含有 NUL 字节（第 {offset} 字节），iCalendar 文本不会有它，已跳过")
        case .fileNotICalendar: return ("it holds no iCalendar data (no BEGIN:VCALENDAR), so it is skipped", "文件不含 iCalendar 数据（没有 BEGIN:VCALENDAR），已跳过")
        case .fileLibicalFailed: return ("libical could not read it ({reason}), so it is skipped", "libical 无法读取它（{reason}），已跳过")
        case .lineTooLong: return ("line {line} is {bytes} bytes long; lines of more than {maximum} bytes are skipped", "第 {line} 行长 {bytes} 字节；超过 {maximum} 字节的行已跳过")
        case .invalidUTF8: return ("it holds bytes that are not UTF-8 (the first on line {line}); each was read as U+FFFD", "文件含有非 UTF-8 字节（首个在第 {line} 行）；均按 U+FFFD 读取")
        case .libicalSkipped: return ("libical skipped what it could not read: {error}", "libical 跳过了无法读取的内容：{error}")
        case .libicalSkippedMore: return ("libical skipped {count} parts it could not read, the first: {error}", "libical 跳过了 {count} 处无法读取的内容，第一处：{error}")
        case .itemNoUID: return ("a {component} has no UID, so it is skipped", "一个 {component} 没有 UID，已跳过")
        case .itemUIDTooLong: return ("a {component} has a UID of {bytes} bytes; Chime reads UIDs of at most {maximum} bytes, so it is skipped", "一个 {component} 的 UID 长 {bytes} 字节；Chime 只读取不超过 {maximum} 字节的 UID，已跳过")
        case .itemNoStart: return ("the {component} has no DTSTART, so it is skipped", "该 {component} 没有 DTSTART，已跳过")
        case .ruleUnreadable: return ("its RRULE cannot be read ({reason}); only its first instance is read", "其 RRULE 无法读取（{reason}）；只读取第一次")
        case .ruleCountBounded: return ("its RRULE has COUNT={count}; it is read as COUNT={maximum}", "其 RRULE 为 COUNT={count}；按 COUNT={maximum} 读取")
        case .ruleTooFine: return ("its RRULE repeats every {seconds} s (FREQ=SECONDLY); rules finer than a minute are not read, only its first instance is", "其 RRULE 每 {seconds} 秒重复一次（FREQ=SECONDLY）；不读取比一分钟更密的规则，只读取第一次")
        case .ruleTooMany: return ("it has {count} RRULEs; only the first is read", "它有 {count} 条 RRULE；只读取第一条")
        case .zoneUnknown: return ("TZID \"{zone}\" is neither a zone the system knows nor defined in the file; its times are read on the local clock", "TZID“{zone}”既不是系统已知的时区，也未在文件中定义；其时间按本地时钟读取")
        case .zoneFromFile: return ("the VTIMEZONE \"{zone}\" cannot be read ({reason}); its times are read on the local clock", "VTIMEZONE“{zone}”无法读取（{reason}）；其时间按本地时钟读取")
        case .dateUnreadable: return ("its {property} cannot be read, so it is skipped", "其 {property} 无法读取，已跳过")
        case .masterRepeated: return ("{used} also holds this item with its own rule and times: that one is read, this one is left out", "{used} 也含有这个条目及其自己的规则和时间：读取那一个，这一个被略过")
        case .alarmNoTrigger: return ("an alarm has no TRIGGER, so it is skipped", "一个提醒没有 TRIGGER，已跳过")
        case .alarmNeedsEnd: return ("an alarm counts from the end (RELATED=END), but the {component} has no end, so the alarm is skipped", "一个提醒从结束时刻算起（RELATED=END），但该 {component} 没有结束时刻，此提醒已跳过")
        case .alarmNeedsStart: return ("an alarm counts from the start, but the {component} has neither DTSTART nor DUE, so the alarm is skipped", "一个提醒从开始时刻算起，但该 {component} 既无 DTSTART 也无 DUE，此提醒已跳过")
        case .alarmRepeatIncomplete: return ("an alarm has REPEAT without DURATION (or the reverse); it fires once", "一个提醒只有 REPEAT 或只有 DURATION；只提醒一次")
        case .tooManyAlarms: return ("it has {count} alarms; Chime reads at most {maximum}, the rest are skipped", "它有 {count} 个提醒；Chime 最多读取 {maximum} 个，其余已跳过")
        case .tooManyInstances: return ("it has more than {limit} instances in the time asked about; only the first {limit} were read", "它在所问时段内超过 {limit} 次；只读取了前 {limit} 次")
        case .tooManyFiles: return ("the folder holds {count} .ics files; Chime reads the first {maximum} by name", "该文件夹有 {count} 个 .ics 文件；Chime 按名称读取前 {maximum} 个")
        case .tooManyCollections: return ("the folder holds {count} calendars; Chime reads the first {maximum} by name", "该文件夹有 {count} 个日历；Chime 按名称读取前 {maximum} 个")
        }
    }
}
