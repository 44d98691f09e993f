import ChimeCore
import ChimeStore
import FoundationEssentials

/// The one place every intention becomes a change: each command of `chime`, each button on a
/// bubble, and everything chimed derives (the next occurrences after a delivery, catch-up after
/// downtime, a time-zone change, the return to the desk).
///
/// An intention is decided inside the store's write transaction, from the records as they stand
/// (``perform(requestID:now:clock:_:)``), by the rules of ChimeCore; what recurs is then derived
/// again from its rule and what happened (``derivedAgain(now:)``) in the same transaction. So
/// `chime` is parse, desk, print, and chimed is event, desk, queue: neither decides anything about
/// fasts, water or reminders itself, and both see the same answer whichever of them ran.
///
/// Not Sendable: one desk per invocation, or per daemon thread.
public final class Desk {
    /// The store every decision reads and every change goes to.
    public let store: Store
    /// The rules of fasts, water and reminders.
    public let planner: FastingPlanner
    /// The zone rules follow: the `time_zone` setting, else the system's (``ChimeTimeZone``),
    /// the same for `chime` and chimed.
    public private(set) var timeZone: TimeZone
    /// A Gregorian calendar in ``timeZone``.
    public private(set) var calendar: Calendar
    /// Where generated ids come from (seeded in tests).
    private var randomSource: any RandomNumberGenerator
    /// The calendars' contents, read from their files by whoever holds them (chimed): what a
    /// calendar alarm's next firing is derived from. `nil` where nobody read them (`chime`):
    /// the alarms' facts are still recorded, and chimed derives what follows.
    public var calendars: CalendarShelf?
    /// Reads a calendar from its files, for a desk that holds no shelf kept up to date
    /// (`chime`): used only when the store lags behind the calendars (chimed did not derive
    /// them) or when a command acts on a calendar alarm (``preparedCalendar(named:)``).
    public var calendarLoader: ((CalendarSource) throws -> PreparedCalendar)?
    /// Whether the ``calendarLoader`` can read calendars' files at all (`chime` without
    /// libical cannot): asked only when a calendar lags behind before an intention.
    public var canReadCalendars: () -> Bool = { true }

    /// How far back water intake is read to place the next reminder and count the water day.
    public static let intakeLookback = WaterDay.intakeLookback

    /// Makes a desk over `store` whose rules follow `timeZone`.
    public init(
        store: Store, timeZone: TimeZone, planner: FastingPlanner = FastingPlanner(),
        randomSource: any RandomNumberGenerator = SystemRandomNumberGenerator()
    ) {
        self.store = store
        self.planner = planner
        self.timeZone = timeZone
        self.calendar = LocalTimeResolver.gregorian(in: timeZone)
        self.randomSource = randomSource
    }

    /// Makes the rules follow `zone` from now on (the system's zone or the setting changed).
    public func follow(_ zone: TimeZone) {
        timeZone = zone
        calendar = LocalTimeResolver.gregorian(in: zone)
    }

    // MARK: Deciding and applying

    /// A change decided and what it means, for whoever asked to say.
    public struct Decision<Outcome> {
        /// What to write.
        public var plan: ChangePlan
        /// What was decided, for the lines `chime` prints or the line chimed logs.
        public var outcome: Outcome

        /// Makes a decision.
        public init(_ plan: ChangePlan, _ outcome: Outcome) {
            self.plan = plan
            self.outcome = outcome
        }
    }

    /// What a performed decision did.
    public struct Performed<Outcome> {
        /// What was decided.
        public var outcome: Outcome
        /// The write, `nil` when nothing changed; replayed when the request id was applied before.
        public var result: ApplyResult?
        /// The instant it was decided at (read once the write lock was held).
        public var decidedAt: Date
    }

