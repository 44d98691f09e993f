import ChimeSystem
import Glibc
import Testing

@Suite("SystemError and the errno checker")
struct SystemErrorTests {
    @Test("a call interrupted by a signal (EINTR) is made again")
    func retriesInterruptedCall() throws {
        var attempts = 0
        let result = try valueOrErrno("read") { () -> Int32 in
            attempts += 1
            if attempts < 3 {
                errno = EINTR
                return -1
            }
            return 7
        }
        #expect(result == 7)
        #expect(attempts == 3)
    }

    @Test("without retryOnInterrupt, EINTR is thrown like any error")
    func reportsInterruptionWhenAsked() {
        #expect(throws: SystemError(.interrupted, operation: "epoll_wait")) {
            try valueOrErrno("epoll_wait", retryOnInterrupt: false) { () -> Int32 in
                errno = EINTR
                return -1
            }
        }
    }

    @Test("a failure carries the call's name, the errno and a readable message")
    func describesFailure() {
        do {
            try valueOrErrno("open") { () -> Int32 in
                errno = ENOENT
                return -1
            }
            Issue.record("expected a failure")
        } catch {
            #expect(error.code == .noSuchFile)
            #expect(error.operation == "open")
            #expect(error.message == "open failed: No such file or directory")
        }
    }

    @Test("values other than -1 are results, negative or not")
    func passesResultsThrough() throws {
        #expect(try valueOrErrno("x") { Int(-2) } == -2)
        #expect(try valueOrErrno("x") { Int32(0) } == 0)
    }
}
