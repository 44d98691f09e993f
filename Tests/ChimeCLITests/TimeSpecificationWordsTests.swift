import ChimeCore
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeCLI

/// The TIME forms people type (issue 22): 12-hour clocks, `21h`, `noon`, `midnight`, a day
/// word or a weekday before the time, the same in Chinese, and a date alone for `--until`.
@Suite("TIME: the words people type")
struct TimeSpecificationWordsTests {
    static func time(_ text: String) -> WallClockTime { WallClockTime(hour: Int(text.prefix(2))!, minute: Int(text.suffix(2))!)! }

    @Test("each form reads as the value it means", arguments: [
        ("9:30pm", TimeSpecification.timeOfDay(time("21:30"))),
        ("9pm", .timeOfDay(time("21:00"))),
        ("9 pm", .timeOfDay(time("21:00"))),
        ("21h", .timeOfDay(time("21:00"))),
        ("noon", .timeOfDay(time("12:00"))),
        ("midnight", .timeOfDay(time("00:00"))),
        ("下午3点", .timeOfDay(time("15:00"))),
        ("tomorrow 09:00", .dayFromToday(1, time("09:00"))),
        ("tomorrow 9am", .dayFromToday(1, time("09:00"))),
        ("Tomorrow 9 AM", .dayFromToday(1, time("09:00"))),
        ("9am tomorrow", .dayFromToday(1, time("09:00"))),
        ("today 21:00", .dayFromToday(0, time("21:00"))),
        ("tonight 9pm", .dayFromToday(0, time("21:00"))),
        ("yesterday 21:00", .dayFromToday(-1, time("21:00"))),
        ("tomorrow midnight", .dayFromToday(2, time("00:00"))),
        ("明天 9:00", .dayFromToday(1, time("09:00"))),
        ("明天9:00", .dayFromToday(1, time("09:00"))),
        ("明天下午3点", .dayFromToday(1, time("15:00"))),
        ("今晚8点", .dayFromToday(0, time("20:00"))),
        ("明早7点半", .dayFromToday(1, time("07:30"))),
        ("后天 10:00", .dayFromToday(2, time("10:00"))),
        ("mon 10:00", .weekday(.monday, time("10:00"))),
        ("Monday 10am", .weekday(.monday, time("10:00"))),
        ("fri 5pm", .weekday(.friday, time("17:00"))),
        ("周一 10:00", .weekday(.monday, time("10:00"))),
        ("星期五下午5点", .weekday(.friday, time("17:00"))),
        ("2026-04-01 9pm", .localDateTime(LocalDate(year: 2026, month: 4, day: 1), time("21:00"))),
    ])
    func reads(text: String, expected: TimeSpecification) throws {
        #expect(try TimeSpecification(parsing: text) == expected)
    }

    @Test("the canonical spelling reads back", arguments: ["tomorrow 09:00", "today 21:00", "yesterday 07:15", "mon 10:00", "sun 02:30"])
    func readsBack(text: String) throws {
        #expect(try TimeSpecification(parsing: text).description == text)
        #expect(try TimeSpecification(parsing: TimeSpecification(parsing: text).description) == TimeSpecification(parsing: text))
    }

    @Test("a day word without a time, and words that are no part of a time, are refused with the reason", arguments: [
        ("tomorrow", "\"tomorrow\" needs a time of day after it, as in \"tomorrow 09:00\""),
        ("mon", "\"mon\" needs a time of day after it"),
        ("tomorrow 25:00", "\"tomorrow\" needs a time of day after it"),
        ("9:30xm", "\"xm\" is not part of a time"),
        ("9:30 p", "is not part of a time"),
        ("13pm", "with am or pm, hours run from 1 to 12"),
        ("9:75am", "with am or pm, hours run from 1 to 12 and minutes from 00 to 59"),
    ])
    func refuses(text: String, reason: String) {
        let error = #expect(throws: DomainError.self) { try TimeSpecification(parsing: text) }
        #expect(error?.kind == .invalidTime)
        #expect(error?.message.contains(reason) == true, "\(error?.message ?? "")")
        #expect(error?.message.hasSuffix(TimeSpecification.validForms) == true)
    }

    @Test("a date alone is the end of that day only where it is asked for (--until)")
    func dateAlone() throws {
        #expect(try TimeSpecification(parsing: "2027-03-01", allowingDateAlone: true) == .endOfDay(LocalDate(year: 2027, month: 3, day: 1)))
        #expect(throws: DomainError.self) { try TimeSpecification(parsing: "2027-03-01") }
        #expect(throws: DomainError.self) { try TimeSpecification(parsing: "2027-02-30", allowingDateAlone: true) }
        let end = try TimeSpecification(parsing: "2027-03-01", allowingDateAlone: true)
            .resolve(now: Fixture.at("2027-01-01T00:00:00Z"), timeZone: Fixture.berlin, calendar: Fixture.calendar)
        #expect(end == Fixture.at("2027-03-01T23:59:59+01:00"))
        // The last second of the spring-forward day is still 23:59:59, now at +02:00.
        let spring = try TimeSpecification(parsing: "2027-03-28", allowingDateAlone: true)
            .resolve(now: Fixture.at("2027-01-01T00:00:00Z"), timeZone: Fixture.berlin, calendar: Fixture.calendar)
        #expect(spring == Fixture.at("2027-03-28T23:59:59+02:00"))
    }