    /// Decides an intention and applies it in one write transaction, then derives again what
    /// recurs (``derivedAgain(now:)``) in the same transaction.
    ///
    /// `decide` runs with the write lock held and gets the instant read once the lock is held
    /// (`clock`, at least `now`): a command that waited for the lock sees what was committed
    /// meanwhile as a command run after it would. Before it decides, the store is brought to
    /// what a wake of chimed at that instant would leave (``catchUpAsAWake(now:)``), written in the
    /// same transaction: an intention acts on what readers show (``readingDerived(now:_:)``),
    /// whether or not chimed ran. When a lagging calendar's files cannot be read at all
    /// (``canReadCalendars``), it decides against the store as it stands, and chimed catches
    /// up at its next wake. A replayed request id returns without deciding again
    /// (`outcome` is then `nil`).
    public func perform<Outcome>(
        requestID: String?, now: Date, clock: () -> Date, _ decide: (Date) throws -> Decision<Outcome>
    ) throws -> Performed<Outcome?> {
        var outcome: Outcome?
        var decidedAt = now
        var changed = false
        // Calendars lagging are read from their files before the write lock is taken.
        let catchesUp = try loadLaggingCalendars(now: now)
        let result = try withoutActuallyEscaping(decide) { decide in
            try withoutActuallyEscaping(clock) { clock in
                try store.apply(requestID: requestID, now: now, steps: [
                    { [self] in
                        decidedAt = max(now, clock())
                        // Written with the change: nothing when the store does not lag.
                        if catchesUp { try store.joiningWrites { try catchUpAsAWake(now: decidedAt) } }
                        return ChangePlan()
                    },
                    {
                        let decision = try decide(decidedAt)
                        outcome = decision.outcome
                        changed = !decision.plan.isEmpty
                        return decision.plan
                    },
                    // Nothing decided, nothing to derive again: an empty change writes nothing.
                    { [self] in changed ? try derivedAgain(now: decidedAt) : ChangePlan() },
                ])
            }
        }
        return Performed(outcome: outcome, result: result, decidedAt: decidedAt)
    }

    /// What the records now say must be pending, as a change: the notifications of every fast
    /// schedule's fasts (``FastScheduleDerivation``). Run after every decision, in its
    /// transaction, and by chimed at start and after downtime.
    public func derivedAgain(now: Date, busyGroups: Set<String> = []) throws -> ChangePlan {
        var plan = ChangePlan()
        // The zone rules follow moved since anyone derived (the system's zone or the setting
        // changed while chimed did not run): what recurs is derived again in the new one first.
        let derivedZone = try store.setting(Self.derivedZoneSetting)
        if derivedZone != timeZone.identifier {
            if derivedZone != nil { plan.merge(try timeZoneChanged(now: now, busyGroups: busyGroups)) }
            plan.settings[Self.derivedZoneSetting] = timeZone.identifier
            // The change is a fact: what began before now began on the old zone's clock.
            plan.settings[Self.zoneHistorySetting] = try zoneHistory(now: now).text
        }
        // Fasts the zone change moved are read where they now are.
        let timeline = fastTimeline(try fastTimeline(now: now), after: plan)
        let derivation = FastScheduleDerivation(planner: planner.requests)
        for schedule in timeline.schedules where schedule.endedAt.map({ $0 > now.addingTimeInterval(-Self.endedScheduleReach(schedule)) }) ?? true {
            let through = try store.fastScheduleDerivedThrough(id: schedule.id)
            let since = (through ?? schedule.start).addingTimeInterval(-schedule.instanceReach)
            let stored = try store.requests(inGroupsPrefixed: schedule.id + ".", dueSince: since).map { row in
                FastScheduleDerivation.StoredNotification(
                    identifier: row.stored.request.identifier, group: row.stored.request.group, due: row.stored.request.due,
                    isPending: row.stored.state == .pending, isSnoozed: row.snoozedFrom != nil,
                    isWithdrawn: row.isWithdrawn && row.stored.state == .cancelled, content: row.stored.request.content
                )
            }
            plan.merge(derivation.plan(for: schedule, timeline: timeline, derivedThrough: through, stored: stored, now: now))
        }
        return plan
    }

