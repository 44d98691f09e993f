import ChimeCore
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeCLI

@Suite struct TimeSpecificationParsingTests {
    @Test(arguments: [
        ("20:00", TimeSpecification.timeOfDay(WallClockTime(hour: 20, minute: 0)!)),
        ("9:05", .timeOfDay(WallClockTime(hour: 9, minute: 5)!)),
        (" 07:30 ", .timeOfDay(WallClockTime(hour: 7, minute: 30)!)),
        ("24:00", .timeOfDay(WallClockTime(hour: 0, minute: 0)!)),
        ("2026-03-29 20:00", .localDateTime(LocalDate(year: 2026, month: 3, day: 29), WallClockTime(hour: 20, minute: 0)!)),
        ("2026-03-29T20:00", .localDateTime(LocalDate(year: 2026, month: 3, day: 29), WallClockTime(hour: 20, minute: 0)!)),
        ("2028-02-29  06:15", .localDateTime(LocalDate(year: 2028, month: 2, day: 29), WallClockTime(hour: 6, minute: 15)!)),
    ])
    func wallClockForms(_ text: String, _ expected: TimeSpecification) throws {
        #expect(try TimeSpecification(parsing: text) == expected)
    }

    @Test(arguments: [
        ("2026-03-29T20:00:00+02:00", "2026-03-29T18:00:00Z", 7200),
        ("2026-03-29T20:00+02:00", "2026-03-29T18:00:00Z", 7200),
        ("2026-03-29 20:00+0200", "2026-03-29T18:00:00Z", 7200),
        ("2026-03-29T20:00:00Z", "2026-03-29T20:00:00Z", 0),
        ("2026-03-29t20:00:00z", "2026-03-29T20:00:00Z", 0),
        ("2026-03-29T20:00:00-05", "2026-03-30T01:00:00Z", -18000),
        ("2026-03-29T20:00:00+05:30", "2026-03-29T14:30:00Z", 19800),
        ("2026-12-31T23:59:59-14:00", "2027-01-01T13:59:59Z", -50400),
    ])
    func instantsWithOffset(_ text: String, _ utc: String, _ offset: Int) throws {
        #expect(try TimeSpecification(parsing: text) == .instant(Fixture.at(utc), utcOffsetSeconds: offset))
    }

    @Test func fractionOfASecondIsKept() throws {
        guard case .instant(let instant, _) = try TimeSpecification(parsing: "2026-03-29T20:00:00.250Z") else {
            Issue.record("not an instant")
            return
        }
        #expect(instant.timeIntervalSince(Fixture.at("2026-03-29T20:00:00Z")) == 0.25)
    }

    @Test(arguments: [
        ("25:00", "hours run from 00 to 23"),
        ("12:60", "minutes run from 00 to 59"),
        ("24:30", "hours run from 00 to 23"),
        ("123:00", "hours have one or two digits"),
        ("12:5", "minutes have two digits"),
        ("1200", "write hours and minutes as HH:MM"),
        ("lunchtime", "expected a time of day"),
        ("", "it is empty"),
        ("-5m", "expected a time of day"),
        ("2026-02-30 10:00", "2026-02-30 is not a day of the calendar"),
        ("2026-02-29 10:00", "2026-02-29 is not a day of the calendar"),
        ("2026-13-01 10:00", "months run from 01 to 12"),
        ("1969-12-31 10:00", "the year must be between 1970 and 9999"),
        ("2026-03-29", "a date needs a time of day"),
        ("2026-03-29_20:00", "separate the date and the time"),
        ("2026-3-29 20:00", "write the date as YYYY-MM-DD"),
        ("29-03-2026 20:00", "write the date as YYYY-MM-DD"),
        ("20:00+02:00", "a time with seconds or an offset needs a date"),
        ("20:00:30", "a time with seconds or an offset needs a date"),
        ("2026-03-29 20:00:30", "seconds need an offset"),
        ("2026-03-29T20:00:61Z", "seconds have two digits, 00 to 59"),
        ("2026-03-29T20:00+15:00", "offsets run from -14:00 to +14:00"),
        ("2026-03-29T20:00+2", "write the offset as +HH:MM"),
        ("2026-03-29T20:00 CET", "the offset must be Z or start with + or -"),
        ("2026-03-29T20:00Zulu", "unexpected text after the offset"),
    ])
    func rejectsWithAReason(_ text: String, _ reason: String) {
        #expect {
            try TimeSpecification(parsing: text)
        } throws: { error in
            guard let error = error as? DomainError else { return false }
            return error.kind == .invalidTime && error.message.contains(reason) && error.message.contains("\"\(text)\"")
                && error.message.hasSuffix(TimeSpecification.validForms)
        }
    }

    @Test(arguments: ["20:00", "2026-03-29 20:00", "2026-03-29T20:00:00+02:00", "2026-03-29T20:00:00-05:30"])
    func descriptionReadsBack(_ text: String) throws {
        let specification = try TimeSpecification(parsing: text)
        #expect(specification.description == text)
        #expect(try TimeSpecification(parsing: specification.description) == specification)
    }

    @Test func bareDateAndTimeDetection() {
        #expect(TimeSpecification.isBareDate("2026-03-29"))
        #expect(!TimeSpecification.isBareDate("2026-03-29 10:00"))
        #expect(!TimeSpecification.isBareDate("2026-3-29"))
        #expect(TimeSpecification.looksLikeTimeOfDay("9:00"))
        #expect(TimeSpecification.looksLikeTimeOfDay("25:99"))
        #expect(!TimeSpecification.looksLikeTimeOfDay("900"))
        #expect(!TimeSpecification.looksLikeTimeOfDay("09:00:00"))
    }
}

