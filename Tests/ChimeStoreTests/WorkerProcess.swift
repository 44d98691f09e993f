import Foundation
import Testing

/// A running `chime-store-worker` child process with its output captured.
final class WorkerProcess {
    /// The worker executable: built by `swift build --build-tests` next to the test bundle.
    static var executable: String {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return testBinary.deletingLastPathComponent().appendingPathComponent("chime-store-worker").path
    }

    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()

    /// Starts the worker with `arguments`.
    init(_ arguments: [String]) throws {
        let executable = Self.executable
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw WorkerMissing(path: executable)
        }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    /// Kills the worker with SIGKILL, as a crash or power cut would stop it.
    func kill() {
        _ = Foundation.kill(process.processIdentifier, SIGKILL)
    }

    /// Waits for the worker to end and returns its exit status and complete output lines. A line
    /// cut by the kill (no newline yet) is not a complete line and is left out.
    func finish() -> (status: Int32, lines: [String], errors: String) {
        // Read to the end first: a worker blocked on a full pipe would otherwise never exit.
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var text = String(decoding: stdout, as: UTF8.self)
        if let lastNewline = text.lastIndex(of: "\n") {
            text = String(text[...lastNewline])
        } else {
            text = ""
        }
        let lines = text.split(separator: "\n").map(String.init)
        return (process.terminationStatus, lines, String(decoding: stderr, as: UTF8.self))
    }

    deinit {
        if process.isRunning { kill() }
    }
}

/// The worker executable is missing: the tests were run without building it.
struct WorkerMissing: Error, CustomStringConvertible {
    let path: String
    var description: String { "chime-store-worker not found at \(path): run 'swift build --build-tests' before 'swift test --skip-build'" }
}
