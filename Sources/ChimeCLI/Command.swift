import ChimeCore

/// What the user asked `chime` to do, with every value already read and validated.
///
/// Produced by ``CommandParser/parse(_:)``; running it against the store and the daemon is a
/// separate step. `nil` in an optional value means "not given": the runner falls back to the
/// matching setting or default named in the case's documentation.
public enum Command: Hashable, Sendable {
    /// Print the help of the command at this path (empty: `chime` itself) on standard output,
    /// in the invocation's language, and exit 0 (`--help`, `chime help [COMMAND]`, bare `chime`).
    case help(command: [String])
    /// Print this text on standard output and exit 0 (`--version`).
    case version(String)

    /// `chime fast start [PLAN] ...`.
    case fastStart(FastStart)
    /// `chime fast stop [--id ID] [--at TIME]`: stop the given fast, or the running one, now or
    /// at a time that has passed.
    case fastStop(id: String?, at: TimeSpecification? = nil)
    /// `chime fast edit ID [--start TIME] [--end TIME]`: correct when a fast began and ended.
    case fastEdit(id: String, start: TimeSpecification?, end: TimeSpecification?)
    /// `chime fast extend DURATION [--id ID]`: make the given (or running) fast longer.
    case fastExtend(by: TimeSpan, id: String?)
    /// `chime fast status [--id ID] [--json]`.
    case fastStatus(id: String?, json: Bool)
    /// `chime fast history [--days N] [--json]`; `days` defaults to ``Command/defaultHistoryDays``.
    case fastHistory(days: Int, json: Bool)
    /// `chime fast delete ID`: remove a fast from the history (stopping it first if it runs).
    case fastDelete(id: String)
    /// `chime fast schedule [PLAN RULE | off] [--json]`: set, turn off or show the fast schedule.
    case fastSchedule(FastScheduleAction)

    /// What `chime fast schedule` does.
    public enum FastScheduleAction: Hashable, Sendable {
        /// Show the schedule (`--json`: as JSON).
        case show(json: Bool)
        /// Set a schedule: a fast of `plan` at every occurrence of the rule (for a plan of fast
        /// days, on the days it names, from `evening` the day before when given).
        case set(plan: FastingPlan, ruleText: String?, evening: WallClockTime?)
        /// Turn the schedules off, or the one with the id.
        case off(id: String?)
    }

    /// `chime water every DURATION ...`: create or reconfigure the water schedule.
    case waterEvery(WaterEvery)
    /// `chime water drink [AMOUNT] [--at TIME]`; `amount` `nil`: the schedule's amount, else the
    /// `water.amount` setting; `at` `nil`: now (a bare `HH:MM` is the last time the clock showed it).
    case waterDrink(amount: WaterQuantity?, at: TimeSpecification? = nil)
    /// `chime water undo [N]`: delete the glass numbered N, else the one logged last.
    case waterUndo(number: Int64? = nil)
    /// `chime water edit N [--amount AMOUNT] [--at TIME]`: change a logged glass.
    case waterEdit(number: Int64, amount: WaterQuantity?, at: TimeSpecification?)
    /// `chime water log [--days N] [--json]`: the glasses logged, with their numbers.
    case waterLog(days: Int, json: Bool)
    /// `chime water history [--days N] [--json]`: what was drunk each water day, against the goal.
    case waterHistory(days: Int, json: Bool)
    /// `chime water goal [[DAYS] AMOUNT|none]`: show or set the daily goals.
    case waterGoal(WaterGoalAction)

    /// What `chime water goal` does.
    public enum WaterGoalAction: Hashable, Sendable {
        /// Show the goals, one line per weekday.
        case show
        /// Set the goal of `days` (every day when `nil`) to `goal` (none when `nil`).
        case set(days: WeekdaySet?, goal: WaterQuantity?)
    }
    /// `chime water pause DURATION`.
    case waterPause(for: TimeSpan)
    /// `chime water resume`.
    case waterResume
    /// `chime water off`: remove the schedule and its reminders.
    case waterOff
    /// `chime water status [--json]`.
    case waterStatus(json: Bool)

