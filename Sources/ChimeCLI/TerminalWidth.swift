#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How many columns the terminal has, as `ls` finds out: the kernel's window size of the
/// terminal (`TIOCGWINSZ`), else `COLUMNS`, else 80.
///
/// Asked only when standard output is a terminal: output to a pipe or file is not fitted to
/// anything, so scripts and `grep` get whole lines.
enum TerminalWidth {
    /// Columns assumed when neither the terminal nor `COLUMNS` says.
    static let fallback = 80

    /// The width of the terminal `descriptor` is open on.
    static func of(descriptor: Int32, environment: [String: String]) -> Int {
        var size = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        return fromVariable(environment["COLUMNS"]) ?? fallback
    }

    /// A positive `COLUMNS` value, `nil` for anything else.
    static func fromVariable(_ value: String?) -> Int? {
        guard let value, let columns = Int(value), columns > 0 else { return nil }
        return columns
    }
}
