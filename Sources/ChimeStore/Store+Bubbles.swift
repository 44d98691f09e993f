import ChimeCore
import FoundationEssentials

/// What the daemon knows about the bubbles on screen: which shown requests still have one.
extension Store {
    /// The delivered requests of `kinds` whose bubble is still on screen as far as the daemon
    /// knows (it has a server id, no close was asked for, and no close was reported), oldest
    /// first.
    public func bubblesOnScreen(kinds: Set<RequestKind>) throws(StoreError) -> [StoredRequest] {
        guard !kinds.isEmpty else { return [] }
        let list = kinds.map { "'\($0.rawValue)'" }.sorted().joined(separator: ", ")
        return try requests(where: "state = 'delivered' AND server_id IS NOT NULL AND close_requested = 0 AND kind IN (\(list)) ORDER BY row_id")
    }

    /// The requests of `group` (of every group when `nil`) shown with their bubble still on
    /// screen (``StoredRequest/isOnScreen``), oldest first: what `chime cancel` closes besides
    /// what is pending.
    public func bubblesOnScreen(inGroup group: String?) throws(StoreError) -> [StoredRequest] {
        let onScreen = "state = 'delivered' AND server_id IS NOT NULL AND close_requested = 0"
        if let group {
            return try requests(where: "group_id = ? AND \(onScreen) ORDER BY row_id", [.text(group)])
        }
        return try requests(where: "\(onScreen) ORDER BY row_id")
    }

    /// The request of `group` shown (or missed) last, whatever became of its bubble, or `nil`:
    /// what `chime snooze ID` brings back when nothing of the group is pending or on screen.
    public func lastShownRequest(inGroup group: String) throws(StoreError) -> StoredRequest? {
        try requests(where: "group_id = ? AND state IN ('delivered', 'missed') ORDER BY due DESC, row_id DESC LIMIT 1", [.text(group)]).first
    }

    /// Records that the server closed bubble `serverID` of `identifier` (it expired, or the user
    /// dismissed it): the request's row forgets that id, so it is neither shown again at a
    /// restart nor closed later. `false` when no row of `identifier` had that id.
    @discardableResult
    public func forgetClosedBubble(identifier: String, serverID: UInt32) throws(StoreError) -> Bool {
        try write { (connection, sequence) throws(StoreError) -> Bool in
            try connection.run(
                "UPDATE requests SET server_id = NULL, close_requested = 0, change_sequence = ? WHERE identifier = ? AND server_id = ?",
                [.integer(sequence), .text(identifier), .integer(Int64(serverID))]
            )
            return connection.changedRowCount > 0
        }
    }
}