    /// The setting the desk keeps the zone it last derived in under (not a user's setting).
    public static let derivedZoneSetting = "desk.derived_time_zone"
    /// The setting the desk keeps the zones followed before under (``ZoneHistory/text``).
    public static let zoneHistorySetting = "desk.zone_history"

    /// The zones followed before ``timeZone``, with a change not written yet (the zone moved
    /// while chimed did not run, and no one derived since) counted as noticed at `now`.
    func zoneHistory(now: Date) throws -> ZoneHistory {
        let history = ZoneHistory(text: try store.setting(Self.zoneHistorySetting))
        guard let derived = try store.setting(Self.derivedZoneSetting), derived != timeZone.identifier,
              let zone = ChimeTimeZone.zone(named: derived) else { return history }
        return history.appending(zone, until: now)
    }

    /// How long after it ended a schedule may still have a fast running: one cycle and a day.
    private static func endedScheduleReach(_ schedule: FastSchedule) -> TimeInterval {
        schedule.instanceReach + 86_400
    }

    // MARK: Reading

    /// Every fast around `now` as the records and rules give them (``FastTimeline``): enough
    /// for what is running, what comes next and the recent past. For the history, ask
    /// ``fastTimeline(since:now:)``.
    public func fastTimeline(now: Date) throws -> FastTimeline {
        try fastTimeline(since: now.addingTimeInterval(-8 * 86_400), now: now)
    }

    /// The timeline with every fast recorded from `since` on (and those that may still run), as
    /// it stands at `now`.
    public func fastTimeline(since: Date, now: Date) throws -> FastTimeline {
        let schedules = try store.fastSchedules()
        // A schedule's fast recorded just before `since` (skipped, stopped, or begun at another
        // instant before the zone moved, up to a day away) still stands for its day inside the
        // window, where the rule would otherwise give it again.
        let reach = (schedules.map(\.plan.cycleLength).max() ?? 0) + 2 * 3600 + 86_400
        return FastTimeline(
            recorded: try store.sessions(relevantFrom: since.addingTimeInterval(-reach)), schedules: schedules, timeZone: timeZone,
            zones: try zoneHistory(now: now)
        )
    }

    /// The timeline after `plan` is applied to `timeline`: what a decision's lines say comes next.
    public func fastTimeline(_ timeline: FastTimeline, after plan: ChangePlan) -> FastTimeline {
        var recorded = Dictionary(timeline.recorded.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        for id in plan.deletedSessions { recorded[id] = nil }
        for session in plan.sessions { recorded[session.id] = session }
        var schedules = Dictionary(timeline.schedules.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        for schedule in plan.fastSchedules { schedules[schedule.id] = schedule }
        return FastTimeline(
            recorded: recorded.values.sorted { ($0.start, $0.id) < ($1.start, $1.id) },
            schedules: schedules.values.sorted { ($0.start, $0.id) < ($1.start, $1.id) }, timeZone: timeZone, zones: timeline.zones
        )
    }

    /// Every glass recent enough to place a water reminder and count its water day.
    public func recentIntakes(now: Date) throws -> [WaterIntake] {
        try store.waterIntakes(since: now.addingTimeInterval(-Self.intakeLookback))
    }

    // MARK: Ids

    /// A generated id `prefix-xxx` that names nothing yet and has no notifications.
    public func generateID(prefix: String, now: Date) throws -> String {
        // 32^3 ids per prefix: collisions are rare, and a few retries find a free one.
        for _ in 0..<64 {
            let id = EntityID.generate(prefix: prefix, using: &randomSource)
            if try !namesSomething(id, now: now), try store.pendingRequests(inGroup: id).isEmpty { return id }
        }
        throw DeskRefusal.noFreeID(prefix: prefix)
    }
}
