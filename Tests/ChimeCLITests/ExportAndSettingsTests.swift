import ChimeCore
import ChimeDaemon
import ChimeNotify
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeCLI

@Suite struct CSVTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("", ""),
        ("a,b", "\"a,b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("two\nlines", "\"two\nlines\""),
        ("crlf\r\nline", "\"crlf\r\nline\""),
        ("cr\ronly", "\"cr\ronly\""),
        (" padded", "\" padded\""),
        ("padded ", "\"padded \""),
        ("in side", "in side"),
        ("喝水 🍵", "喝水 🍵"),
        ("\"", "\"\"\"\""),
    ])
    func escape(_ field: String, _ expected: String) {
        #expect(CSVWriter.escape(field) == expected)
    }

    @Test func writerProducesHeaderAndRows() {
        var writer = CSVWriter(header: ["a", "b"])
        writer.appendRow(["1", "x,y"])
        writer.appendRow(["2", ""])
        #expect(writer.text == "a,b\n1,\"x,y\"\n2,\n")
    }
}

@Suite struct ExportDocumentTests {
    let display = Fixture.display("2026-06-08T10:00:00+02:00")

    var records: [FastRecord] {
        let sessions = [
            FastingSession(id: "done", plan: Fixture.plan("16:8"), start: Fixture.at("2026-06-01T20:00:00+02:00"), tag: "office, \"quiet\""),
            FastingSession(id: "now", plan: Fixture.plan("36h"), start: Fixture.at("2026-06-08T08:00:00+02:00")),
        ]
        return FastRecord.records(from: sessions, now: display.now, since: .distantPast)
    }

