import CLinux
import ChimeCalendar
import ChimeControl
import ChimeCore
import ChimeDesk
import ChimeStore
import ChimeSystem
import Foundation
import Glibc

/// chimed's calendars: follows the list in the store, keeps each calendar read (one
/// ``CalendarSourceIndex`` per calendar, its items prepared on the ``shelf``), watches their
/// folders with inotify, and has the desk derive each item's next alarm when a file changes.
///
/// - Only the files an event names are read again; a stat pass (size, mtime, inode) over a
///   whole calendar runs when it is first read, on an inotify queue overflow, after a clock
///   jump and after a resume, and when a folder is deleted or recreated.
/// - Names that do not end in `.ics` (vdirsyncer's temporary files) are ignored.
/// - Every decision goes through the desk (``Desk/calendarAlarmsDerived(_:uids:changed:catchUp:now:)``)
///   inside the store's write transaction; the scheduler then takes the store's changes.
/// - Nothing here wakes by itself: no timer, only inotify events, the store's changes and
///   the scheduler's own wakes. While no file changes, chimed sleeps.
///
/// Not Sendable: it belongs to the loop's thread.
public final class CalendarWatch {
    /// Work to do on the loop's next turn, not inside the handler that asked for it (a control
    /// request answers first).
    enum Task: Sendable {
        /// The store changed: follow the list of calendars, their settings and the facts.
        case storeChanged
    }

    /// What the watch knows of one calendar.
    struct Watched {
        var source: CalendarSource
        let index: CalendarSourceIndex
        /// The folders watched for it.
        var watches: Set<Int32> = []
    }

    /// The calendars' contents, shared with the scheduler's desk.
    public let shelf: CalendarShelf

    private let store: Store
    private let desk: Desk
    private let clock: any WallClock
    private let ruleZone: () -> TimeZone
    let log: DaemonLog
    private let loop: EventLoop
    let folders: CalendarFolderWatch
    private let tasks: WakeupChannel<Task>
    private let onChange: () -> Void
    /// Each calendar watched, by name.
    var calendars: [String: Watched] = [:]
    /// What each watched folder means to the calendars.
    var roles: [Int32: Set<Role>] = [:]
    /// Whether a change of the store waits to be followed (a question about the calendars
    /// follows it first, so `calendar add` then `calendar alarms` sees the calendar).
    private var storeChangeWaits = false
    /// The facts' change sequence followed so far.
    private var factSequence: Int64 = 0
    /// The zone the shelf's items are prepared in.
    private var preparedZone: TimeZone
    /// How long the machine had been suspended when last looked at (boot time less monotonic).
    private var suspended: Double
    /// Reads how long the machine has been suspended since boot (``suspendedSeconds()``; a
    /// test's own count).
    private let suspendedTime: () -> Double
    /// Each reading of the calendars gets a number: pages of one answer come from one reading.
    public private(set) var generation: Int64 = 0
    /// The last `calendar alarms` answer worked out, kept for the pages that follow it and the
    /// same question asked again (``alarms(_:)``).
    private(set) var lastAnswer: (query: CalendarAlarmQuery, generation: Int64, rows: [CalendarAlarmRow], problems: [CalendarProblemReport])?

    /// How much longer than before the machine must have slept for a wake to count as a resume.
    static let resumeThreshold: Double = 2

    /// Watches on `loop` the calendars `store` lists, with `shelf` holding their contents;
    /// `ruleZone` is the zone rules follow (floating times are read on it), and `onChange` is
    /// called after each change written, for the scheduler to take it; `suspendedTime` tells how
    /// long the machine has slept since boot.
    public init(
        store: Store, shelf: CalendarShelf, clock: any WallClock, ruleZone: @escaping () -> TimeZone, loop: EventLoop, log: DaemonLog,
        suspendedTime: @escaping () -> Double = CalendarWatch.suspendedSeconds, onChange: @escaping () -> Void
    ) throws {
        self.store = store
        self.shelf = shelf
        self.clock = clock
        self.ruleZone = ruleZone
        self.loop = loop
        self.log = log
        self.onChange = onChange
        preparedZone = ruleZone()
        desk = Desk(store: store, timeZone: preparedZone)
        desk.calendars = shelf
        folders = try CalendarFolderWatch()
        tasks = try WakeupChannel<Task>()
        self.suspendedTime = suspendedTime
        suspended = suspendedTime()
        try loop.register(folders.fileDescriptor) { [weak self] _ in try self?.foldersChanged() }
        try loop.register(tasks.fileDescriptor) { [weak self] _ in try self?.runTasks() }
    }

    deinit {
        try? loop.unregister(folders.fileDescriptor)
        try? loop.unregister(tasks.fileDescriptor)
    }

