import Foundation

/// One added calendar as read from its files, its items prepared for alarm queries: what
/// chimed keeps in memory, and what `calendar alarms` reads when chimed does not answer.
///
/// Kept by file, so a file read again replaces only its own items.
public struct PreparedCalendar: Sendable {
    /// The calendar's record (name, path, default alerts, mute).
    public private(set) var source: CalendarSource
    /// The zone floating times and dates were read on.
    public let localZone: TimeZone
    /// Each file's items, prepared, in file order.
    public private(set) var itemsByFile: [String: [CalendarItemAlarms]] = [:]
    /// The items by `UID` (of two files holding one, the one read last).
    public private(set) var itemsByUID: [String: CalendarItemAlarms] = [:]
    /// Each file's problems.
    public private(set) var problemsByFile: [String: [CalendarProblem]] = [:]
    /// Problems of the calendar's path itself and its listing.
    public var listingProblems: [CalendarProblem] = []
    /// How many files hold each `UID` more than once (rare: a file copied under another name).
    private var repeatedUIDs: [String: Int] = [:]

    /// An empty calendar of `source`, floating times on the clock of `localZone`.
    public init(source: CalendarSource, localZone: TimeZone) {
        self.source = source
        self.localZone = localZone
    }

    /// The calendar's name.
    public var name: String { source.name }

    /// Every item, files in name order.
    public var items: [CalendarItemAlarms] {
        itemsByFile.keys.sorted().flatMap { itemsByFile[$0]! }
    }

    /// How many items it holds.
    public var itemCount: Int { itemsByFile.values.reduce(0) { $0 + $1.count } }

    /// Every problem: the listing's, then each file's in name order.
    public var problems: [CalendarProblem] {
        listingProblems + problemsByFile.keys.sorted().flatMap { problemsByFile[$0]! }
    }

    /// Puts what `file` now holds in place of what it held; returns the items it held before.
    @discardableResult
    public mutating func replaceFile(_ file: String, items: [CalendarItem], problems: [CalendarProblem]) -> [CalendarItem] {
        let old = removeFile(file)
        let contents = source.contents(items: [])
        let prepared = items.map { CalendarItemAlarms(item: $0, calendar: contents, localZone: localZone) }
        itemsByFile[file] = prepared
        for item in prepared {
            if itemsByUID[item.uid] != nil { repeatedUIDs[item.uid, default: 0] += 1 }
            itemsByUID[item.uid] = item
        }
        if !problems.isEmpty { problemsByFile[file] = problems }
        return old
    }

    /// Forgets `file`; returns the items it held.
    @discardableResult
    public mutating func removeFile(_ file: String) -> [CalendarItem] {
        problemsByFile[file] = nil
        guard let old = itemsByFile.removeValue(forKey: file) else { return [] }
        for item in old {
            let uid = item.uid
            if let repeats = repeatedUIDs[uid] {
                repeatedUIDs[uid] = repeats > 1 ? repeats - 1 : nil
                // Another file holding the same UID takes its place.
                if itemsByUID[uid] === item {
                    itemsByUID[uid] = itemsByFile.values.lazy.flatMap({ $0 }).first(where: { $0.uid == uid })
                }
            } else if itemsByUID[uid] === item {
                itemsByUID[uid] = nil
            }
        }
        return old.map(\.item)
    }

    /// The same items read with `source`'s alerts and mute (`calendar set`), or on the clock of
    /// another zone: every item prepared again.
    public func reprepared(source: CalendarSource, localZone: TimeZone) -> PreparedCalendar {
        var calendar = PreparedCalendar(source: source, localZone: localZone)
        calendar.listingProblems = listingProblems
        for file in itemsByFile.keys.sorted() {
            calendar.replaceFile(file, items: itemsByFile[file]!.map(\.item), problems: problemsByFile[file] ?? [])
        }
        return calendar
    }

    /// The record, changed (`derived_through`, say) without touching the items.
    public mutating func update(source: CalendarSource) {
        self.source = source
    }
}
