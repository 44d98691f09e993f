import CLibNotify

/// Owns one libnotify `NotifyNotification`: the bubble of one request identifier.
///
/// Showing the same object again keeps its server id, so the server replaces the bubble in
/// place. Lives and dies on the main-loop thread. Must be released while libnotify still has
/// its proxy (before `notify_uninit`): disposing a notification without one makes libnotify
/// create a proxy, a blocking call to the server.
final class NotificationBubble {
    /// What a bubble shows, already in the form its server accepts.
    struct Content {
        var title: String
        var body: String
        var iconName: String
        var appName: String
        var desktopEntry: String
        var urgency: RenderedNotification.Urgency
        var category: RenderedNotification.Category
        var timeout: Int32
        var actions: [NotificationAction]
        /// A server-specific hint naming the bubble's stack (dunst's `x-dunst-stack-tag`), with
        /// the request identifier as value:
        /// then even a bubble whose id was never stored (the daemon died while the server
        /// hung) is replaced, not stacked, when its request is shown again. `nil` when the
        /// server does not advertise it.
        var stackTag: (hint: String, value: String)?
    }

    /// The request identifier this bubble shows.
    let identifier: String
    private let notification: UnsafeMutablePointer<NotifyNotification>

    /// Makes a bubble for `identifier`; with `serverID`, showing it replaces the server's bubble
    /// of that id (known from the store after a crash) rather than adding one.
    /// `onClosed` runs (on the main-loop thread) with the server id and the reason when the
    /// server reports the bubble closed; `onAction` when the user picks one of its actions.
    init(
        identifier: String, replacing serverID: UInt32?,
        onClosed: @escaping (UInt32, CloseReason) -> Void, onAction: @escaping (ActionKey) -> Void
    ) {
        self.identifier = identifier
        // The texts are set by `show`; libnotify requires a non-empty summary at creation.
        notification = notify_notification_new(" ", nil, nil)
        if let serverID, serverID > 0, serverID <= UInt32(Int32.max) {
            chime_notification_set_id(notification, Int32(serverID))
        }
        actionHandler = ActionHandler(onAction)
        let closedContext = Unmanaged.passRetained(ClosedHandler(onClosed)).toOpaque()
        _ = chime_notification_connect_closed(notification, { notification, userData in
            guard let notification, let userData else { return }
            // libnotify sets the id to 0 only after the signal handlers ran.
            let serverID = UInt32(max(0, chime_notification_get_id(notification)))
            let reason = CloseReason(code: UInt32(max(0, notify_notification_get_closed_reason(notification))))
            Unmanaged<ClosedHandler>.fromOpaque(userData).takeUnretainedValue().handler(serverID, reason)
        }, closedContext, { userData, _ in
            Unmanaged<ClosedHandler>.fromOpaque(userData!).release()
        })
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(notification))
    }

    /// The server's id of this bubble, or 0 when it was never shown or has been closed.
    var serverID: UInt32 {
        UInt32(max(0, chime_notification_get_id(notification)))
    }

    /// Shows `content` (replacing what this bubble showed before) and returns the server's id.
    /// Blocks until the server answers: libnotify's call has no timeout of its own.
    func show(_ content: Content) throws(GLibError) -> UInt32 {
        notify_notification_clear_hints(notification)
        notify_notification_clear_actions(notification)
        content.title.withCString { title in
            content.body.withCString { body in
                content.iconName.withCString { icon in
                    _ = notify_notification_update(notification, title, body, icon)
                }
            }
        }
        notify_notification_set_app_name(notification, content.appName)
        notify_notification_set_urgency(notification, NotifyUrgency(rawValue: UInt32(content.urgency.rawValue)))
        notify_notification_set_category(notification, content.category.rawValue)
        notify_notification_set_hint(notification, "desktop-entry", g_variant_new_string(content.desktopEntry))
        notify_notification_set_timeout(notification, content.timeout)
        if let stackTag = content.stackTag {
            notify_notification_set_hint(notification, stackTag.hint, g_variant_new_string(stackTag.value))
        }
        let handler = Unmanaged.passUnretained(actionHandler).toOpaque()
        for action in content.actions {
            // Each registration holds its own reference, released by libnotify when the actions
            // are cleared or the notification is finalized.
            _ = Unmanaged.passRetained(actionHandler)
            notify_notification_add_action(notification, action.key.rawValue, action.label, { _, action, userData in
                guard let action, let userData, let key = ActionKey(rawValue: String(cString: action)) else { return }
                Unmanaged<ActionHandler>.fromOpaque(userData).takeUnretainedValue().handler(key)
            }, handler, { userData in
                Unmanaged<ActionHandler>.fromOpaque(userData!).release()
            })
        }
        let shown = try GLibError.check { error in notify_notification_show(notification, error) }
        guard shown != 0 else { throw GLibError(message: "the server did not show the notification") }
        return serverID
    }

    /// Takes `serverID` as this bubble's id: the server showed it, but its answer came after
    /// libnotify had given up waiting. libnotify then matches the server's `NotificationClosed`
    /// and `ActionInvoked` for that id to this bubble, and showing it again replaces it.
    func adopt(serverID: UInt32) {
        guard serverID > 0, serverID <= UInt32(Int32.max) else { return }
        chime_notification_set_id(notification, Int32(serverID))
    }

    /// Asks the server to close this bubble (it answers with a `closed` signal, reason 3).
    func close() throws(GLibError) {
        let closed = try GLibError.check { error in notify_notification_close(notification, error) }
        guard closed != 0 else { throw GLibError(message: "the server did not close the notification") }
    }

    private let actionHandler: ActionHandler

    private final class ActionHandler {
        let handler: (ActionKey) -> Void
        init(_ handler: @escaping (ActionKey) -> Void) { self.handler = handler }
    }

    private final class ClosedHandler {
        let handler: (UInt32, CloseReason) -> Void
        init(_ handler: @escaping (UInt32, CloseReason) -> Void) { self.handler = handler }
    }
}
