import FoundationEssentials

/// One `VALARM` of an event or to-do (RFC 5545 section 3.6.6, RFC 9074).
public struct CalendarAlarm: Hashable, Sendable {
    /// What the alarm asks for (`ACTION`).
    public enum Action: Hashable, Sendable, CustomStringConvertible {
        /// `DISPLAY`: shown as a notification.
        case display
        /// `AUDIO`: shown as a notification (Chime plays no sound of its own).
        case audio
        /// `EMAIL`: never sent; listed as skipped.
        case email
        /// Any other action (`PROCEDURE`, `X-...`): listed as skipped.
        case other(String)

        /// Whether Chime shows alarms of this action.
        public var isShown: Bool {
            switch self {
            case .display, .audio: return true
            case .email, .other: return false
            }
        }

        /// The `ACTION` value, `DISPLAY`.
        public var description: String {
            switch self {
            case .display: return "DISPLAY"
            case .audio: return "AUDIO"
            case .email: return "EMAIL"
            case .other(let name): return name
            }
        }
    }

    /// Which end of its item a relative trigger counts from (`RELATED`).
    public enum Edge: Hashable, Sendable {
        /// The start (`RELATED=START`, the default).
        case start
        /// The end: `DTEND`, `DTSTART` + `DURATION`, or a to-do's `DUE`.
        case end
    }

    /// When the alarm goes off (`TRIGGER`).
    public enum Trigger: Hashable, Sendable {
        /// A duration before (negative) or after an edge of each instance.
        case relative(CalendarDuration, to: Edge)
        /// One time (`VALUE=DATE-TIME`, UTC by the RFC), once even on a recurring item.
        case absolute(CalendarTime)
    }

    /// `ACTION`.
    public var action: Action
    /// `TRIGGER`.
    public var trigger: Trigger
    /// `REPEAT`: how many more times it goes off, `interval` apart (0 with no `REPEAT`).
    public var repeatCount: Int
    /// `DURATION`: the time between repetitions (zero with no `REPEAT`).
    public var repeatInterval: CalendarDuration
    /// `ACKNOWLEDGED` (RFC 9074): firings of this alarm whose first trigger is at or before it
    /// were dealt with and give no alarm.
    public var acknowledged: Date?

    /// Makes an alarm; a repetition with an interval of zero or less is dropped.
    public init(action: Action, trigger: Trigger, repeatCount: Int = 0, repeatInterval: CalendarDuration = .zero, acknowledged: Date? = nil) {
        self.action = action
        self.trigger = trigger
        let repeats = repeatCount > 0 && repeatInterval.approximateSeconds > 0
        self.repeatCount = repeats ? repeatCount : 0
        self.repeatInterval = repeats ? repeatInterval : .zero
        self.acknowledged = acknowledged
    }
}
