import CLibNotify
import Synchronization

/// Catches the server's answer to a Notify call that libnotify gave up on.
///
/// libnotify's `notify_notification_show` waits 25 s for the answer and then fails; a server
/// that answers later has still shown the bubble, and GDBus drops its answer, since nobody waits
/// for it any more. So the id of that bubble would be lost: a retry would add a second bubble,
/// a cancel could not close the first. This tracker is a filter on the session bus connection
/// (GDBus runs filters on its worker thread, for every message, before anything else sees it):
/// it notes the serial of the Notify call each show sends, and the answer to that serial
/// whenever it comes, and hands a late one to ``onLateAnswer``.
///
/// Used by ``NotificationServerSession``: ``expectNotify()`` before a show, ``finish(_:gaveUp:)``
/// after it. Sendable: its state sits behind a lock, shared with GDBus's worker thread.
final class NotifyCallTracker: Sendable {
    /// Names one show, from ``expectNotify()`` to its late answer.
    struct Token: Hashable, Sendable {
        fileprivate let number: UInt64
    }

    /// What became of a Notify call that libnotify gave up on.
    enum LateResult: Hashable, Sendable {
        /// The server showed the bubble under this id.
        case shown(UInt32)
        /// The server answered with an error: no bubble.
        case failed
    }

    private enum Call {
        /// libnotify still waits for the answer (or has not returned yet).
        case awaited(Token)
        /// The answer came while libnotify waited, or just after it gave up (the caller looks).
        case answered(Token, LateResult)
        /// libnotify gave up: the answer, when it comes, goes to ``onLateAnswer``.
        case abandoned(Token)

        var token: Token {
            switch self {
            case .awaited(let token), .answered(let token, _), .abandoned(let token): return token
            }
        }
    }

    private struct State {
        var nextToken: UInt64 = 0
        /// The show whose Notify call the filter is to note next.
        var expecting: Token?
        /// Notify calls by serial.
        var calls: [UInt32: Call] = [:]
    }

    /// The most abandoned calls kept: the oldest is forgotten beyond that.
    static let limit = 256

    private let state = Mutex(State())
    /// Called on GDBus's worker thread with a late result.
    private let onLateAnswer: @Sendable (Token, LateResult) -> Void

    /// A tracker handing late answers to `onLateAnswer` (on GDBus's worker thread: hand them
    /// over to the loop thread from there).
    init(onLateAnswer: @escaping @Sendable (Token, LateResult) -> Void) {
        self.onLateAnswer = onLateAnswer
    }

    /// Filters every message of `bus` from now on (until the bus is released).
    func install(on bus: SessionBus) {
        let box = Unmanaged.passRetained(self).toOpaque()
        bus.addFilter(
            { _, message, incoming, userData in
                guard let message, let userData else { return message }
                Unmanaged<NotifyCallTracker>.fromOpaque(userData).takeUnretainedValue().saw(message, incoming: incoming != 0)
                return message
            },
            userData: box,
            destroy: { userData in
                guard let userData else { return }
                Unmanaged<NotifyCallTracker>.fromOpaque(userData).release()
            }
        )
    }

    /// Before a show: the next Notify call sent belongs to the returned token.
    func expectNotify() -> Token {
        state.withLock { state in
            state.nextToken += 1
            let token = Token(number: state.nextToken)
            state.expecting = token
            return token
        }
    }

    /// After the show of `token` returned: with `gaveUp` (libnotify's wait timed out), the
    /// answer that came meanwhile, if one did; otherwise `nil`, and a later answer goes to
    /// ``onLateAnswer``. Without `gaveUp` the call is forgotten (libnotify had its answer, or
    /// sent nothing).
    func finish(_ token: Token, gaveUp: Bool) -> LateResult? {
        state.withLock { state in
            if state.expecting == token { state.expecting = nil }
            guard let serial = state.calls.first(where: { $0.value.token == token })?.key else { return nil }
            guard gaveUp else {
                state.calls[serial] = nil
                return nil
            }
            if case .answered(_, let result) = state.calls[serial] {
                state.calls[serial] = nil
                return result
            }
            state.calls[serial] = .abandoned(token)
            if state.calls.count > Self.limit, let oldest = state.calls.keys.min() {
                state.calls[oldest] = nil
            }
            return nil
        }
    }

    /// Forgets every call (the server or the bus changed: answers to come mean nothing now).
    func forgetAll() {
        state.withLock { state in
            state.calls.removeAll()
            state.expecting = nil
        }
    }

    /// Whether an answer to the show of `token` may still come.
    func isAwaitingLateAnswer(_ token: Token) -> Bool {
        state.withLock { state in state.calls.values.contains { $0.token == token } }
    }

    /// On GDBus's worker thread: one message going out or coming in.
    private func saw(_ message: OpaquePointer, incoming: Bool) {
        let type = g_dbus_message_get_message_type(message)
        if !incoming {
            guard type == G_DBUS_MESSAGE_TYPE_METHOD_CALL, Self.isNotify(message) else { return }
            let serial = g_dbus_message_get_serial(message)
            state.withLock { state in
                guard let token = state.expecting else { return }
                state.expecting = nil
                state.calls[serial] = .awaited(token)
            }
            return
        }
        guard type == G_DBUS_MESSAGE_TYPE_METHOD_RETURN || type == G_DBUS_MESSAGE_TYPE_ERROR else { return }
        let replySerial = g_dbus_message_get_reply_serial(message)
        let result: LateResult
        if type == G_DBUS_MESSAGE_TYPE_METHOD_RETURN, let body = g_dbus_message_get_body(message),
           g_variant_is_of_type(body, chime_variant_type("(u)")) != 0 {
            let id = GVariantValue(owning: g_variant_get_child_value(body, 0)).integer.map { UInt32(truncatingIfNeeded: $0) } ?? 0
            result = id > 0 ? .shown(id) : .failed
        } else {
            result = .failed
        }
        let late: Token? = state.withLock { state in
            guard let call = state.calls[replySerial] else { return nil }
            switch call {
            case .awaited(let token):
                state.calls[replySerial] = .answered(token, result)
                return nil
            case .abandoned(let token):
                state.calls[replySerial] = nil
                return token
            case .answered:
                return nil
            }
        }
        if let late { onLateAnswer(late, result) }
    }

    private static func isNotify(_ message: OpaquePointer) -> Bool {
        guard let member = g_dbus_message_get_member(message), String(cString: member) == "Notify",
              let interface = g_dbus_message_get_interface(message) else { return false }
        return String(cString: interface) == SessionBus.notificationsName
    }
}
