import ChimeCore
import ChimeStore
import ChimeSystem
import FoundationEssentials

/// `chime status [--format text|json|waybar] [--follow]`.
extension CommandRunner {
    /// How often `--follow` looks at the store's change sequence between two scheduled prints
    /// when it cannot watch the store's files, so a change made elsewhere shows within this long.
    public static let followPollInterval: TimeInterval = 1

    func showStatus(format: Command.StatusFormat, now: Date) throws {
        write(try statusOutput(format: format, now: now).text)
    }

    /// Prints the status now, then again at the instants ``FollowSchedule`` names and at once
    /// after any change to the store, until the user stops it or the reader goes away.
    ///
    /// Between prints it sleeps until the next one, woken by writes to the store's files
    /// (``CommandEnvironment/watchStore``); it looks at the store's change sequence then and at
    /// ``FileWatch/storeCommitRechecks`` after, as a commit may become visible after its last
    /// write. Where the files cannot be watched it looks every ``followPollInterval``.
    func followStatus(format: Command.StatusFormat) throws -> ExitCode {
        let store = try store()
        var printed = 0
        while true {
            // Read the sequence before the state, so a change in between prints again.
            var seen = try store.currentSequence()
            let now = environment.clock()
            let output = try statusOutput(format: format, now: now)
            // Text blocks of several lines would run together: each gets a line with its time,
            // and a blank line before it. JSON and waybar stay one line per print for programs.
            let heading = format == .text ? (printed > 0 ? "\n" : "") + Self.followHeading(now, in: environment.timeZone) : ""
            guard write(heading + output.text) else { return .success }
            printed += 1
            // When to look at the store again after its files were written.
            var rechecks: [Date] = []
            waiting: while true {
                let now = environment.clock()
                if output.nextPrint <= now { break waiting }
                rechecks.removeAll { $0 <= now }
                var wake = output.nextPrint
                if let recheck = rechecks.first { wake = min(wake, recheck) }
                // Asked each time: a watch dropped after a read error is made again, or polling takes over.
                if !environment.watchStore(store.path) { wake = min(wake, now.addingTimeInterval(Self.followPollInterval)) }
                switch environment.pause(wake.timeIntervalSince(now)) {
                case .stop, .readerGone: return .success
                case .storeWritten:
                    let written = environment.clock()
                    rechecks = FileWatch.storeCommitRechecks.map { written.addingTimeInterval($0.timeInterval) }
                case .elapsed: break
                }
                let sequence = try store.currentSequence()
                if sequence != seen {
                    seen = sequence
                    break waiting
                }
            }
        }
    }

    /// The fast `status` and `fast status` show (``FastTimeline/current(at:)``): from the
    /// records and the schedules' rules, whether chimed ran or not.
    func currentSession(now: Date) throws -> FastingSession? {
        try desk().fastTimeline(now: now).current(at: now)
    }

    /// `-- 08:15:00 --`: the line before each text block of `status --follow`.
    static func followHeading(_ now: Date, in timeZone: TimeZone) -> String {
        let calendar = LocalTimeResolver.gregorian(in: timeZone)
        let parts = calendar.dateComponents([.hour, .minute, .second], from: now)
        let time = [parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
        return "-- \(time) --\n"
    }

    /// The status at `now` in `format`, and when `--follow` prints next.
    func statusOutput(format: Command.StatusFormat, now: Date) throws -> (text: String, nextPrint: Date) {
        let report = StatusReport(snapshot: try statusSnapshot(now: now), display: display(now))
        let text: String
        switch format {
        case .text: text = report.text(style: environment.style, width: environment.terminalWidth)
        case .json: text = try OrderedJSONEncoder().encode(report.json)
        case .waybar: text = report.waybar.line
        }
        return (text, report.nextPrint)
    }

    /// What `status` shows at `now`: the current fast (see ``FastingSession/current(among:at:)``),
    /// water when set up or drunk today, the soonest pending notification, and whether `chimed`
    /// answers.
    func statusSnapshot(now: Date) throws -> StatusSnapshot {
        let store = try store()
        // One view of the store, as chimed would have it by now, whether or not it ran.
        let (fast, water, soonest, settings) = try desk().readingDerived(now: now) {
            // Only the soonest notification is shown: read just that one.
            (try currentSession(now: now), try waterSummary(now: now), try desk().soonestToShow(now: now), try store.settings())
        }
        let shownWater = water.schedule != nil || water.consumedML > 0 ? water : nil
        return StatusSnapshot(
            fast: fast, water: shownWater,
            upcoming: soonest.map { [pendingNotification(of: $0, now: now)] } ?? [],
            daemon: askDaemon(),
            settings: settings
        )
    }
}
