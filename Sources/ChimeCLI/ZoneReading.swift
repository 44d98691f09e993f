import ChimeCore
import FoundationEssentials

/// The zones of one invocation (the zone times are shown in, the system's, and why `TZ` could
/// not be used), given at once or read on first use: reading them costs a look at `TZ` and at
/// `/etc/localtime`, which `chime --version` and `--help` do not need.
///
/// A class, so copies of the environment share the one reading.
final class ZoneReading {
    /// The three values.
    struct Reading {
        var zone: TimeZone
        var system: TimeZone
        var error: DomainError?
    }

    private let read: () -> Reading
    /// The values, read on first use.
    private(set) lazy var reading: Reading = read()

    /// Reads the values with `read` when first asked.
    init(_ read: @escaping () -> Reading) {
        self.read = read
    }

    /// Values known already.
    convenience init(fixed reading: Reading) {
        self.init { reading }
    }
}
