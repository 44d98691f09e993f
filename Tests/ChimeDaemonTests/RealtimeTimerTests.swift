import ChimeSystem
import ChimeDaemon
import Foundation
import Glibc
import Testing

/// The kernel's timerfd calls, counting each timerfd_settime, optionally with reads replaced.
private func countingSyscalls(
    settimeCalls: Counter,
    read: (@Sendable (Int32, UnsafeMutablePointer<UInt64>) -> Int)? = nil
) -> TimerSyscalls {
    var syscalls = TimerSyscalls.system
    let realSetTime = syscalls.setTime
    syscalls.setTime = { descriptor, flags, value in
        settimeCalls.increment()
        return realSetTime(descriptor, flags, value)
    }
    if let read { syscalls.read = read }
    return syscalls
}

@Suite("RealtimeTimer")
struct RealtimeTimerTests {
    @Test("fires for a deadline 50 ms ahead, not before it")
    func firesAtDeadline() throws {
        let loop = try EventLoop()
        let timer = try RealtimeTimer()
        var events: [RealtimeTimer.Event] = []
        try loop.register(timer.fileDescriptor) { _ in
            if let event = try timer.read() { events.append(event) }
        }
        let deadline = Date().addingTimeInterval(0.05)
        #expect(try timer.arm(at: deadline))
        #expect(timer.armedDeadline == deadline)

        #expect(try runLoop(loop) { !events.isEmpty })

        #expect(events == [.fired])
        #expect(Date() >= deadline)
        #expect(timer.armedDeadline == nil)
    }

    @Test("a deadline in the past (even before 1970) fires at once")
    func pastDeadlineFiresAtOnce() throws {
        let loop = try EventLoop()
        let timer = try RealtimeTimer()
        var events: [RealtimeTimer.Event] = []
        try loop.register(timer.fileDescriptor) { _ in
            if let event = try timer.read() { events.append(event) }
        }
        try timer.arm(at: Date(timeIntervalSince1970: -5))

        #expect(try runLoop(loop) { !events.isEmpty })
        #expect(events == [.fired])
    }

    @Test("re-arms only when the deadline changes")
    func reArmsOnlyOnChange() throws {
        let calls = Counter()
        let timer = try RealtimeTimer(syscalls: countingSyscalls(settimeCalls: calls))
        let base = calls.value  // creating registers for clock changes
        let first = Date().addingTimeInterval(3600)
        let second = first.addingTimeInterval(60)

        #expect(try timer.arm(at: first))
        #expect(try !timer.arm(at: first))
        #expect(calls.value == base + 1)

        #expect(try timer.arm(at: second))
        #expect(timer.armedDeadline == second)
        #expect(calls.value == base + 2)

        #expect(try timer.disarm())
        #expect(try !timer.disarm())
        #expect(timer.armedDeadline == nil)
        #expect(calls.value == base + 3)

        #expect(try timer.arm(at: second))
        #expect(calls.value == base + 4)
    }

    @Test("a clock change (ECANCELED) is reported and forces the next arm to reach the kernel")
    func clockChange() throws {
        let calls = Counter()
        // The machine's clock must not be set here, so the read fails as it would after one.
        let timer = try RealtimeTimer(syscalls: countingSyscalls(settimeCalls: calls) { _, _ in
            errno = ECANCELED
            return -1
        })
        let deadline = Date().addingTimeInterval(3600)
        try timer.arm(at: deadline)
        let before = calls.value

        #expect(try timer.read() == .clockChanged)
        #expect(timer.armedDeadline == nil)

        #expect(try timer.arm(at: deadline))
        #expect(calls.value == before + 1)
    }

    @Test("other read failures are thrown as SystemError")
    func otherReadFailures() throws {
        let timer = try RealtimeTimer(syscalls: countingSyscalls(settimeCalls: Counter()) { _, _ in
            errno = EIO
            return -1
        })
        #expect(throws: SystemError(.init(rawValue: EIO), operation: "read")) { try timer.read() }
    }

    @Test("a stale wake-up with nothing to read yields nil")
    func nothingPending() throws {
        let timer = try RealtimeTimer()
        try timer.arm(at: Date().addingTimeInterval(3600))
        #expect(try timer.read() == nil)
        #expect(timer.armedDeadline != nil)
    }

    @Test("wall-clock instants become timespecs rounded up to the nanosecond")
    func timespecConversion() {
        let half = RealtimeTimer.expiry(for: Date(timeIntervalSince1970: 1.5))
        #expect(half.tv_sec == 1 && half.tv_nsec == 500_000_000)
        let epoch = RealtimeTimer.expiry(for: Date(timeIntervalSince1970: 0))
        #expect(epoch.tv_sec == 0 && epoch.tv_nsec == 1)
        let before = RealtimeTimer.expiry(for: Date(timeIntervalSince1970: -100))
        #expect(before.tv_sec == 0 && before.tv_nsec == 1)

        let instant = Date(timeIntervalSince1970: 1_790_000_000.123_456_7)
        let converted = RealtimeTimer.expiry(for: instant)
        let back = Double(converted.tv_sec) + Double(converted.tv_nsec) / 1e9
        #expect(back >= instant.timeIntervalSince1970)
        #expect(back - instant.timeIntervalSince1970 < 1e-6)
        #expect(RealtimeTimer.expiry(for: .distantFuture).tv_sec > 0)
    }
}
