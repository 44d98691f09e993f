import ChimeControl
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
        /// How long the machine has slept since boot, as the watch reads it.
        let slept = Box<Double>(0)

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
            _ = try desk.perform(requestID: nil, now: clock.now, clock: { clock.now }) { try desk.addCalendar(new, now: $0) }
            watch = try CalendarWatch(
                store: store, shelf: shelf, clock: clock, ruleZone: { TimeZone(identifier: "UTC")! }, loop: loop,
                log: DaemonLog(threshold: .error), suspendedTime: { [slept] in slept.value }, onChange: {}
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

        /// Every row of `calendar alarms` for `[from, until)`, page after page, and the first
        /// page's problems.
        func alarms(from: Date, until: Date) -> (rows: [CalendarAlarmRow], problems: [CalendarProblemReport]) {
            var rows: [CalendarAlarmRow] = []
            var problems: [CalendarProblemReport] = []
            while true {
                let page = watch.alarms(CalendarAlarmQuery(from: from, until: until, calendar: nil, offset: rows.count))
                if rows.isEmpty { problems = page.problems } else { #expect(page.problems.isEmpty) }
                rows += page.rows
                if page.rows.isEmpty || rows.count >= page.total { return (rows, problems) }
            }
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

    @Test("the wall clock set: a stat pass over every calendar finds what changed, before any event is read")
    func clockSet() throws {
        let bench = try Bench()
        try Data(bench.text("g").utf8).write(to: URL(fileURLWithPath: bench.folder + "/g.ics"))
        // Before the loop reads the events: only the stat pass can have found it.
        bench.watch.clockChanged()
        #expect(try bench.pending().count == 1)
        #expect(bench.shelf.calendars["work"]?.itemCount == 1)
        _ = try bench.run { false }
        #expect(try bench.pending().count == 1)
    }

    @Test("after a resume (the machine slept longer than before), a stat pass finds a file changed meanwhile, before any event is read")
    func resumeStatPass() throws {
        let bench = try Bench()
        try Data(bench.text("r").utf8).write(to: URL(fileURLWithPath: bench.folder + "/r.ics"))
        // A wake without sleep in between runs no stat pass: only the events would find it.
        bench.watch.noteWake()
        #expect(try bench.pending().isEmpty)
        // Asleep 30 s more since the last look: the wake after it finds the file.
        bench.slept.update { $0 += 30 }
        bench.watch.noteWake()
        #expect(try bench.pending().count == 1)
        #expect(bench.shelf.calendars["work"]?.itemCount == 1)
        // The same sleep is not taken for a resume again.
        try Data(bench.text("s").utf8).write(to: URL(fileURLWithPath: bench.folder + "/s.ics"))
        bench.watch.noteWake()
        #expect(try bench.pending().count == 1)
        #expect(try bench.run { try bench.pending().count == 2 })
    }

    @Test("the store's list is followed: a calendar added or removed elsewhere is read or dropped")
    func followsTheList() throws {
        let bench = try Bench()
        let other = bench.directory.appending("home")
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try Data(bench.text("c").utf8).write(to: URL(fileURLWithPath: other + "/c.ics"))
        let desk = Desk(store: bench.store, timeZone: TimeZone(identifier: "UTC")!)
        _ = try desk.perform(requestID: nil, now: bench.clock.now, clock: { bench.clock.now }) {
            try desk.addCalendar(Desk.NewCalendar(path: other, name: "home", defaultAlerts: [], isMuted: false), now: $0)
        }
        bench.watch.storeChanged()
        #expect(try bench.run { bench.shelf.holds("home") })
        #expect(try bench.pending().count == 1)
        _ = try desk.perform(requestID: nil, now: bench.clock.now, clock: { bench.clock.now }) { try desk.removeCalendar(named: "home", now: $0) }
        bench.watch.storeChanged()
        #expect(try bench.run { !bench.shelf.holds("home") })
        #expect(try bench.pending().isEmpty)
        #expect(bench.watch.calendarCount == 1)
    }

    @Test("calendar alarms asked again a little later answers the window asked; a file changed meanwhile is in the answer")
    func alarmsAskedAgain() throws {
        let bench = try Bench()
        try Data(bench.text("d").utf8).write(to: URL(fileURLWithPath: bench.folder + "/d.ics"))
        #expect(try bench.run { bench.shelf.calendars["work"]?.itemCount == 1 })
        let now = bench.clock.now
        // The file has whole seconds.
        let trigger = Date(timeIntervalSince1970: now.addingTimeInterval(3 * 3600 - 900).timeIntervalSince1970.rounded(.down))
        #expect(bench.alarms(from: now, until: now.addingTimeInterval(86_400)).rows.map(\.triggerAt) == [trigger])
        // Later windows, within and past what the first question worked out.
        #expect(bench.alarms(from: now.addingTimeInterval(60), until: now.addingTimeInterval(86_460)).rows.map(\.uid) == ["d"])
        #expect(bench.alarms(from: trigger.addingTimeInterval(1), until: now.addingTimeInterval(86_400)).rows.isEmpty)
        #expect(bench.alarms(from: now, until: trigger).rows.isEmpty)
        #expect(bench.alarms(from: now, until: now.addingTimeInterval(3 * 86_400)).rows.map(\.uid) == ["d"])
        try Data(bench.text("e").utf8).write(to: URL(fileURLWithPath: bench.folder + "/e.ics"))
        #expect(try bench.run { bench.shelf.calendars["work"]?.itemCount == 2 })
        #expect(bench.alarms(from: now.addingTimeInterval(120), until: now.addingTimeInterval(86_400)).rows.map(\.uid) == ["d", "e"])
    }

    @Test("an item bounded only past the window asked is not said to be bounded, and every row of the window is listed")
    func boundedPastTheWindow() throws {
        let bench = try Bench()
        let start = Date(timeIntervalSince1970: (bench.clock.now.timeIntervalSince1970 / 60).rounded(.up) * 60 + 3600)
        let reading = LocalDateTime(of: start, in: .system(TimeZone(identifier: "UTC")!)).basicText
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:often\r\nDTSTART:\(reading)Z\r\n"
            + "RRULE:FREQ=MINUTELY\r\nSUMMARY:often\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:x\r\nTRIGGER:PT0S\r\n"
            + "END:VALARM\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: bench.folder + "/often.ics"))
        #expect(try bench.run { bench.shelf.calendars["work"]?.itemCount == 1 })
        // 6,500 instances in the window asked: with the two days of room each search takes
        // (9,380), under the limit of 10,000; a day more would be past it.
        let until = start.addingTimeInterval(6_500 * 60)
        let answer = bench.alarms(from: bench.clock.now, until: until)
        #expect(answer.problems.isEmpty)
        #expect(answer.rows.count == 6_500)
        #expect(answer.rows.last?.triggerAt == until.addingTimeInterval(-60))
        // A window that holds more than the limit is bounded, and says so.
        let longer = bench.alarms(from: bench.clock.now, until: start.addingTimeInterval(11_000 * 60))
        #expect(longer.problems.map(\.kind) == ["bounded"])
        #expect(longer.rows.count == CalendarItemAlarms.instanceLimit)
    }
}
