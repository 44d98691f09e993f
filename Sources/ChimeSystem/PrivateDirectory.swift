import Glibc

/// A directory that must be the user's own: a real directory, never a symbolic link in its
/// place, owned by the expected user.
///
/// The one check behind the store's database directory and chimed's runtime directory; each
/// caller adds what its own directory needs (the store refuses a shared, sticky directory and
/// one it cannot write in; the runtime directory narrows its mode) and words each refusal for
/// its own users. The directory stays open, so what follows acts on the directory that was
/// checked, whatever is renamed into its path meanwhile.
package struct PrivateDirectory: Sendable {
    /// Why a path is not a private directory, for the caller to word.
    package enum Refusal: Error, Hashable, Sendable {
        /// A symbolic link is at the path (Linux reports a link to a directory opened with
        /// `O_DIRECTORY | O_NOFOLLOW` as `ENOTDIR`, a link to anything else as `ELOOP`).
        case symbolicLink
        /// Something that is not a directory is at the path, or on the way to it.
        case notDirectory
        /// The directory belongs to another user, whose id this is.
        case otherOwner(uid_t)
        /// `open` or `fstat` failed otherwise: nothing there (`ENOENT`), no permission
        /// (`EACCES`), and the rest.
        case failed(SystemError)
    }

    /// The directory, open read-only.
    package let descriptor: OwnedFileDescriptor
    /// Its status, taken through ``descriptor``.
    package let status: stat

    /// Opens the directory at `path` (not through a symbolic link) and checks that `ownerID`
    /// owns it.
    package init(opening path: String, ownerID: uid_t) throws(Refusal) {
        do {
            descriptor = try OwnedFileDescriptor("open") { open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        } catch {
            switch error.code {
            case .symbolicLinkLoop:
                throw .symbolicLink
            case .notDirectory:
                throw Self.isSymbolicLink(path) ? .symbolicLink : .notDirectory
            default:
                throw .failed(error)
            }
        }
        var status = stat()
        let raw = descriptor.rawValue
        do {
            try valueOrErrno("fstat") { fstat(raw, &status) }
        } catch {
            throw .failed(error)
        }
        guard status.st_uid == ownerID else { throw .otherOwner(status.st_uid) }
        self.status = status
    }

    /// Whether the directory's mode lets its group or others in at all.
    package var isOpenToOthers: Bool { status.st_mode & 0o077 != 0 }

    private static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }
}
