import CLinux
import ChimeControl
import ChimeSystem
import Glibc

/// Tells the service manager about the daemon's state by sending `READY=1`, `STATUS=...` and
/// `STOPPING=1` datagrams to `$NOTIFY_SOCKET`, the sd_notify protocol without libsystemd.
///
/// When `NOTIFY_SOCKET` is unset (the daemon was not started by systemd with `Type=notify`),
/// every notification does nothing. Sendable: it only sends on an unconnected datagram socket.
public final class ReadinessNotifier: Sendable {
    /// One line of a notification.
    public enum State: Hashable, Sendable {
        /// Start-up is complete (`READY=1`).
        case ready
        /// The daemon is shutting down (`STOPPING=1`).
        case stopping
        /// The daemon is reloading (`RELOADING=1`, with the `MONOTONIC_USEC` systemd asks for).
        case reloading
        /// A one-line status for `systemctl status` (`STATUS=...`).
        case status(String)
    }

    private let socket: OwnedFileDescriptor?
    private let address: UnixSocketAddress?

    /// Reads `NOTIFY_SOCKET` from `environment`: an absolute path, or `@name` for a socket in
    /// the abstract namespace. Throws ``RuntimeError/Kind-swift.enum/invalidNotifySocket`` for
    /// any other value.
    public init(environment: [String: String]) throws {
        guard let value = environment["NOTIFY_SOCKET"], !value.isEmpty else {
            socket = nil
            address = nil
            return
        }
        guard let address = UnixSocketAddress(notifySocket: value) else {
            throw RuntimeError(
                .invalidNotifySocket,
                "NOTIFY_SOCKET \"\(value)\" is neither an absolute path nor an abstract socket name starting with @: unset it or fix the service definition"
            )
        }
        self.address = address
        socket = try OwnedFileDescriptor("socket") { Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0) }
    }

    /// Whether a service manager is listening (`NOTIFY_SOCKET` was set).
    public var isEnabled: Bool { socket != nil }

    /// Sends `states` as one datagram, one `KEY=value` line each.
    public func notify(_ states: State...) throws {
        try notify(states)
    }

    /// Sends `states` as one datagram, one `KEY=value` line each.
    public func notify(_ states: [State]) throws {
        guard let socket, let address, !states.isEmpty else { return }
        let message = Array(states.map(Self.line).joined(separator: "\n").utf8)
        let raw = socket.rawValue
        _ = try address.withSocketAddress { socketAddress, length in
            try message.withUnsafeBytes { bytes in
                try valueOrErrno("sendto") {
                    sendto(raw, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL), socketAddress, length)
                }
            }
        }
    }

    /// The protocol line for `state`.
    static func line(_ state: State) -> String {
        switch state {
        case .ready:
            return "READY=1"
        case .stopping:
            return "STOPPING=1"
        case .reloading:
            return "RELOADING=1\nMONOTONIC_USEC=\(MonotonicTimer.now() / 1000)"
        case .status(let text):
            // A newline would start a new assignment: the status must stay one line.
            return "STATUS=" + text.map { $0.isNewline ? " " : String($0) }.joined()
        }
    }
}
