import ChimeCore
import ChimeDaemon
import ChimeNotify
import ChimeStore
import ChimeTestSupport
import Foundation
import Glibc
import Testing

/// A calendar alarm's Open button runs a real `xdg-open`: the one chimed's `PATH` finds, here a
/// script in a temporary folder that records its arguments.
@Suite("Scheduler: Open runs the xdg-open found on PATH with the link alone")
struct SchedulerOpenLinkTests {
    let start = SchedulerHarness.start

    /// A calendar alarm due at `due` whose item has the link `link`.
    func alarm(due: Date, link: String) -> NotificationRequest {
        let instance = CalendarInstance(
            uid: "meet", identifier: "1", kind: .event, summary: "Meeting", location: nil, link: link, priority: nil,
            start: due.addingTimeInterval(600), end: due.addingTimeInterval(4200), allDayDate: nil, startIsDue: false
        )
        let firing = CalendarAlarmFiring(
            calendar: "work", instance: instance, action: .display, triggerAt: due, repetition: 0,
            identity: CalendarAlarmIdentity(calendar: "work", uid: "meet", instance: "1", trigger: nil)
        )
        return CalendarAlarmRequest.request(for: firing)
    }

    @Test("Open runs xdg-open from PATH (not the first folder, which has none) with the link as its one argument; the alarm is dismissed")
    func openRunsXdgOpenFromPath() throws {
        let bin = try TemporaryDirectory()
        let record = bin.appending("argv")
        let script = bin.appending(LinkOpener.programName)
        // Written whole, then renamed into place: the test never reads half of it.
        try "#!/bin/sh\nprintf '%s\\n' \"$#\" \"$@\" > '\(record).part' && mv '\(record).part' '\(record)'\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        #expect(chmod(script, 0o755) == 0)
        let path = "relative/bin:/nonexistent:\(bin.path):/usr/bin"
        #expect(LinkOpener.program(searching: path) == script)
        #expect(LinkOpener.program(searching: "/nonexistent") == LinkOpener.fallbackProgram)

        var configuration = Scheduler.Configuration()
        configuration.openLink = LinkOpener.opener(searching: path)
        let harness = try SchedulerHarness(configuration: configuration)
        let link = "https://meet.example.org/x?a=1&b=two%20words"
        let request = alarm(due: start.addingTimeInterval(60), link: link)
        try harness.store.apply(Requests.plan(request), now: start)
        try harness.start()
        harness.advance(to: start.addingTimeInterval(65))
        #expect(harness.deliveredIdentifiers == [request.identifier])

        harness.notifier.send(.actionInvoked(identifier: request.identifier, action: .openLink))
        harness.receive(1)
        #expect(Eventually.waitBlocking { FileManager.default.fileExists(atPath: record) }, "xdg-open was not run")
        #expect(try String(contentsOfFile: record, encoding: .utf8) == "1\n\(link)\n")
        #expect(try harness.stored(request.identifier)?.state == .cancelled)
        #expect(try harness.store.calendarAlarmFacts(calendar: "work", triggeredAfter: .distantPast).map(\.outcome) == [.dismissed])
    }
}
