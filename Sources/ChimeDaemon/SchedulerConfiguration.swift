import ChimeCore
import ChimeStore
import Foundation

extension Scheduler {
    /// Tunables; the defaults are the daemon's.
    public struct Configuration: Sendable {
        /// Derives next occurrences and action plans.
        public var planner: FastingPlanner
        /// How far past its deadline a request still counts as on time (see ``MisfireResolver``).
        public var misfireSlack: TimeInterval
        /// A timer firing this much later than armed means the machine slept or the clock
        /// jumped: the scheduler reloads from the store instead of trusting its queue.
        public var lateWakeThreshold: TimeInterval
        /// The wait before retrying a delivery the server could not take.
        public var retryBackoff: RetryBackoff
        /// The wait before reloading after a failed store call (same doubling, 1 s to 60 s).
        public var recoveryBackoff: RetryBackoff
        /// How far back water intake is read when deriving the next reminder (the desk's, by
        /// default).
        public var intakeLookback: TimeInterval
        /// Opens the link of a calendar alarm's Open button (``LinkOpener/open(_:)``).
        public var openLink: @Sendable (String) -> Void = LinkOpener.open

        /// The daemon's configuration.
        public init(
            planner: FastingPlanner = FastingPlanner(),
            misfireSlack: TimeInterval = MisfireResolver.onTimeSlack,
            lateWakeThreshold: TimeInterval = MisfireResolver.onTimeSlack,
            retryBackoff: RetryBackoff = RetryBackoff(),
            recoveryBackoff: RetryBackoff = RetryBackoff(),
            intakeLookback: TimeInterval = WaterDay.intakeLookback
        ) {
            self.planner = planner
            self.misfireSlack = misfireSlack
            self.lateWakeThreshold = lateWakeThreshold
            self.retryBackoff = retryBackoff
            self.recoveryBackoff = recoveryBackoff
            self.intakeLookback = intakeLookback
        }
    }

    /// The zone rules follow: the `time_zone` setting, else `system` (``ChimeTimeZone``).
    static func ruleZone(store: Store, system: TimeZone) -> TimeZone {
        ChimeTimeZone.resolve(setting: (try? store.setting(ChimeTimeZone.settingKey)) ?? nil, system: system)
    }
}
