import CLibNotify

/// A one-shot timer on the GLib main context of the thread that makes it (ChimeNotify's loop
/// thread): `work` runs there once, after `delay`, unless the timer is cancelled or released
/// first. For the few waits the loop thread does by itself (reconnecting to a bus that went away).
final class ContextTimer {
    private var source: UnsafeMutablePointer<GSource>?

    /// Starts the timer.
    init(after delay: Double, _ work: @escaping () -> Void) {
        let milliseconds = guint(max(1, min(Double(guint.max), (delay * 1000).rounded(.up))))
        let source = g_timeout_source_new(milliseconds)!
        let box = Unmanaged.passRetained(WorkBox(work)).toOpaque()
        g_source_set_callback(source, { userData in
            Unmanaged<WorkBox>.fromOpaque(userData!).takeUnretainedValue().work()
            return 0  // G_SOURCE_REMOVE: one shot
        }, box, { userData in
            Unmanaged<WorkBox>.fromOpaque(userData!).release()
        })
        g_source_attach(source, g_main_context_get_thread_default())
        self.source = source
    }

    deinit {
        cancel()
    }

    /// Stops the timer; `work` does not run (if it has not already).
    func cancel() {
        guard let source else { return }
        g_source_destroy(source)
        g_source_unref(source)
        self.source = nil
    }

    private final class WorkBox {
        let work: () -> Void
        init(_ work: @escaping () -> Void) { self.work = work }
    }
}
