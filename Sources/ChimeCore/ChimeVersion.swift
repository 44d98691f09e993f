/// The Chime release this build is: the one place `chime --version`, `chimed --version`, the man
/// pages and the Debian package (`make deb`) read it from.
public enum ChimeVersion {
    /// The release, as `MAJOR.MINOR.PATCH`.
    public static let current = "0.1.0"
}
