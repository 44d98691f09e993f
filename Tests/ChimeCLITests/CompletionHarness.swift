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
        let command: (program: String, arguments: [String])
        switch shell {
        case .bash: command = ("/bin/bash", ["-c", harness, "harness", script.path, line])
        case .zsh: command = ("/usr/bin/zsh", ["-f", "-c", harness, "harness", script.path, line])
        case .fish: command = ("/usr/bin/fish", ["--no-config", "-c", harness, script.path, line])
        }
        let result = try ChildProcess.run(
            command.program, command.arguments,
            environment: ["HOME": directory.path, "PATH": path, "XDG_CONFIG_HOME": directory.path, "XDG_DATA_HOME": directory.path],
            inheritsEnvironment: false, deadline: .seconds(30)
        )
        return result.output.split(separator: "\n").map(String.init)
    }
}