    /// `chime remind in DURATION TEXT [--id ID] [--urgency U]`; `text` is already cleaned by ``UserText``.
    case remindIn(TimeSpan, text: String, id: String?, nag: TimeSpan? = nil, urgency: ConfigValue.Urgency? = nil)
    /// `chime remind at TIME TEXT [--id ID] [--urgency U]`; resolve the time with the local zone when running.
    case remindAt(TimeSpecification, text: String, id: String?, nag: TimeSpan? = nil, urgency: ConfigValue.Urgency? = nil)

    /// `chime remind every RULE TEXT [--id ID] [--from TIME] [--until TIME | --count N]`.
    case remindEvery(RemindEvery)
    /// `chime explain RULE [--from TIME] [--count N] [--json]`.
    case explain(Explain)
    /// `chime remind edit ID [--text TEXT] [--at TIME] [--rule RULE]`: change a reminder, keeping its history.
    case remindEdit(RemindEdit)
    /// `chime remind history [ID] [--days N] [--json]`: what became of reminders' occurrences.
    case remindHistory(id: String?, days: Int, json: Bool)
    /// `chime remind list [--all] [--json]`: recurring reminders with their rules.
    case remindList(all: Bool, json: Bool)
    /// `chime done ID`: acknowledges a nagging reminder's occurrence (ID: its identifier or the reminder's id).
    case done(PendingReference)

    /// `chime list [--group ID] [--json]`.
    case list(group: String?, json: Bool)
    /// `chime cancel ID... | --group ID | --all`.
    case cancel(CancelTarget)
    /// `chime snooze ID DURATION`.
    case snooze(PendingReference, by: TimeSpan)
    /// `chime status [--format text|json|waybar] [--follow]`.
    case status(format: StatusFormat, follow: Bool)
    /// `chime export --format csv|json [--what fasts|water|pending]` (`what` defaults to fasts),
    /// or `chime export --format ics [--to DIR]`.
    case export(format: ExportFormat, what: ExportSubject, to: String? = nil)

    /// `chime calendar add PATH [--name NAME] [--default-alert DURATION[,DURATION...]] [--no-alerts]`.
    case calendarAdd(path: String, name: String?, defaultAlerts: [TimeSpan], muted: Bool)
    /// `chime calendar list [--json]`.
    case calendarList(json: Bool)
    /// `chime calendar remove NAME`.
    case calendarRemove(name: String)
    /// `chime calendar set NAME --default-alert ... | --no-alerts | --alerts`.
    case calendarSet(name: String, CalendarAlertSetting)
    /// `chime calendar alarms [--from TIME] [--until TIME] [--calendar NAME] [--json]`; `nil`
    /// times: now, and 24 hours after the start.
    case calendarAlarms(from: TimeSpecification?, until: TimeSpecification?, calendar: String?, json: Bool)

    /// How `chime calendar set` changes a calendar's alarms.
    public enum CalendarAlertSetting: Hashable, Sendable {
        /// `--default-alert`: this long before the start, for items with no alarm of their own.
        case defaultAlerts([TimeSpan])
        /// `--no-alerts`.
        case mute
        /// `--alerts`.
        case unmute
    }

    /// How far `calendar alarms` looks when `--until` is not given.
    public static let defaultAlarmWindow: Double = 24 * 3600
    /// `chime doctor`.
    case doctor
    /// `chime completions bash|zsh|fish`: print the script (see ``CompletionScript``).
    case completions(Shell)
    /// `chime __complete references|groups|fasts`: the stored words a completion script offers,
    /// one a line (not in the command table: no help, not offered).
    case completionCandidates(CompletionCandidates)

