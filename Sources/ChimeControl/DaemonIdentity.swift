import ChimeCore
import Glibc

/// Which daemon process answered: its pid and Chime version.
public struct DaemonIdentity: Hashable, Sendable, Codable {
    /// The daemon's process id.
    public let pid: Int32
    /// The daemon's Chime version.
    public let version: String

    /// The version of Chime this build is.
    public static let currentVersion = ChimeVersion.current

    /// Describes the process `pid` running `version`.
    public init(pid: Int32, version: String) {
        self.pid = pid
        self.version = version
    }

    /// This process.
    public static var current: DaemonIdentity {
        DaemonIdentity(pid: getpid(), version: currentVersion)
    }
}
