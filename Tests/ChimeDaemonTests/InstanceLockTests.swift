import ChimeControl
import ChimeDaemon
import ChimeTestSupport
import Foundation
import Glibc
import Testing

/// Runs util-linux's `flock` on `path` with `arguments`; its stdin and stdout are pipes.
private func startFlock(_ arguments: [String]) throws -> (process: Process, input: Pipe, output: Pipe) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
    process.arguments = arguments
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    return (process, input, output)
}

@Suite("InstanceLock")
struct InstanceLockTests {
    @Test("while another process holds the lock, taking it fails with alreadyRunning")
    func refusedWhileChildHolds() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("chimed.lock")
        // The child takes the lock, says so, and holds it until its stdin closes.
        let child = try startFlock(["--exclusive", path, "sh", "-c", "echo locked; read line"])
        defer {
            try? child.input.fileHandleForWriting.close()
            child.process.waitUntilExit()
        }
        let line = child.output.fileHandleForReading.availableData
        #expect(String(decoding: line, as: UTF8.self) == "locked\n")

        #expect(kind { _ = try InstanceLock(path: path) } == .alreadyRunning)

        try child.input.fileHandleForWriting.close()
        child.process.waitUntilExit()
        let lock = try InstanceLock(path: path)
        #expect(lock.path == path)
    }

    @Test("while we hold the lock, another process cannot take it, and the file names our pid")
    func holdsAgainstChild() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("chimed.lock")
        let lock = try InstanceLock(path: path)

        let probe = try startFlock(["--nonblock", "--exclusive", path, "true"])
        probe.process.waitUntilExit()
        #expect(probe.process.terminationStatus == 1)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "\(getpid())\n")
        #expect(fileStatus(path)?.mode == 0o600)

        do {
            _ = try InstanceLock(path: path)
            Issue.record("a second lock was granted")
        } catch let error as RuntimeError {
            #expect(error.kind == .alreadyRunning)
            #expect(error.message.contains("pid \(getpid())"))
        }
        withExtendedLifetime(lock) {}
    }

    @Test("releasing the lock lets the next holder in")
    func releaseOnDeinit() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("chimed.lock")
        var lock: InstanceLock? = try InstanceLock(path: path)
        #expect(lock != nil)
        lock = nil

        let probe = try startFlock(["--nonblock", "--exclusive", path, "true"])
        probe.process.waitUntilExit()
        #expect(probe.process.terminationStatus == 0)
    }

    @Test("taking the lock in a runtime directory prepares the directory")
    func inRuntimeDirectory() throws {
        let base = try TemporaryDirectory()
        let directory = RuntimeDirectory.resolve(environment: ["XDG_RUNTIME_DIR": base.path])
        let lock = try InstanceLock(in: directory)
        #expect(lock.path == directory.lockPath)
        #expect(fileStatus(directory.path)?.mode == 0o700)
    }

    @Test("a lock file that is a symbolic link or a FIFO is refused, naming it, and left as it is")
    func unusualLockFiles() throws {
        let directory = try TemporaryDirectory()
        let target = directory.appending("elsewhere")
        try Data("keep\n".utf8).write(to: URL(fileURLWithPath: target))
        chmod(target, 0o644)
        let link = directory.appending("chimed.lock")
        #expect(symlink(target, link) == 0)
        var refusal: RuntimeError?
        do { _ = try InstanceLock(path: link) } catch let error as RuntimeError { refusal = error }
        #expect(refusal?.kind == .unusableFile)
        #expect(refusal?.message.hasPrefix("\(link) is a symbolic link to \(target), so chimed will not use it") == true)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep\n")
        var info = stat()
        #expect(stat(target, &info) == 0 && info.st_mode & 0o777 == 0o644)

        // A FIFO made chimed fail with "ftruncate failed: Invalid argument".
        let fifo = directory.appending("store.chimed.lock")
        #expect(mkfifo(fifo, 0o600) == 0)
        refusal = nil
        do { _ = try InstanceLock(path: fifo) } catch let error as RuntimeError { refusal = error }
        #expect(refusal?.kind == .unusableFile)
        #expect(refusal?.message == "\(fifo) is not a regular file (it is a FIFO), so chimed will not use it or change it: remove it and try again")
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }
}
