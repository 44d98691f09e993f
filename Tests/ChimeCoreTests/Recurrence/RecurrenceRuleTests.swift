import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

@Suite("RecurrenceRule: RRULE text read, checked and written back")
struct RecurrenceRuleTests {
    @Test("text is read in any case, with or without RRULE:, and written canonically")
    func canonical() throws {
        let rule = try RecurrenceRule(parsing: "rrule:freq=monthly;byday=-1fr,1MO;interval=2;")
        #expect(rule.frequency == .monthly)
        #expect(rule.interval == 2)
        #expect(rule.byDay == [.init(.friday, ordinal: -1), .init(.monday, ordinal: 1)])
        #expect(rule.rruleText == "FREQ=MONTHLY;INTERVAL=2;BYDAY=-1FR,1MO")
        #expect(try RecurrenceRule(parsing: rule.rruleText) == rule)
        let until = try RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=20271231T235959Z;BYHOUR=9,8,9;WKST=SU")
        #expect(until.rruleText == "FREQ=DAILY;UNTIL=20271231T235959Z;BYHOUR=8,9;WKST=SU")
        #expect(try RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=20270101").rruleText == "FREQ=DAILY;UNTIL=20270101")
        #expect(try RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=20270101T090000").rruleText == "FREQ=DAILY;UNTIL=20270101T090000")
    }

    @Test("bad rules are refused with the part that is wrong", arguments: [
        ("BYDAY=MO", "FREQ is missing"),
        ("FREQ=FORTNIGHTLY", "FREQ=FORTNIGHTLY is not a frequency"),
        ("FREQ=DAILY;BYHOUR=24", "BYHOUR=24: 24 is out of range"),
        ("FREQ=DAILY;BYHOUR=9;BYHOUR=10", "BYHOUR is given twice"),
        ("FREQ=DAILY;BYMINUTE=x", "\"x\" is not a number"),
        ("FREQ=MONTHLY;BYDAY=1XX", "\"1XX\" is not a weekday"),
        ("FREQ=MONTHLY;BYDAY=0MO", "has a bad ordinal"),
        ("FREQ=MONTHLY;BYDAY=6MO", "a month has at most 5"),
        ("FREQ=WEEKLY;BYDAY=1MO", "needs FREQ=MONTHLY or FREQ=YEARLY"),
        ("FREQ=MONTHLY;BYWEEKNO=1", "BYWEEKNO works only with FREQ=YEARLY"),
        ("FREQ=MONTHLY;BYYEARDAY=1", "BYYEARDAY cannot be used with FREQ=MONTHLY"),
        ("FREQ=WEEKLY;BYMONTHDAY=1", "BYMONTHDAY cannot be used with FREQ=WEEKLY"),
        ("FREQ=DAILY;COUNT=3;UNTIL=20270101", "COUNT and UNTIL cannot both be given"),
        ("FREQ=DAILY;BYSETPOS=1", "BYSETPOS needs another BY part"),
        ("FREQ=DAILY;UNTIL=2027", "UNTIL=2027 is not a date or time"),
        ("FREQ=DAILY;INTERVAL=0", "INTERVAL=0 is not a whole number"),
        ("FREQ=YEARLY;RSCALE=HEBREW", "RSCALE (RFC 7529 calendar scales) is not supported"),
        ("FREQ=DAILY;COLOR=RED", "COLOR is not a rule part"),
        ("FREQ", "\"FREQ\" is not NAME=VALUE"),
    ])
    func refused(text: String, fragment: String) {
        #expect {
            try RecurrenceRule(parsing: text)
        } throws: { error in
            guard let error = error as? DomainError else { return false }
            return error.kind == .invalidRule && error.message.contains(fragment) && !error.message.contains("\n")
        }
    }
}

@Suite("RecurrenceExpander: starts, bounds and impossible rules")
struct RecurrenceExpanderTests {
    @Test("the start counts only when it matches, and a rule without times takes the start's")
    func startSemantics() throws {
        let rule = try RecurrenceRule(parsing: "FREQ=WEEKLY;BYDAY=MO")
        // Tuesday 2027-03-30 10:15:30 in Berlin: the first Monday after, at 10:15:30.
        let expander = RecurrenceExpander(rule: rule, start: Fixture.at("2027-03-30T10:15:30.750+02:00"), timeZone: Fixture.berlin)
        #expect(expander.occurrences(limit: 2) == [Fixture.at("2027-04-05T10:15:30+02:00"), Fixture.at("2027-04-12T10:15:30+02:00")])
        let matching = RecurrenceExpander(rule: rule, start: Fixture.at("2027-04-05T10:15:30+02:00"), timeZone: Fixture.berlin)
        #expect(matching.occurrences(limit: 1) == [Fixture.at("2027-04-05T10:15:30+02:00")])
        #expect(matching.firstOccurrence(after: Fixture.at("2027-04-05T10:15:30+02:00")) == Fixture.at("2027-04-12T10:15:30+02:00"))
    }

