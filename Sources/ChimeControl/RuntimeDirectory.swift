import CLinux
import ChimeSystem
import Glibc

/// The private directory that holds the daemon's control socket and instance lock:
/// `$XDG_RUNTIME_DIR/chime`; when `XDG_RUNTIME_DIR` is unset, `/run/user/<uid>/chime` if logind
/// made that directory for the user, else `${TMPDIR:-/tmp}/chime-<uid>`.
///
/// The daemon and the CLI resolve it the same way, from the environment and that one look at
/// `/run/user`. Before use it must be a real directory (not a symlink) owned by the user with
/// mode 0700: anything else could let another user read or fake the daemon's socket. In a
/// shared `/tmp` another user can create `chime-<uid>` first; `/run/user/<uid>` belongs to the
/// user alone, so it is preferred.
public struct RuntimeDirectory: Hashable, Sendable {
    /// The directory's absolute path.
    public let path: String
    /// Whether `XDG_RUNTIME_DIR` was missing (or not absolute) and another directory is used
    /// instead; the XDG specification asks for a warning then.
    public let isFallback: Bool
    /// The user who must own the directory.
    public let ownerID: uid_t

    /// The directory at `path`, to be owned by `ownerID`.
    public init(path: String, isFallback: Bool = false, ownerID: uid_t = geteuid()) {
        self.path = path
        self.isFallback = isFallback
        self.ownerID = ownerID
    }

    /// Where logind makes each user's runtime directory (`/run/user/<uid>`).
    public static let userRuntimeRoot = "/run/user"

    /// Finds the directory from `environment` (`XDG_RUNTIME_DIR`, else the user's directory under
    /// `userRuntimeRoot`, else `TMPDIR`) for `userID`.
    public static func resolve(environment: [String: String], userID: uid_t = geteuid(), userRuntimeRoot: String = userRuntimeRoot) -> RuntimeDirectory {
        if let base = environment["XDG_RUNTIME_DIR"], base.hasPrefix("/") {
            return RuntimeDirectory(path: trimmingTrailingSlashes(base) + "/chime", ownerID: userID)
        }
        // What XDG_RUNTIME_DIR would have been in a login session (ssh without pam_systemd's
        // variables, a cron job): only a real directory of the user's own will do.
        let own = trimmingTrailingSlashes(userRuntimeRoot) + "/\(userID)"
        if (try? PrivateDirectory(opening: own, ownerID: userID)) != nil {
            return RuntimeDirectory(path: own + "/chime", isFallback: true, ownerID: userID)
        }
        let temporary = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        return RuntimeDirectory(
            path: trimmingTrailingSlashes(temporary) + "/chime-\(userID)",
            isFallback: true,
            ownerID: userID
        )
    }

    /// Where the daemon listens.
    public var controlSocketPath: String { path + "/chimed.sock" }

    /// Creates the directory (mode 0700) if it is missing, checks that it is a real directory
    /// owned by ``ownerID``, and narrows its mode to 0700 if it is wider.
    public func prepare() throws {
        do {
            try valueOrErrno("mkdir") { mkdir(path, 0o700) }
        } catch {
            if error.code == .noSuchFile {
                throw RuntimeError(.unsafeRuntimeDirectory, .runtimeParentMissing, ["path": path])
            }
            guard error.code == .fileExists else { throw error }
        }
        let directory = try openChecked()
        if directory.isOpenToOthers {
            try withExtendedLifetime(directory) { () throws(SystemError) in
                let raw = directory.descriptor.rawValue
                try valueOrErrno("fchmod") { fchmod(raw, 0o700) }
            }
        }
    }

    /// Checks, without creating or changing anything, that the directory exists and is a real
    /// directory owned by ``ownerID``; the CLI calls it before trusting the socket inside.
    public func verify() throws {
        do {
            _ = try openChecked()
        } catch let error as SystemError where error.code == .noSuchFile {
            throw RuntimeError(.daemonNotRunning, .noRuntimeDirectory, ["path": path])
        }
        // Readable but not searchable (mode 0600): the socket inside cannot be reached.
        if access(path, X_OK) != 0 { throw noAccess() }
    }

    /// The error for a directory on the way to ``path`` the user may not enter, naming it.
    private func noAccess() -> RuntimeError {
        let parent = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        let blocked = !parent.isEmpty && access(parent, X_OK) != 0 ? parent : path
        var status = stat()
        let mode = stat(blocked, &status) == 0 ? "0" + String(status.st_mode & 0o7777, radix: 8) : "?"
        return RuntimeError(.unsafeRuntimeDirectory, .runtimeNoAccess, ["path": path, "blocked": blocked, "mode": mode])
    }

    /// Opens the directory itself (never a symlink in its place) and checks its owner; a
    /// failure of the system calls themselves is thrown as their ``SystemError``.
    private func openChecked() throws -> PrivateDirectory {
        do {
            return try PrivateDirectory(opening: path, ownerID: ownerID)
        } catch {
            switch error {
            case .symbolicLink:
                throw RuntimeError(.unsafeRuntimeDirectory, .runtimeDirectoryLink, ["path": path])
            case .notDirectory:
                throw RuntimeError(.unsafeRuntimeDirectory, .runtimeNotDirectory, ["path": path])
            case .otherOwner(let owner):
                // Without XDG_RUNTIME_DIR the directory sits in a shared place, where another user
                // can make it first and the user cannot remove it.
                throw RuntimeError(
                    .unsafeRuntimeDirectory, isFallback ? .runtimeTakenByOtherUser : .runtimeOtherOwner,
                    ["path": path, "owner": "\(owner)", "user": "\(ownerID)"]
                )
            case .failed(let failure) where failure.code == .permissionDenied:
                throw noAccess()
            case .failed(let failure):
                throw failure
            }
        }
    }

    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        return String(trimmed)
    }
}
