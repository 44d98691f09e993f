import ChimeTestSupport
import Foundation
import Glibc

/// One command in a mount namespace of its own (`unshare -m`): the mounts made there before it
/// starts are seen by it alone, and go with it, whatever happens (nothing to clean up). Needs root.
enum MountNamespace {
    /// Whether this machine lets the tests make mount namespaces and mount in them (root, and
    /// `unshare -m` with a bind mount inside works).
    static let isAvailable: Bool = {
        guard geteuid() == 0 else { return false }
        return (try? ChildProcess.run("/usr/bin/unshare", ["-m", "/usr/bin/mount", "--bind", "/tmp", "/tmp"], deadline: .seconds(10))) != nil
    }()

    /// The program and arguments that run `executable` with `arguments` in a namespace of its
    /// own, once the shell command `mounts` (which finds `paths` as `$1`, `$2`, ...) succeeded.
    static func wrapping(_ executable: String, _ arguments: [String], after mounts: String, on paths: [String]) -> (String, [String]) {
        let script = "\(mounts) && shift \(paths.count) && exec \"$@\""
        return ("/usr/bin/unshare", ["-m", "/bin/sh", "-c", script, "sh"] + paths + [executable] + arguments)
    }
}

extension CliSandbox {
    /// Runs `chime` with `arguments` where each of `libraries` (their files) is an empty file:
    /// `/dev/null` bind-mounted over it in the mount namespace of that one command, so dlopen
    /// fails. `extra` adds or replaces environment variables.
    func chime(_ arguments: [String], hiding libraries: [String], extra: [String: String] = [:]) async -> CliOutcome {
        precondition(!libraries.isEmpty, "no library to hide")
        let mounts = libraries.indices.map { "mount --bind /dev/null \"$\($0 + 1)\"" }.joined(separator: " && ")
        let (executable, wrapped) = MountNamespace.wrapping(CliBinaries.path("chime"), arguments, after: mounts, on: libraries)
        return await run(executable, wrapped, extra: extra)
    }
}
