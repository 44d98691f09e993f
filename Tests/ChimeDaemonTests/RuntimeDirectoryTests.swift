import ChimeControl
import ChimeDaemon
import ChimeTestSupport
import Foundation
import Glibc
import Testing

@Suite("RuntimeDirectory")
struct RuntimeDirectoryTests {
    @Test("resolves to $XDG_RUNTIME_DIR/chime")
    func resolvesFromXDG() {
        let directory = RuntimeDirectory.resolve(environment: ["XDG_RUNTIME_DIR": "/run/user/1000/"], userID: 1000)
        #expect(directory.path == "/run/user/1000/chime")
        #expect(!directory.isFallback)
        #expect(directory.ownerID == 1000)
        #expect(directory.controlSocketPath == "/run/user/1000/chime/chimed.sock")
        #expect(directory.lockPath == "/run/user/1000/chime/chimed.lock")
    }

    @Test("without an absolute XDG_RUNTIME_DIR, falls back to a per-user directory in TMPDIR or /tmp")
    func fallsBack() {
        let bare = RuntimeDirectory.resolve(environment: [:], userID: 1000, userRuntimeRoot: "/nonexistent-chime-run-user")
        #expect(bare.path == "/tmp/chime-1000")
        #expect(bare.isFallback)
        let relative = RuntimeDirectory.resolve(
            environment: ["XDG_RUNTIME_DIR": "run", "TMPDIR": "/var/tmp"], userID: 7, userRuntimeRoot: "/nonexistent-chime-run-user"
        )
        #expect(relative.path == "/var/tmp/chime-7")
        #expect(relative.isFallback)
    }

    @Test("without XDG_RUNTIME_DIR, the user's own /run/user/UID is preferred to a place in /tmp another user could take")
    func prefersUserRuntimeDirectory() throws {
        let root = try TemporaryDirectory()
        let me = geteuid()
        // Missing: /tmp.
        #expect(RuntimeDirectory.resolve(environment: [:], userID: me, userRuntimeRoot: root.path).path == "/tmp/chime-\(me)")
        // The user's own directory: used, still a fallback (chimed warns that the variable is unset).
        #expect(mkdir(root.appending("\(me)"), 0o700) == 0)
        let own = RuntimeDirectory.resolve(environment: [:], userID: me, userRuntimeRoot: root.path + "/")
        #expect(own.path == root.appending("\(me)/chime"))
        #expect(own.isFallback)
        try own.prepare()
        #expect(fileStatus(own.path)?.mode == 0o700)
        // Another user's directory of that name is not ours to use.
        #expect(RuntimeDirectory.resolve(environment: [:], userID: me &+ 1, userRuntimeRoot: root.path).path == "/tmp/chime-\(me &+ 1)")
        // Nor a symbolic link or a file in its place.
        let other = try TemporaryDirectory()
        #expect(symlink(root.appending("\(me)"), other.appending("\(me)")) == 0)
        #expect(RuntimeDirectory.resolve(environment: [:], userID: me, userRuntimeRoot: other.path).path == "/tmp/chime-\(me)")
        let third = try TemporaryDirectory()
        try Data().write(to: URL(fileURLWithPath: third.appending("\(me)")))
        #expect(RuntimeDirectory.resolve(environment: [:], userID: me, userRuntimeRoot: third.path).path == "/tmp/chime-\(me)")
        // XDG_RUNTIME_DIR still wins.
        #expect(RuntimeDirectory.resolve(environment: ["XDG_RUNTIME_DIR": "/x"], userID: me, userRuntimeRoot: root.path).path == "/x/chime")
    }

