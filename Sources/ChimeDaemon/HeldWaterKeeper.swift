import ChimeCore
import ChimeDesk
import ChimeNotify
import ChimeStore
import Foundation

/// What the scheduler knows about who looks at the screen (the server's do-not-disturb mode, a
/// locked session) and the water reminders held meanwhile: the rule of what is held is
/// ChimeCore's ``WaterHold``, read with the store's settings at each wake; this keeps the state
/// observed, counts what was held, sends the one summary when the last reason ends, and asks the
/// desk for the water reminders after the user is back.
///
/// Not Sendable: it belongs to the scheduler's thread.
final class HeldWaterKeeper {
    private let store: Store
    private let desk: Desk
    private let notifier: any Notifier
    private let clock: any WallClock
    private let deferral: DoNotDisturbDeferral
    private let log: DaemonLog
    private let post: @Sendable (SchedulerMessage) -> Void
    private let hooks: SchedulerHooks
    /// The groups with a request on its way to the server: left alone after an unlock.
    private let busyGroups: () -> Set<String>

    /// Whether the server is in do-not-disturb mode (dunst paused, KDE inhibited, ...).
    private(set) var doNotDisturb = false
    /// Whether the user's session is locked (nobody at the desk).
    private(set) var away = false
    /// The water reminders held (recorded as missed) and the latest of them (its schedule and
    /// progress go into the summary).
    private var held: (count: Int, latest: NotificationRequest)?
    /// Whether a summary is on its way to the server.
    private(set) var isSummarizing = false

    init(
        store: Store, desk: Desk, notifier: any Notifier, clock: any WallClock,
        deferral: DoNotDisturbDeferral, log: DaemonLog, hooks: SchedulerHooks, busyGroups: @escaping () -> Set<String>,
        post: @escaping @Sendable (SchedulerMessage) -> Void
    ) {
        self.store = store
        self.desk = desk
        self.notifier = notifier
        self.clock = clock
        self.deferral = deferral
        self.log = log
        self.hooks = hooks
        self.busyGroups = busyGroups
        self.post = post
    }

    /// How many water reminders were held and wait for their summary.
    var heldCount: Int { held?.count ?? 0 }

    /// What holds now, with `settings` (the store's, read at this wake).
    func hold(settings: [String: String]) -> WaterHold {
        WaterHold(doNotDisturb: doNotDisturb, away: away, settings: settings)
    }

    /// Counts `request` as held, for the summary.
    func held(_ request: NotificationRequest) {
        held = ((held?.count ?? 0) + 1, request)
    }

    /// The server entered or left do-not-disturb mode: what waited for its end goes out, and the
    /// summary of what was held.
    func doNotDisturbChanged(_ on: Bool) {
        guard on != doNotDisturb else { return }
        doNotDisturb = on
        if on {
            log.notice(settingIsOn(WaterHold.doNotDisturbSetting)
                ? "the notification server is in do-not-disturb mode: holding water reminders"
                : "the notification server is in do-not-disturb mode; notify.dnd is off, so water reminders are shown anyway")
            return
        }
        log.notice("do-not-disturb ended\(held.map { ": summarizing \($0.count) held water reminder\($0.count == 1 ? "" : "s")" } ?? "")")
        do {
            try deferral.release(at: clock.now)
            try hooks.syncChanges()
        } catch {
            hooks.fail(error, "sending the notifications that waited for do-not-disturb to end")
        }
        sendSummary()
    }

    /// The session was locked or unlocked: after an unlock the water reminders start over one
    /// interval later, and the summary comes.
    func awayChanged(_ locked: Bool) {
        guard locked != away else { return }
        away = locked
        guard !locked else {
            log.notice(settingIsOn(WaterHold.awaySetting)
                ? "the session is locked: holding water reminders"
                : "the session is locked; notify.away is off, so water reminders are shown anyway")
            return
        }
        log.notice("the session is unlocked")
        restartWaterAfterReturn()
        sendSummary()
    }

    /// Records the server's answer about the summary of `heldCount` reminders.
    func finishSummary(heldCount: Int, outcome: DeliveryOutcome) {
        isSummarizing = false
        switch outcome {
        case .shown(let serverID):
            log.info("summarized \(heldCount) held water reminder\(heldCount == 1 ? "" : "s") as bubble \(serverID)")
            // Reminders held while the summary was on its way wait for the next one.
            if let current = held {
                held = current.count > heldCount ? (current.count - heldCount, current.latest) : nil
            }
        case .rejected(let reason):
            log.warning("cannot show the summary of held water reminders: \(reason)")
            held = nil
        default:
            // Kept: the next time do-not-disturb ends, the summary counts these too.
            log.notice("could not show the summary of held water reminders: \(LogFormat.describe(outcome))")
        }
    }

    /// Shows one bubble for the water reminders held ("3 water reminders while you were busy"),
    /// with the day's progress of the latest, at once: the request is ChimeCore's
    /// (``WaterHold/summary(count:latest:now:)``). Not stored: the reminders it stands for are
    /// recorded as missed already, and it has no buttons.
    private func sendSummary() {
        guard let held, !isSummarizing else { return }
        let settings: [String: String]
        do {
            settings = try store.settings()
            // Another reason may still hold (read as at every wake: the settings may have changed).
            guard !hold(settings: settings).isHolding else { return }
        } catch {
            hooks.fail(error, "reading the settings for the summary of held water reminders")
            return
        }
        let now = clock.now
        isSummarizing = true
        let post = post
        let count = held.count
        // In the settings' language and water urgency, as the reminders it stands for.
        let summary = WaterHold.summary(count: held.count, latest: held.latest, now: now)
        notifier.deliver(DeliveryStyle(settings: settings).job(summary, now: now, timeZone: desk.timeZone)) { outcome in
            post(.summarized(heldCount: count, outcome: outcome))
        }
    }

    /// After an unlock, makes each water schedule's next reminder due one interval later
    /// (``Desk/planAfterReturn(at:skipping:)``), unless `notify.away` is off.
    private func restartWaterAfterReturn() {
        let now = clock.now
        do {
            guard WaterHold.isOn(try store.setting(WaterHold.awaySetting)) else { return }
            // A schedule with a reminder on its way is left alone: its answer plans the next.
            let busy = busyGroups()
            let desk = desk
            guard try store.apply(now: now, planning: { () throws -> ChangePlan in try desk.planAfterReturn(at: now, skipping: busy) }) != nil
            else { return }
            log.info("back at the desk: the next water reminders are due one interval from now")
            try hooks.syncChanges()
        } catch {
            hooks.fail(error, "scheduling the water reminders after the unlock")
        }
    }

    /// Whether the setting `key` (`notify.dnd`, `notify.away`) leaves its behaviour on; on when it
    /// cannot be read (the default), which only words a log line.
    func settingIsOn(_ key: String) -> Bool {
        WaterHold.isOn((try? store.setting(key)) ?? nil)
    }
}

@available(*, unavailable, message: "it belongs to the scheduler's thread")
extension HeldWaterKeeper: Sendable {}
