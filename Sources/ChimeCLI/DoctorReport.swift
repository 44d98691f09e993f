import ChimeCore

/// The findings of `chime doctor` and how they are shown: one line per check, with what to do
/// about anything wrong.
public struct DoctorReport: Hashable, Sendable {
    /// How a check came out.
    public enum Outcome: String, Hashable, Sendable {
        /// All well.
        case ok
        /// Works, but worth knowing (does not fail the run).
        case warning
        /// Something Chime needs is missing or broken.
        case problem
    }

    /// One check.
    public struct Finding: Hashable, Sendable {
        /// What was checked (`store`, `daemon`, `session bus`).
        public var check: String
        /// How it came out.
        public var outcome: Outcome
        /// What was found (`/home/a/.local/share/chime/chime.db, integrity ok`).
        public var detail: String
        /// What to do, for warnings and problems.
        public var fix: String?
        /// Lines shown as they are below the finding, whatever its outcome (a configuration
        /// snippet to copy).
        public var notes: [String]

        /// Makes a finding.
        public init(check: String, outcome: Outcome, detail: String, fix: String? = nil, notes: [String] = []) {
            self.check = check
            self.outcome = outcome
            self.detail = detail
            self.fix = fix
            self.notes = notes
        }
    }

    /// The findings in the order checked.
    public var findings: [Finding]

    /// Makes a report.
    public init(findings: [Finding]) {
        self.findings = findings
    }

    /// 0 when no check found a problem, else 69 (`EX_UNAVAILABLE`).
    public var exitCode: ExitCode {
        findings.contains { $0.outcome == .problem } ? .unavailable : .success
    }

    /// `ok       store: ...`, with the fix on the next line for anything not ok.
    public func text(style: TerminalStyle) -> String {
        let width = findings.map(\.check.count).max() ?? 0
        var lines: [String] = []
        for finding in findings {
            let mark: String
            switch finding.outcome {
            case .ok: mark = style.paint("ok     ", .green)
            case .warning: mark = style.paint("warning", .yellow)
            case .problem: mark = style.paint("problem", .red)
            }
            let padding = String(repeating: " ", count: width - finding.check.count)
            lines.append("\(mark)  \(finding.check)\(padding)  \(finding.detail)")
            if let fix = finding.fix, finding.outcome != .ok {
                lines.append("         \(String(repeating: " ", count: width))  -> \(fix)")
            }
            for note in finding.notes {
                lines.append("         \(String(repeating: " ", count: width))     \(note)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
