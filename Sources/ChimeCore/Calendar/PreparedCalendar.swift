import FoundationEssentials

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
    /// The items by `UID`. Files sharing one `UID` (a master in one, an override in another)
    /// give one item, merged (``sharedUIDs``).
    public private(set) var itemsByUID: [String: CalendarItemAlarms] = [:]
    /// Each file's problems.
    public private(set) var problemsByFile: [String: [CalendarProblem]] = [:]
    /// Problems of the calendar's path itself and its listing.
    public var listingProblems: [CalendarProblem] = []
    /// The files holding each `UID` that more than one file holds (rare: a master and its
    /// override written apart, or a file copied under another name).
    private var sharedUIDs: [String: Set<String>] = [:]
    /// For each `UID` with a master in more than one file: the file whose master is used (the
    /// first by path, whatever the order they were read in), and the others.
    public private(set) var repeatedMasters: [String: (used: String, ignored: [String])] = [:]

    /// An empty calendar of `source`, floating times on the clock of `localZone`.
    public init(source: CalendarSource, localZone: TimeZone) {
        self.source = source
        self.localZone = localZone
    }

    /// The calendar's name.
    public var name: String { source.name }

    /// Every item once: files in name order, then the items several files share, merged.
    public var items: [CalendarItemAlarms] {
        let single = itemsByFile.keys.sorted().flatMap { itemsByFile[$0]!.filter { sharedUIDs[$0.uid] == nil } }
        return single + sharedUIDs.keys.sorted().compactMap { itemsByUID[$0] }
    }

    /// How many items it holds (one per `UID`).
    public var itemCount: Int { itemsByUID.count }

    /// Every problem: the listing's, then each file's in name order, then each master left
    /// out because another file has one under its `UID`.
    public var problems: [CalendarProblem] {
        listingProblems + problemsByFile.keys.sorted().flatMap { problemsByFile[$0]! }
            + repeatedMasters.keys.sorted().flatMap { uid in
                let repeated = repeatedMasters[uid]!
                return repeated.ignored.map { file in
                    CalendarProblem(file: file, uid: uid, kind: .skippedItem, detail: LocalizedText(CalendarText.masterRepeated, ["used": repeated.used]))
                }
            }
    }

    /// Puts what `file` now holds in place of what it held; returns the items it held before.
    @discardableResult
    public mutating func replaceFile(_ file: String, items: [CalendarItem], problems: [CalendarProblem]) -> [CalendarItem] {
        let old = removeFile(file)
        let contents = source.contents(items: [])
        let prepared = items.map { CalendarItemAlarms(item: $0, calendar: contents, localZone: localZone) }
        itemsByFile[file] = prepared
        var merge = Set<String>()
        for item in prepared {
            let uid = item.uid
            if let held = itemsByUID[uid] {
                sharedUIDs[uid, default: [held.file]].insert(file)
                merge.insert(uid)
            } else {
                itemsByUID[uid] = item
            }
        }
        for uid in merge { mergeShared(uid) }
        if !problems.isEmpty { problemsByFile[file] = problems }
        return old
    }

    /// Forgets `file`; returns the items it held.
    @discardableResult
    public mutating func removeFile(_ file: String) -> [CalendarItem] {
        problemsByFile[file] = nil
        guard let old = itemsByFile.removeValue(forKey: file) else { return [] }
        for uid in Set(old.map(\.uid)) {
            if var files = sharedUIDs[uid] {
                files.remove(file)
                sharedUIDs[uid] = files
                mergeShared(uid)
            } else if itemsByUID[uid]?.file == file {
                itemsByUID[uid] = nil
            }
        }
        return old.map(\.item)
    }

    /// Makes the one item of `uid` from every file that holds it: the master of the first file
    /// by path that has one, and every override, each `RECURRENCE-ID` once (the first file's).
    private mutating func mergeShared(_ uid: String) {
        let files = (sharedUIDs[uid] ?? []).sorted()
        let held = files.flatMap { file in (itemsByFile[file] ?? []).filter { $0.uid == uid } }
        guard held.count > 1 else {
            sharedUIDs[uid] = nil
            repeatedMasters[uid] = nil
            itemsByUID[uid] = held.first
            return
        }
        let masters = held.filter { $0.item.master != nil }
        var overrides: [CalendarComponent] = []
        var seen = Set<CalendarTime>()
        for item in held {
            for component in item.item.overrides where component.recurrenceID.map({ seen.insert($0).inserted }) ?? true {
                overrides.append(component)
            }
        }
        let used = masters.first
        let merged = CalendarItem(uid: uid, master: used?.item.master, overrides: overrides, file: used?.file ?? held[0].file)
        itemsByUID[uid] = CalendarItemAlarms(item: merged, calendar: source.contents(items: []), localZone: localZone)
        repeatedMasters[uid] = masters.count > 1 ? (used: masters[0].file, ignored: masters.dropFirst().map(\.file)) : nil
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
