import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeCore

@Suite("CivilReading: Gregorian dates by arithmetic, as Calendar reads them")
struct CivilReadingTests {
    @Test("agrees with a Gregorian Calendar in zones with DST, odd offsets and negative offsets",
          arguments: ["UTC", "Europe/Berlin", "America/New_York", "Asia/Kathmandu", "Pacific/Chatham", "America/St_Johns", "Australia/Lord_Howe"])
    func agreesWithCalendar(zoneName: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        let calendar = Fixture.calendar(in: zone)
        var random = SeededGenerator(seed: UInt64(zoneName.utf8.count))
        // 1900 to 2100, plus fractional seconds; and the DST nights of 2026 in Berlin and New York.
        var instants = (0..<2_000).map { _ in
            Date(timeIntervalSince1970: Double(Int64(random.next() % 6_311_433_600) - 2_208_988_800) + Double(random.next() % 1000) / 1000)
        }
        instants += [1_774_746_000, 1_774_749_600, 1_792_890_000, 1_792_893_600, 1_773_558_000, -1, -86_401, 0, 951_782_400, 4_107_542_399]
            .map { Date(timeIntervalSince1970: Double($0)) }
        for instant in instants {
            let reading = CivilReading(instant, in: zone)
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
            let computed: [Int] = [reading.year, reading.month, reading.day, reading.hour, reading.minute, reading.second]
            let expected: [Int] = [parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!, parts.second!]
            #expect(computed == expected, "\(instant) in \(zoneName)")
            let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: Date(timeIntervalSince1970: 0)), to: calendar.startOfDay(for: instant)).day!
            let epochDay = CivilReading(Date(timeIntervalSince1970: 0), in: zone).dayNumber
            #expect(reading.dayNumber - epochDay == days, "\(instant) in \(zoneName)")
        }
    }

    @Test("leap days and century years")
    func leapDays() {
        func date(_ days: Int) -> String {
            let date = CivilReading.date(ofDayNumber: days)
            return "\(date.year)-\(date.month)-\(date.day)"
        }
        #expect(date(0) == "1970-1-1")
        #expect(date(-1) == "1969-12-31")
        #expect(date(11_016) == "2000-2-29")
        #expect(date(11_017) == "2000-3-1")
        #expect(date(47_541) == "2100-3-1", "2100 is no leap year")
        #expect(date(47_540) == "2100-2-28")
    }
}
