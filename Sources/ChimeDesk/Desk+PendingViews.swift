import ChimeCore
import ChimeStore
import Foundation

/// What is still to be shown, as `list`, `status` and `export` say it: what recurs derived at
/// `now` (``readingDerived(now:_:)``), without what chimed would drop at its next wake (due
/// while it was away and past its policy, ``MisfireResolver/dropped(among:now:)``). So readers
/// answer the same whether or not chimed ran to write and drop.
extension Desk {
    /// The requests still to be shown at `now`, soonest first, optionally only `group`'s.
    public func pendingToShow(inGroup group: String? = nil, now: Date) throws -> [StoredRequest] {
        var rows: [StoredRequest] = []
        try forEachPendingToShow(inGroup: group, now: now) { rows.append($0); return true }
        return rows
    }

    /// The request to be shown soonest at `now`, or `nil`; reads only the rows already due and
    /// the first one after them.
    public func soonestToShow(now: Date) throws -> StoredRequest? {
        try readingDerived(now: now) {
            let (overdue, next) = try overdueAndNext(inGroup: nil, now: now)
            let dropped = Self.dropped(among: overdue, now: now)
            return overdue.first { !dropped.contains($0.request.identifier) } ?? next
        }
    }

    /// Hands each request still to be shown at `now` to `body`, soonest first, one at a time;
    /// stops when `body` returns `false`.
    public func forEachPendingToShow(inGroup group: String? = nil, now: Date, _ body: (StoredRequest) -> Bool) throws {
        try readingDerived(now: now) {
            let dropped = Self.dropped(among: try overdueAndNext(inGroup: group, now: now).overdue, now: now)
            try store.forEachPendingRequest(inGroup: group) { row in
                dropped.contains(row.request.identifier) ? true : body(row)
            }
        }
    }

    /// The rows due at or before `now`, and the first one after them.
    private func overdueAndNext(inGroup group: String?, now: Date) throws -> (overdue: [StoredRequest], next: StoredRequest?) {
        var overdue: [StoredRequest] = []
        var next: StoredRequest?
        try store.forEachPendingRequest(inGroup: group) { row in
            guard row.request.due <= now else { next = row; return false }
            overdue.append(row)
            return true
        }
        return (overdue, next)
    }

    /// Of `overdue`, the identifiers chimed would drop at a wake at `now`; one on its way to the
    /// server is being shown, whatever its lateness.
    private static func dropped(among overdue: [StoredRequest], now: Date) -> Set<String> {
        MisfireResolver.dropped(among: overdue.filter { $0.state == .pending }.map(\.request), now: now)
    }
}
