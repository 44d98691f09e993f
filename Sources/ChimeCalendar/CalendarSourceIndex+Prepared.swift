import ChimeCore
import FoundationEssentials

extension CalendarSourceIndex {
    /// Every file read at the last refresh, by path: the collections' files.
    public var filePaths: [String] {
        collections.flatMap { $0.files.keys }
    }

    /// The calendar `source` as this index read it, its items prepared on the clock of `localZone`.
    public func prepared(source: CalendarSource, localZone: TimeZone) -> PreparedCalendar {
        var calendar = PreparedCalendar(source: source, localZone: localZone)
        calendar.listingProblems = listingProblems
        for file in filePaths {
            guard let contents = contents(ofFile: file) else { continue }
            calendar.replaceFile(file, items: contents.items, problems: contents.problems)
        }
        return calendar
    }
}