    /// `chime config get KEY`.
    case configGet(ConfigKey)
    /// `chime config set KEY VALUE`, the value validated for its key.
    case configSet(ConfigKey, ConfigValue)
    /// `chime config list`.
    case configList
    /// `chime config unset KEY`: back to the default.
    case configUnset(ConfigKey)

    /// Days covered by `fast history` when `--days` is not given.
    public static let defaultHistoryDays = 30
    /// Water days covered by `water history` when `--days` is not given.
    public static let defaultWaterHistoryDays = 14
    /// Water days covered by `water log` when `--days` is not given: the current one.
    public static let defaultWaterLogDays = 1

    /// The options of `chime remind edit`; at least one of text, time and rule is given.
    public struct RemindEdit: Hashable, Sendable {
        /// The reminder's id.
        public var id: String
        /// `--text`, cleaned by ``UserText``.
        public var text: String?
        /// `--at`: a one-off reminder's new time.
        public var at: TimeSpecification?
        /// `--rule`: a recurring reminder's new rule, as written.
        public var ruleText: String?
        /// The rule read from ``ruleText``.
        public var rule: RecurrenceRule?

        /// Options with only the id given.
        public init(id: String, text: String? = nil, at: TimeSpecification? = nil, ruleText: String? = nil, rule: RecurrenceRule? = nil) {
            self.id = id
            self.text = text
            self.at = at
            self.ruleText = ruleText
            self.rule = rule
        }
    }
    /// The most days `fast history --days` accepts (ten years).
    public static let maximumHistoryDays = 3660

    /// The options of `chime remind every`.
    public struct RemindEvery: Hashable, Sendable {
        /// The rule as the user wrote it.
        public var ruleText: String
        /// The rule read from `ruleText`.
        public var rule: RecurrenceRule
        /// What to say, cleaned by ``UserText``.
        public var text: String
        /// `--id`; `nil`: generate one (`r-4tx`).
        public var id: String?
        /// `--from`: the rule's start; `nil`: now.
        public var from: TimeSpecification?
        /// `--until`: the rule's UNTIL.
        public var until: TimeSpecification?
        /// `--count`: the rule's COUNT.
        public var count: Int?
        /// `--nag`: show it again every so long until acknowledged; `nil`: once per occurrence.
        public var nag: TimeSpan?
        /// `--urgency`: the urgency its occurrences are sent with; `nil`: the setting's.
        public var urgency: ConfigValue.Urgency?

        /// Options with only the rule and the text given.
        public init(ruleText: String, rule: RecurrenceRule, text: String) {
            self.ruleText = ruleText
            self.rule = rule
            self.text = text
        }
    }

    /// What `chime explain` shows: a rule as given and read, from a start, so many times.
    public struct Explain: Hashable, Sendable {
        /// Occurrences shown when `--count` is not given.
        public static let defaultCount = 10
        /// The most occurrences `--count` accepts.
        public static let maximumCount = 1000

        /// The rule as the user wrote it.
        public var text: String
        /// The rule read from `text`.
        public var rule: RecurrenceRule
        /// `--from`: the rule's start; `nil`: now.
        public var from: TimeSpecification?
        /// `--count`.
        public var count: Int
        /// `--json`.
        public var json: Bool

        /// Options with the defaults: from now, ``defaultCount`` occurrences, as text.
        public init(text: String, rule: RecurrenceRule, from: TimeSpecification? = nil, count: Int = defaultCount, json: Bool = false) {
            self.text = text
            self.rule = rule
            self.from = from
            self.count = count
            self.json = json
        }
    }

    /// The options of `chime fast start`.
    public struct FastStart: Hashable, Sendable {
        /// The plan; `nil`: the `fast.plan` setting, else ``FastingPlan/standard`` (16:8).
        public var plan: FastingPlan?
        /// The session id; `nil`: generate one (`f-3k9`).
        public var id: String?
        /// The tag, cleaned by ``UserText``; `nil`: no tag.
        public var tag: String?
        /// When the fast starts.
        public var start: StartTime
        /// `--repeat`: a rolling fast that repeats until stopped.
        public var repeating: Bool
        /// `--remind-before`; `nil`: the `fast.remind_before` setting.
        public var remindBefore: [TimeSpan]?
        /// `--replace`: end any running fast instead of refusing.
        public var replace: Bool

