import ChimeCalendar
import ChimeCore
import Foundation
import Testing

/// Every kind of bad file is skipped or bounded with one reason naming the file, and what can
/// be read is kept.
@Suite("CalendarReader: bad files")
struct CalendarBadFileTests {
    static let alarm = "BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-PT10M\nEND:VALARM\n"

    static func event(_ uid: String, _ extra: String = "", start: String = "DTSTART:20270601T090000Z") -> String {
        "BEGIN:VEVENT\nUID:\(uid)\nSUMMARY:\(uid)\n\(start)\n\(extra)\(alarm)END:VEVENT\n"
    }

    /// The problems' kinds, each checked to name the file.
    static func kinds(_ contents: CalendarFileContents) -> [CalendarProblem.Kind] {
        for problem in contents.problems {
            #expect(problem.description.contains(contents.file), "\(problem)")
            #expect(problem.text.text(in: .simplifiedChinese).contains(contents.file))
        }
        return contents.problems.map(\.kind)
    }

    @Test func brokenLinesAreSkippedAndTheRestIsRead() {
        let contents = CalendarFixture.read(CalendarFixture.calendar(Self.event("ok", "THIS LINE IS BROKEN\nDTEND:garbage\n")), file: "/cal/broken.ics")
        #expect(Self.kinds(contents) == [.bounded])
        #expect(contents.problems[0].description.contains("libical skipped 2 parts"))
        #expect(CalendarFixture.rows(contents, from: "2027-06-01T00:00:00Z", until: "2027-06-02T00:00:00Z") == ["ok 2027-06-01T08:50:00Z"])
    }

    @Test func anEventWithoutDTSTARTIsSkippedAndItsNeighboursAreNot() {
        let contents = CalendarFixture.read(CalendarFixture.calendar(Self.event("no-start", start: "") + Self.event("ok")), file: "/cal/two.ics")
        #expect(Self.kinds(contents) == [.skippedItem])
        #expect(contents.problems[0].uid == "no-start")
        #expect(contents.items.map(\.uid) == ["ok"])
    }

    @Test func invalidUTF8IsRepairedAndSaidOnce() throws {
        var bytes = Array(CalendarFixture.calendar(Self.event("latin")).utf8)
        let summary = try #require(bytes.firstRange(of: Array("SUMMARY:latin".utf8)))
        bytes.insert(contentsOf: [0xE9, 0xFF], at: summary.upperBound)
        let contents = CalendarReader().read(bytes: bytes, file: "/cal/latin1.ics")
        #expect(Self.kinds(contents) == [.bounded])
        #expect(contents.problems[0].description.contains("line 6"))
        #expect(contents.items.first?.master?.summary == "latin\u{FFFD}\u{FFFD}")
    }

    @Test func aTenMegabyteLineIsDroppedAndTheItemKept() {
        let big = "DESCRIPTION:" + String(repeating: "x", count: 10 << 20) + "\n"
        let folded = "X-FOLDED:" + String(repeating: "y\n ", count: 400_000) + "end\n"
        let contents = CalendarFixture.read(CalendarFixture.calendar(Self.event("big", big + folded)), file: "/cal/big.ics")
        #expect(Self.kinds(contents) == [.bounded, .bounded])
        #expect(contents.problems[0].description.contains("line 8 is 10485774 bytes long"))
        #expect(CalendarFixture.rows(contents, from: "2027-06-01T00:00:00Z", until: "2027-06-02T00:00:00Z") == ["big 2027-06-01T08:50:00Z"])
    }

    @Test func aHugeCountIsBoundedAndStillExpands() {
        let contents = CalendarFixture.read(CalendarFixture.calendar(Self.event("count", "RRULE:FREQ=DAILY;COUNT=1000000000\n")), file: "/cal/count.ics")
        #expect(Self.kinds(contents) == [.bounded])
        #expect(contents.items.first?.master?.rule?.count == 1_000_000)
        #expect(CalendarFixture.rows(contents, from: "2030-01-01T00:00:00Z", until: "2030-01-03T00:00:00Z") == ["count 2030-01-01T08:50:00Z", "count 2030-01-02T08:50:00Z"])
    }

    @Test func aSecondlyRuleWithNoEndIsReadAsItsFirstInstance() {
        let contents = CalendarFixture.read(CalendarFixture.calendar(Self.event("spam", "RRULE:FREQ=SECONDLY\n")), file: "/cal/spam.ics")
        #expect(Self.kinds(contents) == [.bounded])
        #expect(contents.items.first?.master?.rule == nil)
        #expect(CalendarFixture.rows(contents, from: "2027-01-01T00:00:00Z", until: "2028-01-01T00:00:00Z") == ["spam 2027-06-01T08:50:00Z"])
    }

    @Test func filesThatAreNotCalendarsAreSkipped() {
        for (name, bytes) in [("empty", [UInt8]()), ("text", Array("hello, world\n".utf8)), ("nul", Array("BEGIN:VCALENDAR\n\u{0}END:VCALENDAR\n".utf8)),
                              ("json", Array("{\"BEGIN\":\"VCALENDAR\"}".utf8))] {
            let contents = CalendarReader().read(bytes: bytes, file: "/cal/\(name).ics")
            #expect(Self.kinds(contents) == [.skippedFile], "\(name)")
            #expect(contents.isUnreadable && contents.items.isEmpty)
        }
    }

    @Test func anUnknownZoneIsReadOnTheLocalClockWithAReason() {
        let contents = CalendarFixture.read(CalendarFixture.calendar(Self.event("zone", start: "DTSTART;TZID=Mars/Olympus_Mons:20270601T090000")), file: "/cal/mars.ics")
        #expect(Self.kinds(contents) == [.skippedPart])
        #expect(CalendarFixture.rows(contents, from: "2027-06-01T00:00:00Z", until: "2027-06-02T00:00:00Z", zone: CalendarFixture.kolkata) == ["zone 2027-06-01T03:20:00Z"])
    }

    @Test func alarmsThatCannotFireAreLeftOutWithAReason() {
        let todo = "BEGIN:VTODO\nUID:t\nSUMMARY:t\nBEGIN:VALARM\nACTION:DISPLAY\nTRIGGER;RELATED=END:-PT5M\nEND:VALARM\nBEGIN:VALARM\nACTION:DISPLAY\nEND:VALARM\nEND:VTODO\n"
        let contents = CalendarFixture.read(CalendarFixture.calendar(todo), file: "/cal/todo.ics")
        #expect(Self.kinds(contents) == [.skippedPart, .skippedPart])
        #expect(contents.items.first?.master?.alarms == [])
    }
}