    /// How many calendars are read.
    public var calendarCount: Int { calendars.count }

    // MARK: Events

    /// Reads every calendar the store lists and catches up what came due while chimed did not
    /// run; call it before the scheduler loads the store.
    public func start() {
        do {
            factSequence = try store.currentSequence()
            for source in try store.calendars() { begin(source, now: clock.now) }
        } catch {
            log.error("cannot read the list of calendars: \(error)")
        }
    }

    /// The store changed (a `chime calendar` command, a cancel or snooze, a setting): the list
    /// is followed on the loop's next turn.
    public func storeChanged() {
        storeChangeWaits = true
        do {
            try tasks.post(.storeChanged)
        } catch {
            log.error("cannot schedule reading the calendars' changes: \(error)")
        }
    }

    /// The wall clock was set: every calendar is looked at again and what came due caught up.
    public func clockChanged() {
        log.notice("the wall clock was set: a stat pass over every calendar")
        statPass(catchUp: true)
    }

    /// The event loop woke for the scheduler's timer: when the machine slept since the last
    /// look, a stat pass over every calendar and catch-up.
    public func noteWake() {
        let now = suspendedTime()
        guard now - suspended > Self.resumeThreshold else { return }
        log.notice("the machine slept \(LogFormat.seconds(now - suspended)): a stat pass over every calendar")
        suspended = now
        statPass(catchUp: true)
    }

    /// The kernel's inotify queue overflowed (or a test says it did): events were lost, so a
    /// stat pass finds what changed.
    public func queueOverflowed() {
        log.notice("the calendars' inotify queue overflowed: a stat pass over every calendar")
        statPass(catchUp: false)
    }

    /// Handles folder events as inotify reports them (the loop's handler; tests feed events).
    func handle(_ events: [CalendarFolderWatch.Event]) {
        if events.contains(where: \.isOverflow) {
            queueOverflowed()
            return
        }
        var whole = Set<String>()
        var files: [String: Set<String>] = [:]
        for event in events {
            for role in roles[event.watch] ?? [] {
                switch role {
                case .files(let name, let folder):
                    if event.isAboutFolder || event.endsWatch {
                        whole.insert(name)
                    } else if !event.isFolder, CalendarFolderScanner.isCalendarFileName(event.name) {
                        files[name, default: []].insert(folder + "/" + event.name)
                    }
                case .collections(let name):
                    // A collection came or went, the set's folder went, or an .ics file makes it
                    // a collection of its own.
                    if event.isFolder || event.isAboutFolder || event.endsWatch || CalendarFolderScanner.isCalendarFileName(event.name) {
                        whole.insert(name)
                    }
                case .entry(let name, let entry):
                    if event.name == entry || event.isAboutFolder || event.endsWatch { whole.insert(name) }
                }
            }
            if event.endsWatch { forget(watch: event.watch) }
        }
        let now = clock.now
        for name in whole.sorted() { refresh(name, catchUp: false, now: now) }
        for (name, paths) in files.sorted(by: { $0.key < $1.key }) where !whole.contains(name) {
            reread(paths, of: name, now: now)
        }
    }

    private func foldersChanged() throws {
        let events = try folders.readEvents()
        guard !events.isEmpty else { return }
        handle(events)
    }

    private func runTasks() throws {
        let pending = try tasks.drain()
        guard !pending.isEmpty else { return }
        followStoreIfChanged()
    }

    /// Follows the store when a change of it waits: before any answer about the calendars.
    func followStoreIfChanged() {
        guard storeChangeWaits else { return }
        storeChangeWaits = false
        followStore()
    }

    // MARK: Following the store

