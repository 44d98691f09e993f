import ChimeCalendar
import ChimeCore
import Foundation
import Testing

/// What the oracle cannot check, against values worked out by hand: acknowledgements,
/// cancellations, all-day alarms (its issue #234), and the instants of times in and around
/// clock changes.
@Suite("Calendar alarms against expected values")
struct CalendarExpectedAlarmTests {
    static func fixtureRows(_ path: String, from: String, until: String, zone: TimeZone = CalendarFixture.berlin) -> [String] {
        CalendarFixture.rows(CalendarReader().read(path: CalendarFixture.fixture(path)), from: from, until: until, zone: zone)
    }

    @Test func thunderbirdsLastAcknowledgementSilencesEveryEarlierFiring() {
        // Daily at 14:00 London from 26 November, alarm an hour before; acknowledged on 27
        // November at 16:27:55 UTC: the 26th's and 27th's are done, the 28th-30th's still come.
        let uid = "b17e7979-ecef-4aa1-9ec7-e0d2c3891fbe"
        #expect(Self.fixtureRows("recurring-ical-events/alarm_recurring_and_acknowledged_at_2024_11_27_16_27.ics", from: "2024-11-01T00:00:00Z", until: "2025-01-01T00:00:00Z") == [
            "\(uid) 2024-11-28T13:00:00Z", "\(uid) 2024-11-29T13:00:00Z", "\(uid) 2024-11-30T13:00:00Z",
        ])
        #expect(Self.fixtureRows("icalendar/calendars_alarm_thunderbird_closed.ics", from: "2024-01-01T00:00:00Z", until: "2025-01-01T00:00:00Z") == [])
    }

    @Test func rfc9074AcknowledgedAlarmsGiveNone() {
        let contents = CalendarFixture.read(CalendarFixture.calendar("""
            BEGIN:VEVENT
            UID:acknowledged
            DTSTART:20270601T090000Z
            RRULE:FREQ=DAILY;COUNT=3
            BEGIN:VALARM
            ACTION:DISPLAY
            TRIGGER:-PT15M
            ACKNOWLEDGED:20270602T084500Z
            END:VALARM
            END:VEVENT

            """))
        #expect(CalendarFixture.rows(contents, from: "2027-06-01T00:00:00Z", until: "2027-06-04T00:00:00Z") == ["acknowledged 2027-06-03T08:45:00Z"])
    }

    @Test("an absolute alarm the master and its THISANDFUTURE override (naming no instance) both carry fires once, on the first instance at or after it")
    func anAbsoluteAlarmCopiedIntoAFutureOverrideFiresOnce() {
        let contents = CalendarFixture.read(CalendarFixture.calendar("""
            BEGIN:VEVENT
            UID:moved
            DTSTART:20261203T100000Z
            DURATION:PT1H
            RRULE:FREQ=DAILY;COUNT=10
            BEGIN:VALARM
            ACTION:DISPLAY
            TRIGGER;VALUE=DATE-TIME:20261206T090000Z
            END:VALARM
            END:VEVENT
            BEGIN:VEVENT
            UID:moved
            RECURRENCE-ID;RANGE=THISANDFUTURE:20261205T120000Z
            DTSTART:20261205T130000Z
            DURATION:PT1H
            BEGIN:VALARM
            ACTION:DISPLAY
            TRIGGER;VALUE=DATE-TIME:20261206T090000Z
            END:VALARM
            END:VEVENT

            """))
        #expect(CalendarFixture.rows(contents, from: "2026-12-01T00:00:00Z", until: "2026-12-20T00:00:00Z") == ["moved 2026-12-06T09:00:00Z"])
    }

    @Test func aCancelledInstanceHasNoAlarm() {
        let contents = CalendarFixture.read(OracleTests.withAlarms(try! String(contentsOfFile: CalendarFixture.fixture("recurring-ical-events/issue_18_cancel_status.ics"), encoding: .utf8)).replacingOccurrences(of: "RECURRENCE-ID", with: "STATUS:CANCELLED\nRECURRENCE-ID"))
        let uid = "b65c2b5b-b785-4edc-9560-e0379036d1f2"
        // Daily at 22:00 Berlin from 28 January 2020, three times; the second is cancelled.
        #expect(CalendarFixture.rows(contents, from: "2020-01-01T00:00:00Z", until: "2020-03-01T00:00:00Z") == [
            "\(uid) 2020-01-28T20:50:00Z", "\(uid) 2020-01-30T20:50:00Z",
        ])
    }

    @Test func allDayAlarmsCountFromLocalMidnight() {
        // Google writes all-day reminders relative to the day's start: the day before at 09:00.
        let contents = CalendarFixture.read(CalendarFixture.calendar("""
            BEGIN:VEVENT
            UID:birthday
            SUMMARY:Birthday
            DTSTART;VALUE=DATE:20270315
            DTEND;VALUE=DATE:20270316
            RRULE:FREQ=YEARLY
            BEGIN:VALARM
            ACTION:DISPLAY
            TRIGGER:-PT15H
            END:VALARM
            BEGIN:VALARM
            ACTION:AUDIO
            TRIGGER;RELATED=END:PT0S
            REPEAT:1
            DURATION:PT1H
            END:VALARM
            END:VEVENT

            """))
        #expect(CalendarFixture.rows(contents, from: "2027-03-01T00:00:00Z", until: "2028-04-01T00:00:00Z") == [
            "birthday 2027-03-14T08:00:00Z", "birthday 2027-03-15T23:00:00Z", "birthday 2027-03-16T00:00:00Z",
            "birthday 2028-03-14T08:00:00Z", "birthday 2028-03-15T23:00:00Z", "birthday 2028-03-16T00:00:00Z",
        ])
        // The same item on a New York clock: midnight there.
        #expect(CalendarFixture.rows(contents, from: "2027-03-01T00:00:00Z", until: "2027-04-01T00:00:00Z", zone: CalendarFixture.newYork) == [
            "birthday 2027-03-14T13:00:00Z", "birthday 2027-03-16T04:00:00Z", "birthday 2027-03-16T05:00:00Z",
        ])
        let firing = CalendarAlarmEngine(localZone: CalendarFixture.berlin).firings(in: [CalendarContents(name: "c", items: contents.items)], from: CalendarFixture.at("2027-03-01T00:00:00Z"), until: CalendarFixture.at("2027-03-15T00:00:00Z")).firings.first
        #expect(firing?.instance.allDayDate == LocalDate(year: 2027, month: 3, day: 15))
        #expect(firing?.identity.requestIdentifier == "cal/c/birthday/20270315/20270314T080000Z")
    }

    @Test func allDayFixturesTheOracleCannotRead() {
        // recurring-ical-events' own calendars with an alarm added: its all-day items raise there.
        let contents = CalendarFixture.read(OracleTests.withAlarms(try! String(contentsOfFile: CalendarFixture.fixture("recurring-ical-events/issue_61_time_zone_error.ics"), encoding: .utf8)))
        let allDay = contents.items.compactMap(\.master).filter(\.isAllDay)
        #expect(!allDay.isEmpty)
        for master in allDay {
            guard case .date(let date)? = master.start else { continue }
            let item = contents.items.first { $0.uid == master.uid }!
            let midnight = LocalTimeResolver.calendarInstant(of: LocalDateTime(date: date, secondOfDay: 0), in: .system(CalendarFixture.berlin))
            let next = CalendarItemAlarms(item: item, calendar: CalendarContents(name: "c", items: []), localZone: CalendarFixture.berlin).nextFiring(after: midnight.addingTimeInterval(-3600))
            #expect(next?.triggerAt == midnight.addingTimeInterval(-600), "\(master.uid)")
        }
    }

    @Test func timesInAndAroundClockChangesThroughAFile() throws {
        let file = CalendarFixture.calendar(GeneratedCalendars.comparable.first { $0.name == "lord-howe" }!.text + GeneratedCalendars.comparable.first { $0.name == "berlin-gap" }!.text)
        let rows = CalendarFixture.rows(CalendarFixture.read(file), from: "2027-03-28T00:00:00Z", until: "2027-03-29T00:00:00Z")
        // 02:30 in Berlin's spring gap is 03:30 +02:00; its 15-minute alarm 03:15 +02:00.
        #expect(rows == ["berlin-spring 2027-03-28T01:15:00Z", "berlin-spring 2027-03-28T01:30:00Z"])
        let autumn = CalendarFixture.rows(CalendarFixture.read(file), from: "2027-10-31T00:00:00Z", until: "2027-11-01T00:00:00Z")
        // 02:30 on the night the clocks go back is its first occurrence, 02:30 +02:00.
        #expect(autumn == ["berlin-autumn 2027-10-31T00:15:00Z", "berlin-autumn 2027-10-31T00:30:00Z"])
        let lordHowe = CalendarFixture.rows(CalendarFixture.read(file), from: "2027-10-01T00:00:00Z", until: "2027-10-04T00:00:00Z")
        // 02:15 on 3 October is in Lord Howe's 30-minute gap: 02:45 +11:00 (15:45 UTC the day before).
        #expect(lordHowe == ["lord-howe-spring 2027-10-01T15:45:00Z", "lord-howe-spring 2027-10-02T15:45:00Z", "lord-howe-spring 2027-10-03T15:15:00Z"])
        let repeated = CalendarFixture.rows(CalendarFixture.read(file), from: "2027-04-03T00:00:00Z", until: "2027-04-05T00:00:00Z")
        // 01:45 on 4 April happens twice there: the first, at +11:00.
        #expect(repeated == ["lord-howe-autumn 2027-04-03T14:45:00Z", "lord-howe-autumn 2027-04-04T15:15:00Z"])
    }

    @Test func aWindowsZoneFromItsVTIMEZONEAgreesWithTheNamedZone() throws {
        let windows = CalendarFixture.calendar(GeneratedCalendars.comparable.first { $0.name == "windows" }!.text)
        let named = windows.replacingOccurrences(of: "TZID=W. Europe Standard Time", with: "TZID=Europe/Berlin")
        let windowsRows = CalendarFixture.rows(CalendarFixture.read(windows), from: "2027-01-01T00:00:00Z", until: "2028-01-01T00:00:00Z")
        #expect(windowsRows.count == 40)
        #expect(windowsRows == CalendarFixture.rows(CalendarFixture.read(named), from: "2027-01-01T00:00:00Z", until: "2028-01-01T00:00:00Z"))
        // Across the change on 28 March: 08:45 +01:00, then 08:45 +02:00.
        #expect(windowsRows.contains("windows 2027-03-22T07:45:00Z") && windowsRows.contains("windows 2027-03-29T06:45:00Z"))
    }

    @Test("a VTODO's end is its DUE, or its DTSTART plus DURATION (RFC 5545 3.8.6.3): an alarm RELATED=END fires from either; without both it is skipped")
    func aVTodoEndsAtStartPlusDuration() throws {
        let contents = CalendarFixture.read(CalendarFixture.calendar("""
            BEGIN:VTODO
            UID:call
            SUMMARY:Call
            DTSTART;TZID=Europe/Berlin:20270601T150000
            DURATION:PT1H
            BEGIN:VALARM
            ACTION:DISPLAY
            TRIGGER;RELATED=END:-PT10M
            END:VALARM
            END:VTODO
            BEGIN:VTODO
            UID:open
            SUMMARY:Open-ended
            DTSTART;TZID=Europe/Berlin:20270601T150000
            BEGIN:VALARM
            ACTION:DISPLAY
            TRIGGER;RELATED=END:-PT10M
            END:VALARM
            END:VTODO

            """))
        let firings = CalendarAlarmEngine(localZone: CalendarFixture.berlin).firings(in: [CalendarContents(name: "tasks", items: contents.items)], from: CalendarFixture.at("2027-06-01T00:00:00Z"), until: CalendarFixture.at("2027-06-02T00:00:00Z")).firings
        #expect(firings.map { "\($0.instance.uid) \(CalendarFixture.iso($0.triggerAt))" } == ["call 2027-06-01T13:50:00Z"])
    }

    @Test("a to-do marked done (STATUS:COMPLETED, todoman's todo done) gives no alarm; one still to do does, and so does an event that says COMPLETED")
    func aDoneVTodoHasNoAlarm() throws {
        let contents = CalendarFixture.read(CalendarFixture.calendar("""
            BEGIN:VTODO
            UID:done
            SUMMARY:Done
            DUE;TZID=Europe/Berlin:20270601T160000
            STATUS:COMPLETED
            COMPLETED:20270601T080000Z
            PERCENT-COMPLETE:100
            BEGIN:VALARM
            ACTION:DISPLAY
            TRIGGER;RELATED=END:-PT10M
            END:VALARM
            END:VTODO
            BEGIN:VTODO
            UID:todo
            SUMMARY:To do
            DUE;TZID=Europe/Berlin:20270601T160000
            STATUS:NEEDS-ACTION
            BEGIN:VALARM
            ACTION:DISPLAY
            TRIGGER;RELATED=END:-PT10M
            END:VALARM
            END:VTODO
            BEGIN:VEVENT
            UID:event
            SUMMARY:Event
            DTSTART;TZID=Europe/Berlin:20270601T170000
            STATUS:COMPLETED
            BEGIN:VALARM
            ACTION:DISPLAY
            TRIGGER:-PT10M
            END:VALARM
            END:VEVENT

            """))
        let firings = CalendarAlarmEngine(localZone: CalendarFixture.berlin).firings(in: [CalendarContents(name: "tasks", items: contents.items)], from: CalendarFixture.at("2027-06-01T00:00:00Z"), until: CalendarFixture.at("2027-06-02T00:00:00Z")).firings
        #expect(firings.map { "\($0.instance.uid) \(CalendarFixture.iso($0.triggerAt))" }.sorted() == ["event 2027-06-01T14:50:00Z", "todo 2027-06-01T13:50:00Z"])
    }

    @Test func aVTodoWithDueAndTheBubbleData() throws {
        let contents = CalendarFixture.read(CalendarFixture.calendar("""
            BEGIN:VTODO
            UID:report
            SUMMARY:Report
            LOCATION:https://meet.example.org/abc
            DUE;TZID=Europe/Berlin:20270601T170000
            PRIORITY:1
            BEGIN:VALARM
            ACTION:DISPLAY
            TRIGGER;RELATED=END:-PT30M
            END:VALARM
            END:VTODO

            """))
        let firing = try #require(CalendarAlarmEngine(localZone: CalendarFixture.berlin).firings(in: [CalendarContents(name: "tasks", items: contents.items)], from: CalendarFixture.at("2027-06-01T00:00:00Z"), until: CalendarFixture.at("2027-06-02T00:00:00Z")).firings.first)
        #expect(CalendarFixture.iso(firing.triggerAt) == "2027-06-01T14:30:00Z")
        #expect(firing.instance.link == "https://meet.example.org/abc")
        #expect(firing.instance.priority == 1 && firing.instance.startIsDue)
        // Its request carries what the bubble shows: PRIORITY 1 is critical, the due time its start.
        let arguments = CalendarAlarmRequest.request(for: firing).content.arguments
        #expect(arguments[ContentArgument.urgency] == "critical" && arguments[ContentArgument.startIsDue] == "1")
        #expect(arguments[ContentArgument.link] == "https://meet.example.org/abc")
        #expect(arguments[ContentArgument.location] == "https://meet.example.org/abc")
    }
}