    @Test func fastsAsCSV() throws {
        let csv = try ExportDocument.fasts(records, format: .csv, timeZone: Fixture.berlin)
        #expect(csv == """
        id,plan,tag,cycle,started_at,ended_at,goal_ends_at,duration_seconds,completed
        done,16:8,"office, ""quiet\"\"\",0,2026-06-01T20:00:00+02:00,2026-06-02T12:00:00+02:00,2026-06-02T12:00:00+02:00,57600,true
        now,36h,,0,2026-06-08T08:00:00+02:00,,2026-06-09T20:00:00+02:00,7200,false

        """)
    }

    @Test func fastsAsJSONHaveTheSameKeys() throws {
        let json = try ExportDocument.fasts(records, format: .json, timeZone: Fixture.berlin)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(objects.count == 2)
        #expect(Set(objects[0].keys) == Set(FastRecordJSON.csvHeader))
        #expect(objects[1]["ended_at"] is NSNull)
        // Every key is present, null when empty: no tag is null, not "".
        #expect(objects[0]["tag"] as? String == "office, \"quiet\"")
        #expect(objects[1]["tag"] is NSNull)
        #expect(json.hasPrefix("[\n  {\n    \"id\": \"done\",\n    \"plan\": \"16:8\","))
    }

    @Test func waterAndPending() throws {
        let water = [
            LoggedWater(scheduleID: "w-7kq", intake: WaterIntake(instant: Fixture.at("2026-06-08T09:30:00+02:00"), amountML: 250)),
            LoggedWater(scheduleID: nil, intake: WaterIntake(instant: Fixture.at("2026-06-08T09:45:00+02:00"), amountML: 500)),
        ]
        #expect(try ExportDocument.water(water, window: nil, format: .csv, timeZone: Fixture.berlin)
            == "instant,amount_ml,schedule,water_day,unit\n2026-06-08T09:30:00+02:00,250,w-7kq,2026-06-08,ml\n2026-06-08T09:45:00+02:00,500,,2026-06-08,ml\n")
        #expect(try ExportDocument.water(water, window: nil, format: .json, timeZone: Fixture.utc, unit: .ounces).contains("\"instant\": \"2026-06-08T07:45:00+00:00\",\n    \"amount_ml\": 500,\n    \"schedule\": null,\n    \"water_day\": \"2026-06-08\",\n    \"unit\": \"oz\""))
        // Active hours past midnight: a glass before they close counts toward the day they opened.
        let night = try DailyWindow(from: WallClockTime(parsing: "22:00"), until: WallClockTime(parsing: "10:00"))
        #expect(try ExportDocument.water(water, window: night, format: .csv, timeZone: Fixture.berlin).contains("250,w-7kq,2026-06-07,ml\n"))

        let pending = [PendingNotification(identifier: "remind/r-1", group: "r-1", kind: .reminder, due: Fixture.at("2026-06-08T11:00:00+02:00"),
                                           tolerance: 5, title: "Reminder", body: "milk, eggs\nbread", state: "pending")]
        #expect(try ExportDocument.pending(pending, format: .csv, timeZone: Fixture.berlin)
            == "id,group,kind,due,tolerance_seconds,title,body,state\nremind/r-1,r-1,reminder,2026-06-08T11:00:00+02:00,5,Reminder,\"milk, eggs\nbread\",pending\n")
        #expect(try ExportDocument.pending([], format: .json, timeZone: Fixture.berlin) == "[]\n")
    }
}

@Suite struct ConfigKeyTests {
    @Test(arguments: [
        (ConfigKey.fastPlan, "18:6", ConfigValue.plan(Fixture.plan("18:6")), "18:6"),
        (.fastPlan, "OMAD", .plan(Fixture.plan("23:1")), "23:1"),
        (.fastPlan, "36h", .plan(Fixture.plan("36h")), "36h"),
        (.fastRemindBefore, "1h,15m", .durations([Fixture.span("1h"), Fixture.span("15m")]), "1h,15m"),
        (.fastRemindBefore, "30m,30m", .durations([Fixture.span("30m")]), "30m"),
        (.fastRemindBefore, "none", .durations([]), "none"),
        (.waterAmount, "330ml", .amount(WaterQuantity(millilitres: 330)), "330ml"),
        (.waterAmount, "330 ML", .amount(WaterQuantity(millilitres: 330)), "330ml"),
        (.waterAmount, "8.5oz", .amount(amount("8.5oz")), "8.5oz"),
        (.waterAmount, "0.3l", .amount(amount("0.3l")), "300ml"),
        (.waterGoal, "2000ml", .optionalAmount(WaterQuantity(millilitres: 2000)), "2000ml"),
        (.waterGoal, "64 oz", .optionalAmount(amount("64oz")), "64oz"),
        (.waterGoal, "None", .optionalAmount(nil), "none"),
        (.waterUnit, "OZ", .waterUnit(.ounces), "oz"),
        (.fastStreaks, "off", .switch(false), "off"),
        (.urgencyFast, "critical", .urgency(.critical), "critical"),
        (.urgencyWater, "LOW", .urgency(.low), "low"),
        (.urgencyReminder, "normal", .urgency(.normal), "normal"),
    ])
    func acceptedValuesAndTheirStoredText(_ key: ConfigKey, _ text: String, _ value: ConfigValue, _ stored: String) throws {
        #expect(try key.value(parsing: text) == value)
        #expect(value.storedText == stored)
        #expect(try key.value(parsing: stored) == value)
    }

    @Test(arguments: [
        (ConfigKey.fastPlan, "forever", UsageError.Kind.invalidValue(.invalidPlan)),
        (.fastRemindBefore, "1h,soon", .invalidValue(.invalidDuration)),
        (.fastRemindBefore, Array(repeating: "1m", count: 11).joined(separator: ","), .invalidValue(.invalidDuration)),
        (.waterAmount, "0", .invalidValue(.invalidAmount)),
        (.waterAmount, "none", .invalidValue(.invalidAmount)),
        (.waterGoal, "25000", .invalidValue(.invalidAmount)),
        (.urgencyFast, "urgent", .invalidSettingValue),
    ])
    func rejectedValues(_ key: ConfigKey, _ text: String, _ kind: UsageError.Kind) {
        #expect {
            try key.value(parsing: text, argumentPosition: 4)
        } throws: { error in
            guard let error = error as? UsageError else { return false }
            return error.kind == kind && error.argumentPosition == 4
        }
    }

    @Test func urgencyTypoSuggests() {
        #expect {
            try ConfigKey.urgencyFast.value(parsing: "critcal")
        } throws: { error in
            (error as? UsageError)?.message == "invalid value \"critcal\" for notify.urgency.fast: use one of low, normal, critical (did you mean \"critical\"?)"
        }
    }

    @Test func urgencySettingsAreTheOnesChimedReads() throws {
        let keys: [ConfigKey] = [.urgencyFast, .urgencyWater, .urgencyReminder]
        #expect(keys.map(\.name) == [UrgencySettings.fastKey, UrgencySettings.waterKey, UrgencySettings.reminderKey])
        for urgency in ConfigValue.Urgency.allCases {
            let stored = try ConfigKey.urgencyWater.value(parsing: urgency.rawValue).storedText
            #expect(UrgencySettings(settings: [UrgencySettings.waterKey: stored]).urgency(for: .water)?.description == urgency.rawValue)
        }
    }

    @Test func defaultsAreValidValuesOfTheirKeys() throws {
        for key in ConfigKey.allCases {
            #expect(try key.value(parsing: key.defaultValue.storedText) == key.defaultValue)
            #expect(ConfigKey.named(key.name) == key)
        }
        #expect(ConfigKey.named("fast.plans") == nil)
    }

    @Test func listingMarksDefaults() {
        let listing = ConfigKey.listing([.fastPlan: .plan(Fixture.plan("18:6")), .waterGoal: .optionalAmount(WaterQuantity(millilitres: 2500))])
        #expect(listing == """
        fast.plan                18:6
        fast.remind_before       none (default)
        fast.streaks             on (default)
        water.amount             250ml (default)
        water.goal               2500ml
        water.unit               ml (default)
        notify.urgency.fast      normal (default)
        notify.urgency.water     low (default)
        notify.urgency.reminder  normal (default)
        notify.dnd               on (default)
        notify.away              on (default)
        snooze                   10m (default)
        language                 auto (default)
        time_zone                system (default)

        """)
    }

    @Test func planDisplayNames() {
        #expect(Fixture.plan("16:8").displayName == "16:8")
        #expect(Fixture.plan("omad").displayName == "23:1")
        #expect(Fixture.plan("36h").displayName == "36h")
        #expect(Fixture.plan("90m:30m").displayName == "1h30m:30m")
        #expect(Fixture.plan("17:7").displayName == "17:7")
    }
}

@Suite struct LocalTimeZoneTests {
    private func resolve(_ tz: String?) throws -> TimeZone {
        var environment: [String: String] = [:]
        environment["TZ"] = tz
        return try LocalTimeZone.resolve(environment: environment, systemZone: Fixture.kolkata)
    }

    @Test func unsetUsesTheSystemZone() throws {
        #expect(try resolve(nil) == Fixture.kolkata)
    }

    @Test(arguments: [
        ("Europe/Berlin", "Europe/Berlin"), (":Europe/Berlin", "Europe/Berlin"),
        ("/usr/share/zoneinfo/America/New_York", "America/New_York"), (":/usr/share/zoneinfo/Asia/Tokyo", "Asia/Tokyo"),
    ])
    func namedZones(_ tz: String, _ identifier: String) throws {
        #expect(try resolve(tz).identifier == identifier)
    }

    @Test(arguments: ["UTC", "Etc/UTC", ":UTC"])
    func utcNames(_ tz: String) throws {
        #expect(try resolve(tz).secondsFromGMT(for: Fixture.at("2026-06-01T00:00:00Z")) == 0)
    }

    @Test func emptyMeansUTC() throws {
        #expect(try resolve("").secondsFromGMT(for: Date()) == 0)
    }

    @Test(arguments: ["Mars/Olympus", "Europe/Berlim", "../../etc/passwd", "Europe Berlin", "\u{00E9}"])
    func unknownZonesAreBadData(_ tz: String) {
        #expect {
            try resolve(tz)
        } throws: { error in
            guard let error = error as? DomainError else { return false }
            return error.kind == .invalidTime && error.message.hasPrefix("unknown time zone \"\(tz)\" in TZ")
                && ExitCode(for: error.kind) == .dataError
        }
    }
}

@Suite struct DoctorReportTests {
    @Test func exitsZeroOnlyWithoutProblems() {
        let ok = DoctorReport.Finding(check: "store", outcome: .ok, detail: "fine")
        let warning = DoctorReport.Finding(check: "time zone", outcome: .warning, detail: "TZ differs", fix: "unset TZ")
        let problem = DoctorReport.Finding(check: "daemon", outcome: .problem, detail: "not running", fix: "systemctl --user start chimed")
        #expect(DoctorReport(findings: [ok, warning]).exitCode == .success)
        #expect(DoctorReport(findings: [ok, problem]).exitCode == .unavailable)
        #expect(DoctorReport(findings: [ok, problem]).exitCode.rawValue == 69)
    }

    @Test func textAlignsChecksAndShowsFixes() {
        let report = DoctorReport(findings: [
            DoctorReport.Finding(check: "store", outcome: .ok, detail: "/tmp/chime.db, integrity ok", fix: "never shown"),
            DoctorReport.Finding(check: "daemon", outcome: .problem, detail: "not running", fix: "systemctl --user start chimed"),
        ])
        #expect(report.text(style: .plain) == """
        ok       store   /tmp/chime.db, integrity ok
        problem  daemon  not running
                         -> systemctl --user start chimed

        """)
    }
}

@Suite("config unset")
struct ConfigUnsetTests {
    @Test("unset returns a setting to its default; a key never set is left alone")
    func unset() throws {
        let harness = RunnerHarness()
        harness.succeed("config", "set", "fast.plan", "18:6")
        #expect(harness.succeed("config", "get", "fast.plan") == "18:6\n")
        let nudges = harness.daemon.nudges.count
        #expect(harness.succeed("config", "unset", "fast.plan") == "fast.plan unset: back to its default, 16:8\n")
        #expect(harness.daemon.nudges.count == nudges + 1)
        #expect(try harness.store().setting("fast.plan") == nil)
        #expect(harness.succeed("config", "get", "fast.plan") == "16:8\n")
        #expect(harness.succeed("config", "list").split(separator: "\n").contains { $0.hasPrefix("fast.plan ") && $0.hasSuffix(" 16:8 (default)") })
        let before = harness.dump()
        #expect(harness.succeed("config", "unset", "fast.plan") == "fast.plan is not set: it has its default, 16:8; nothing changed\n")
        #expect(harness.dump() == before)
        let unknown = harness.run("config", "unset", "fast.plna")
        #expect(unknown.exitCode == .usage)
        #expect(unknown.errors == "chime: unknown setting \"fast.plna\": did you mean \"fast.plan\"?\n")
    }
}

@Suite("the language setting")
struct LanguageSettingTests {
    @Test("language fixes the language of list titles whatever LANG says, as it does for chimed")
    func listFollowsTheSetting() throws {
        let harness = RunnerHarness()
        harness.succeed("fast", "start", "--id", "f-abc")
        func title() throws -> String? {
            let array = try #require(jsonArray(harness.succeed("list", "--json")))
            return array.first?["title"] as? String
        }
        #expect(try title() == "Fast complete")
        harness.variables["LANG"] = "zh_CN.UTF-8"
        #expect(try title() == "禁食完成", "auto: the locale variables")
        #expect(harness.succeed("config", "set", "language", "en") == "language set to en\n")
        #expect(try title() == "Fast complete")
        harness.variables["LANG"] = "en_US.UTF-8"
        harness.succeed("config", "set", "language", "zh")
        #expect(try title() == "禁食完成")
        #expect(harness.succeed("status").contains("禁食完成"))
        harness.succeed("config", "unset", "language")
        #expect(try title() == "Fast complete")
        let bad = harness.run("config", "set", "language", "fr")
        #expect(bad.errors == "chime: invalid value \"fr\" for language: use one of auto, en, zh (did you mean \"en\"?)\n")
    }

    @Test("the setting's values name the languages; auto and anything else leave it to the locale")
    func settingValues() {
        #expect(NotificationLanguage.chosen(bySetting: "en") == .english)
        #expect(NotificationLanguage.chosen(bySetting: "zh") == .simplifiedChinese)
        #expect(NotificationLanguage.chosen(bySetting: "auto") == nil)
        #expect(NotificationLanguage.chosen(bySetting: nil) == nil)
        #expect(NotificationLanguage.chosen(bySetting: "klingon") == nil)
    }
}
