import ChimeSystem
import Foundation
import Testing

@Suite("The private-directory check")
struct PrivateDirectoryTests {
    /// A fresh directory of this user's, removed at the end of `body`.
    private func withScratch(_ body: (String) throws -> Void) throws {
        var template = Array((NSTemporaryDirectory() + "/private-directory-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        let root = try #require(made.map { String(cString: $0) })
        defer { try? FileManager.default.removeItem(atPath: root) }
        try body(root)
    }

    @Test("a real directory of the user's own is accepted, with its status")
    func acceptsOwnDirectory() throws {
        try withScratch { root in
            #expect(chmod(root, 0o750) == 0)
            let directory = try PrivateDirectory(opening: root, ownerID: geteuid())
            #expect(directory.status.st_mode & S_IFMT == S_IFDIR)
            #expect(directory.isOpenToOthers)
        }
    }

    @Test("a symbolic link to a directory, or to nothing, is refused as a link")
    func refusesLinks() throws {
        try withScratch { root in
            #expect(mkdir(root + "/real", 0o700) == 0)
            #expect(symlink(root + "/real", root + "/link") == 0)
            #expect(symlink(root + "/missing", root + "/dangling") == 0)
            for path in [root + "/link", root + "/dangling"] {
                #expect(throws: PrivateDirectory.Refusal.symbolicLink) { try PrivateDirectory(opening: path, ownerID: geteuid()) }
            }
        }
    }

    @Test("a file is not a directory; nothing there is the system's error")
    func refusesFileAndMissing() throws {
        try withScratch { root in
            #expect(FileManager.default.createFile(atPath: root + "/file", contents: Data()))
            #expect(throws: PrivateDirectory.Refusal.notDirectory) { try PrivateDirectory(opening: root + "/file", ownerID: geteuid()) }
            #expect(throws: PrivateDirectory.Refusal.failed(SystemError(.noSuchFile, operation: "open"))) {
                try PrivateDirectory(opening: root + "/missing", ownerID: geteuid())
            }
        }
    }

    @Test("a directory of another user is refused, naming the owner")
    func refusesOtherOwner() throws {
        try withScratch { root in
            let other = geteuid() == 0 ? uid_t(54_321) : geteuid() + 1
            #expect(throws: PrivateDirectory.Refusal.otherOwner(geteuid())) { try PrivateDirectory(opening: root, ownerID: other) }
        }
    }
}
