import ChimeCore
@testable import ChimeDaemon
import ChimeDesk
import ChimeStore
import ChimeTestSupport
import Foundation
import Glibc
import Testing

/// chimed's calendar watch on a real event loop and real inotify, with a manual clock: what a
/// file event, an overflow and a change of the store's list of calendars lead to.
@Suite("CalendarWatch: inotify, stat passes and the store's list of calendars", .serialized)
struct CalendarWatchTests {
    final class Bench {
        let directory: TemporaryDirectory
        let store: Store
        let loop: EventLoop
        let clock: ManualClock
        let shelf = CalendarShelf()
        let watch: CalendarWatch
        let folder: String

        init() throws {
            directory = try TemporaryDirectory()
            store = try Store(path: directory.appending("chime.db"))
            folder = directory.appending("work")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            loop = try EventLoop()
            let clock = ManualClock(start: Date().addingTimeInterval(-60))
            self.clock = clock
            let desk = Desk(store: store, timeZone: TimeZone(identifier: "UTC")!)
            let new = Desk.NewCalendar(path: folder, name: "work", defaultAlerts: [], isMuted: false)
            _ = try desk.perform(requestID: nil, now: clock.now) { try desk.addCalendar(new, now: $0) }
            watch = try CalendarWatch(
                store: store, shelf: shelf, clock: clock, ruleZone: { TimeZone(identifier: "UTC")! }, loop: loop,
                log: DaemonLog(threshold: .error), onChange: {}
            )
            watch.start()
        }

        /// An item starting in three hours, its alarm 15 minutes before.
        func text(_ uid: String) -> String {
            let start = clock.now.addingTimeInterval(3 * 3600)
            let reading = LocalDateTime(of: start, in: .system(TimeZone(identifier: "UTC")!)).basicText
            return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTART:\(reading)Z\r\nSUMMARY:\(uid)\r\n"
                + "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:x\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        }

        func pending() throws -> [String] {
            try store.pendingRequests().map(\.request.identifier)
        }

        /// Runs the loop until `condition` holds, for at most five seconds.
        func run(until condition: () throws -> Bool) throws -> Bool {
            let deadline = ContinuousClock.now + .seconds(5)
            while ContinuousClock.now < deadline {
                if try condition() { return true }
                try loop.runOnce(timeout: .milliseconds(50))
            }
            return try condition()
        }
    }

    @Test("a file renamed into place is read and derived; a temporary name is ignored")
    func renameIntoPlace() throws {
        let bench = try Bench()
        #expect(try bench.pending().isEmpty)
        try Data(bench.text("a").utf8).write(to: URL(fileURLWithPath: bench.folder + "/a.ics.tmp"))
        try bench.loop.runOnce(timeout: .milliseconds(200))
        #expect(try bench.pending().isEmpty)
        #expect(rename(bench.folder + "/a.ics.tmp", bench.folder + "/a.ics") == 0)
        #expect(try bench.run { try bench.pending().count == 1 })
        #expect(bench.shelf.calendars["work"]?.itemCount == 1)
    }

    @Test("an overflow (the watch's seam) runs a stat pass that finds what the lost events named")
    func overflowSeam() throws {
        let bench = try Bench()
        try Data(bench.text("b").utf8).write(to: URL(fileURLWithPath: bench.folder + "/b.ics"))
        // Before the loop reads the events: as if they were lost.
        bench.watch.handle([.overflow])
        #expect(try bench.pending().count == 1)
        #expect(bench.shelf.calendars["work"]?.itemCount == 1)
        // The events still queued then change nothing more.
        _ = try bench.run { false }
        #expect(try bench.pending().count == 1)
    }

    @Test("the store's list is followed: a calendar added or removed elsewhere is read or dropped")
    func followsTheList() throws {
        let bench = try Bench()
        let other = bench.directory.appending("home")
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try Data(bench.text("c").utf8).write(to: URL(fileURLWithPath: other + "/c.ics"))
        let desk = Desk(store: bench.store, timeZone: TimeZone(identifier: "UTC")!)
        _ = try desk.perform(requestID: nil, now: bench.clock.now) {
            try desk.addCalendar(Desk.NewCalendar(path: other, name: "home", defaultAlerts: [], isMuted: false), now: $0)
        }
        bench.watch.storeChanged()
        #expect(try bench.run { bench.shelf.holds("home") })
        #expect(try bench.pending().count == 1)
        _ = try desk.perform(requestID: nil, now: bench.clock.now) { try desk.removeCalendar(named: "home", now: $0) }
        bench.watch.storeChanged()
        #expect(try bench.run { !bench.shelf.holds("home") })
        #expect(try bench.pending().isEmpty)
        #expect(bench.watch.calendarCount == 1)
    }
}
