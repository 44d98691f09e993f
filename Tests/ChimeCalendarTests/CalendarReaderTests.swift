import ChimeCalendar
import ChimeCore
import Foundation
import Testing

@Suite("CalendarReader: iCalendar through libical into Chime's values")
struct CalendarReaderTests {
    @Test func readsAnEventWithItsAlarm() throws {
        let contents = CalendarFixture.read(CalendarFixture.calendar("""
            BEGIN:VEVENT
            UID:dentist-1
            SUMMARY:Dentist
            LOCATION:Main St 5
            URL:https://example.org/booking
            DTSTART;TZID=Europe/Berlin:20270315T143000
            DTEND;TZID=Europe/Berlin:20270315T151500
            PRIORITY:1
            BEGIN:VALARM
            ACTION:DISPLAY
            TRIGGER:-PT15M
            END:VALARM
            END:VEVENT

            """))
        #expect(contents.problems == [])
        let item = try #require(contents.items.first)
        let master = try #require(item.master)
        #expect(item.uid == "dentist-1")
        #expect(master.summary == "Dentist")
        #expect(master.location == "Main St 5")
        #expect(master.link == "https://example.org/booking")
        #expect(master.priority == 1)
        #expect(CalendarFixture.rows(contents, from: "2027-03-15T00:00:00Z", until: "2027-03-16T00:00:00Z") == ["dentist-1 2027-03-15T13:15:00Z"])
    }
}
