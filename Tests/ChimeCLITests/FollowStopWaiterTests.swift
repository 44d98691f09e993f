#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import ChimeCLI

/// The pause of `status --follow` ends at once when nobody reads its output any more.
@Suite("status --follow: the reader going away")
struct FollowStopWaiterTests {
    @Test("a pipe whose reader closed ends the pause as readerGone, long before its length")
    func closedPipe() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[1]) }
        close(ends[0])
        // An hour: were the reader's going not seen, the test would hang, not pass.
        #expect(FollowStopWaiter(output: ends[1], watchingSignals: false).pause(for: 3600) == .readerGone)
    }

    @Test("a pipe still read, and a file, only let the time pass")
    func readersStay() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(FollowStopWaiter(output: ends[1], watchingSignals: false).pause(for: 0.01) == .elapsed)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("follow-\(UUID().uuidString)").path
        let file = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
        #expect(file >= 0)
        defer { close(file); unlink(path) }
        #expect(FollowStopWaiter(output: file, watchingSignals: false).pause(for: 0.01) == .elapsed)
    }
}
