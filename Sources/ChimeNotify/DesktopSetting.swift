import CLibNotify

/// One Boolean key of a GSettings schema (GNOME's `org.gnome.desktop.notifications
/// show-banners`), read and followed on the main-loop thread.
///
/// Made only when the schema is installed: `g_settings_new` aborts the whole process for an
/// unknown schema, so the schema is looked up first and a missing one is no setting at all.
/// Changes arrive as GSettings' `changed::KEY` signal on the thread-default main context the
/// setting was made on (ChimeNotify's loop thread).
final class DesktopSetting {
    /// The schema's id.
    let schema: String
    /// The key within the schema.
    let key: String
    private let settings: UnsafeMutablePointer<GSettings>
    private var handlerID: gulong = 0

    /// The key `key` of `schema`, or `nil` when the schema is not installed or has no such key.
    init?(schema: String, key: String) {
        guard let source = g_settings_schema_source_get_default(),
              let found = g_settings_schema_source_lookup(source, schema, 1) else { return nil }
        defer { g_settings_schema_unref(found) }
        guard g_settings_schema_has_key(found, key) != 0, let settings = g_settings_new_full(found, nil, nil) else { return nil }
        self.schema = schema
        self.key = key
        self.settings = settings
    }

    deinit {
        if handlerID != 0 { g_signal_handler_disconnect(UnsafeMutableRawPointer(settings), handlerID) }
        g_object_unref(UnsafeMutableRawPointer(settings))
    }

    /// The key's current value.
    var value: Bool { g_settings_get_boolean(settings, key) != 0 }

    /// Calls `handler` with the new value whenever the key changes (replacing an earlier one).
    func observe(_ handler: @escaping (Bool) -> Void) {
        if handlerID != 0 { g_signal_handler_disconnect(UnsafeMutableRawPointer(settings), handlerID) }
        let box = Unmanaged.passRetained(ChangeHandler(handler)).toOpaque()
        handlerID = chime_settings_connect_changed(
            settings, "changed::\(key)",
            { settings, key, userData in
                guard let settings, let key, let userData else { return }
                let value = g_settings_get_boolean(settings, key) != 0
                Unmanaged<ChangeHandler>.fromOpaque(userData).takeUnretainedValue().handler(value)
            },
            box,
            { userData, _ in
                guard let userData else { return }
                Unmanaged<ChangeHandler>.fromOpaque(userData).release()
            }
        )
        // GSettings emits `changed` for a key only once it has been read since the last change.
        _ = value
    }

    private final class ChangeHandler {
        let handler: (Bool) -> Void
        init(_ handler: @escaping (Bool) -> Void) { self.handler = handler }
    }
}
