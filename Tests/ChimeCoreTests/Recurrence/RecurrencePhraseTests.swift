import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

@Suite("RecurrencePhrase: rules for people, translated to RRULE")
struct RecurrencePhraseTests {
    @Test("each phrase becomes the RRULE documented in README", arguments: [
        ("daily 08:00", "FREQ=DAILY;BYSECOND=0;BYMINUTE=0;BYHOUR=8"),
        ("daily 08:00,20:00", "FREQ=DAILY;BYSECOND=0;BYMINUTE=0;BYHOUR=8,20"),
        ("weekdays 09:30", "FREQ=WEEKLY;BYSECOND=0;BYMINUTE=30;BYHOUR=9;BYDAY=MO,TU,WE,TH,FR"),
        ("weekends 10:00", "FREQ=WEEKLY;BYSECOND=0;BYMINUTE=0;BYHOUR=10;BYDAY=SA,SU"),
        ("mon,thu 18:30", "FREQ=WEEKLY;BYSECOND=0;BYMINUTE=30;BYHOUR=18;BYDAY=MO,TH"),
        ("Monday,Thursday 18:30", "FREQ=WEEKLY;BYSECOND=0;BYMINUTE=30;BYHOUR=18;BYDAY=MO,TH"),
        ("every 2 weeks fri 17:00", "FREQ=WEEKLY;INTERVAL=2;BYSECOND=0;BYMINUTE=0;BYHOUR=17;BYDAY=FR"),
        ("every 3 days 07:15", "FREQ=DAILY;INTERVAL=3;BYSECOND=0;BYMINUTE=15;BYHOUR=7"),
        ("weekly 12:00", "FREQ=WEEKLY;BYSECOND=0;BYMINUTE=0;BYHOUR=12"),
        ("monthly 1 09:00", "FREQ=MONTHLY;BYSECOND=0;BYMINUTE=0;BYHOUR=9;BYMONTHDAY=1"),
        ("monthly 1,15 09:00", "FREQ=MONTHLY;BYSECOND=0;BYMINUTE=0;BYHOUR=9;BYMONTHDAY=1,15"),
        ("monthly last 18:00", "FREQ=MONTHLY;BYSECOND=0;BYMINUTE=0;BYHOUR=18;BYMONTHDAY=-1"),
        ("monthly first fri 09:00", "FREQ=MONTHLY;BYSECOND=0;BYMINUTE=0;BYHOUR=9;BYDAY=1FR"),
        ("monthly last fri 17:00", "FREQ=MONTHLY;BYSECOND=0;BYMINUTE=0;BYHOUR=17;BYDAY=-1FR"),
        ("every 3 months 2nd tue 10:00", "FREQ=MONTHLY;INTERVAL=3;BYSECOND=0;BYMINUTE=0;BYHOUR=10;BYDAY=2TU"),
        ("yearly 03-14 09:00", "FREQ=YEARLY;BYSECOND=0;BYMINUTE=0;BYHOUR=9;BYMONTHDAY=14;BYMONTH=3"),
        ("every 90m 09:00-17:00 weekdays",
         "FREQ=DAILY;BYSECOND=0;BYMINUTE=0,30;BYHOUR=9,10,12,13,15,16;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1,4,5,8,9,12"),
        ("every 2h 08:00-20:00", "FREQ=DAILY;BYSECOND=0;BYMINUTE=0;BYHOUR=8,10,12,14,16,18,20"),
        ("every 90m", "FREQ=MINUTELY;INTERVAL=90"),
        ("every 2h weekends", "FREQ=HOURLY;INTERVAL=2;BYDAY=SA,SU"),
        ("daily 08:15,20:45", "FREQ=DAILY;BYSECOND=0;BYMINUTE=15,45;BYHOUR=8,20;BYSETPOS=1,4"),
        ("FREQ=MONTHLY;BYDAY=1FR", "FREQ=MONTHLY;BYDAY=1FR"),
        ("RRULE:FREQ=DAILY;COUNT=3", "FREQ=DAILY;COUNT=3"),
    ])
    func translates(phrase: String, rrule: String) throws {
        #expect(try RecurrencePhrase.rule(from: phrase).rruleText == rrule)
    }

