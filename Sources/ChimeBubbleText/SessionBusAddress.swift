import Glibc

/// Where the D-Bus session bus of this login is, found without starting one.
public enum SessionBusAddress {
    /// `DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus` when that socket exists, else
    /// `nil`: the address GIO would use without autolaunching a bus (and a notification server
    /// behind the user's back) through `dbus-launch`.
    public static func find(environment: [String: String]) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty {
            return address
        }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            let socket = runtime + "/bus"
            var info = stat()
            if stat(socket, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK {
                return "unix:path=\(socket)"
            }
        }
        return nil
    }
}
