import ChimeCore
import FoundationEssentials

/// What `chime status` knows at one instant, gathered by the caller from the store and daemon.
public struct StatusSnapshot: Sendable {
    /// The running (or most recent) fast.
    public var fast: FastingSession?
    /// Water reminders and today's intake.
    public var water: WaterSummary?
    /// Pending notifications, any order.
    public var upcoming: [PendingNotification]
    /// What asking `chimed` found; `nil` when not asked.
    public var daemon: DaemonAnswer?
    /// The store's settings (`notify.dnd` says whether do-not-disturb holds anything).
    public var settings: [String: String]

    /// Makes a snapshot.
    public init(fast: FastingSession?, water: WaterSummary?, upcoming: [PendingNotification], daemon: DaemonAnswer?, settings: [String: String] = [:]) {
        self.fast = fast
        self.water = water
        self.upcoming = upcoming
        self.daemon = daemon
        self.settings = settings
    }
}

/// `chime status` in its three formats, and when `--follow` prints next.
public struct StatusReport: Sendable {
    /// The state shown.
    public let snapshot: StatusSnapshot
    /// Where and when it is shown.
    public let display: TimeDisplay
    /// The fast part.
    public let fast: FastStatusReport

    /// Makes the report of `snapshot` at `display.now`.
    public init(snapshot: StatusSnapshot, display: TimeDisplay) {
        self.snapshot = snapshot
        self.display = display
        let judges = snapshot.settings[ConfigKey.fastStreaks.name].map { $0 != ConfigValue.switchWords[1] } ?? true
        fast = FastStatusReport(session: snapshot.fast, display: display, judges: judges)
    }

    /// The soonest pending notification still ahead (or overdue), if any.
    public var next: PendingNotification? {
        snapshot.upcoming.min { ($0.due, $0.identifier) < ($1.due, $1.identifier) }
    }

    /// The next instant the output changes by itself: a phase change of the fast, the next water
    /// reminder or the next notification, whichever is first and still ahead.
    public var nextChange: Date? {
        [fast.nextChange, snapshot.water?.nextReminder, next?.due].compactMap { $0 }.filter { $0 > display.now }.min()
    }

    /// When `--follow` prints next (see ``FollowSchedule``).
    public var nextPrint: Date {
        FollowSchedule.nextPrint(after: display.now, nextChange: nextChange)
    }

    /// The lines of `chime status`, its progress bars fitted to a terminal of `width` columns
    /// when given.
    public func text(style: TerminalStyle, width: Int? = nil) -> String {
        var text = fast.text(style: style, width: width)
        if let water = snapshot.water {
            text += water.text(display: display, style: style, width: width, unit: waterUnit)
        }
        let language = display.language
        if let next {
            text += CommandText.nextLine.text(language, [
                "summary": next.summary(in: language), "due": display.clockAndRelative(next.due), "identifier": next.identifier,
            ]) + "\n"
        }
        if let daemon = snapshot.daemon {
            let line = daemon.statusText(in: language)
            text += (daemon.answers ? line : style.paint(line, .yellow)) + "\n"
        }
        if let line = hold?.line(in: language) {
            text += line + "\n"
        }
        if let line = hold?.roomLine(in: language) {
            text += line + "\n"
        }
        return text
    }

    /// The unit water amounts are shown in (the `water.unit` setting).
    var waterUnit: WaterUnit { WaterUnit.chosen(bySetting: snapshot.settings[WaterUnit.settingKey]) }

    /// What `chimed` holds back, when it answered.
    public var hold: HoldStatus? { HoldStatus(daemon: snapshot.daemon, settings: snapshot.settings) }

    /// `chime status --format json`: `{"fast","water","next","daemon_running","daemon_answers",
    /// "do_not_disturb","away","held","waiting_for_room"}`.
    public var json: StatusJSON {
        StatusJSON(
            fast: fast.json,
            water: snapshot.water?.json(display: display, unit: waterUnit),
            next: next?.json(in: display.timeZone),
            daemonRunning: snapshot.daemon?.isRunning,
            daemonAnswers: snapshot.daemon?.answers,
            doNotDisturb: hold?.doNotDisturb,
            away: hold?.away,
            held: hold?.heldCount,
            waitingForRoom: hold?.waitingForRoom
        )
    }

