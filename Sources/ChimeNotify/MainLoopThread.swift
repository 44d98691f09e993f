import CLibNotify
import Foundation

/// A thread of its own running a GLib main loop over a private main context.
///
/// Every GLib, GIO and libnotify call of ChimeNotify runs here: libnotify's proxy, D-Bus signal
/// subscriptions, action callbacks and the `closed` signal all belong to the context that was
/// the thread default when they were set up, and are dispatched only while it iterates. With
/// nothing to do the thread sleeps in `poll` without any timeout: no idle wake-ups.
final class MainLoopThread: @unchecked Sendable {
    // @unchecked: `context` and `loop` are set once in init; GLib's context and loop functions
    // used from other threads (source attach, quit) are thread-safe.
    private let context: OpaquePointer
    private let loop: OpaquePointer
    private let finished = DispatchSemaphore(value: 0)

    /// Starts the thread; `setUp` and `tearDown` run on it, before and after the loop.
    init(name: String, setUp: @escaping @Sendable () -> Void, tearDown: @escaping @Sendable () -> Void) {
        context = g_main_context_new()
        loop = g_main_loop_new(context, 0)
        let started = DispatchSemaphore(value: 0)
        // The thread keeps `self` alive until it finishes.
        let thread = Thread { [self] in
            // Named directly: Foundation's setter names the thread only once its parent has
            // stored the pthread handle, which races with this closure starting.
            _ = chime_name_current_thread(name)
            g_main_context_push_thread_default(context)
            setUp()
            started.signal()
            g_main_loop_run(loop)
            tearDown()
            // Run what tear-down left pending (GDBus frees unsubscribed handlers and drops its
            // references in idle callbacks): skipped, they would keep the bus connection alive.
            while g_main_context_iteration(context, 0) != 0 {}
            g_main_context_pop_thread_default(context)
            finished.signal()
        }
        thread.start()
        started.wait()
    }

    deinit {
        g_main_loop_unref(loop)
        g_main_context_unref(context)
    }

    /// Runs `work` on the loop thread, after the work handed over before it. Returns at once.
    ///
    /// With `aheadOfSignals`, it runs at the priority GDBus dispatches signals with, so before
    /// any signal that arrives after this call (a late Notify answer must reach the bubble
    /// before the server's `NotificationClosed` for it); otherwise at idle priority, after them.
    func perform(aheadOfSignals: Bool = false, _ work: @escaping () -> Void) {
        // An idle source rather than g_main_context_invoke: invoke runs the function right in the
        // calling thread when it can acquire the context, and that must never happen here.
        let source = g_idle_source_new()!
        if aheadOfSignals { g_source_set_priority(source, 0) }  // G_PRIORITY_DEFAULT
        let box = Unmanaged.passRetained(WorkBox(work)).toOpaque()
        g_source_set_callback(source, { userData in
            Unmanaged<WorkBox>.fromOpaque(userData!).takeUnretainedValue().work()
            return 0  // G_SOURCE_REMOVE
        }, box, { userData in
            Unmanaged<WorkBox>.fromOpaque(userData!).release()
        })
        g_source_attach(source, context)
        g_source_unref(source)
    }

    /// Quits the loop and waits up to `timeout` for the thread to finish its tear-down; `false`
    /// when it did not (it is stuck in a call to a hung server and finishes on its own later).
    func stop(timeout: TimeInterval) -> Bool {
        perform { [self] in g_main_loop_quit(loop) }
        return finished.wait(timeout: .now() + timeout) == .success
    }

    private final class WorkBox {
        let work: () -> Void
        init(_ work: @escaping () -> Void) { self.work = work }
    }
}
