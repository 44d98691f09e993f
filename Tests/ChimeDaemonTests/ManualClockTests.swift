import ChimeDaemon
import ChimeTestSupport
import Foundation
import Testing

@Suite("ManualClock and ManualTimer")
struct ManualClockTests {
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("the clock moves only when told, forwards and backwards")
    func clockMoves() {
        let clock = ManualClock(start: start)
        #expect(clock.now == start)
        clock.advance(by: 90)
        #expect(clock.now == start.addingTimeInterval(90))
        clock.advance(by: .milliseconds(500))
        #expect(clock.now == start.addingTimeInterval(90.5))
        clock.set(to: start.addingTimeInterval(-3600))
        #expect(clock.now == start.addingTimeInterval(-3600))
        clock.advance(by: -10)
        #expect(clock.now == start.addingTimeInterval(-3610))
    }

    @Test("the timer is due once the clock reaches its deadline, and firing disarms it")
    func timerDue() {
        let clock = ManualClock(start: start)
        let timer = ManualTimer(clock: clock)
        #expect(!timer.isDue)
        timer.arm(at: start.addingTimeInterval(60))

        clock.advance(by: 59)
        #expect(!timer.isDue)
        #expect(!timer.fireIfDue())
        clock.advance(by: 1)
        #expect(timer.isDue)
        #expect(timer.fireIfDue())
        #expect(timer.armedDeadline == nil)
        #expect(!timer.fireIfDue())
    }

    @Test("a clock set back makes an armed timer not due again")
    func clockJumpBack() {
        let clock = ManualClock(start: start)
        let timer = ManualTimer(clock: clock)
        timer.arm(at: start.addingTimeInterval(60))
        clock.advance(by: 120)
        #expect(timer.isDue)
        clock.set(to: start)
        #expect(!timer.isDue)
    }

    @Test("the timer counts only real changes, like RealtimeTimer")
    func countsChanges() throws {
        let clock = ManualClock(start: start)
        let timer = ManualTimer(clock: clock)
        let deadline = start.addingTimeInterval(60)
        #expect(timer.arm(at: deadline))
        #expect(!timer.arm(at: deadline))
        #expect(timer.arm(at: deadline.addingTimeInterval(1)))
        #expect(timer.disarm())
        #expect(!timer.disarm())
        #expect(timer.armCount == 2)
        #expect(timer.disarmCount == 1)

        let seam: any SchedulerTimer = timer
        try seam.arm(at: deadline)
        #expect(seam.armedDeadline == deadline)
        let wallClock: any WallClock = clock
        #expect(wallClock.now == start)
    }
}
