import FoundationEssentials

/// A value bound to a statement parameter.
enum SQLiteValue: Sendable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case null

    /// An instant as seconds since Foundation's reference date (2001-01-01 UTC), which round-trips
    /// a `Date` exactly (seconds since 1970 would lose the last bit of some instants).
    static func date(_ instant: Date) -> SQLiteValue { .real(instant.timeIntervalSinceReferenceDate) }

    /// An optional instant, `NULL` when absent.
    static func date(_ instant: Date?) -> SQLiteValue { instant.map(date) ?? .null }

    /// An optional integer, `NULL` when absent.
    static func integer(_ value: Int64?) -> SQLiteValue { value.map(SQLiteValue.integer) ?? .null }

    /// An optional text, `NULL` when absent.
    static func text(_ value: String?) -> SQLiteValue { value.map(SQLiteValue.text) ?? .null }
}
