import ChimeCore
import Foundation
import Glibc

/// Opens the link of a calendar alarm's Open button: `xdg-open URL`, and nothing else is ever
/// run. The desk checked the link (an http(s) URL of printable ASCII,
/// ``CalendarAlarmRequest/isOpenable(_:)``); it is checked again here, as the last step before a
/// program starts.
public enum LinkOpener {
    /// The program that opens links in the user's browser.
    public static let program = "/usr/bin/xdg-open"

    /// Starts `xdg-open link` with no input and its output discarded, and waits for it on a
    /// thread of its own (no zombie is left); a link that is not http(s) is refused.
    @Sendable
    public static func open(_ link: String) {
        guard CalendarAlarmRequest.isOpenable(link) else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
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
