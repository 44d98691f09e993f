import ChimeCore
import Foundation

extension Store {
    /// What `read` answers once the plan `planning` returns is applied, with nothing of it
    /// recorded: a reader's view of what is derived but not yet written (chimed did not run to
    /// write it), the same as a writer would leave.
    ///
    /// `planning` and `read` run in one read transaction; only when `planning` finds something
    /// to apply are both run again in a write transaction that is rolled back, so a reader
    /// takes the write lock only while the store lags behind its rules. On a store that cannot
    /// be written (a read-only file system) `read` answers from the store as it stands.
    public func reading<T>(asIf planning: () throws -> ChangePlan, _ read: () throws -> T) throws -> T {
        try withConnection { (connection) throws -> T in
            // Inside a reading already derived (or a write deciding): its view is the one wanted.
            if connection.isInTransaction { return try read() }
            let answered: T? = try connection.reading {
                try planning().isEmpty || connection.writeRefusal != nil ? try read() : nil
            }
            if let answered { return answered }
            return try connection.rolledBack {
                let plan = try planning()
                if !plan.isEmpty {
                    try Self.applySteps(of: plan, connection, sequence: Self.advanceSequence(connection), afterStep: nil)
                }
                return try read()
            }
        }
    }
}
