import ChimeCalendar
import ChimeControl
import ChimeCore
import ChimeDesk
import ChimeStore
import FoundationEssentials

/// `chime calendar add|list|remove|set|alarms`: parse, desk, print. What a calendar holds is
/// asked of chimed, which keeps every calendar read; when chimed does not answer, `chime`
/// reads the calendars' files itself, so the answer never depends on whether chimed runs.
extension CommandRunner {
    func addCalendar(path: String, name: String?, defaultAlerts: [TimeSpan], muted: Bool, now: Date) throws {
        let absolute = Self.absolutePath(path)
        // A path that cannot be read as a calendar is refused now, with nothing stored.
        let listing: CalendarSourceListing
        switch CalendarFolderScanner.list(absolute) {
        case .success(let found): listing = found
        case .failure(let problem):
            throw CommandFailure(.dataError, LocalizedText(CalendarCommandText.pathUnusable, localized: [
                "path": LocalizedText(verbatim: absolute), "reason": problem.detail,
            ]))
        }
        let intent = Desk.NewCalendar(path: absolute, name: name, defaultAlerts: defaultAlerts, isMuted: muted)
        try commit(now: now) { desk, now in try desk.addCalendar(intent, now: now) } lines: { source, now in
            [CalendarCommandText.added.text(language, [
                "name": source.name, "path": source.path, "layout": layoutPhrase(listing), "alarms": alarmsPhrase(source, now: now),
            ])]
        }
        for problem in listing.problems {
            notice(ErrorLine.text(CommandText.warning.text(language, ["warning": problem.text.text(in: language)])))
        }
    }

    func removeCalendar(named name: String, now: Date) throws {
        try commit(now: now) { desk, now in try desk.removeCalendar(named: name, now: now) } lines: { removed, _ in
            [(removed.cancelledCount == 1 ? CalendarCommandText.removedOne : .removed).text(language, [
                "name": removed.source.name, "path": removed.source.path, "count": "\(removed.cancelledCount)",
            ])]
        }
    }

    func setCalendar(named name: String, _ setting: Command.CalendarAlertSetting, now: Date) throws {
        let change: Desk.CalendarAlertChange
        switch setting {
        case .defaultAlerts(let alerts): change = .defaultAlerts(alerts)
        case .mute: change = .mute
        case .unmute: change = .unmute
        }
        try commit(now: now) { desk, now in try desk.setCalendar(named: name, change, now: now) } lines: { source, now in
            [CalendarCommandText.changed.text(language, ["name": source.name, "alarms": alarmsPhrase(source, now: now)])]
        }
    }

    func listCalendars(json: Bool, now: Date) throws {
        let sources = try store().calendars()
        let reports = calendarReports(of: sources, now: now)
        // Pending as chimed would have them by now, as `list` says (``Desk/readingDerived(now:_:)``).
        let store = try store()
        let pending = try desk().readingDerived(now: now) {
            try Dictionary(uniqueKeysWithValues: sources.map { ($0.name, try store.pendingCalendarAlarmCount(calendar: $0.name)) })
        }
        var rows: [CalendarListRow] = []
        for source in sources {
            let report = reports[source.name]
            rows.append(CalendarListRow(source: source, report: report, pending: pending[source.name] ?? 0))
        }
        if json {
            try writeJSON(rows.map { $0.json(language: language) })
            return
        }
        write(CalendarListRow.text(rows, language: language, style: environment.style, width: environment.terminalWidth))
    }

    func showCalendarAlarms(from: TimeSpecification?, until: TimeSpecification?, calendar: String?, json: Bool, now: Date) throws {
        let start = from.map { resolve($0, now: now).instant } ?? now
        let end = until.map { resolve($0, now: now).instant } ?? start.addingTimeInterval(Command.defaultAlarmWindow)
        guard end > start else {
            throw CommandFailure(.dataError, LocalizedText { [environment] language in
                let display = TimeDisplay(now: now, timeZone: environment.timeZone, language: language)
                return CalendarCommandText.windowEmpty.text(language, ["from": display.clock(start), "until": display.clock(end)])
            })
        }
        if let calendar { _ = try desk().existingCalendar(named: calendar) }
        let answer = try calendarAlarms(CalendarAlarmQuery(from: start, until: end, calendar: calendar), now: now)
        for problem in answer.problems {
            notice(ErrorLine.text(CommandText.warning.text(language, ["warning": problem.text.text(in: language)])))
        }
        let listing = CalendarAlarmListing(rows: answer.rows, display: display(now))
        if json {
            try writeJSON(answer.rows.map(listing.json))
            return
        }
        write(listing.text(from: start, until: end, style: environment.style, width: environment.terminalWidth))
    }

    // MARK: What the calendars hold

    /// Each calendar's report: chimed's when it answers and reads the calendar, else read here.
    func calendarReports(of sources: [CalendarSource], now: Date) -> [String: CalendarReport] {
        var reports: [String: CalendarReport] = [:]
        if case .calendars(let answered)? = try? askDaemon(.calendars) {
            for report in answered { reports[report.name] = report }
        }
        for source in sources where reports[source.name] == nil {
            reports[source.name] = CalendarReport(readCalendar(source))
        }
        return reports
    }

