import ChimeCalendar
import ChimeCore
import ChimeDesk
import FoundationEssentials
import Glibc

/// `chime export --format ics [--to DIR]`: Chime's reminders and fast schedule as iCalendar,
/// on standard output or as a vdir that vdirsyncer can push to a CalDAV server.
extension CommandRunner {
    func exportCalendar(to folder: String?, now: Date) throws {
        let desk = try desk()
        let items = try desk.exportedThings(now: now).map { exportItem($0, zone: desk.timeZone) }
        guard let folder else {
            write(try CalendarWriter.calendar(items, stamp: now))
            return
        }
        let directory = Self.absolutePath(folder)
        try prepareExportFolder(directory)
        var written = 0, unchanged = 0
        for item in items {
            let text = try CalendarWriter.file(item, stamp: now)
            let path = directory + "/" + item.fileName
            if let existing = try? String(contentsOfFile: path, encoding: .utf8), Self.withoutStamp(existing) == Self.withoutStamp(text) {
                unchanged += 1
                continue
            }
            try writeAtomically(text, to: path, in: directory)
            written += 1
        }
        // Files of Chime's items that ended: removed, so the calendar loses them too.
        let kept = Set(items.map(\.fileName))
        var removed = 0
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names.sorted() where name.hasSuffix(CalendarItem.exportedUIDSuffix + ".ics") && !kept.contains(name) {
            if unlink(directory + "/" + name) == 0 { removed += 1 }
        }
        if items.isEmpty {
            write(CalendarCommandText.exportedNothing.text(language, ["path": directory, "removed": "\(removed)"]))
        } else {
            write((items.count == 1 ? CalendarCommandText.exportedOne : .exported).text(language, [
                "count": "\(items.count)", "path": directory, "written": "\(written)", "unchanged": "\(unchanged)", "removed": "\(removed)",
            ]))
        }
    }

    /// The event of `thing`, its local times on `zone` (the zone rules follow).
    private func exportItem(_ thing: Desk.ExportedThing, zone: TimeZone) -> CalendarExportItem {
        switch thing {
        case .reminder(let reminder):
            return CalendarExportItem(id: reminder.id, summary: reminder.text, start: reminder.due, timeZone: zone, alarms: [.init(text: reminder.text)])
        case .recurringReminder(let reminder, let first):
            return CalendarExportItem(
                id: reminder.id, summary: reminder.text, start: first, timeZone: zone, rule: reminder.rule, alarms: [.init(text: reminder.text)]
            )
        case .fastSchedule(let schedule, let first):
            let summary = CalendarCommandText.exportFastSummary.text(language, ["plan": schedule.plan.displayName])
            return CalendarExportItem(
                id: schedule.id, summary: summary, start: first, timeZone: zone, rule: schedule.rule,
                duration: Int(schedule.plan.fasting.timeInterval),
                alarms: [
                    .init(text: CalendarCommandText.exportFastStarts.text(language, ["plan": schedule.plan.displayName])),
                    .init(fromEnd: true, text: CalendarCommandText.exportFastComplete.text(language, ["plan": schedule.plan.displayName])),
                ]
            )
        }
    }

    /// Makes `directory` when it is missing; refuses one that cannot be written.
    private func prepareExportFolder(_ directory: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(.unavailable, LocalizedText(CalendarCommandText.exportFolderUnusable, ["path": directory, "reason": Self.reason(errno)]))
        }
        guard access(directory, W_OK | X_OK) == 0 else {
            throw CommandFailure(.unavailable, LocalizedText(CalendarCommandText.exportFolderUnusable, ["path": directory, "reason": Self.reason(errno)]))
        }
    }

    /// Writes `text` to `path` by writing a temporary file beside it (not named `*.ics`, so no
    /// reader takes it for an item) and renaming it over: a reader sees the old file or the new.
    private func writeAtomically(_ text: String, to path: String, in directory: String) throws {
        let temporary = directory + "/.chime-export-" + UUID().uuidString.lowercased() + ".tmp"
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        } catch {
            throw CommandFailure(.unavailable, LocalizedText(CalendarCommandText.exportWriteFailed, ["path": temporary, "reason": Self.foundationWording(of: error)]))
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw CommandFailure(.unavailable, LocalizedText(CalendarCommandText.exportWriteFailed, ["path": path, "reason": Self.reason(code)]))
        }
    }

    /// `text` without its `DTSTAMP` lines: two exports of the same item differ only there.
    static func withoutStamp(_ text: String) -> String {
        // By lines of CRLF: as a Swift string "\r\n" is one character, never split at "\n".
        text.components(separatedBy: "\r\n").filter { !$0.hasPrefix("DTSTAMP") }.joined(separator: "\r\n")
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// Why writing a file failed, in the words Foundation's `localizedDescription` gave on Linux
    /// (`The operation could not be completed. You don’t have permission.`), without linking
    /// swift-corelibs-foundation for them.
    static func foundationWording(of error: any Error) -> String {
        guard let error = error as? CocoaError else { return "The operation could not be completed. \(error)" }
        let known: [Int: String] = [
            4: "The file doesn’t exist.", 255: "The file couldn’t be locked.", 257: "You don’t have permission.",
            258: "The file name is invalid.", 259: "The file isn’t in the correct format.", 260: "The file doesn’t exist.",
            261: "The specified text encoding isn’t applicable.", 262: "The specified URL type isn’t supported.",
            263: "The item is too large.", 264: "The text encoding of the contents couldn’t be determined.",
            513: "You don’t have permission.", 514: "The file name is invalid.", 516: "A file with the same name already exists.",
            517: "The specified text encoding isn’t applicable.", 518: "The specified URL type isn’t supported.",
            640: "There isn’t enough space.", 642: "The volume is read only.",
        ]
        let code = error.code.rawValue
        return "The operation could not be completed. " + (known[code] ?? "(NSCocoaErrorDomain error \(code).)")
    }
}
