import ChimeCore
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeCLI

@Suite struct OrderedJSONEncoderTests {
    struct Sample: Codable, Equatable {
        var zebra: String
        var apple: Int
        var middle: Double?
        var nested: [Inner]
        var flag: Bool
        var empty: [String: Int]

        struct Inner: Codable, Equatable {
            var second: String?
            var first: Int
        }
    }

    let sample = Sample(zebra: "z\"q\\\n\t\u{01}é🍵", apple: -3, middle: nil, nested: [.init(second: nil, first: 1), .init(second: "s", first: 2)], flag: true, empty: [:])

    @Test func keysComeOutInDeclarationOrderAndNilsAsNull() throws {
        let text = try OrderedJSONEncoder().encode(sample)
        #expect(text == #"{"zebra":"z\"q\\\n\t\u0001é🍵","apple":-3,"middle":null,"nested":[{"second":null,"first":1},{"second":"s","first":2}],"flag":true,"empty":{}}"#)
    }

    @Test func outputIsTheSameEveryTime() throws {
        let first = try OrderedJSONEncoder().encode(sample)
        for _ in 0..<20 { #expect(try OrderedJSONEncoder().encode(sample) == first) }
    }

    @Test func roundTripsThroughFoundation() throws {
        let text = try OrderedJSONEncoder().encode(sample)
        #expect(try JSONDecoder().decode(Sample.self, from: Data(text.utf8)) == sample)
        let pretty = try OrderedJSONEncoder(prettyPrinted: true).encode(sample)
        #expect(try JSONDecoder().decode(Sample.self, from: Data(pretty.utf8)) == sample)
    }

    @Test func prettyPrinting() throws {
        struct Small: Encodable { var a = 1; var b = [true, false]; var c: [Int] = [] }
        #expect(try OrderedJSONEncoder(prettyPrinted: true).encode(Small()) == "{\n  \"a\": 1,\n  \"b\": [\n    true,\n    false\n  ],\n  \"c\": []\n}")
    }

    @Test(arguments: [(0.5, "0.5"), (1.0, "1"), (0.0, "0"), (-2.25, "-2.25"), (0.1 + 0.2, "0.30000000000000004"), (1e-7, "1e-07")])
    func numbers(_ value: Double, _ expected: String) throws {
        #expect(try OrderedJSONEncoder().encode(value) == expected)
        #expect(try JSONDecoder().decode([Double].self, from: Data("[\(expected)]".utf8)) == [value])
    }

    @Test func nonFiniteNumbersAreRefused() {
        #expect(throws: EncodingError.self) { try OrderedJSONEncoder().encode([Double.nan]) }
        #expect(throws: EncodingError.self) { try OrderedJSONEncoder().encode(Double.infinity) }
    }
}

@Suite struct JSONShapeTests {
    let display = Fixture.display("2026-06-11T04:00:00+02:00")
    let session = FastingSession(id: "f-3k9", plan: Fixture.plan("16:8"), start: Fixture.at("2026-06-10T20:00:00+02:00"), tag: "office")

    @Test func fastStatusShape() throws {
        let json = try OrderedJSONEncoder().encode(FastStatusReport(session: session, display: display).json)
        #expect(json == #"{"id":"f-3k9","phase":"fasting","plan":"16:8","started_at":"2026-06-10T20:00:00+02:00","ends_at":"2026-06-11T12:00:00+02:00","remaining_seconds":28800,"progress":0.5}"#)
    }

    @Test func fastStatusWithoutAFast() throws {
        let json = try OrderedJSONEncoder().encode(FastStatusReport(session: nil, display: display).json)
        #expect(json == #"{"id":null,"phase":"none","plan":null,"started_at":null,"ends_at":null,"remaining_seconds":0,"progress":0}"#)
    }