@Suite struct TimeSpecificationResolutionTests {
    private func resolve(_ text: String, now: String, in zone: TimeZone = Fixture.berlin) throws -> Date {
        try TimeSpecification(parsing: text).resolve(now: Fixture.at(now), timeZone: zone, calendar: Fixture.calendar)
    }

    @Test func timeOfDayStillAheadIsToday() throws {
        #expect(try resolve("20:00", now: "2026-06-10T18:30:00+02:00") == Fixture.at("2026-06-10T20:00:00+02:00"))
    }

    @Test func timeOfDayPastOrNowIsTomorrow() throws {
        #expect(try resolve("08:00", now: "2026-06-10T18:30:00+02:00") == Fixture.at("2026-06-11T08:00:00+02:00"))
        #expect(try resolve("18:30", now: "2026-06-10T18:30:00+02:00") == Fixture.at("2026-06-11T18:30:00+02:00"))
        #expect(try resolve("18:30", now: "2026-06-10T18:30:30+02:00") == Fixture.at("2026-06-11T18:30:00+02:00"))
    }

    @Test func tomorrowAcrossTheSpringForwardNightIsTwentyThreeHoursAway() throws {
        // Europe/Berlin moves from +01:00 to +02:00 at 02:00 on 2026-03-29.
        let resolved = try resolve("12:00", now: "2026-03-28T13:00:00+01:00")
        #expect(resolved == Fixture.at("2026-03-29T12:00:00+02:00"))
        #expect(resolved.timeIntervalSince(Fixture.at("2026-03-28T13:00:00+01:00")) == 22 * 3600)
    }

    @Test func aSkippedReadingBecomesTheInstantOfTheChange() throws {
        #expect(try resolve("02:30", now: "2026-03-29T01:00:00+01:00") == Fixture.at("2026-03-29T03:00:00+02:00"))
        #expect(try resolve("2026-03-29 02:30", now: "2026-03-01T00:00:00+01:00") == Fixture.at("2026-03-29T01:00:00Z"))
    }

    @Test func aRepeatedReadingIsItsFirstOccurrence() throws {
        // 02:30 happens twice on 2026-10-25 in Berlin: at +02:00, then at +01:00.
        #expect(try resolve("02:30", now: "2026-10-25T01:00:00+02:00") == Fixture.at("2026-10-25T02:30:00+02:00"))
        #expect(try resolve("2026-10-25 02:30", now: "2026-10-01T00:00:00+02:00") == Fixture.at("2026-10-25T00:30:00Z"))
    }

    @Test func localDateTimeIsReadInTheGivenZone() throws {
        #expect(try resolve("2026-07-04 09:00", now: "2026-06-01T00:00:00Z", in: Fixture.newYork) == Fixture.at("2026-07-04T13:00:00Z"))
        #expect(try resolve("2026-07-04 09:00", now: "2026-06-01T00:00:00Z", in: Fixture.kolkata) == Fixture.at("2026-07-04T03:30:00Z"))
    }

