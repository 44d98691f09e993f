import CLibNotify

/// Follows the signals of one notification server process beside libnotify, on the main-loop
/// thread: every `NotificationClosed` (any application's bubble, where the server broadcasts it
/// as notification-daemon does) makes room on a full server, and an `ActionInvoked` for a bubble
/// of ours that the server reported closed but left on screen (notification-daemon again) is a
/// click on a stale button, which libnotify no longer matches to any bubble.
///
/// Made once per server process, like ``DoNotDisturbWatch``; its subscriptions end with it.
final class ServerSignalWatch {
    /// The server's unique bus name.
    let owner: String
    private weak var bus: SessionBus?
    private var subscriptions: [guint] = []
    /// Our bubbles the server reported closed, by id (the newest `limit`).
    private var closed: [UInt32: String] = [:]
    private var closedOrder: [UInt32] = []
    private let limit: Int

    /// Follows `owner` on `bus`: `emit` gets ``NotifierEvent/roomMade`` and
    /// ``NotifierEvent/actionOnClosedBubble(identifier:action:)``; `isLive` says whether an id
    /// is a bubble of ours still on screen (libnotify reports its clicks).
    init(owner: String, bus: SessionBus, limit: Int, isLive: @escaping (UInt32) -> Bool, emit: @escaping (NotifierEvent) -> Void) {
        self.owner = owner
        self.bus = bus
        self.limit = limit
        subscriptions.append(bus.observeSignal(sender: owner, interface: SessionBus.notificationsName, member: "NotificationClosed") { _ in
            emit(.roomMade)
        })
        subscriptions.append(bus.observeSignal(sender: owner, interface: SessionBus.notificationsName, member: "ActionInvoked") { [weak self] arguments in
            guard let self, let id = arguments.child(0).integer.map({ UInt32(truncatingIfNeeded: $0) }), !isLive(id),
                  let identifier = self.closed[id], let action = ActionKey(rawValue: arguments.child(1).string) else { return }
            emit(.actionOnClosedBubble(identifier: identifier, action: action))
        })
    }

    deinit {
        for subscription in subscriptions { bus?.unsubscribe(subscription) }
    }

    /// Notes that the server reported our bubble `serverID` of `identifier` closed.
    func noteClosed(_ serverID: UInt32, of identifier: String) {
        guard serverID > 0 else { return }
        if closed.updateValue(identifier, forKey: serverID) == nil { closedOrder.append(serverID) }
        if closedOrder.count > limit { closed[closedOrder.removeFirst()] = nil }
    }
}