    /// Through the `ownerID:` seam, as ``refusesForeignOwner()``.
    @Test("a fallback directory another user made first is refused, saying what to do")
    func fallbackTakenByAnotherUser() throws {
        let base = try TemporaryDirectory()
        let directory = RuntimeDirectory(path: base.appending("chime-1000"), isFallback: true, ownerID: geteuid() &+ 1)
        #expect(mkdir(directory.path, 0o700) == 0)
        do {
            try directory.prepare()
            Issue.record("prepare accepted another user's directory")
        } catch let error as RuntimeError {
            #expect(error.kind == .unsafeRuntimeDirectory)
            #expect(error.exitCode == .unavailable)
            #expect(error.message.contains("another user created it first"), "\(error.message)")
            #expect(error.message.contains("set XDG_RUNTIME_DIR to a private directory of yours"), "\(error.message)")
            #expect(error.message.contains("/run/user/\(geteuid() &+ 1)"), "\(error.message)")
        }
        #expect(fileStatus(directory.path)?.owner == geteuid(), "and left as it was")
    }

    @Test("prepare creates the directory with mode 0700")
    func createsPrivateDirectory() throws {
        let base = try TemporaryDirectory()
        let directory = RuntimeDirectory.resolve(environment: ["XDG_RUNTIME_DIR": base.path])

        try directory.prepare()
        try directory.prepare()

        #expect(fileStatus(directory.path)?.mode == 0o700)
        try directory.verify()
    }

    @Test("prepare narrows a wider mode of our own directory to 0700")
    func narrowsMode() throws {
        let base = try TemporaryDirectory()
        let directory = RuntimeDirectory(path: base.appending("chime"))
        #expect(mkdir(directory.path, 0o755) == 0)
        #expect(chmod(directory.path, 0o755) == 0)

        try directory.prepare()

        #expect(fileStatus(directory.path)?.mode == 0o700)
    }

    @Test("a symlink in place of the directory is refused, even to a directory of ours")
    func refusesSymlink() throws {
        let base = try TemporaryDirectory()
        let target = base.appending("elsewhere")
        #expect(mkdir(target, 0o700) == 0)
        let directory = RuntimeDirectory(path: base.appending("chime"))
        #expect(symlink(target, directory.path) == 0)

        #expect(kind { try directory.prepare() } == .unsafeRuntimeDirectory)
        #expect(kind { try directory.verify() } == .unsafeRuntimeDirectory)
        // The message names the problem (Linux reports ENOTDIR here, not ELOOP).
        #expect(throws: RuntimeError.self) {
            do { try directory.prepare() } catch let error as RuntimeError {
                #expect(error.message.contains("is a symbolic link"), "\(error.message)")
                throw error
            }
        }
    }

    /// Through the `ownerID:` seam: the directory is ours, the runtime directory expects another
    /// user's, which is what a directory handed to someone else looks like (no root needed).
    @Test("a directory owned by another user is refused")
    func refusesForeignOwner() throws {
        let base = try TemporaryDirectory()
        let directory = RuntimeDirectory(path: base.appending("chime"), ownerID: geteuid() &+ 1)
        #expect(mkdir(directory.path, 0o700) == 0)

        #expect(kind { try directory.prepare() } == .unsafeRuntimeDirectory)
        #expect(kind { try directory.verify() } == .unsafeRuntimeDirectory)
        #expect(fileStatus(directory.path)?.owner == geteuid(), "and left as it was")
        #expect(fileStatus(directory.path)?.mode == 0o700)
    }

    @Test("a file in place of the directory is refused")
    func refusesFile() throws {
        let base = try TemporaryDirectory()
        let directory = RuntimeDirectory(path: base.appending("chime"))
        try Data().write(to: URL(fileURLWithPath: directory.path))

        #expect(kind { try directory.prepare() } == .unsafeRuntimeDirectory)
    }

    @Test("a missing parent is reported, and verify of a missing directory means no daemon")
    func missingDirectories() {
        let directory = RuntimeDirectory(path: "/nonexistent-chime-parent/chime")
        #expect(kind { try directory.prepare() } == .unsafeRuntimeDirectory)
        #expect(kind { try directory.verify() } == .daemonNotRunning)
    }
}
