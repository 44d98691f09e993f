import ChimeCore
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The one rule for the files Chime opens by name beside its data (the database, its `-wal` and
/// `-shm`, chimed's lock files): each must be a regular file of its own, never a symbolic link
/// (which would put Chime's data, and its permission changes, wherever the link points) nor a
/// FIFO, socket, device or directory (which would hang or fail every command in ways no retry
/// fixes). Looked at with `lstat` before anything opens it, so nothing of a refused file changes.
public enum PlainFile {
    /// Why `path` may not be used, in a sentence naming it, with what to do (`user` names who
    /// refuses: "Chime", "chimed"); `nil` when it is missing or a regular file.
    public static func refusal(of path: String, user: String) -> LocalizedText? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFREG { return nil }
        if kind == S_IFLNK {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "elsewhere"
            return LocalizedText(StoreText.fileIsLink, ["path": path, "target": target, "user": user])
        }
        return LocalizedText(StoreText.fileNotRegular, localized: [
            "path": LocalizedText(verbatim: path), "kind": LocalizedText(name(of: kind)), "user": LocalizedText(verbatim: user),
        ])
    }

    /// What a file of type `kind` (the `S_IFMT` bits of its mode) is, for the sentence above.
    static func name(of kind: mode_t) -> StoreText {
        switch kind {
        case S_IFIFO: return .kindFIFO
        case S_IFSOCK: return .kindSocket
        case S_IFDIR: return .kindDirectory
        case S_IFCHR: return .kindCharacterDevice
        case S_IFBLK: return .kindBlockDevice
        default: return .kindUnknown
        }
    }
}
