/// How a pause of `status --follow` between two looks at the store ended.
public enum FollowPause: Hashable, Sendable {
    /// The time passed: look at the store and the schedule again.
    case elapsed
    /// Another process wrote the store's files: look at the store now, and again shortly after
    /// (its commit may become visible only after its last write, ``FileWatch/storeCommitRechecks``).
    case storeWritten
    /// The user asked to stop (`SIGINT`, `SIGTERM`, `SIGHUP`).
    case stop
    /// Nobody reads the output any more (the pipe's reader closed it, the terminal hung up).
    case readerGone
}