    /// Follows the list of calendars (added, removed, changed), the zone rules follow, and the
    /// facts `chime cancel` or `snooze` wrote.
    private func followStore() {
        let now = clock.now
        let sources: [CalendarSource]
        do {
            sources = try store.calendars()
        } catch {
            log.error("cannot read the list of calendars: \(error)")
            return
        }
        let listed = Dictionary(sources.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for name in calendars.keys.sorted() where listed[name] == nil {
            end(name)
            log.info("calendar \(name) removed: no longer watched")
        }
        let zone = ruleZone()
        let zoneMoved = zone.identifier != preparedZone.identifier
        if zoneMoved {
            preparedZone = zone
            desk.follow(zone)
        }
        for source in sources {
            guard let watched = calendars[source.name] else {
                begin(source, now: now)
                continue
            }
            if watched.source.path != source.path {
                end(source.name)
                begin(source, now: now)
            } else if zoneMoved || watched.source.defaultAlerts != source.defaultAlerts || watched.source.isMuted != source.isMuted {
                calendars[source.name]?.source = source
                if let prepared = shelf.calendars[source.name] {
                    shelf.put(prepared.reprepared(source: source, localZone: zone))
                    generation += 1
                }
                derive(source.name, uids: nil, changed: [], catchUp: false, now: now)
            }
        }
        followFacts(now: now)
    }

    /// Derives again the items whose facts changed since last seen (a `chime cancel` or
    /// `snooze` of a calendar alarm: its next alarm comes from the calendar's files).
    private func followFacts(now: Date) {
        do {
            let changed = try store.calendarItemsWithFacts(since: factSequence)
            factSequence = changed.latest
            var byCalendar: [String: Set<String>] = [:]
            for item in changed.items where calendars[item.calendar] != nil {
                byCalendar[item.calendar, default: []].insert(item.uid)
            }
            for (name, uids) in byCalendar.sorted(by: { $0.key < $1.key }) {
                derive(name, uids: uids, changed: [], catchUp: false, now: now)
            }
        } catch {
            log.error("cannot read what happened to calendar alarms: \(error)")
        }
    }

    // MARK: Reading

    /// Starts watching `source`: reads it whole and catches up from where it was derived to.
    private func begin(_ source: CalendarSource, now: Date) {
        // libical is loaded by the first calendar: a chimed without calendars never loads it.
        do {
            try Libical.load()
        } catch {
            log.error("cannot read calendar \(source.name): \(error)")
            return
        }
        calendars[source.name] = Watched(source: source, index: CalendarSourceIndex(path: source.path))
        shelf.put(PreparedCalendar(source: source, localZone: preparedZone))
        refresh(source.name, catchUp: true, now: now)
    }

    /// Stops watching the calendar `name` and forgets what it held.
    private func end(_ name: String) {
        guard let watched = calendars.removeValue(forKey: name) else { return }
        for watch in watched.watches { release(watch, for: name) }
        shelf.remove(named: name)
        generation += 1
    }

    /// A stat pass over every calendar.
    private func statPass(catchUp: Bool) {
        let now = clock.now
        for name in calendars.keys.sorted() { refresh(name, catchUp: catchUp, now: now) }
    }

    /// A stat pass over calendar `name`: the files changed are read again, its folders watched
    /// again as they now are, and its items derived (all of them after downtime, `catchUp`;
    /// else those of the files that changed).
    private func refresh(_ name: String, catchUp: Bool, now: Date) {
        guard let watched = calendars[name] else { return }
        let started = MonotonicClock.now()
        var uids = Set<String>(), changed = Set<String>()
        // The calendar's folder and the one above it are watched before they are listed:
        // whatever is written meanwhile is reported, and read when the events are taken.
        let path = watched.source.path
        let early = [path, (path as NSString).deletingLastPathComponent].filter { !$0.isEmpty }.compactMap { try? folders.watch($0) }
        var refresh = watched.index.refresh()
        take(refresh, of: name, uids: &uids, changed: &changed)
        let added = watchFolders(of: name)
        // One watched early that turned out to mean nothing to any calendar goes again.
        for watch in early where roles[watch] == nil { folders.unwatch(watch) }
        // A set's collections watched only now: what was written into them between the
        // listing and the watch is found by looking once more.
        if added, watched.index.layout == .collectionSet {
            let again = watched.index.refresh()
            take(again, of: name, uids: &uids, changed: &changed)
            refresh = CalendarRefresh(
                readFiles: refresh.readFiles + again.readFiles, removedFiles: refresh.removedFiles + again.removedFiles,
                unchangedCount: again.unchangedCount
            )
        }
        shelf.modify(name) { $0.listingProblems = watched.index.listingProblems }
        for problem in watched.index.listingProblems { log.warning("calendar \(name): \(problem)") }
        generation += 1
        log.info("calendar \(name) (\(watched.source.path)): \(refresh.readFiles.count) file\(refresh.readFiles.count == 1 ? "" : "s") read, \(refresh.removedFiles.count) gone, \(refresh.unchangedCount) unchanged in \(LogFormat.milliseconds(Self.seconds(MonotonicClock.elapsed(since: started))))")
        if catchUp {
            derive(name, uids: nil, changed: changed, catchUp: true, now: now)
        } else if !uids.isEmpty {
            derive(name, uids: uids, changed: changed, catchUp: false, now: now)
        }
        // Parsing many files leaves freed heap behind that glibc would keep: give it back.
        if refresh.readFiles.count >= Self.trimAfterFiles { _ = chime_malloc_trim() }
    }

    /// How many files read at once make chimed give freed memory back to the system.
    static let trimAfterFiles = 100

    /// Puts on the shelf what `refresh` read and forgets what it found gone.
    private func take(_ refresh: CalendarRefresh, of name: String, uids: inout Set<String>, changed: inout Set<String>) {
        for file in refresh.removedFiles {
            note(old: removeFile(file, of: name), new: [], uids: &uids, changed: &changed)
        }
        for file in refresh.readFiles {
            let old = replaceFile(file, of: name)
            note(old: old, new: shelf.calendars[name]?.itemsByFile[file]?.map(\.item) ?? [], uids: &uids, changed: &changed)
        }
    }

    /// Reads again the files `paths` of calendar `name` (inotify named them) and derives their items.
    private func reread(_ paths: Set<String>, of name: String, now: Date) {
        guard let watched = calendars[name] else { return }
        var uids = Set<String>(), changed = Set<String>()
        var read = 0
        for path in paths.sorted() {
            let refresh = watched.index.refresh(file: path)
            read += refresh.readFiles.count + refresh.removedFiles.count
            take(refresh, of: name, uids: &uids, changed: &changed)
        }
        guard read > 0 else { return }
        generation += 1
        log.info("calendar \(name): \(read) file\(read == 1 ? "" : "s") changed, \(uids.count) item\(uids.count == 1 ? "" : "s") to derive again")
        guard !uids.isEmpty else { return }
        derive(name, uids: uids, changed: changed, catchUp: false, now: now)
    }

    /// Puts the contents `file` now has on the shelf; returns the items it had.
    private func replaceFile(_ file: String, of name: String) -> [CalendarItem] {
        guard let index = calendars[name]?.index, let contents = index.contents(ofFile: file) else { return removeFile(file, of: name) }
        for problem in contents.problems { log.warning("calendar \(name): \(problem)") }
        var old: [CalendarItem] = []
        shelf.modify(name) { old = $0.replaceFile(file, items: contents.items, problems: contents.problems) }
        for item in contents.items where item.master != nil {
            guard let repeated = shelf.calendars[name]?.repeatedMasters[item.uid] else { continue }
            log.warning("calendar \(name): UID \(item.uid) has a master in \(([repeated.used] + repeated.ignored).joined(separator: " and ")): the one in \(repeated.used) is read")
        }
        // The shelf holds the items now; the index keeps only what tells a change.
        index.releaseItems(ofFile: file)
        return old
    }

    private func removeFile(_ file: String, of name: String) -> [CalendarItem] {
        var old: [CalendarItem] = []
        shelf.modify(name) { old = $0.removeFile(file) }
        return old
    }

    /// Adds the items of a file before (`old`) and after (`new`) to the items to derive, and
    /// those that changed or went to `changed`.
    private func note(old: [CalendarItem], new: [CalendarItem], uids: inout Set<String>, changed: inout Set<String>) {
        let after = Dictionary(new.map { ($0.uid, $0) }, uniquingKeysWith: { _, later in later })
        for item in old {
            uids.insert(item.uid)
            if after[item.uid] != item { changed.insert(item.uid) }
        }
        uids.formUnion(after.keys)
    }

    /// Has the desk derive calendar `name`'s items (`uids`, or all) and writes the change.
    private func derive(_ name: String, uids: Set<String>?, changed: Set<String>, catchUp: Bool, now: Date) {
        guard let calendar = shelf.calendars[name] else { return }
        let desk = desk
        let started = MonotonicClock.now()
        do {
            var written = 0
            let applied = try store.apply(now: now) { () throws -> ChangePlan in
                let plan = try desk.calendarAlarmsDerived(calendar, uids: uids, changed: changed, catchUp: catchUp, now: now)
                written = plan.requests.count + plan.cancelledIdentifiers.count + plan.cancelledGroups.count
                return plan
            }
            if applied != nil { onChange() }
            let items = uids.map { "\($0.count) item\($0.count == 1 ? "" : "s")" } ?? "every item"
            log.info("calendar \(name): \(items) derived\(catchUp ? " with catch-up" : ""), \(written) alarm\(written == 1 ? "" : "s") written, in \(LogFormat.milliseconds(Self.seconds(MonotonicClock.elapsed(since: started))))")
        } catch {
            log.error("cannot derive the alarms of calendar \(name): \(error)")
        }
    }

    /// Keeps the firings of the window `query` for the questions that fall within it.
    func remember(query: CalendarAlarmQuery, rows: [CalendarAlarmRow], problems: [CalendarProblemReport]) {
        lastAnswer = (query, generation, rows, problems)
    }

    // MARK: Time

    /// How long the machine has been suspended since boot: `CLOCK_BOOTTIME` counts through
    /// suspend, `CLOCK_MONOTONIC` does not.
    public static func suspendedSeconds() -> Double {
        Double(MonotonicClock.suspendedNanoseconds()) / 1e9
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

@available(*, unavailable, message: "a CalendarWatch belongs to the event loop's thread")
extension CalendarWatch: Sendable {}