        /// Makes the options; the defaults are those of a bare `chime fast start`.
        public init(plan: FastingPlan? = nil, id: String? = nil, tag: String? = nil, start: StartTime = .now,
                    repeating: Bool = false, remindBefore: [TimeSpan]? = nil, replace: Bool = false) {
            self.plan = plan
            self.id = id
            self.tag = tag
            self.start = start
            self.repeating = repeating
            self.remindBefore = remindBefore
            self.replace = replace
        }
    }

    /// When a fast starts.
    public enum StartTime: Hashable, Sendable {
        /// Now (no `--at` or `--ago`).
        case now
        /// `--at TIME` (HH:MM is today, or tomorrow once past).
        case at(TimeSpecification)
        /// `--ago DURATION`: the fast began that long before now.
        case ago(TimeSpan)
    }

    /// The options of `chime water every`.
    public struct WaterEvery: Hashable, Sendable {
        /// Time between reminders.
        public var interval: TimeSpan
        /// `--from`; `nil`: keep the schedule's, else ``defaultFrom``.
        public var from: WallClockTime?
        /// `--until`; `nil`: keep the schedule's, else ``defaultUntil``.
        public var until: WallClockTime?
        /// `--amount`; `nil`: keep the schedule's, else the `water.amount` setting.
        public var amount: WaterQuantity?
        /// `--goal` (every day's); `nil`: keep the schedule's goals, else the `water.goal` setting.
        public var goal: WaterQuantity?
        /// `--id`; `nil`: the existing schedule's id, else a generated one (`w-7kq`).
        public var id: String?

        /// When reminders start each day unless `--from` says otherwise.
        public static let defaultFrom = WallClockTime(hour: 9, minute: 0)!
        /// When reminders stop each day unless `--until` says otherwise.
        public static let defaultUntil = WallClockTime(hour: 21, minute: 0)!

        /// Makes the options.
        public init(interval: TimeSpan, from: WallClockTime? = nil, until: WallClockTime? = nil,
                    amount: WaterQuantity? = nil, goal: WaterQuantity? = nil, id: String? = nil) {
            self.interval = interval
            self.from = from
            self.until = until
            self.amount = amount
            self.goal = goal
            self.id = id
        }
    }

    /// What `chime cancel` cancels.
    public enum CancelTarget: Hashable, Sendable {
        /// The listed requests or groups, in the order given (duplicates removed).
        case references([PendingReference])
        /// Every pending request of one fast, water schedule or reminder (`--group ID`).
        case group(String)
        /// Every pending request (`--all`).
        case all
    }

    /// Output of `chime status`.
    public enum StatusFormat: String, Hashable, Sendable, CaseIterable {
        /// Lines for people.
        case text
        /// One JSON object.
        case json
        /// One line of waybar/polybar custom-module JSON (see ``WaybarStatus``).
        case waybar
    }

    /// Output of `chime export`.
    public enum ExportFormat: String, Hashable, Sendable, CaseIterable {
        /// Comma-separated values with a header row (see ``CSVWriter``).
        case csv
        /// A JSON array.
        case json
        /// iCalendar (RFC 5545): Chime's reminders and fast schedule as events with their alarms.
        case ics
    }

    /// What `chime export` writes.
    public enum ExportSubject: String, Hashable, Sendable, CaseIterable {
        /// Fasts, completed or not.
        case fasts
        /// Logged water intake.
        case water
        /// Pending notification requests.
        case pending
    }

    /// A shell `chime completions` can write a script for.
    public enum Shell: String, Hashable, Sendable, CaseIterable {
        /// GNU bash.
        case bash
        /// Z shell.
        case zsh
        /// fish.
        case fish
    }
}
