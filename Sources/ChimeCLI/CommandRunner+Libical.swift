import ChimeCalendar
import ChimeCore
import Glibc

extension CommandRunner {
    /// Loads libical for a command that reads or writes iCalendar: 69 when it cannot be.
    func loadLibical() throws(CommandFailure) {
        do {
            try Libical.load()
        } catch {
            throw CommandFailure(.unavailable, LocalizedText(CalendarCommandText.libicalUnavailable, ["reason": error.reason]))
        }
    }

    /// `source` read from its files for the desk (its calendarLoader, which cannot throw).
    /// Without libical no command that needs a calendar's files can give a true answer: the
    /// process ends here with the one line and 69, and the store's open transaction is never
    /// committed, so nothing changes.
    func readCalendarForDesk(_ source: CalendarSource) -> PreparedCalendar {
        do {
            try loadLibical()
        } catch {
            environment.errors.write(error.line(in: language) + "\n")
            exit(error.exitCode.rawValue)
        }
        return readCalendar(source)
    }
}
