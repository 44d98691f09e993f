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
        let bare = RuntimeDirectory.resolve(environment: [:], userID: 1000)
        #expect(bare.path == "/tmp/chime-1000")
        #expect(bare.isFallback)
        let relative = RuntimeDirectory.resolve(environment: ["XDG_RUNTIME_DIR": "run", "TMPDIR": "/var/tmp"], userID: 7)
        #expect(relative.path == "/var/tmp/chime-7")
        #expect(relative.isFallback)
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
