import FoundationEssentials

extension Store {
    /// Runs `read` in one read transaction, so all its queries see one committed snapshot;
    /// inside a transaction already open, in that one.
    public func reading<T>(_ read: () throws -> T) throws -> T {
        try withConnection { (connection) throws -> T in try connection.reading(read) }
    }

    /// Whether a transaction is open on this store's connection (a write deciding, a preview).
    public var isInTransaction: Bool {
        withConnection { $0.isInTransaction }
    }

    /// Whether this store can be written (it is not on a read-only file system).
    public var isWritable: Bool {
        withConnection { $0.writeRefusal == nil }
    }

    /// Runs `body` inside the write transaction open on this store (a change deciding,
    /// ``apply(requestID:now:steps:)``), the store's own writes made in it steps of that one:
    /// committed with it, or rolled back with it when anything throws. Throws when no
    /// transaction is open.
    public func joiningWrites<T>(_ body: () throws -> T) throws -> T {
        try withConnection { (connection) throws -> T in try connection.joined(body) }
    }

    /// Runs `body` in a write transaction that is always rolled back: what the store would
    /// answer after changes that are never recorded. The store's own writes made inside
    /// (``apply(_:requestID:now:)``, ``markMissed(rowID:reason:at:followUp:)``, ...) are steps
    /// of it. A reader uses it to say what is derived but not yet written.
    public func previewing<T>(_ body: () throws -> T) throws -> T {
        try withConnection { (connection) throws -> T in
            // Inside a preview already: its view is the one wanted.
            if connection.isPreviewing { return try body() }
            return try connection.rolledBack(body)
        }
    }
}
