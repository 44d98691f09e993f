import ChimeCore
import Foundation
import Glibc

/// Opens the link of a calendar alarm's Open button: `xdg-open URL`, and nothing else is ever
/// run. The desk checked the link (an http(s) URL of printable ASCII,
/// ``CalendarAlarmRequest/isOpenable(_:)``); it is checked again here, as the last step before a
/// program starts.
public enum LinkOpener {
    /// The name of the program that opens links in the user's browser.
    public static let programName = "xdg-open"
    /// Where it is when chimed's `PATH` names no folder holding it.
    public static let fallbackProgram = "/usr/bin/xdg-open"

    /// Opens `link` with the `xdg-open` chimed's `PATH` finds (the user's session may put its
    /// own first), else `/usr/bin/xdg-open`.
    @Sendable
    public static func open(_ link: String) {
        open(link, searching: ProcessInfo.processInfo.environment["PATH"])
    }

    /// The opener that looks for `xdg-open` in the folders of `path` (a `PATH` value).
    public static func opener(searching path: String?) -> @Sendable (String) -> Void {
        { link in open(link, searching: path) }
    }

    /// The `xdg-open` to run: the first executable file of that name in an absolute folder of
    /// `path`, else ``fallbackProgram``.
    public static func program(searching path: String?) -> String {
        for folder in (path ?? "").split(separator: ":").map(String.init) where folder.hasPrefix("/") {
            let candidate = folder + "/" + programName
            var status = stat()
            if stat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 { return candidate }
        }
        return fallbackProgram
    }

    /// Starts `xdg-open link` with no input and its output discarded, and waits for it on a
    /// thread of its own (no zombie is left); a link that is not http(s) is refused.
    private static func open(_ link: String, searching path: String?) {
        guard CalendarAlarmRequest.isOpenable(link) else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program(searching: path))
        process.arguments = [link]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return
        }
        Thread.detachNewThread { process.waitUntilExit() }
    }
}
