import ChimeCore
import FoundationEssentials
import Glibc

/// An absolute path standardised as Foundation's `NSString.standardizingPath` standardises it on
/// Linux, without linking swift-corelibs-foundation: `.` and empty components dropped, `..` taking
/// away the component before it, and each component that is a symbolic link replaced by the
/// `realpath` of its target (a relative target read, as there, against the working directory);
/// then a leading `/private` or `/var/automount` dropped when the rest names a file.
enum StandardizedPath {
    static func of(_ absolute: String) -> String {
        var resolved = "/"
        for component in absolute.split(separator: "/").map(String.init) {
            switch component {
            case ".":
                continue
            case "..":
                resolved = PathText.deletingLastComponent(of: resolved)
            default:
                resolved = PathText.appending(component, to: resolved)
                if let target = linkTarget(resolved) { resolved = target }
            }
        }
        resolved = withoutPrefix("/private", of: resolved) ?? resolved
        return withoutPrefix("/var/automount", of: resolved) ?? resolved
    }

    /// The real path of what the link at `path` points to; `nil` when `path` is no link or its
    /// target does not resolve.
    private static func linkTarget(_ path: String) -> String? {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path),
              let real = realpath(target, nil)
        else { return nil }
        defer { free(real) }
        let resolved = String(cString: real)
        return resolved.hasPrefix("/") ? resolved : PathText.appending(resolved, to: PathText.deletingLastComponent(of: path))
    }

    private static func withoutPrefix(_ prefix: String, of path: String) -> String? {
        guard path != prefix, path.hasPrefix(prefix) else { return nil }
        let rest = String(path.dropFirst(prefix.count))
        return FileManager.default.fileExists(atPath: rest) ? rest : nil
    }
}
