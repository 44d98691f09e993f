import Foundation
import Testing
@testable import ChimeCLI

/// `chime`'s stand-ins for Foundation's formatters and path calls (which a static `chime` would
/// link whole), checked against Foundation itself.
@Suite("chime's stand-ins for Foundation: the same words and paths")
struct FoundationWordingTests {
    @Test("store sizes are written as ByteCountFormatter wrote them")
    func byteCounts() {
        var counts: [Int64] = [0, 1, 2, 999, 1000, 1499, 1500, 2500, 28_672, 999_499, 999_500, 999_999, 1_000_000, 1_050_000, 1_150_000, 1_250_000,
                               12_345_678, 999_950_000, 1_000_000_000, 1_005_000_000, 1_234_567_890, 12_345_678_901_234, 9_000_000_000_000_000_000]
        for exponent in 0...18 {
            let power = Int64(pow(10.0, Double(exponent)))
            counts += [power - 1, power, power + power / 2, power * 3 - 7].filter { $0 > 0 }
        }
        for count in counts {
            #expect(ByteCountText.file(count) == ByteCountFormatter.string(fromByteCount: count, countStyle: .file), "\(count)")
        }
    }

    @Test("a failed write is worded as Foundation's localizedDescription worded it")
    func writeFailures() {
        for path in ["/nonexistent-chime-folder/x.tmp", "/proc/version", "/"] {
            do {
                try Data("x".utf8).write(to: URL(fileURLWithPath: path))
                Issue.record("writing \(path) succeeded")
            } catch {
                #expect(CommandRunner.foundationWording(of: error) == error.localizedDescription, "\(path)")
            }
        }
    }

    @Test("absolute paths are standardised as NSString standardised them, links followed")
    func standardizedPaths() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("chime-paths-\(getpid())").path
        try? FileManager.default.removeItem(atPath: root)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/real/inner", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: root + "/real")
        try FileManager.default.createSymbolicLink(atPath: root + "/real/up", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: root + "/dangling", withDestinationPath: root + "/missing")
        let paths = ["/", "/tmp", root, root + "/", root + "/real/./inner/..", root + "/link", root + "/link/inner", root + "/link/../real",
                     root + "//real//inner//", root + "/real/up/link", root + "/dangling/x", root + "/missing/../real", "/private/tmp", "/.."]
        for path in paths {
            #expect(StandardizedPath.of(path) == (path as NSString).standardizingPath, "\(path)")
        }
    }
}