    /// `text` without the line breaks at its start and end (Character's line breaks are
    /// CharacterSet.newlines; trimmingCharacters would go through NSString at every status bar
    /// refresh).
    static func withoutOuterLineBreaks(_ text: String) -> String {
        var trimmed = Substring(text)
        while trimmed.first?.isNewline == true { trimmed.removeFirst() }
        while trimmed.last?.isNewline == true { trimmed.removeLast() }
        return String(trimmed)
    }

    /// `chime status --format waybar`.
    public var waybar: WaybarStatus {
        var tooltip: [String] = [fast.text(style: .plain)]
        if let water = snapshot.water { tooltip.append(water.text(display: display, style: .plain, unit: waterUnit)) }
        let language = display.language
        if let next {
            tooltip.append(CommandText.nextTooltip.text(language, ["summary": next.summary(in: language), "due": display.clockAndRelative(next.due)]))
        }
        // A problem with chimed is worth the tooltip; that it answers is not.
        if let daemon = snapshot.daemon, !daemon.answers { tooltip.append(daemon.statusText(in: language)) }
        if let line = hold?.line(in: language) { tooltip.append(line) }
        if let line = hold?.roomLine(in: language) { tooltip.append(line) }
        let tooltipText = tooltip.map(Self.withoutOuterLineBreaks).joined(separator: "\n")

        var text = ""
        var percentage = 0
        if let status = fast.status, let session = fast.session, status.phase != .ended {
            switch status.phase {
            case .fasting:
                text = CommandText.barFasting.text(language, ["plan": session.plan.displayName, "left": display.span(status.remaining)])
                percentage = Int((status.progress * 100).rounded(.down))
            case .eating:
                text = CommandText.barEating.text(language, ["left": display.span(status.remaining)])
                percentage = Int((status.progress * 100).rounded(.down))
            case .scheduled, .ended:
                text = CommandText.barFastStarts.text(language, ["when": display.relative(status.nextChange ?? display.now)])
            }
        } else if let water = snapshot.water, water.schedule != nil {
            text = CommandText.barWater.text(language, ["intake": water.intakeText(in: language, water: WaterAmountText(unit: waterUnit, language: language))])
            percentage = water.goalML.map { min(100, water.consumedML * 100 / max(1, $0)) } ?? 0
        }
        // With nothing to show the text stays empty, which makes waybar hide the module.
        return WaybarStatus(text: text, tooltip: tooltipText, cssClass: fast.phaseName, percentage: percentage)
    }
}

/// `chime status --format json`.
public struct StatusJSON: Codable, Hashable, Sendable {
    /// As `fast status --json`.
    public var fast: FastStatusJSON
    /// As `water status --json`, `null` when not gathered.
    public var water: WaterStatusJSON?
    /// As one `list --json` element: the soonest pending notification.
    public var next: PendingNotificationJSON?
    /// Whether a `chimed` runs (answering or not); `null` when not asked or when that cannot be
    /// told (its runtime directory cannot be used).
    public var daemonRunning: Bool?
    /// Whether `chimed` answered; `false` for one that runs but is stopped or hung; `null` when not asked.
    public var daemonAnswers: Bool?
    /// Whether the notification server is in do-not-disturb mode; `null` when `chimed` did not answer.
    public var doNotDisturb: Bool?
    /// Whether the user's session is locked; `null` when `chimed` did not answer.
    public var away: Bool?
    /// How many water reminders `chimed` holds for their summary; `null` when it did not answer.
    public var held: Int?
    /// How many notifications wait for room on a full notification server; `null` when `chimed`
    /// did not answer.
    public var waitingForRoom: Int?

    enum CodingKeys: String, CodingKey {
        case fast, water, next
        case daemonRunning = "daemon_running"
        case daemonAnswers = "daemon_answers"
        case doNotDisturb = "do_not_disturb"
        case away, held
        case waitingForRoom = "waiting_for_room"
    }
}
