import CDBus

/// libdbus-1, loaded with `dlopen` the first time `chime doctor` asks the bus (see the CDBus
/// header for why it is not linked). Loaded once per process and never unloaded.
enum LibDBus {
    /// The library's file name (its soname, stable since libdbus 1.0).
    static let fileName = "libdbus-1.so.3"

    /// Loads libdbus; the first call does the work, later ones give its outcome. Code that talks
    /// to the bus calls this first, so a missing libdbus is an error value; a libdbus call
    /// without it stops the process.
    static func load() throws(BusError) {
        var reason: UnsafePointer<CChar>?
        guard chime_dbus_load(&reason) == 0 else {
            let text = reason.map { String(cString: $0) } ?? fileName
            // The loader's text names a function the library lacks, or is dlerror's.
            if text.hasPrefix("\(fileName) has no ") { throw BusError(name: nil, message: "\(text): it is older than Chime needs") }
            throw BusError(name: nil, message: "cannot load \(fileName) (\(text)): install the Debian package libdbus-1-3")
        }
    }
}
