import ChimeCalendar
import ChimeCore
import Foundation
import Testing

/// Files of one collection sharing a `UID`: a master in one file and an override in another
/// are one item, as in one file; of two masters, the first file's by path is read, whatever
/// the order the files were read in, and the other is named as a problem.
@Suite("calendar: items sharing a UID across files are one item")
struct PreparedCalendarSharedUIDTests {
    static let source = CalendarSource(name: "work", path: "/cal/work", addedAt: CalendarFixture.at("2027-01-01T00:00:00Z"))

    static let master = CalendarFixture.calendar("""
        BEGIN:VEVENT
        UID:course
        DTSTAMP:20270101T000000Z
        SUMMARY:Course
        DTSTART;TZID=Europe/Berlin:20270503T100000
        DTEND;TZID=Europe/Berlin:20270503T110000
        RRULE:FREQ=WEEKLY;COUNT=4
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:x
        TRIGGER:-PT30M
        END:VALARM
        END:VEVENT

        """)

    static let override = CalendarFixture.calendar("""
        BEGIN:VEVENT
        UID:course
        DTSTAMP:20270101T000000Z
        SUMMARY:Course (moved)
        RECURRENCE-ID;TZID=Europe/Berlin:20270510T100000
        DTSTART;TZID=Europe/Berlin:20270510T140000
        DTEND;TZID=Europe/Berlin:20270510T150000
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:x
        TRIGGER:-PT30M
        END:VALARM
        END:VEVENT

        """)

    /// The calendar with `files` (path, text) read in that order.
    static func prepared(_ files: [(String, String)]) -> PreparedCalendar {
        var calendar = PreparedCalendar(source: source, localZone: CalendarFixture.berlin)
        for (file, text) in files {
            let contents = CalendarFixture.read(text, file: file)
            calendar.replaceFile(file, items: contents.items, problems: contents.problems)
        }
        return calendar
    }

    static func triggers(_ calendar: PreparedCalendar) -> [String] {
        let engine = CalendarAlarmEngine(localZone: CalendarFixture.berlin)
        let result = engine.firings(of: calendar.items, from: CalendarFixture.at("2027-05-01T00:00:00Z"), until: CalendarFixture.at("2027-06-01T00:00:00Z"))
        return result.firings.map { "\($0.instance.uid) \(CalendarFixture.iso($0.triggerAt))" }.sorted()
    }

    @Test("a master in one file and its override in another give the alarms of the one file holding both, in either order")
    func masterAndOverrideApart() throws {
        let together = Self.prepared([("/cal/work/course.ics", Self.master.replacingOccurrences(of: "END:VCALENDAR\r\n", with: "")
            + Self.override.components(separatedBy: "PRODID:-//Chime tests//EN\r\n")[1])])
        let expected = Self.triggers(together)
        #expect(expected == [
            "course 2027-05-03T07:30:00Z", "course 2027-05-10T11:30:00Z", "course 2027-05-17T07:30:00Z", "course 2027-05-24T07:30:00Z",
        ])
        let apart = Self.prepared([("/cal/work/a.ics", Self.master), ("/cal/work/b.ics", Self.override)])
        #expect(Self.triggers(apart) == expected)
        #expect(Self.triggers(Self.prepared([("/cal/work/b.ics", Self.override), ("/cal/work/a.ics", Self.master)])) == expected)
        #expect(apart.itemCount == 1 && apart.items.count == 1)
        #expect(apart.itemsByUID["course"]?.item.overrides.count == 1)
        #expect(apart.problems.isEmpty)

        // The override's file removed: the series alone; the master's removed: the override alone.
        var series = apart
        series.removeFile("/cal/work/b.ics")
        #expect(Self.triggers(series).count == 4 && !Self.triggers(series).contains("course 2027-05-10T11:30:00Z"))
        var single = apart
        single.removeFile("/cal/work/a.ics")
        #expect(Self.triggers(single) == ["course 2027-05-10T11:30:00Z"])
        #expect(single.itemsByUID["course"]?.file == "/cal/work/b.ics")
    }

    @Test("two masters under one UID: the first file's by path is read in any reading order, and the other is named")
    func twoMasters() throws {
        let other = Self.master.replacingOccurrences(of: "T100000", with: "T180000").replacingOccurrences(of: "SUMMARY:Course", with: "SUMMARY:Copy")
        let inOrder = Self.prepared([("/cal/work/a.ics", Self.master), ("/cal/work/z.ics", other)])
        let reversed = Self.prepared([("/cal/work/z.ics", other), ("/cal/work/a.ics", Self.master)])
        #expect(Self.triggers(inOrder) == Self.triggers(Self.prepared([("/cal/work/a.ics", Self.master)])))
        #expect(Self.triggers(reversed) == Self.triggers(inOrder))
        #expect(inOrder.itemsByUID["course"]?.item.master?.summary == "Course")
        #expect(inOrder.problems.map(\.file) == ["/cal/work/z.ics"])
        #expect(inOrder.problems.first?.description == "calendar file /cal/work/z.ics, item course: /cal/work/a.ics also holds this item with its own rule and times: that one is read, this one is left out")
        #expect(inOrder.itemCount == 1)
        // The first file gone, the other master is read and nothing is left out.
        var left = inOrder
        left.removeFile("/cal/work/a.ics")
        #expect(left.itemsByUID["course"]?.item.master?.summary == "Copy")
        #expect(left.problems.isEmpty)
    }
}
