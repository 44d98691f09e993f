import FoundationEssentials

/// What the daemon reports for `chime status`.
///
/// On the wire `armedDeadline` is seconds since 1970-01-01T00:00:00Z (a JSON number, exact
/// for a `Date`) or `null` when nothing is armed.
public struct DaemonStatus: Hashable, Sendable, Codable {
    /// The instant the timer is armed for, or nil when nothing is pending.
    public var armedDeadline: Date?
    /// How many requests are pending.
    public var pendingCount: Int
    /// The notification server's state as the notifier names it (e.g. `available`, `absent`).
    public var notificationServer: String
    /// The store's change sequence the daemon has applied; 0 before any.
    public var lastAppliedSequence: Int64
    /// The answering daemon.
    public var daemon: DaemonIdentity
    /// Whether the notification server is in do-not-disturb mode (false from a daemon that
    /// does not report it).
    public var doNotDisturb: Bool
    /// How many water reminders were held (do-not-disturb, a locked session) and wait for
    /// their summary.
    public var heldCount: Int
    /// Whether the user's session is locked (false from a daemon that does not report it).
    public var away: Bool
    /// How many notifications wait for room on a full notification server (0 from a daemon
    /// that does not report it).
    public var waitingForRoom: Int

    /// Makes a status report.
    public init(
        armedDeadline: Date?,
        pendingCount: Int,
        notificationServer: String,
        lastAppliedSequence: Int64,
        daemon: DaemonIdentity = .current,
        doNotDisturb: Bool = false,
        heldCount: Int = 0,
        away: Bool = false,
        waitingForRoom: Int = 0
    ) {
        self.armedDeadline = armedDeadline
        self.pendingCount = pendingCount
        self.notificationServer = notificationServer
        self.lastAppliedSequence = lastAppliedSequence
        self.daemon = daemon
        self.doNotDisturb = doNotDisturb
        self.heldCount = heldCount
        self.away = away
        self.waitingForRoom = waitingForRoom
    }

    private enum CodingKeys: String, CodingKey {
        case armedDeadline
        case pendingCount
        case notificationServer
        case lastAppliedSequence
        case daemon
        case doNotDisturb
        case heldCount
        case away
        case waitingForRoom
    }

    /// Reads a status report.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        armedDeadline = try container.decodeIfPresent(Double.self, forKey: .armedDeadline)
            .map { Date(timeIntervalSince1970: $0) }
        pendingCount = try container.decode(Int.self, forKey: .pendingCount)
        notificationServer = try container.decode(String.self, forKey: .notificationServer)
        lastAppliedSequence = try container.decode(Int64.self, forKey: .lastAppliedSequence)
        daemon = try container.decode(DaemonIdentity.self, forKey: .daemon)
        // Absent from the answers of daemons older than these fields.
        doNotDisturb = try container.decodeIfPresent(Bool.self, forKey: .doNotDisturb) ?? false
        heldCount = try container.decodeIfPresent(Int.self, forKey: .heldCount) ?? 0
        away = try container.decodeIfPresent(Bool.self, forKey: .away) ?? false
        waitingForRoom = try container.decodeIfPresent(Int.self, forKey: .waitingForRoom) ?? 0
    }

    /// Writes the report, with `armedDeadline` as seconds since 1970 or null.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let armedDeadline {
            try container.encode(armedDeadline.timeIntervalSince1970, forKey: .armedDeadline)
        } else {
            try container.encodeNil(forKey: .armedDeadline)
        }
        try container.encode(pendingCount, forKey: .pendingCount)
        try container.encode(notificationServer, forKey: .notificationServer)
        try container.encode(lastAppliedSequence, forKey: .lastAppliedSequence)
        try container.encode(daemon, forKey: .daemon)
        try container.encode(doNotDisturb, forKey: .doNotDisturb)
        try container.encode(heldCount, forKey: .heldCount)
        try container.encode(away, forKey: .away)
        try container.encode(waitingForRoom, forKey: .waitingForRoom)
    }
}