    @Test func anInstantIgnoresTheZoneAndNow() throws {
        let text = "2026-07-04T09:00:00-04:00"
        #expect(try resolve(text, now: "2030-01-01T00:00:00Z", in: Fixture.kolkata) == Fixture.at("2026-07-04T13:00:00Z"))
        #expect(try resolve(text, now: "2020-01-01T00:00:00Z", in: Fixture.berlin) == Fixture.at("2026-07-04T13:00:00Z"))
    }

    @Test func midnightEndingTheDay() throws {
        #expect(try resolve("24:00", now: "2026-06-10T18:30:00+02:00") == Fixture.at("2026-06-11T00:00:00+02:00"))
    }

    @Test("24:00 after a date is the next day's 00:00, in every form (ISO 8601), across a change of offset")
    func midnightEndingADate() throws {
        // Berlin springs forward in the night of 2027-03-28: the day ends at +01:00, the next starts at +02:00.
        #expect(try resolve("2027-03-28 24:00", now: "2027-03-28T12:00:00+02:00") == Fixture.at("2027-03-29T00:00:00+02:00"))
        #expect(try resolve("2027-03-28T24:00", now: "2027-03-28T12:00:00+02:00") == Fixture.at("2027-03-29T00:00:00+02:00"))
        #expect(try TimeSpecification(parsing: "2027-03-28T24:00+02:00") == .instant(Fixture.at("2027-03-28T22:00:00Z"), utcOffsetSeconds: 7200))
        #expect(try TimeSpecification(parsing: "2027-03-28T24:00:00Z") == .instant(Fixture.at("2027-03-29T00:00:00Z"), utcOffsetSeconds: 0))
        #expect(try TimeSpecification(parsing: "2026-12-31 24:00") == .localDateTime(LocalDate(year: 2027, month: 1, day: 1), WallClockTime(hour: 0, minute: 0)!))
        #expect(try TimeSpecification(parsing: "2028-02-28 24:00") == .localDateTime(LocalDate(year: 2028, month: 2, day: 29), WallClockTime(hour: 0, minute: 0)!))
    }

    @Test("a bare HH:MM looking back is the last time the clock showed it")
    func lookingBack() throws {
        let time = try TimeSpecification(parsing: "07:15")
        let resolve = { (now: String) in time.resolve(now: Fixture.at(now), timeZone: Fixture.berlin, calendar: Fixture.calendar, looking: .back) }
        #expect(resolve("2026-06-10T08:00:00+02:00") == Fixture.at("2026-06-10T07:15:00+02:00"))
        #expect(resolve("2026-06-10T07:15:00+02:00") == Fixture.at("2026-06-10T07:15:00+02:00"))
        #expect(resolve("2026-06-10T07:00:00+02:00") == Fixture.at("2026-06-09T07:15:00+02:00"))
    }

    /// The reading asked for when the clock skips it, else `nil`, as `date time` text.
    private func skipped(_ text: String, now: String, in zone: TimeZone) throws -> String? {
        let time = try TimeSpecification(parsing: text)
        let instant = time.resolve(now: Fixture.at(now), timeZone: zone, calendar: Fixture.calendar)
        return time.skippedReading(resolvedTo: instant, timeZone: zone, calendar: Fixture.calendar).map { "\($0.date) \($0.time)" }
    }

    @Test func aReadingInADaylightSavingGapIsReportedAsSkipped() throws {
        // New York springs forward from 02:00 to 03:00 on 2027-03-14.
        #expect(try skipped("2027-03-14 02:30", now: "2027-01-01T00:00:00Z", in: Fixture.newYork) == "2027-03-14 02:30")
        #expect(try skipped("2027-03-14 02:00", now: "2027-01-01T00:00:00Z", in: Fixture.newYork) == "2027-03-14 02:00")
        #expect(try skipped("02:59", now: "2027-03-14T01:00:00-05:00", in: Fixture.newYork) == "2027-03-14 02:59")
        #expect(try skipped("02:30", now: "2026-03-29T01:00:00+01:00", in: Fixture.berlin) == "2026-03-29 02:30")
    }

    @Test func readingsThatExistAreNotSkipped() throws {
        #expect(try skipped("2027-03-14 01:59", now: "2027-01-01T00:00:00Z", in: Fixture.newYork) == nil)
        #expect(try skipped("2027-03-14 03:00", now: "2027-01-01T00:00:00Z", in: Fixture.newYork) == nil)
        // Twice, not never: the first occurrence is the reading asked for.
        #expect(try skipped("2027-11-07 01:30", now: "2027-01-01T00:00:00Z", in: Fixture.newYork) == nil)
        // The next day's 02:30 exists.
        #expect(try skipped("02:30", now: "2027-03-14T04:00:00-04:00", in: Fixture.newYork) == nil)
        #expect(try skipped("2027-03-14T02:30:00-05:00", now: "2027-01-01T00:00:00Z", in: Fixture.newYork) == nil)
        #expect(try skipped("24:00", now: "2026-06-10T18:30:00+02:00", in: Fixture.berlin) == nil)
    }
}