    @Test("rules the calendar never satisfies have no occurrence", arguments: [
        "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30",
        "FREQ=MONTHLY;BYMONTH=4,6,9,11;BYMONTHDAY=31",
        "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=-30",
        "FREQ=YEARLY;BYMONTH=1;BYYEARDAY=200",
        "FREQ=YEARLY;BYMONTH=2;BYDAY=5FR;BYMONTHDAY=1,2,3",
        "FREQ=DAILY;INTERVAL=7;BYDAY=MO",
        "FREQ=MONTHLY;INTERVAL=12;BYMONTH=5",
        "FREQ=DAILY;BYHOUR=9;BYSETPOS=2",
        "FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=31",
        "FREQ=SECONDLY;BYMONTH=6;BYYEARDAY=1",
    ])
    func never(text: String) throws {
        // 2027-03-02 is a Tuesday: a rule stepping whole weeks never reaches a Monday.
        let expander = RecurrenceExpander(rule: try RecurrenceRule(parsing: text), start: Fixture.at("2027-03-02T09:00:00+01:00"), timeZone: Fixture.berlin)
        #expect(expander.neverOccurs)
        #expect(expander.occurrences(limit: 3).isEmpty)
    }

    @Test("rare but possible rules are found, decades away")
    func rare() throws {
        // 29 February on a Friday: 2036, then 2064.
        let leapFriday = RecurrenceExpander(
            rule: try RecurrenceRule(parsing: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=FR"),
            start: Fixture.at("2027-01-01T09:00:00Z"), timeZone: Fixture.utc
        )
        #expect(!leapFriday.neverOccurs)
        #expect(leapFriday.occurrences(limit: 2) == [Fixture.at("2036-02-29T09:00:00Z"), Fixture.at("2064-02-29T09:00:00Z")])
        // The same, stepping days.
        let daily = RecurrenceExpander(
            rule: try RecurrenceRule(parsing: "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29;BYDAY=FR"),
            start: Fixture.at("2027-01-01T09:00:00Z"), timeZone: Fixture.utc
        )
        #expect(daily.occurrences(limit: 1) == [Fixture.at("2036-02-29T09:00:00Z")])
        // Stepping minutes on a rare day (the day scan jumps, it does not walk every minute).
        let minutely = RecurrenceExpander(
            rule: try RecurrenceRule(parsing: "FREQ=MINUTELY;INTERVAL=30;BYMONTH=2;BYMONTHDAY=29;BYHOUR=12"),
            start: Fixture.at("2027-01-01T00:00:00Z"), timeZone: Fixture.utc
        )
        #expect(minutely.occurrences(limit: 2) == [Fixture.at("2028-02-29T12:00:00Z"), Fixture.at("2028-02-29T12:30:00Z")])
    }

    @Test("UNTIL as a local time and as a date bound the rule on the wall clock")
    func untilForms() throws {
        let start = Fixture.at("2027-03-01T09:00:00+01:00")
        let local = RecurrenceExpander(rule: try RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=20270303T090000"), start: start, timeZone: Fixture.berlin)
        #expect(local.occurrences(limit: 10).count == 3)
        let date = RecurrenceExpander(rule: try RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=20270303"), start: start, timeZone: Fixture.berlin)
        #expect(date.occurrences(limit: 10).count == 3)
        let before = RecurrenceExpander(rule: try RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=20270303T085959"), start: start, timeZone: Fixture.berlin)
        #expect(before.occurrences(limit: 10).count == 2)
    }

    @Test("a long COUNT runs to its end: the search bound counts only steps without an occurrence")
    func longCount() throws {
        let expander = RecurrenceExpander(rule: try RecurrenceRule(parsing: "FREQ=SECONDLY;COUNT=250000"), start: Fixture.at("2027-01-01T00:00:00Z"), timeZone: Fixture.utc)
        let last = Fixture.at("2027-01-01T00:00:00Z") + 249_999
        #expect(expander.firstOccurrence(atOrAfter: last) == last)
        #expect(expander.firstOccurrence(after: last) == nil)
    }

    @Test("asking far after the start of an unbounded rule does not walk from the start")
    func skipsAhead() throws {
        let expander = RecurrenceExpander(rule: try RecurrenceRule(parsing: "FREQ=MINUTELY;INTERVAL=7"), start: Fixture.at("2000-01-01T00:00:00Z"), timeZone: Fixture.utc)
        // 7-minute steps from 2000-01-01: the first at or after 2027-01-01T00:00Z.
        let from = Fixture.at("2027-01-01T00:00:00Z")
        let minutes = Int(from.timeIntervalSince(expander.start) / 60)
        let expected = expander.start + Double((minutes + 6) / 7 * 7 * 60)
        #expect(expander.firstOccurrence(atOrAfter: from) == expected)
    }
}
