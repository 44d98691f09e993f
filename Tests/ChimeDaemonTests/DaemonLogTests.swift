import ChimeDaemon
import Testing

@Suite("DaemonLog")
struct DaemonLogTests {
    private func recordingLog(threshold: DaemonLog.Priority = .info) -> (DaemonLog, Box<[String]>) {
        let lines = Box<[String]>([])
        let log = DaemonLog(threshold: threshold) { text in lines.update { $0.append(text) } }
        return (log, lines)
    }

    @Test("each priority gets its syslog prefix")
    func prefixes() {
        let (log, lines) = recordingLog(threshold: .debug)
        log.error("e")
        log.warning("w")
        log.notice("n")
        log.info("i")
        log.debug("d")
        #expect(lines.value == ["<3>chimed: e\n", "<4>chimed: w\n", "<5>chimed: n\n", "<6>chimed: i\n", "<7>chimed: d\n"])
    }

    @Test("messages less important than the threshold are dropped")
    func threshold() {
        let (log, lines) = recordingLog(threshold: .notice)
        log.info("routine")
        log.debug("detail")
        log.warning("kept")
        #expect(lines.value == ["<4>chimed: kept\n"])
    }

    @Test("every line of a multi-line message keeps the prefix, in one write")
    func multiline() {
        let (log, lines) = recordingLog()
        log.info("first\nsecond")
        #expect(lines.value == ["<6>chimed: first\n<6>chimed: second\n"])
    }

    @Test("the identifier is configurable")
    func identifier() {
        #expect(DaemonLog.lines(priority: .warning, identifier: "chime", message: "x") == "<4>chime: x\n")
    }
}