    @Test func listElementShape() throws {
        let request = NotificationRequest(
            identifier: "fast/f-3k9/end", group: "f-3k9", kind: .fastEnd, due: Fixture.at("2026-06-11T10:00:00Z"),
            tolerance: 10, content: NotificationContent(template: .fastComplete), misfirePolicy: .drop
        )
        let row = PendingNotification(request: request, title: "Fast complete", body: "You finished your 16:8 fast (office)", state: "pending")
        let json = try OrderedJSONEncoder().encode([row.json(in: Fixture.newYork)])
        #expect(json == #"[{"id":"fast/f-3k9/end","group":"f-3k9","kind":"fast-end","due":"2026-06-11T06:00:00-04:00","tolerance_seconds":10,"title":"Fast complete","body":"You finished your 16:8 fast (office)","state":"pending"}]"#)
        let decoded = try JSONDecoder().decode([PendingNotificationJSON].self, from: Data(json.utf8))
        #expect(decoded == [row.json(in: Fixture.newYork)])
    }

    @Test(arguments: [
        ("2026-06-10T19:00:00+02:00", "scheduled", 3600, 0.0),
        ("2026-06-11T12:00:00+02:00", "eating", 8 * 3600, 0.0),
        ("2026-06-11T16:00:00+02:00", "eating", 4 * 3600, 0.5),
        ("2026-06-11T20:00:00+02:00", "ended", 0, 1.0),
    ] as [(String, String, Int, Double)])
    func phases(_ now: String, _ phase: String, _ remaining: Int, _ progress: Double) {
        let json = FastStatusReport(session: session, display: Fixture.display(now)).json
        #expect(json.phase == phase)
        #expect(json.remainingSeconds == remaining)
        #expect(json.progress == progress)
        #expect(json.startedAt == "2026-06-10T20:00:00+02:00")
        #expect(json.endsAt == "2026-06-11T12:00:00+02:00")
    }

    @Test func stoppedEarlyEndsAtTheStop() {
        var stopped = session
        stopped.stoppedAt = Fixture.at("2026-06-11T08:00:00+02:00")
        let json = FastStatusReport(session: stopped, display: Fixture.display("2026-06-11T09:00:00+02:00")).json
        #expect(json.phase == "ended")
        #expect(json.endsAt == "2026-06-11T08:00:00+02:00")
    }

    @Test func jsonKeysAreExactlyTheDocumentedOnes() throws {
        let fast = try OrderedJSONEncoder().encode(FastStatusReport(session: session, display: display).json)
        let keys = try #require(try JSONSerialization.jsonObject(with: Data(fast.utf8)) as? [String: Any]).keys
        #expect(Set(keys) == ["id", "phase", "plan", "started_at", "ends_at", "remaining_seconds", "progress"])
    }
}

@Suite struct FastStatusTextTests {
    let session = FastingSession(id: "f-3k9", plan: Fixture.plan("16:8"), start: Fixture.at("2026-06-10T20:00:00+02:00"), tag: "office")

