import ChimeTestSupport
import Foundation
import Testing

/// A script that did not finish in time.
private struct ScriptTimeout: Error, CustomStringConvertible {
    let script: String
    var description: String { "\(script) did not finish within 60 s" }
}

/// The set-up scripts a newcomer runs first: the toolchain check of `scripts/install-deps.sh`,
/// and the check that it provides every program the tests start.
@Suite("set-up scripts")
struct SetupScriptTests {
    private static let scripts = CliBinaries.repositoryRoot.appendingPathComponent("scripts").path

    /// Runs `script` with `arguments` and `environment` added; the exit status and what it printed.
    private func run(_ script: String, _ arguments: [String], environment: [String: String] = [:]) async throws -> (status: Int32, output: String) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("chime-setup-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let child = try ChildProcess.spawn(script, arguments, environment: environment, standardOutput: .file(output), standardError: .appendingToFile(output))
        guard let status = await child.waitForExit(timeout: .seconds(60)) else {
            child.kill()
            throw ScriptTimeout(script: script)
        }
        return (status, (try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
    }

    @Test("without a Swift 6 toolchain install-deps.sh exits 69 with one line saying what to install, and installs nothing")
    func noToolchain() async throws {
        let missing = try await run(Self.scripts + "/install-deps.sh", [], environment: ["SWIFT": "/nonexistent/swift"])
        #expect(missing.status == 69)
        #expect(missing.output.split(separator: "\n").count == 1, "\(missing.output)")
        #expect(missing.output.contains("needs a Swift 6.0 or newer toolchain, and none was found"))
        #expect(missing.output.contains("install Swift 6.x"))

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chime-oldswift-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let old = directory.appendingPathComponent("swift").path
        try Data("#!/bin/sh\necho 'Swift version 5.10.1 (swift-5.10.1-RELEASE)'\n".utf8).write(to: URL(fileURLWithPath: old))
        chmod(old, 0o755)
        let outdated = try await run(Self.scripts + "/install-deps.sh", ["--test"], environment: ["SWIFT": old])
        #expect(outdated.status == 69)
        #expect(outdated.output == "chime: building Chime needs a Swift 6.0 or newer toolchain, and Swift 5.10 at \(old) is older: install Swift 6.x for Linux from swift.org and put its usr/bin on PATH, or unpack it at /opt/swift\n")
    }

    @Test("check-test-programs.sh passes on this checkout and names a program a test starts that the install script does not provide")
    func unprovidedProgramsAreNamed() async throws {
        let passing = try await run(Self.scripts + "/check-test-programs.sh", [])
        #expect(passing.status == 0, "\(passing.output)")

        // A copy of the project's scripts, with one test that starts two programs nobody installs
        // (spelled through interpolation, so this file itself starts neither).
        let shell = "chime-test-shell", tool = "chime-test-tool"
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("chime-programs-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Tests/Fake"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.scripts, toPath: root.appendingPathComponent("scripts").path)
        try Data("""
            let shell = URL(fileURLWithPath: "/usr/bin/\(shell)")
            try server.run("\(tool)", ["--flag"])
            let essential = "/bin/sh"

            """.utf8).write(to: root.appendingPathComponent("Tests/Fake/FakeTests.swift"))
        let failing = try await run(root.appendingPathComponent("scripts/check-test-programs.sh").path, [root.path])
        #expect(failing.status == 1)
        #expect(failing.output.contains("chime-test-shell (started by Tests/Fake/FakeTests.swift) is not provided by scripts/install-deps.sh --test"), "\(failing.output)")
        #expect(failing.output.contains("chime-test-tool (started by Tests/Fake/FakeTests.swift)"), "\(failing.output)")
        #expect(!failing.output.contains("sh (started"), "an Essential package's program needs no listing: \(failing.output)")
    }
}