    /// The firings `query` asks for, in order: from chimed, page by page, when it answers (it
    /// keeps every calendar read), else read from the files here.
    func calendarAlarms(_ query: CalendarAlarmQuery, now: Date) throws -> (rows: [CalendarAlarmRow], problems: [CalendarProblemReport]) {
        // Pages of one reading: a file changed between two pages starts the answer again.
        attempts: for _ in 0..<3 {
            var rows: [CalendarAlarmRow] = []
            var problems: [CalendarProblemReport] = []
            var generation: Int64?
            while true {
                guard case .calendarAlarms(let page)? = try? askDaemon(.calendarAlarms(CalendarAlarmQuery(
                    from: query.from, until: query.until, calendar: query.calendar, offset: rows.count
                ))) else { break attempts }
                if query.calendar.map({ !page.calendars.contains($0) }) ?? false { break attempts }
                if let generation, generation != page.generation { continue attempts }
                generation = page.generation
                if rows.isEmpty { problems = page.problems }
                rows += page.rows
                if rows.count >= page.total || page.rows.isEmpty { return (rows, problems) }
            }
        }
        let sources = try store().calendars().filter { query.calendar == nil || $0.name == query.calendar }
        let calendars = sources.map(readCalendar)
        let engine = CalendarAlarmEngine(localZone: try ruleTimeZone())
        let result = engine.firings(of: calendars.flatMap(\.items), from: query.from, until: query.until)
        return (result.firings.map(CalendarAlarmRow.init), result.problems.map(CalendarProblemReport.init))
    }

    /// `source` read from its files here, its floating times on the clock rules follow.
    func readCalendar(_ source: CalendarSource) -> PreparedCalendar {
        let index = CalendarSourceIndex(path: source.path)
        index.refresh()
        let zone = (try? ruleTimeZone()) ?? environment.systemTimeZone
        return index.prepared(source: source, localZone: zone)
    }

    /// chimed's answer to `request`, or `nil` when it does not run or does not answer in time.
    func askDaemon(_ request: ControlRequest) throws -> ControlResponse? {
        do {
            return try environment.openDaemon(Self.queryTimeout).send(request)
        } catch is RuntimeError {
            return nil
        }
    }

    // MARK: Phrases

    /// `a folder of 12 .ics files`.
    private func layoutPhrase(_ listing: CalendarSourceListing) -> String {
        let files = listing.collections.reduce(0) { $0 + $1.files.count }
        switch listing.layout {
        case .file: return CalendarCommandText.layoutFile.text(language)
        case .collection:
            return files == 1 ? CalendarCommandText.layoutCollectionOne.text(language) : CalendarCommandText.layoutCollection.text(language, ["files": "\(files)"])
        case .collectionSet:
            let count = listing.collections.count
            return CalendarCommandText.layoutSet.text(language, [
                "calendars": (count == 1 ? CalendarCommandText.calendarCountOne : .calendarCount).text(language, ["count": "\(count)"]),
                "files": (files == 1 ? CalendarCommandText.icsFileCountOne : .icsFileCount).text(language, ["count": "\(files)"]),
            ])
        }
    }

    /// `alarms: the items' own, else 15 min before the start`.
    func alarmsPhrase(_ source: CalendarSource, now: Date) -> String {
        if source.isMuted { return CalendarCommandText.alarmsMuted.text(language) }
        guard !source.defaultAlerts.isEmpty else { return CalendarCommandText.alarmsOwn.text(language) }
        let spans = source.defaultAlerts.map { display(now).span($0.timeInterval) }
        return CalendarCommandText.alarmsOwnElseDefault.text(language, ["alerts": spans.joined(separator: ", ")])
    }

    /// `path` made absolute against the working directory, `.` and `..` resolved.
    static func absolutePath(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var standardized = StandardizedPath.of(absolute)
        while standardized.count > 1, standardized.hasSuffix("/") { standardized.removeLast() }
        return standardized
    }
}

extension CommandRunner {
    /// `doctor`'s calendars: each calendar with files that cannot be read is a warning naming
    /// every such file (the others are read as usual).
    func calendarFindings() -> [DoctorReport.Finding] {
        let check = CalendarCommandText.checkCalendars.text(language)
        guard environment.storeExists(), let sources = try? store().calendars() else { return [] }
        guard !sources.isEmpty else { return [.init(check: check, outcome: .ok, detail: CalendarCommandText.calendarsNone.text(language))] }
        do {
            try loadLibical()
        } catch {
            return [.init(check: check, outcome: .problem, detail: error.text.text(in: language))]
        }
        let reports = calendarReports(of: sources, now: environment.clock())
        var findings: [DoctorReport.Finding] = []
        for source in sources {
            guard let report = reports[source.name], report.unreadableCount > 0 else { continue }
            var finding = DoctorReport.Finding(
                check: check, outcome: .warning,
                detail: (report.unreadableCount == 1 ? CalendarCommandText.calendarUnreadableOne : .calendarUnreadable)
                    .text(language, ["name": source.name, "count": "\(report.unreadableCount)"]),
                fix: CalendarCommandText.calendarUnreadableFix.text(language)
            )
            finding.notes = report.unreadable.map { $0.text.text(in: language) }
            findings.append(finding)
        }
        if findings.isEmpty {
            let items = sources.reduce(0) { $0 + (reports[$1.name]?.itemCount ?? 0) }
            return [.init(check: check, outcome: .ok, detail: CalendarCommandText.calendarsRead.text(language, ["count": "\(sources.count)", "items": "\(items)"]))]
        }
        return findings
    }
}
