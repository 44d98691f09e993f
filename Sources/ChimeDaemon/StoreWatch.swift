import ChimeSystem
import ChimeStore
import Glibc

/// Tells the daemon that another process committed to the store, whether or not that process
/// reached the control socket to say so.
///
/// The nudge stays the fast path; this watch is the net under it. inotify reports every write
/// to the database and its `-wal` log (the directory is watched, so a log SQLite removes and
/// recreates, or truncates at a checkpoint, keeps being seen); each batch of writes is then
/// checked against SQLite's `PRAGMA data_version`, which moves only for other connections'
/// commits. The daemon's own writes touch the same files but leave that number as it was, so
/// they cost a check and never a reload loop. Nothing is written while nothing happens, so the
/// watch never wakes the daemon then.
///
/// A writer appends its commit to the `-wal` log before it publishes it in the shared index
/// (after an `fsync`), so the last file event of a commit can come before the commit is
/// visible. Each batch of events is therefore checked again after ``Configuration/settleDelays``
/// (counted from the batch's last event); a one-shot `chime` also closes its descriptors on
/// exit, after publishing, which is another event.
///
/// Not Sendable: it belongs to the loop's thread.
public final class StoreWatch {
    /// When the watch looks again after file events.
    public struct Configuration: Sendable {
        /// The rechecks after the last file event of a batch, each counted from that event, in
        /// increasing order; later events start the series again.
        public var settleDelays: [Duration]

        /// The daemon's rechecks: ``FileWatch/storeCommitRechecks`` (100 ms and 1 s after the
        /// last write seen).
        public init(settleDelays: [Duration] = FileWatch.storeCommitRechecks) {
            self.settleDelays = settleDelays
        }
    }

    /// The files whose writes are checked: the database and its `-wal` log (the `-shm` index
    /// is written through shared memory, which inotify does not see).
    public let paths: [String]

    private let store: Store
    private let configuration: Configuration
    private let log: DaemonLog?
    private let loop: EventLoop
    private let files: FileWatch
    private let settleTimer: MonotonicTimer
    private let onCommit: () -> Void
    /// The store's data version when it was last checked.
    private var knownVersion: Int64
    /// When the last file event arrived and how many rechecks after it have run.
    private var settling: (lastEvent: UInt64, rechecks: Int)?

    /// How many times another connection's commit was found (each call of `onCommit`).
    public private(set) var commitsSeen = 0

    /// Watches the files of `store` on `loop` and calls `onCommit` on the loop's thread each
    /// time a write to them turns out to be another connection's commit.
    ///
    /// The store's data version is taken here: a commit after this call is reported, so start
    /// the watch before loading the store's state.
    public init(
        store: Store, loop: EventLoop, configuration: Configuration = Configuration(), log: DaemonLog? = nil,
        onCommit: @escaping () -> Void
    ) throws {
        files = try FileWatch.storeCommits(databasePath: store.path)
        paths = files.paths
        settleTimer = try MonotonicTimer()
        knownVersion = try store.dataVersion()
        self.store = store
        self.configuration = configuration
        self.log = log
        self.loop = loop
        self.onCommit = onCommit
        try loop.register(files.fileDescriptor) { [weak self] _ in try self?.filesChanged() }
        try loop.register(settleTimer.fileDescriptor) { [weak self] _ in try self?.settleTimerFired() }
    }

    deinit {
        try? loop.unregister(files.fileDescriptor)
        try? loop.unregister(settleTimer.fileDescriptor)
    }

    /// Whether a recheck after recent file events is still to come.
    public var isSettling: Bool { settling != nil }

    private func filesChanged() throws {
        guard try files.readChanges() else { return }
        check()
        guard let first = configuration.settleDelays.first else { return }
        let now = MonotonicTimer.now()
        settling = (now, 0)
        try settleTimer.arm(at: now + first.clampedNanoseconds)
    }

    private func settleTimerFired() throws {
        guard try settleTimer.consumeExpiry(), let current = settling else { return }
        check()
        let rechecks = current.rechecks + 1
        guard rechecks < configuration.settleDelays.count else {
            settling = nil
            try settleTimer.arm(at: nil)
            return
        }
        settling = (current.lastEvent, rechecks)
        try settleTimer.arm(at: current.lastEvent + configuration.settleDelays[rechecks].clampedNanoseconds)
    }

    /// Reports a commit when the data version moved; a store that cannot say is reported too,
    /// so the daemon's own reading of the changes meets the failure and recovers from it.
    private func check() {
        do {
            let version = try store.dataVersion()
            guard version != knownVersion else { return }
            knownVersion = version
        } catch {
            log?.warning("cannot tell whether the store changed (\(error.message)): reading its changes anyway")
        }
        commitsSeen += 1
        onCommit()
    }
}

@available(*, unavailable, message: "a StoreWatch belongs to the event loop's thread")
extension StoreWatch: Sendable {}
