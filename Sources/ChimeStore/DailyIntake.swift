import ChimeCore

/// The water logged on one local calendar day.
public struct DailyIntake: Hashable, Sendable {
    /// The day, in the time zone asked about.
    public let date: LocalDate
    /// Millilitres logged that day.
    public let totalML: Int
    /// How many glasses were logged.
    public let count: Int

    /// Makes a value (for callers' test doubles and formatting tests).
    public init(date: LocalDate, totalML: Int, count: Int) {
        self.date = date
        self.totalML = totalML
        self.count = count
    }
}