    @Test("the phrases mean what they say on the wall clock")
    func meaning() throws {
        func first(_ phrase: String, _ count: Int, from start: String) throws -> [String] {
            let expander = RecurrenceExpander(rule: try RecurrencePhrase.rule(from: phrase), start: Fixture.at(start), timeZone: Fixture.berlin)
            return expander.occurrences(limit: count).map { Fixture.wall($0, Fixture.berlin) }
        }
        // 2027-03-26 is a Friday; the clocks go forward on Sunday 2027-03-28.
        #expect(try first("every 90m 09:00-17:00 weekdays", 7, from: "2027-03-26T12:10:42+01:00") == [
            "2027-03-26 13:30 +01:00", "2027-03-26 15:00 +01:00", "2027-03-26 16:30 +01:00",
            "2027-03-29 09:00 +02:00", "2027-03-29 10:30 +02:00", "2027-03-29 12:00 +02:00", "2027-03-29 13:30 +02:00",
        ])
        #expect(try first("monthly last fri 17:00", 2, from: "2027-03-26T18:00:00+01:00") == ["2027-04-30 17:00 +02:00", "2027-05-28 17:00 +02:00"])
        #expect(try first("monthly last 18:00", 2, from: "2027-02-01T00:00:00+01:00") == ["2027-02-28 18:00 +01:00", "2027-03-31 18:00 +02:00"])
        #expect(try first("daily 08:15,20:45", 3, from: "2027-03-27T09:00:00+01:00") == ["2027-03-27 20:45 +01:00", "2027-03-28 08:15 +02:00", "2027-03-28 20:45 +02:00"])
        #expect(try first("yearly 02-29 09:00", 2, from: "2027-01-01T00:00:00+01:00") == ["2028-02-29 09:00 +01:00", "2032-02-29 09:00 +01:00"])
    }

    @Test("errors quote the word that is wrong, on one line", arguments: [
        ("weekdayz 09:30", "\"weekdayz\" is not a way to start a rule"),
        ("daily 9.30", "\"9.30\" is not a time of day"),
        ("daily", "it ends too early: a time of day"),
        // Days are optional after weekly and every N weeks: the time is what is missing.
        ("weekly", "it ends too early: a time of day"),
        ("every 2 weeks", "it ends too early: a time of day"),
        ("mon,thx 18:30", "\"thx\" is not a day"),
        ("every 2 lightyears fri 17:00", "\"lightyears\" is not a unit"),
        ("every 0 weeks fri 17:00", "\"0\" is not a count from 1 to 1000"),
        ("every 2 weeks fri 17:00 sharp", "\"sharp\" is one word too many"),
        ("monthly 32 09:00", "\"32\" is not a day of the month"),
        ("monthly first fry 09:00", "\"fry\" is not a weekday after \"first\""),
        ("yearly 02-30 09:00", "\"02-30\" is not a date"),
        ("every 90x 09:00-17:00", "\"90x\" is not a duration"),
        ("every 90m 17:00-09:00", "\"17:00-09:00\" is not a window within one day"),
        ("every 90m 09:00-17:00 weekdays monday", "\"monday\" is not a daily window"),
        ("every 2 weeks fri 08:15,20:45", "need the same minutes at every hour"),
        ("", "it is empty"),
        ("FREQ=DAILY;BYHOUR=25", "BYHOUR=25"),
    ])
    func refused(phrase: String, fragment: String) {
        #expect {
            try RecurrencePhrase.rule(from: phrase)
        } throws: { error in
            guard let error = error as? DomainError else { return false }
            return error.kind == .invalidRule && error.message.contains(fragment) && !error.message.contains("\n")
        }
    }
}
