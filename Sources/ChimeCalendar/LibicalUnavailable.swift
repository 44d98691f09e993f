import CLibicalLoader

/// libical could not be loaded: it is not installed, or it lacks a function Chime calls.
public struct LibicalUnavailable: Error, Hashable, Sendable, CustomStringConvertible {
    /// The loader's words: dlerror's text, or the function the installed libical lacks.
    public let reason: String

    /// `cannot load libical (libical.so.3: cannot open shared object file: ...)`.
    public var description: String { "cannot load libical (\(reason))" }
}

extension Libical {
    /// Loads libical, once per process (later calls give the first outcome).
    ///
    /// Nothing links libical, so a program that never reads or writes iCalendar never loads
    /// it (see the CLibicalLoader header). Code that reads or writes iCalendar calls this first,
    /// so a missing libical is an error value; a libical call without it stops the process.
    public static func load() throws(LibicalUnavailable) {
        var reason: UnsafePointer<CChar>?
        guard chime_libical_load(&reason) == 0 else {
            throw LibicalUnavailable(reason: reason.map { String(cString: $0) } ?? "no reason given")
        }
    }
}
