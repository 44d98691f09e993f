import Foundation
import Glibc

/// A fresh directory under /tmp (a short path, so socket paths inside fit), removed with
/// everything in it when the value goes away.
public final class TemporaryDirectory: Sendable {
    /// The directory's absolute path.
    public let path: String

    /// Creates the directory (mode 0700, by `mkdtemp`); `prefix` starts its name.
    public init(prefix: String = "chime-test") throws {
        var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
        guard let created = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        path = String(cString: created)
    }

    /// The path of `name` inside the directory.
    public func appending(_ name: String) -> String { path + "/" + name }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
