import ChimeCalendar
import ChimeCore

extension CommandRunner {
    /// Loads libical for a command that reads or writes iCalendar: 69 when it cannot be.
    func loadLibical() throws(CommandFailure) {
        do {
            try Libical.load()
        } catch {
            throw CommandFailure(.unavailable, LocalizedText(CalendarCommandText.libicalUnavailable, ["reason": error.reason]))
        }
    }
}