@Suite struct ISO8601TextTests {
    @Test(arguments: [
        ("2026-03-29T00:59:59Z", Fixture.berlin, "2026-03-29T01:59:59+01:00"),
        ("2026-03-29T01:00:00Z", Fixture.berlin, "2026-03-29T03:00:00+02:00"),
        ("2026-07-04T13:00:00Z", Fixture.newYork, "2026-07-04T09:00:00-04:00"),
        ("2026-07-04T13:00:00Z", Fixture.kolkata, "2026-07-04T18:30:00+05:30"),
        ("2026-07-04T13:00:00Z", Fixture.utc, "2026-07-04T13:00:00+00:00"),
    ])
    func writesTheLocalReadingWithItsOffset(_ utc: String, _ zone: TimeZone, _ expected: String) {
        #expect(ISO8601Text.format(Fixture.at(utc), in: zone) == expected)
    }

    @Test func dropsFractionsTowardThePast() {
        let instant = Fixture.at("2026-07-04T13:00:00Z").addingTimeInterval(0.999)
        #expect(ISO8601Text.format(instant, utcOffsetSeconds: 0) == "2026-07-04T13:00:00+00:00")
        let before = Fixture.at("2026-07-04T13:00:00Z").addingTimeInterval(-0.25)
        #expect(ISO8601Text.format(before, utcOffsetSeconds: 0) == "2026-07-04T12:59:59+00:00")
    }
}

@Suite struct ArgumentDecoderTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func validUTF8PassesThroughUnchanged() throws {
        let arguments = [bytes("remind"), bytes("in"), bytes("5m"), bytes("Tee 🍵 喝水 café")]
        #expect(try ArgumentDecoder.decode(arguments).get() == ["remind", "in", "5m", "Tee 🍵 喝水 café"])
        #expect(try ArgumentDecoder.decode([]).get() == [])
        #expect(try ArgumentDecoder.decode([[]]).get() == [""])
    }

    @Test(arguments: [
        ([0x63, 0x61, 0x66, 0xE9], 3),               // Latin-1 "café"
        ([0xFF], 0),                                   // never valid
        ([0x61, 0xC3], 1),                             // truncated two-byte sequence
        ([0xC0, 0xAF], 0),                             // overlong "/"
        ([0xED, 0xA0, 0x80], 0),                       // UTF-16 surrogate
        ([0xF4, 0x90, 0x80, 0x80], 0),                 // beyond U+10FFFF
        ([0x61, 0x62, 0x80, 0x63], 2),                 // lone continuation byte
    ] as [([UInt8], Int)])
    func findsTheFirstInvalidByte(_ argument: [UInt8], _ offset: Int) {
        #expect(ArgumentDecoder.firstInvalidByte(in: argument) == offset)
    }

    @Test func namesTheArgumentAndExitsWithDataError() throws {
        let arguments = [bytes("fast"), bytes("start"), bytes("--tag"), [0x63, 0x61, 0x66, 0xE9]]
        guard case .failure(let error) = ArgumentDecoder.decode(arguments) else {
            Issue.record("invalid UTF-8 was accepted")
            return
        }
        #expect(error.kind == .invalidEncoding)
        #expect(error.exitCode == .dataError)
        #expect(error.argumentPosition == 4)
        #expect(error.message.hasPrefix("argument 4 (\"caf\u{FFFD}\") is not valid UTF-8 (byte 0xE9 at offset 3)"))
        #expect(error.line.hasPrefix("chime: argument 4"))
    }

    @Test func reportsTheFirstBadArgument() throws {
        guard case .failure(let error) = ArgumentDecoder.decode([bytes("ok"), [0xFF], [0xFE]]) else {
            Issue.record("invalid UTF-8 was accepted")
            return
        }
        #expect(error.argumentPosition == 2)
    }

    @Test func processArgumentsAreTheTestRunnersOwn() throws {
        // The test runner's arguments are valid UTF-8, so they read back as Swift sees them.
        #expect(try ArgumentDecoder.processArguments().get() == Array(CommandLine.arguments.dropFirst()))
    }
}
