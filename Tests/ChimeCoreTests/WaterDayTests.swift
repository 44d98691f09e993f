import ChimeCore
import ChimeTestSupport
import Foundation
import Testing

@Suite("WaterDay.intakeLookback")
struct WaterDayTests {
    @Test("reading intake from intakeLookback before now always covers the whole current water day, across clock changes",
          arguments: [nil, Fixture.window("07:00", "22:00"), Fixture.window("20:00", "02:30"), Fixture.window("06:00", "06:00")])
    func lookbackCoversTheWaterDay(window: DailyWindow?) {
        let calendar = Fixture.calendar
        for zone in [Fixture.berlin, Fixture.lordHowe, Fixture.newYork] {
            // Every quarter hour over the spring and autumn changes of 2026 (both hemispheres).
            for start in [Fixture.at("2026-03-27T00:00:00Z"), Fixture.at("2026-04-03T00:00:00Z"), Fixture.at("2026-10-02T00:00:00Z"),
                          Fixture.at("2026-10-23T00:00:00Z"), Fixture.at("2026-10-30T00:00:00Z")] {
                for step in 0..<(4 * 24 * 4) {
                    let now = start.addingTimeInterval(Double(step) * 900)
                    let day = WaterDay.containing(now, window: window, timeZone: zone, calendar: calendar)
                    #expect(day.start >= now.addingTimeInterval(-WaterDay.intakeLookback),
                            "\(zone.identifier) \(now): the water day starts at \(day.start)")
                    #expect(day.end.timeIntervalSince(day.start) <= 25 * 3600)
                }
            }
        }
    }
}