    private func resolve(_ text: String, now: String, looking direction: TimeSpecification.Direction = .ahead, in zone: TimeZone = Fixture.berlin) throws -> Date {
        try TimeSpecification(parsing: text).resolve(now: Fixture.at(now), timeZone: zone, calendar: Fixture.calendar, looking: direction)
    }

    @Test("tomorrow and today are that day whatever the time; yesterday the day before")
    func days() throws {
        #expect(try resolve("tomorrow 9am", now: "2026-06-10T18:30:00+02:00") == Fixture.at("2026-06-11T09:00:00+02:00"))
        #expect(try resolve("tomorrow 9am", now: "2026-06-10T00:10:00+02:00") == Fixture.at("2026-06-11T09:00:00+02:00"), "not the 09:00 later today")
        #expect(try resolve("today 9pm", now: "2026-06-10T18:30:00+02:00") == Fixture.at("2026-06-10T21:00:00+02:00"))
        #expect(try resolve("today 9am", now: "2026-06-10T18:30:00+02:00") == Fixture.at("2026-06-10T09:00:00+02:00"), "already past: the caller refuses it")
        #expect(try resolve("yesterday 21:00", now: "2026-06-10T08:00:00+02:00", looking: .back) == Fixture.at("2026-06-09T21:00:00+02:00"))
        #expect(try resolve("tomorrow midnight", now: "2026-06-10T08:00:00+02:00") == Fixture.at("2026-06-12T00:00:00+02:00"), "the midnight that ends tomorrow")
        #expect(try resolve("midnight", now: "2026-06-10T08:00:00+02:00") == Fixture.at("2026-06-11T00:00:00+02:00"), "the coming midnight")
    }

    @Test("tomorrow across daylight-saving changes: a skipped reading moves to the jump, a repeated one is its first")
    func daysAcrossChanges() throws {
        // Berlin springs forward at 02:00 on 2027-03-28 and falls back at 03:00 on 2027-10-31.
        #expect(try resolve("tomorrow 02:30", now: "2027-03-27T12:00:00+01:00") == Fixture.at("2027-03-28T03:00:00+02:00"))
        #expect(try resolve("tomorrow 02:30", now: "2027-10-30T12:00:00+02:00") == Fixture.at("2027-10-31T02:30:00+02:00"))
        #expect(try resolve("tomorrow 12:00", now: "2027-03-27T13:00:00+01:00").timeIntervalSince(Fixture.at("2027-03-27T13:00:00+01:00")) == 22 * 3600)
        let skipped = try TimeSpecification(parsing: "tomorrow 02:30")
        let instant = skipped.resolve(now: Fixture.at("2027-03-27T12:00:00+01:00"), timeZone: Fixture.berlin, calendar: Fixture.calendar)
        #expect(skipped.skippedReading(resolvedTo: instant, timeZone: Fixture.berlin, calendar: Fixture.calendar).map { "\($0.date) \($0.time)" } == "2027-03-28 02:30")
    }

    @Test("a weekday is its next time ahead (today when still to come), or its last time looking back")
    func weekdays() throws {
        // 2026-06-08 is a Monday.
        #expect(try resolve("mon 10:00", now: "2026-06-08T08:00:00+02:00") == Fixture.at("2026-06-08T10:00:00+02:00"))
        #expect(try resolve("mon 10:00", now: "2026-06-08T10:00:00+02:00") == Fixture.at("2026-06-15T10:00:00+02:00"))
        #expect(try resolve("mon 10:00", now: "2026-06-10T08:00:00+02:00") == Fixture.at("2026-06-15T10:00:00+02:00"))
        #expect(try resolve("sun 09:00", now: "2026-06-08T08:00:00+02:00") == Fixture.at("2026-06-14T09:00:00+02:00"))
        #expect(try resolve("mon 10:00", now: "2026-06-10T08:00:00+02:00", looking: .back) == Fixture.at("2026-06-08T10:00:00+02:00"))
        #expect(try resolve("mon 10:00", now: "2026-06-08T09:00:00+02:00", looking: .back) == Fixture.at("2026-06-01T10:00:00+02:00"))
        // Sunday 2027-03-28 02:30 does not exist in Berlin: the instant of the jump.
        #expect(try resolve("sun 02:30", now: "2027-03-26T12:00:00+01:00") == Fixture.at("2027-03-28T03:00:00+02:00"))
        #expect(try resolve("周五 17:00", now: "2026-06-08T08:00:00+02:00", in: Fixture.newYork) == Fixture.at("2026-06-12T17:00:00-04:00"))
    }

    @Test("how many arguments an unquoted TIME takes", arguments: [
        (["tomorrow", "9am", "call", "mom"], 2),
        (["tomorrow", "9", "am", "call"], 3),
        (["9", "pm", "call"], 2),
        (["9:30", "pm", "call"], 2),
        (["21:30", "call", "mom"], 1),
        (["2026-04-01", "09:00", "renew"], 2),
        (["mon", "10:00", "stand-up"], 2),
        (["9:00", "tomorrow", "stand-up"], 2),
        (["tomorrow", "25:00", "x"], 2),
        (["call", "mom"], 1),
        (["明天", "9:00", "喝水"], 2),
    ])
    func wordCount(words: [String], count: Int) {
        #expect(TimeSpecification.wordCount(of: words[...]) == count)
    }
}