    @Test func fastingShowsTimesAndABar() {
        let text = FastStatusReport(session: session, display: Fixture.display("2026-06-11T04:00:00+02:00")).text(style: .plain)
        #expect(text == """
        Fast f-3k9 (16:8): fasting
          started yesterday 20:00 (8 h ago), ends 12:00 (in 8 h)
          ███████████████░░░░░░░░░░░░░░░  50%  8 h done, 8 h to go
          tag: office

        """)
        #expect(!containsANSI(text))
    }

    @Test func colourOnlyWhenTheStyleSaysSo() {
        let report = FastStatusReport(session: session, display: Fixture.display("2026-06-11T04:00:00+02:00"))
        #expect(containsANSI(report.text(style: TerminalStyle(usesColor: true))))
        #expect(!containsANSI(report.text(style: .plain)))
    }

    @Test func aFastAcrossTheSpringForwardNight() {
        // 16 real hours from 20:00 CET end at 13:00 CEST: the wall clock skipped an hour.
        let session = FastingSession(id: "f-dst", plan: Fixture.plan("16:8"), start: Fixture.at("2026-03-28T20:00:00+01:00"))
        let report = FastStatusReport(session: session, display: Fixture.display("2026-03-29T08:00:00+02:00"))
        #expect(report.json.endsAt == "2026-03-29T13:00:00+02:00")
        #expect(report.json.progress == 0.6875)
        #expect(report.text(style: .plain).contains("started yesterday 20:00 (11 h ago), ends 13:00 (in 5 h)"))
    }

    @Test func otherPhases() {
        let scheduled = FastStatusReport(session: session, display: Fixture.display("2026-06-10T18:00:00+02:00")).text(style: .plain)
        #expect(scheduled.hasPrefix("Fast f-3k9 (16:8): scheduled\n  starts 20:00 (in 2 h), ends tomorrow 12:00\n"))
        let eating = FastStatusReport(session: session, display: Fixture.display("2026-06-11T14:00:00+02:00")).text(style: .plain)
        #expect(eating.contains("eating window\n  fast ended 12:00 (2 h ago), eating window closes 20:00 (in 6 h)"))
        var stopped = session
        stopped.stoppedAt = Fixture.at("2026-06-11T08:00:00+02:00")
        let ended = FastStatusReport(session: stopped, display: Fixture.display("2026-06-11T09:00:00+02:00")).text(style: .plain)
        #expect(ended.contains("ended\n  fasted 12 h from yesterday 20:00 to 08:00 (1 h ago), stopped early"))
        let none = FastStatusReport(session: nil, display: Fixture.display("2026-06-11T09:00:00+02:00")).text(style: .plain)
        #expect(none.hasPrefix("No fast. Start one with \"chime fast start\""))
    }

    @Test func rollingFastNamesTheNextFast() {
        let rolling = FastingSession(id: "f-r", plan: Fixture.plan("16:8"), start: Fixture.at("2026-06-10T20:00:00+02:00"), mode: .rolling)
        let text = FastStatusReport(session: rolling, display: Fixture.display("2026-06-11T14:00:00+02:00")).text(style: .plain)
        #expect(text.hasPrefix("Fast f-r (16:8, repeating): eating window\n  fast ended 12:00 (2 h ago), next fast starts 20:00 (in 6 h)"))
    }
}

@Suite struct WaybarTests {
    let session = FastingSession(id: "f-3k9", plan: Fixture.plan("16:8"), start: Fixture.at("2026-06-10T20:00:00+02:00"), tag: "<b>x</b> & y")

    private func waybar(_ fast: FastingSession?, water: WaterSummary? = nil, upcoming: [PendingNotification] = [], at now: String) -> WaybarStatus {
        StatusReport(snapshot: StatusSnapshot(fast: fast, water: water, upcoming: upcoming, daemon: .answered(Fixture.daemonStatus)), display: Fixture.display(now)).waybar
    }

    @Test func shapeIsTextTooltipClassPercentageOnOneLine() throws {
        let line = waybar(session, at: "2026-06-11T04:00:00+02:00").line
        #expect(line.hasPrefix(#"{"text":"16:8 8 h left","tooltip":""#))
        #expect(line.hasSuffix(#"","class":"fasting","percentage":50}"#))
        #expect(!line.contains("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["text", "tooltip", "class", "percentage"])
        #expect(object["percentage"] as? Int == 50)
    }

    @Test func userTextIsEscapedForPango() {
        let status = waybar(session, at: "2026-06-11T04:00:00+02:00")
        #expect(status.tooltip.contains("tag: &lt;b&gt;x&lt;/b&gt; &amp; y"))
        #expect(!status.tooltip.contains("<b>"))
        // The one escaper of markup (NotificationText): quotes stay literal.
        #expect(WaybarStatus(text: #"a<b>&"c'"#, tooltip: "", cssClass: "none", percentage: 0).text == #"a&lt;b&gt;&amp;"c'"#)
    }

    @Test(arguments: [
        ("2026-06-10T19:00:00+02:00", "scheduled", "fast in 1 h", 0),
        ("2026-06-11T16:00:00+02:00", "eating", "eating 4 h left", 50),
        ("2026-06-11T21:00:00+02:00", "ended", "", 0),
    ] as [(String, String, String, Int)])
    func classPerPhase(_ now: String, _ cssClass: String, _ text: String, _ percentage: Int) {
        let status = waybar(session, at: now)
        #expect(status.cssClass == cssClass)
        #expect(status.text == text)
        #expect(status.percentage == percentage)
    }

    @Test func nothingToShowHidesTheModule() {
        let status = waybar(nil, at: "2026-06-11T21:00:00+02:00")
        #expect(status.text == "")
        #expect(status.cssClass == "none")
    }

    @Test func waterWhenNoFastRuns() {
        let schedule = WaterSchedule(id: "w-1", interval: Fixture.span("1h"), window: DailyWindow(from: Fixture.time("09:00"), until: Fixture.time("21:00")), goalML: 2000)
        let water = WaterSummary(schedule: schedule, consumedML: 500, nextReminder: Fixture.at("2026-06-11T15:00:00+02:00"))
        let status = waybar(nil, water: water, at: "2026-06-11T14:30:00+02:00")
        #expect(status.text == "water 500 of 2000 ml")
        #expect(status.percentage == 25)
        #expect(status.tooltip.contains("next reminder 15:00 (in 30 min)"))
    }
}

@Suite struct StatusReportTests {
    let session = FastingSession(id: "f-3k9", plan: Fixture.plan("16:8"), start: Fixture.at("2026-06-10T20:00:00+02:00"))
    let reminder = PendingNotification(identifier: "remind/r-1", group: "r-1", kind: .reminder, due: Fixture.at("2026-06-11T05:00:00+02:00"),
                                       tolerance: 5, title: "Reminder", body: "Call mom", state: "pending")

    @Test func nextChangeIsTheSoonestThingAhead() {
        let report = StatusReport(snapshot: StatusSnapshot(fast: session, water: nil, upcoming: [reminder], daemon: nil),
                                  display: Fixture.display("2026-06-11T04:00:00+02:00"))
        #expect(report.nextChange == reminder.due)
        #expect(report.nextPrint == Fixture.at("2026-06-11T04:15:00+02:00"))
        let late = StatusReport(snapshot: StatusSnapshot(fast: session, water: nil, upcoming: [reminder], daemon: nil),
                                display: Fixture.display("2026-06-11T11:45:00+02:00"))
        #expect(late.nextChange == Fixture.at("2026-06-11T12:00:00+02:00"))
        #expect(late.nextPrint == Fixture.at("2026-06-11T11:46:00+02:00"))
    }

    @Test func aLongReminderTextIsShortenedInTablesButNotInJSON() {
        var long = reminder
        long.body = String(repeating: "tea ", count: 30)
        #expect(long.summary.count == PendingNotification.summaryLength)
        #expect(long.summary.hasPrefix("Reminder: tea tea") && long.summary.hasSuffix("…"))
        #expect(long.json(in: Fixture.display("2026-06-11T04:00:00+02:00").timeZone).body == long.body)
        var fast = reminder
        fast.kind = .fastEnd
        fast.title = "Fast complete"
        #expect(fast.summary == "Fast complete")
    }

    @Test func textNamesTheNextNotificationAndAMissingDaemon() {
        let report = StatusReport(snapshot: StatusSnapshot(fast: session, water: nil, upcoming: [reminder], daemon: .notRunning),
                                  display: Fixture.display("2026-06-11T04:00:00+02:00"))
        let text = report.text(style: .plain)
        #expect(text.contains("Next: Reminder: Call mom 05:00 (in 1 h) [remind/r-1]\n"), "a reminder is named by its text")
        #expect(text.hasSuffix("chimed is not running: no notification is shown until it runs (start it with \"systemctl --user start chimed\" or \"chimed --foreground\")\n"))
        #expect(report.waybar.tooltip.contains("\nchimed is not running: no notification is shown until it runs"))
    }

    @Test func textSaysThatChimedAnswersOrHowItDoesNot() {
        func text(_ daemon: DaemonAnswer?) -> String {
            StatusReport(snapshot: StatusSnapshot(fast: session, water: nil, upcoming: [], daemon: daemon),
                         display: Fixture.display("2026-06-11T04:00:00+02:00")).text(style: .plain)
        }
        #expect(text(.answered(Fixture.daemonStatus)).hasSuffix("\nchimed is running and answers (pid 4242)\n"))
        let hung = text(.notAnswering(reason: "it did not answer within 1 s"))
        #expect(hung.hasSuffix("\nchimed is running but does not answer (it did not answer within 1 s): notifications may not be shown"
            + " (check it with \"chime doctor\", restart it with \"systemctl --user restart chimed\")\n"))
        #expect(!hung.contains("not running"))
        #expect(text(.notRunning).hasSuffix("\n" + ChangeMessage.daemonNotRunningStatus + "\n"))
        #expect(text(nil).hasSuffix("8 h done, 8 h to go\n"), "not asked: no line")
    }

    @Test func waybarTooltipNamesOnlyAProblemWithChimed() {
        func tooltip(_ daemon: DaemonAnswer) -> String {
            StatusReport(snapshot: StatusSnapshot(fast: session, water: nil, upcoming: [], daemon: daemon),
                         display: Fixture.display("2026-06-11T04:00:00+02:00")).waybar.tooltip
        }
        #expect(!tooltip(.answered(Fixture.daemonStatus)).contains("chimed"))
        #expect(tooltip(.notAnswering(reason: "it did not answer within 1 s")).contains("\nchimed is running but does not answer"))
    }

    @Test(arguments: [
        (DaemonAnswer?.some(.answered(Fixture.daemonStatus)), #""daemon_running":true,"daemon_answers":true,"do_not_disturb":false,"away":false,"held":0,"waiting_for_room":0}"#),
        (.some(.notAnswering(reason: "it did not answer within 1 s")), #""daemon_running":true,"daemon_answers":false,"do_not_disturb":null,"away":null,"held":null,"waiting_for_room":null}"#),
        (.some(.notRunning), #""daemon_running":false,"daemon_answers":false,"do_not_disturb":null,"away":null,"held":null,"waiting_for_room":null}"#),
        (.some(.unreachable(reason: "unsafe runtime directory")), #""daemon_running":null,"daemon_answers":false,"do_not_disturb":null,"away":null,"held":null,"waiting_for_room":null}"#),
        (nil, #""daemon_running":null,"daemon_answers":null,"do_not_disturb":null,"away":null,"held":null,"waiting_for_room":null}"#),
    ])
    func jsonSaysWhetherChimedRunsAndAnswers(_ daemon: DaemonAnswer?, _ ending: String) throws {
        let report = StatusReport(snapshot: StatusSnapshot(fast: nil, water: nil, upcoming: [], daemon: daemon),
                                  display: Fixture.display("2026-06-11T04:00:00+02:00"))
        #expect(try OrderedJSONEncoder().encode(report.json).hasSuffix(ending))
    }

    @Test func jsonShape() throws {
        let report = StatusReport(snapshot: StatusSnapshot(fast: nil, water: nil, upcoming: [], daemon: .answered(Fixture.daemonStatus)),
                                  display: Fixture.display("2026-06-11T04:00:00+02:00"))
        #expect(try OrderedJSONEncoder().encode(report.json)
            == #"{"fast":{"id":null,"phase":"none","plan":null,"started_at":null,"ends_at":null,"remaining_seconds":0,"progress":0},"water":null,"next":null,"daemon_running":true,"daemon_answers":true,"do_not_disturb":false,"away":false,"held":0,"waiting_for_room":0}"#)
    }
}

@Suite struct PendingListTests {
    let display = Fixture.display("2026-06-10T18:30:00+02:00")

    @Test func tableIsSortedByDueWithAlignedColumns() {
        let rows = [
            PendingNotification(identifier: "water/w-7kq/2026-06-10T19:00", group: "w-7kq", kind: .water, due: Fixture.at("2026-06-10T19:00:00+02:00"), tolerance: 300, title: "Time to drink", body: "", state: "pending"),
            PendingNotification(identifier: "fast/f-3k9/end", group: "f-3k9", kind: .fastEnd, due: Fixture.at("2026-06-11T12:00:00+02:00"), tolerance: 10, title: "Fast complete", body: "", state: "pending"),
            PendingNotification(identifier: "remind/r-1", group: "r-1", kind: .reminder, due: Fixture.at("2026-06-10T18:45:00+02:00"), tolerance: 5, title: "Tea", body: "", state: "pending"),
        ]
        #expect(PendingNotification.table(rows, display: display, style: .plain) == """
        ID                            GROUP  KIND      DUE                              TITLE
        remind/r-1                    r-1    reminder  18:45 (in 15 min)                Tea
        water/w-7kq/2026-06-10T19:00  w-7kq  water     19:00 (in 30 min)                Time to drink
        fast/f-3k9/end                f-3k9  fast-end  tomorrow 12:00 (in 17 h 30 min)  Fast complete

        """)
    }

    @Test func emptyListSaysWhatToDo() {
        #expect(PendingNotification.table([], display: display, style: .plain).hasPrefix("Nothing pending."))
    }
}

@Suite("list --json streams")
struct StreamedListTests {
    @Test("streamed element by element, the output is the array as one encoding would write it")
    func sameAsWholeArray() throws {
        let harness = RunnerHarness()
        harness.succeed("fast", "start", "--id", "f-abc", "--remind-before", "1h")
        // Enough rows to cross the writer's chunk size, with text that needs escaping; written
        // in one transaction (400 commands would be 400 synchronous commits).
        var plan = ChangePlan()
        for index in 0..<400 {
            let reminder = OneOffReminder(id: "r-\(index)", text: "tea \"\(index)\" \\ 给妈妈打电话 …", due: harness.now.addingTimeInterval(Double(index + 1) * 60))
            plan.merge(try FastingPlanner().remind(reminder, now: harness.now))
        }
        try harness.store().apply(plan, now: harness.now)
        let streamed = harness.succeed("list", "--json")
        #expect(streamed.utf8.count > JSONArrayWriter.chunkSize)
        let runner = CommandRunner(environment: harness.environment(errors: TextBuffer()))
        let whole = try OrderedJSONEncoder(prettyPrinted: true).encode(
            try runner.pendingNotifications(inGroup: nil, now: harness.now).map { $0.json(in: harness.timeZone) }
        ) + "\n"
        #expect(streamed == whole)
        #expect(harness.succeed("list", "--json", "--group", "f-abc") == (try OrderedJSONEncoder(prettyPrinted: true).encode(
            try runner.pendingNotifications(inGroup: "f-abc", now: harness.now).map { $0.json(in: harness.timeZone) }
        ) + "\n"))
        harness.succeed("remind", "in", "5m", "tea", "--id", "r-none")
        harness.succeed("cancel", "r-none")
        #expect(harness.succeed("list", "--json", "--group", "r-none") == "[]\n", "a group with nothing pending")
    }

    @Test("a reader that goes away stops the stream quietly")
    func closedReader() {
        let harness = RunnerHarness()
        harness.succeed("remind", "in", "5m", "tea")
        let output = TextBuffer()
        output.isClosed = true
        var writer = JSONArrayWriter(encoder: OrderedJSONEncoder(prettyPrinted: true), output: output)
        writer.finish()
        #expect(!writer.isOpen)
        #expect(output.text == "")
    }

    @Test("the fast path of string escaping writes what the slow path writes")
    func escaping() {
        for text in ["plain", "tab\there", "quote\"", "back\\slash", "line\u{2028}sep", "€ sign", "给妈妈", "\u{7F}", "e\u{301}"] {
            var fast = ""
            JSONStringLiteral.append(text, to: &fast)
            var expected = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": expected += "\\\""
                case "\\": expected += "\\\\"
                case "\t": expected += "\\t"
                case "\u{2028}": expected += "\\u2028"
                case "\u{7F}": expected += "\\u007f"
                default: expected.unicodeScalars.append(scalar)
                }
            }
            #expect(fast == expected + "\"", "\(text)")
        }
    }
}
