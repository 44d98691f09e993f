import ChimeCLI
import ChimeTestSupport
import Foundation
import Testing

/// Runs a completion script in the real shell it is for, as a user's shell would load it.
enum CompletionHarness {
    /// Writes the script for `shell`, runs `harness` with the script's path and `line` as its
    /// arguments (in `$1`, `$2`; `$argv` in fish) and returns the lines it printed. With
    /// `chimeStub`, a `chime` program of that text comes first on `PATH`, for the scripts that
    /// call `chime` for candidates.
    static func run(_ shell: Command.Shell, harness: String, line: String, chimeStub: String? = nil) throws -> [String] {
        let temporary = try TemporaryDirectory(prefix: "chime-completion")
        let directory = URL(fileURLWithPath: temporary.path)
        var path = "/usr/bin:/bin"
        if let chimeStub {
            let bin = directory.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            let stub = bin.appendingPathComponent("chime")
            try chimeStub.write(to: stub, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub.path)
            path = bin.path + ":" + path
        }
        let script = directory.appendingPathComponent("chime.\(shell.rawValue)")
        try CompletionScript.script(for: shell).write(to: script, atomically: true, encoding: .utf8)
        let process = Process()
        switch shell {
        case .bash:
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", harness, "harness", script.path, line]
        case .zsh:
            process.executableURL = URL(fileURLWithPath: "/usr/bin/zsh")
            process.arguments = ["-f", "-c", harness, "harness", script.path, line]
        case .fish:
            process.executableURL = URL(fileURLWithPath: "/usr/bin/fish")
            process.arguments = ["--no-config", "-c", harness, script.path, line]
        }
        process.environment = ["HOME": directory.path, "PATH": path, "XDG_CONFIG_HOME": directory.path, "XDG_DATA_HOME": directory.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
