import ChimeCore
import ChimeDesk
import ChimeStore
import Foundation

/// Follows the zone rules follow (``ChimeTimeZone``: the `time_zone` setting, else the system's)
/// and has the desk derive everything that recurs again when it changes, in either direction.
///
/// Not Sendable: it belongs to the scheduler's thread.
final class RuleZoneFollower {
    private let store: Store
    private let desk: Desk
    private let timeZones: any TimeZoneSource
    private let log: DaemonLog
    private let hooks: SchedulerHooks
    /// The groups with a notification on its way: their follow-up derives in the new zone.
    private let busyGroups: () -> Set<String>

    init(store: Store, desk: Desk, timeZones: any TimeZoneSource, log: DaemonLog, hooks: SchedulerHooks, busyGroups: @escaping () -> Set<String>) {
        self.store = store
        self.desk = desk
        self.timeZones = timeZones
        self.log = log
        self.hooks = hooks
        self.busyGroups = busyGroups
    }

    /// Whether the zone rules follow is no longer the desk's (the setting changed).
    var hasChanged: Bool {
        Scheduler.ruleZone(store: store, system: timeZones.current).identifier != desk.timeZone.identifier
    }

    /// Makes the desk follow the zone now in effect and derive what recurs again in it
    /// (``Desk/timeZoneChanged(now:busyGroups:)``), in one write.
    func follow(now: Date) {
        timeZones.refresh()
        let zone = Scheduler.ruleZone(store: store, system: timeZones.current)
        desk.follow(zone)
        log.notice("the time zone rules follow is now \(zone.identifier): deriving what recurs again")
        do {
            let busy = busyGroups()
            let desk = desk
            // The desk sees the zone it derived in last differ from the one it follows now.
            _ = try store.apply(now: now) { () throws -> ChangePlan in try desk.derivedAgain(now: now, busyGroups: busy) }
            try hooks.syncChanges()
        } catch {
            hooks.fail(error, "deriving what recurs in the new time zone")
        }
    }
}

@available(*, unavailable, message: "it belongs to the scheduler's thread")
extension RuleZoneFollower: Sendable {}
