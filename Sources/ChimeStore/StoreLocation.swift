/// Where Chime keeps its database by default: `$XDG_DATA_HOME/chime/chime.db`, falling back to
/// `~/.local/share/chime/chime.db` as the XDG Base Directory specification says.
public enum StoreLocation {
    /// The database file name inside the data directory.
    public static let fileName = "chime.db"

    /// The default database path for `environment` (pass `ProcessInfo.processInfo.environment`).
    ///
    /// A pure function of the dictionary, so the CLI and the daemon agree on the path and tests can
    /// ask about any environment. A relative or empty `XDG_DATA_HOME` is ignored, as the
    /// specification requires.
    public static func defaultDatabasePath(environment: [String: String]) throws(StoreError) -> String {
        "\(try dataDirectory(environment: environment))/\(fileName)"
    }

    /// The directory holding the database: `$XDG_DATA_HOME/chime` or `$HOME/.local/share/chime`.
    public static func dataDirectory(environment: [String: String]) throws(StoreError) -> String {
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return "\(trimmingTrailingSlashes(dataHome))/chime"
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return "\(trimmingTrailingSlashes(home))/.local/share/chime"
        }
        throw StoreError(.unavailable, .noHome)
    }

    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return path == "/" ? "" : String(path)
    }
}
