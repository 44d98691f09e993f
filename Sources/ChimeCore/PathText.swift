/// File paths taken apart as Foundation's `NSString` path methods take them (runs of `/` read as
/// one, a trailing `/` dropped), without Foundation, which a static `chime` would link whole.
public enum PathText {
    /// The last component (`lastPathComponent`): `b` of `/a/b/`, `/` of `/`, `` of ``.
    public static func lastComponent(of path: String) -> String {
        let fixed = fixingSlashes(path)
        guard fixed.count > 1 else { return fixed }
        return String(fixed[startOfLastComponent(fixed)...])
    }

    /// The path without its last component (`deletingLastPathComponent`): `/a` of `/a/b/`, `/`
    /// of `/a`, `` of `a`.
    public static func deletingLastComponent(of path: String) -> String {
        let fixed = fixingSlashes(path)
        guard fixed != "/", !fixed.isEmpty else { return fixed }
        let start = startOfLastComponent(fixed)
        if start == fixed.startIndex { return "" }
        if start == fixed.index(after: fixed.startIndex) { return "/" }
        return String(fixed[..<fixed.index(before: start)])
    }

    /// `component` after `path` with one `/` between (`appendingPathComponent`).
    public static func appending(_ component: String, to path: String) -> String {
        if component.isEmpty { return path }
        if path.isEmpty { return component }
        return path.hasSuffix("/") ? path + component : path + "/" + component
    }

    /// `path` with each run of `/` as one and without a trailing `/`; `/` stays `/`.
    static func fixingSlashes(_ path: String) -> String {
        guard path != "/" else { return path }
        var result = ""
        var afterSlash = false
        for character in path {
            if character == "/" {
                if !afterSlash { result.append(character) }
                afterSlash = true
            } else {
                result.append(character)
                afterSlash = false
            }
        }
        if result.hasSuffix("/") { result.removeLast() }
        return result
    }

    /// Where the last component of a path with fixed slashes begins.
    private static func startOfLastComponent(_ fixed: String) -> String.Index {
        guard let slash = fixed.lastIndex(of: "/") else { return fixed.startIndex }
        return fixed.index(after: slash)
    }
}
