import CSQLite
import ChimeCore
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeStore

/// The store tests' builders for domain values, with everything fixed except what a test cares about.
extension Fixture {
    /// An arbitrary fixed instant (2026-05-08), so tests do not depend on the clock.
    static let now = Date(timeIntervalSinceReferenceDate: 800_000_000)

    static func request(
        _ identifier: String, group: String = "g", due: Date = now.addingTimeInterval(3600), tolerance: TimeInterval = 5,
        text: String = "hello", policy: MisfirePolicy = .deliverLate(until: now.addingTimeInterval(90_000)),
        kind: RequestKind = .reminder
    ) -> NotificationRequest {
        reminder(identifier, group: group, text: text, due: due, tolerance: tolerance, policy: policy, kind: kind)
    }

    static func plan(requests: [NotificationRequest] = [], cancelling identifiers: [String] = [], cancellingGroups groups: [String] = [], closing closed: [String] = []) -> ChangePlan {
        var plan = ChangePlan()
        plan.requests = requests
        plan.cancelledIdentifiers = identifiers
        plan.cancelledGroups = groups
        plan.closedGroups = closed
        return plan
    }

    static func session(_ id: String, start: Date = now, plan: FastingPlan = .standard, mode: FastingSession.Mode = .single, stoppedAt: Date? = nil) -> FastingSession {
        FastingSession(
            id: id, plan: plan, start: start, tag: "tag of \(id)", mode: mode, stoppedAt: stoppedAt,
            remindBefore: [.hours(1), .minutes(15)], fastExtension: nil
        )
    }

    static func schedule(_ id: String) -> WaterSchedule {
        WaterSchedule(
            id: id, interval: .minutes(45),
            window: DailyWindow(from: WallClockTime(hour: 9, minute: 0)!, until: WallClockTime(hour: 21, minute: 30)!),
            amountML: 300, goalML: 2000, pausedUntil: now.addingTimeInterval(600)
        )
    }
}

/// Opens a store in `directory` (default file name), failing the test on error.
func openStore(in directory: TemporaryDirectory, name: String = "chime.db", configuration: Store.Configuration = Store.Configuration()) throws -> Store {
    try Store(path: directory.appending(name), configuration: configuration)
}

extension Store {
    /// One integer from a query on the store's own connection, for checks the API does not offer.
    func integer(_ sql: String) throws -> Int64 {
        try withConnection { (connection) throws(StoreError) -> Int64 in
            try connection.queryFirst(sql) { $0.int64(0) } ?? -1
        }
    }

    /// The text rows of a query on the store's own connection.
    func texts(_ sql: String) throws -> [String] {
        try withConnection { (connection) throws(StoreError) -> [String] in
            try connection.query(sql) { $0.text(0) }
        }
    }
}

/// A bare SQLite connection for setting up files the store must handle (older schemas, other
/// programs' databases, a competing lock holder), independent of the store's own code paths.
final class RawDatabase {
    let handle: OpaquePointer

    init(path: String) {
        var opened: OpaquePointer?
        precondition(sqlite3_open_v2(path, &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK)
        handle = opened!
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs `sql` (several statements allowed), returning SQLite's result code.
    @discardableResult
    func execute(_ sql: String) -> Int32 {
        sqlite3_exec(handle, sql, nil, nil, nil)
    }

    /// The first column of the first row of `sql`, as text.
    func text(_ sql: String) -> String? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else { return nil }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) else { return nil }
        return String(cString: text)
    }
}

/// The bytes of the file at `path` (empty when missing).
func contents(of path: String) -> [UInt8] {
    (FileManager.default.contents(atPath: path)).map { Array($0) } ?? []
}

/// The permission bits of the file at `path` (with setuid, setgid and sticky when asked), or
/// `nil` when it does not exist.
func permissions(of path: String, includingSpecialBits: Bool = false) -> mode_t? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return info.st_mode & (includingSpecialBits ? 0o7777 : 0o777)
}

/// The user id owning the file at `path`, or `nil` when it does not exist.
func owner(of path: String) -> uid_t? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return info.st_uid
}

/// What can be seen of a file from outside: whether it exists, its bytes and its mode.
struct FileState: Equatable, CustomStringConvertible {
    let exists: Bool
    let bytes: [UInt8]
    let mode: mode_t?

    init(_ path: String) {
        exists = DatabaseFile.exists(path)
        bytes = contents(of: path)
        mode = permissions(of: path)
    }

    var description: String {
        exists ? "\(bytes.count) bytes, mode \(String(mode ?? 0, radix: 8))" : "missing"
    }
}

extension Store {
    /// Every row of every table (meta included), as text: equal dumps mean nothing changed.
    func dump() throws -> [String] {
        try withConnection { (connection) throws(StoreError) -> [String] in
            let tables = try connection.query("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name") { $0.text(0) }
            var lines: [String] = []
            for table in tables {
                let columns = try connection.query("SELECT name FROM pragma_table_info(?)", [.text(table)]) { $0.text(0) }
                let expression = columns.map { "quote(\"\($0)\")" }.joined(separator: " || '|' || ")
                lines += try connection.query("SELECT '\(table): ' || \(expression) FROM \"\(table)\" ORDER BY 1") { $0.text(0) }
            }
            return lines
        }
    }
}

extension Fixture {
    /// A database file at `path` left by an earlier Chime: schema `version`, made by the
    /// migrations of that time, holding what `script` (that version's SQL) writes. Closed again
    /// before it returns, so a `Store` opening it next migrates it.
    static func oldDatabase(at path: String, version: Int, script: String) throws {
        try DatabaseFile.prepare(path: path)
        let connection = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
        _ = try connection.queryFirst("PRAGMA journal_mode = WAL") { $0.text(0) }
        try StoreSchema.migrate(connection, to: version)
        try connection.execute(script: script)
    }
}
