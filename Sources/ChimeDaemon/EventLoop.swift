import CLinux
import ChimeSystem
import Glibc

/// One epoll instance that waits on registered descriptors and calls each one's handler on the
/// thread that runs it.
///
/// The loop never wakes by itself: with no descriptor ready it sleeps in `epoll_wait` with no
/// timeout. Registrations are level-triggered, so an event a handler leaves unconsumed is
/// reported again on the next turn, and stopping between two events loses nothing. Handlers
/// run in the order the kernel reports readiness; a handler may register, modify or unregister
/// descriptors (an event already fetched for a descriptor unregistered earlier in the same turn
/// is dropped).
///
/// Not Sendable: create, use and run it on one thread. Other threads reach the loop through a
/// ``WakeupChannel``.
public final class EventLoop {
    /// The readiness a handler asks for or is told about.
    public struct Events: OptionSet, Hashable, Sendable {
        /// The epoll bit mask.
        public let rawValue: UInt32

        /// Wraps an epoll bit mask.
        public init(rawValue: UInt32) {
            self.rawValue = rawValue
        }

        /// Data can be read, or the peer has closed (`EPOLLIN`).
        public static let readable = Events(rawValue: EPOLLIN.rawValue)
        /// Data can be written (`EPOLLOUT`).
        public static let writable = Events(rawValue: EPOLLOUT.rawValue)
        /// The peer hung up (`EPOLLHUP`); always reported, never needs asking for.
        public static let hangup = Events(rawValue: EPOLLHUP.rawValue)
        /// An error is pending on the descriptor (`EPOLLERR`); always reported.
        public static let error = Events(rawValue: EPOLLERR.rawValue)
    }

    /// Code run on the loop's thread when a registered descriptor is ready; an error it throws
    /// ends ``run()`` or ``runOnce(timeout:)`` with that error.
    public typealias Handler = (Events) throws -> Void

    private struct Registration {
        let descriptor: Int32
        let handler: Handler
    }

    private let epoll: OwnedFileDescriptor
    /// Registrations by the token stored in each epoll entry: a token is never reused, so an
    /// event queued for a descriptor number that was since unregistered and reused finds nothing.
    private var registrations: [UInt64: Registration] = [:]
    private var tokens: [Int32: UInt64] = [:]
    private var nextToken: UInt64 = 1
    private var isStopRequested = false
    /// Where epoll_wait stores the events of one turn; owned by the loop, freed in deinit.
    private let readyEvents = UnsafeMutableBufferPointer<epoll_event>.allocate(capacity: 64)

    /// Opens the epoll instance.
    public init() throws(SystemError) {
        epoll = try OwnedFileDescriptor("epoll_create1") { epoll_create1(Int32(EPOLL_CLOEXEC)) }
        readyEvents.initialize(repeating: epoll_event())
    }

    deinit {
        readyEvents.deallocate()
    }

    /// How many descriptors are registered.
    public var registeredCount: Int { registrations.count }

    /// Calls `handler` whenever `descriptor` is ready for `interest`; the descriptor must stay open
    /// until it is unregistered.
    public func register(
        _ descriptor: Int32,
        for interest: Events = .readable,
        handler: @escaping Handler
    ) throws(SystemError) {
        let token = nextToken
        try control(EPOLL_CTL_ADD, descriptor, interest: interest, token: token)
        nextToken += 1
        tokens[descriptor] = token
        registrations[token] = Registration(descriptor: descriptor, handler: handler)
    }

    /// Changes what a registered `descriptor` waits for, keeping its handler.
    public func modify(_ descriptor: Int32, for interest: Events) throws(SystemError) {
        guard let token = tokens[descriptor] else {
            throw SystemError(.noSuchFile, operation: "epoll_ctl")
        }
        try control(EPOLL_CTL_MOD, descriptor, interest: interest, token: token)
    }

    /// Stops watching `descriptor` and forgets its handler; call it before closing the descriptor.
    public func unregister(_ descriptor: Int32) throws(SystemError) {
        guard let token = tokens.removeValue(forKey: descriptor) else { return }
        registrations[token] = nil
        try control(EPOLL_CTL_DEL, descriptor, interest: [], token: token)
    }

    private func control(_ operation: Int32, _ descriptor: Int32, interest: Events, token: UInt64) throws(SystemError) {
        var event = epoll_event()
        event.events = interest.rawValue
        event.data.u64 = token
        let epoll = epoll.rawValue
        _ = try withUnsafeMutablePointer(to: &event) { pointer throws(SystemError) in
            try valueOrErrno("epoll_ctl") { epoll_ctl(epoll, operation, descriptor, pointer) }
        }
    }

    /// Waits for events and runs their handlers until ``stop()`` is called.
    public func run() throws {
        defer { isStopRequested = false }
        while !isStopRequested {
            try runOnce(timeout: nil)
        }
    }

    /// Makes ``run()`` return once the handler now running returns (or at once, when called
    /// before ``run()``); call it on the loop's thread.
    public func stop() {
        isStopRequested = true
    }

    /// Waits up to `timeout` (forever when nil) for events, runs the handlers of those that
    /// arrived, and returns how many handlers ran.
    ///
    /// A wait interrupted by a signal handler (`EINTR`) returns 0: the caller's loop decides
    /// whether to wait again. A zero timeout only collects what is ready now.
    @discardableResult
    public func runOnce(timeout: Duration?) throws -> Int {
        let timeoutMilliseconds = Self.milliseconds(rounding: timeout)
        let readyCount = try waitForEvents(milliseconds: timeoutMilliseconds)
        var handled = 0
        for index in 0..<Int(readyCount) {
            let event = readyEvents[index]
            guard let registration = registrations[event.data.u64] else { continue }
            try registration.handler(Events(rawValue: event.events))
            handled += 1
            if isStopRequested { break }
        }
        return handled
    }

    /// Collects ready events into `readyEvents`; 0 when a signal handler interrupted the wait.
    private func waitForEvents(milliseconds: Int32) throws(SystemError) -> Int32 {
        do {
            return try valueOrErrno("epoll_wait", retryOnInterrupt: false) {
                epoll_wait(epoll.rawValue, readyEvents.baseAddress, Int32(readyEvents.count), milliseconds)
            }
        } catch {
            if error.code == .interrupted { return 0 }
            throw error
        }
    }

    /// `timeout` in whole milliseconds for epoll_wait, rounded up so the loop never wakes before
    /// a deadline it was asked to wait for; -1 (forever) when nil.
    package static func milliseconds(rounding timeout: Duration?) -> Int32 {
        guard let timeout else { return -1 }
        let milliseconds = timeout.clampedNanoseconds / 1_000_000 + (timeout.clampedNanoseconds % 1_000_000 > 0 ? 1 : 0)
        return Int32(clamping: milliseconds)
    }
}

@available(*, unavailable, message: "an EventLoop belongs to the thread that runs it")
extension EventLoop: Sendable {}
