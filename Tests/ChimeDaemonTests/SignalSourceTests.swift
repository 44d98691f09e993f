import ChimeDaemon
import Glibc
import Testing

/// Runs `body` and then puts back this thread's signal mask as it was (test-runner threads keep
/// their own masks, which a test must not change for the tests that run there after it).
private func restoringSignalMask(_ body: () throws -> Void) rethrows {
    var saved = sigset_t()
    pthread_sigmask(SIG_SETMASK, nil, &saved)
    defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
    try body()
}

@Suite("SignalSource")
struct SignalSourceTests {
    /// `raise` sends to the calling thread only: a signal sent to the whole process could land on
    /// a test-runner thread that does not block it and end the test process.
    @Test("a blocked SIGHUP raised in this thread is read from the signalfd through the loop")
    func receivesHangup() throws {
        try restoringSignalMask {
            let source = try SignalSource(signals: [.hangup])
            // Consume anything left pending before the mask is restored, or that would deliver it.
            defer { _ = try? source.read() }
            #expect(source.signals == [.hangup])
            #expect(try source.read() == [])

            let loop = try EventLoop()
            var received: [SignalSource.Signal] = []
            try loop.register(source.fileDescriptor) { _ in received += try source.read() }
            #expect(raise(SIGHUP) == 0)

            #expect(try runLoop(loop) { !received.isEmpty })
            #expect(received == [.hangup])
        }
    }

    @Test("several blocked signals are read in one call")
    func receivesSeveral() throws {
        try restoringSignalMask {
            let source = try SignalSource(signals: [.terminate, .interrupt])
            defer { _ = try? source.read() }
            #expect(raise(SIGINT) == 0)
            #expect(raise(SIGTERM) == 0)

            #expect(Set(try source.read()) == [.terminate, .interrupt])
            #expect(try source.read() == [])
        }
    }

    @Test("raw values are the Linux signal numbers")
    func signalNumbers() {
        #expect(SignalSource.Signal.terminate.rawValue == SIGTERM)
        #expect(SignalSource.Signal.interrupt.rawValue == SIGINT)
        #expect(SignalSource.Signal.hangup.rawValue == SIGHUP)
    }
}
