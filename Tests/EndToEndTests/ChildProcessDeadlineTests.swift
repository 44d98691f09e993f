import ChimeTestSupport
import Testing

/// The test kit's own promise: running a program to completion never waits past its deadline.
@Suite("ChildProcess.run keeps its deadline")
struct ChildProcessDeadlineTests {
    @Test("a program that outlives the deadline is killed and named in the failure")
    func aHungProgramFailsInsteadOfHanging() {
        let started = ContinuousClock.now
        #expect {
            try ChildProcess.run("/bin/sleep", ["30"], deadline: .milliseconds(300))
        } throws: { error in
            "\(error)".contains("/bin/sleep 30 did not finish within")
        }
        // Killed at the deadline, long before sleep would have ended by itself.
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    @Test("a program that finishes in time gives its output and is not killed")
    func aQuickProgramIsUntouched() throws {
        let result = try ChildProcess.run("/bin/echo", ["in time"], deadline: .seconds(30))
        #expect(result.status == 0)
        #expect(result.output == "in time\n")
    }
}
