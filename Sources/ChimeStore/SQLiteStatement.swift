import CSQLite
import FoundationEssentials

/// The one owner of a prepared statement, kept in its connection's cache.
final class SQLiteStatement {
    private let handle: OpaquePointer
    /// The owning connection: it keeps this statement alive, never the other way round.
    private unowned let connection: SQLiteConnection

    init(handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds `value` to the 1-based parameter `index`.
    func bind(_ value: SQLiteValue, at index: Int32) throws(StoreError) {
        let code: Int32
        switch value {
        case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
        case .real(let number): code = sqlite3_bind_double(handle, index, number)
        case .null: code = sqlite3_bind_null(handle, index)
        case .text(let text):
            var text = text
            code = text.withUTF8 { bytes in
                // An empty buffer may have no address, which SQLite would bind as NULL.
                guard let base = bytes.baseAddress, !bytes.isEmpty else {
                    return sqlite3_bind_text(handle, index, "", 0, chime_sqlite_transient())
                }
                return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    sqlite3_bind_text(handle, index, $0, Int32(bytes.count), chime_sqlite_transient())
                }
            }
        }
        try connection.check(code, "binding parameter \(index)")
    }

    /// Advances to the next row: `true` when there is one, `false` when the statement is done.
    func step() throws(StoreError) -> Bool {
        let code = sqlite3_step(handle)
        try connection.check(code, "running \(String(cString: sqlite3_sql(handle)).prefix(80))")
        return code == SQLITE_ROW
    }

    /// Rewinds the statement and clears its bindings for the next use.
    func reset() {
        // The error code of the last step is reported by `step` already; reset only repeats it.
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Whether column `index` (0-based) of the current row is `NULL`.
    func isNull(_ index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

    /// Column `index` as an integer.
    func int64(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

    /// Column `index` as an integer, `nil` when `NULL`.
    func optionalInt64(_ index: Int32) -> Int64? { isNull(index) ? nil : int64(index) }

    /// Column `index` as a floating-point number.
    func double(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }

    /// Column `index` as an instant stored by ``SQLiteValue/date(_:)``.
    func date(_ index: Int32) -> Date { Date(timeIntervalSinceReferenceDate: double(index)) }

    /// Column `index` as an instant, `nil` when `NULL`.
    func optionalDate(_ index: Int32) -> Date? { isNull(index) ? nil : date(index) }

    /// Column `index` as text (`""` for `NULL`).
    func text(_ index: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Column `index` as text, `nil` when `NULL`.
    func optionalText(_ index: Int32) -> String? { isNull(index) ? nil : text(index) }
}
