/// What a notifier found out about the notification server, for `chime doctor`.
public struct ServerProbe: Hashable, Sendable {
    /// The overall result.
    public enum Status: Hashable, Sendable {
        /// A server answered; notifications can be shown.
        case ready
        /// No server could be used.
        case unavailable(ServerUnavailability)
        /// An earlier call to the server is still hanging.
        case busy
        /// The server did not answer within the watchdog time.
        case timedOut
        /// The server or the bus answered with an error (see ``detail``).
        case failed
    }

    /// The overall result.
    public var status: Status
    /// The session bus address used, if there was one.
    public var busAddress: String?
    /// Who answered, when someone did.
    public var server: ServerInformation?
    /// The server's capabilities (`actions`, `body`, `body-markup`, ...), in its order.
    public var capabilities: [String]
    /// One sentence about what went wrong, when something did.
    public var detail: String?
    /// Where the server keeps its do-not-disturb mode and what was read there; `nil` for a
    /// server without a mode chimed can see (everything is shown there).
    public var doNotDisturb: DoNotDisturbReading?

    /// Makes a probe result.
    public init(
        status: Status, busAddress: String? = nil, server: ServerInformation? = nil, capabilities: [String] = [], detail: String? = nil,
        doNotDisturb: DoNotDisturbReading? = nil
    ) {
        self.status = status
        self.busAddress = busAddress
        self.server = server
        self.capabilities = capabilities
        self.detail = detail
        self.doNotDisturb = doNotDisturb
    }

    /// Whether the session bus answered (whatever became of the server).
    public var isBusReachable: Bool {
        switch status {
        case .ready, .busy, .timedOut, .failed, .unavailable(.noServer): return true
        case .unavailable(.noSessionBus), .unavailable(.busUnreachable): return false
        }
    }
}

/// The answer to `GetServerInformation`, plus the server's unique bus name.
public struct ServerInformation: Hashable, Sendable {
    /// The server's product name (`dunst`).
    public var name: String
    /// Its vendor (`knopwob`).
    public var vendor: String
    /// Its version (`1.9.0 (2022-06-27)`).
    public var version: String
    /// The version of the notification specification it implements (`1.2`).
    public var specificationVersion: String
    /// Its unique name on the bus (`:1.42`); a new one means a new server process.
    public var busName: String
    /// The GUID of the bus it was reached on: a bus started anew (a new login) numbers its
    /// unique names from the start again, so a unique name alone can recur.
    public var busGUID: String

    /// Makes server information.
    public init(name: String, vendor: String, version: String, specificationVersion: String, busName: String, busGUID: String = "") {
        self.name = name
        self.vendor = vendor
        self.version = version
        self.specificationVersion = specificationVersion
        self.busName = busName
        self.busGUID = busGUID
    }

    /// Names the server process: equal only for the same process on the same bus. Bubble ids
    /// are valid only while it runs (a new server hands the same small ids to other bubbles).
    public var instance: String {
        busGUID.isEmpty ? busName : "\(busGUID)/\(busName)"
    }
}
