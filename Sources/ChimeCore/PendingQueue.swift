import FoundationEssentials

/// Pending requests ordered by deadline, with replacement and removal by identifier.
///
/// An indexed binary min-heap keyed by `(deadline, insertion order)` and an identifier-to-entry
/// index. Arming one timer at ``nextWake`` and taking ``popDue(at:)`` at each
/// wake fires every request between its due instant and its deadline with the fewest possible
/// wake-ups: the earliest deadline is the point that must be stabbed first, and everything
/// already due joins it. ``earliestWake`` takes the same requests as early as possible.
///
/// Only the identifier and two instants are kept per entry; callers keep the request bodies
/// elsewhere (the store), which keeps memory per request small. There is no group index:
/// chimed cancels through the store and removes each cancelled request by its identifier.
///
/// Layout, for speed and size: entries live in a dense `records` array addressed by a handle
/// (its index); the heap holds 16-byte nodes (deadline, sequence, handle), so sifting moves
/// little memory and updates a record's position with an array write. The identifier index is
/// an open-addressing table of 4-byte handles that compares keys through the records, so it
/// does not allocate per entry. Removing an entry moves the last record into its place.
public struct PendingQueue<ID: Hashable & Sendable>: Sendable {
    /// One pending request as the queue sees it.
    public struct Entry: Sendable {
        /// The request's identifier.
        public let id: ID
        /// The earliest instant it may fire.
        public let due: Date
        /// The latest instant it fires on time.
        public let deadline: Date
        /// Insertion order, breaking ties between equal deadlines (only the order is meaningful).
        public let sequence: UInt64

        @usableFromInline
        init(id: ID, due: Date, deadline: Date, sequence: UInt64) {
            self.id = id
            self.due = due
            self.deadline = deadline
            self.sequence = sequence
        }

        @inlinable
        func precedes(_ other: Entry) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
        }
    }

    /// What the heap orders: small, so sifting stays in cache.
    @usableFromInline
    struct Node: Sendable {
        @usableFromInline var deadline: Date
        @usableFromInline var sequence: UInt32
        @usableFromInline var handle: Int32

        @inlinable
        init(deadline: Date, sequence: UInt32, handle: Int32) {
            self.deadline = deadline
            self.sequence = sequence
            self.handle = handle
        }

        @inlinable
        func precedes(_ other: Node) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
        }
    }

    /// Everything else about an entry, at index `handle` of `records`.
    @usableFromInline
    struct Record: Sendable {
        /// Index of the entry's node in the heap.
        @usableFromInline var position: Int32
        @usableFromInline var due: Date
        @usableFromInline var id: ID

        @inlinable
        init(id: ID, due: Date, position: Int32) {
            self.position = position
            self.due = due
            self.id = id
        }
    }

    /// The empty bucket of the index table.
    @usableFromInline static var absent: Int32 { -1 }

    @usableFromInline var nodes: [Node] = []
    @usableFromInline var records: [Record] = []
    /// Handles by identifier: open addressing, linear probing, at most half full.
    @usableFromInline var idTable: [Int32] = []
    @usableFromInline var nextSequence: UInt32 = 0
    /// The largest `deadline - due` of any entry: bounds how far past a wake-up instant a due entry's deadline can lie.
    @usableFromInline var widestTolerance: TimeInterval = 0

    /// An empty queue.
    public init() {}

    /// The number of pending entries.
    @inlinable public var count: Int { records.count }

    /// Whether nothing is pending.
    @inlinable public var isEmpty: Bool { records.isEmpty }

    /// The earliest deadline: the latest a wake may come, or `nil` when nothing is pending.
    @inlinable public var nextWake: Date? { nodes.first?.deadline }

    /// When to wake next: the latest due instant among the entries due by ``nextWake``, or
    /// `nil` when nothing is pending.
    ///
    /// A wake here takes exactly the entries a wake at ``nextWake`` would take (no entry falls
    /// due in between), so the number of wake-ups stays the optimum, while each request comes
    /// as early as that allows: a request alone in its window fires on its due instant instead
    /// of at the end of its tolerance.
    @inlinable public var earliestWake: Date? {
        guard let first = nodes.first else { return nil }
        let deadline = first.deadline
        var latestDue = records[Int(first.handle)].due
        forEachHandle(dueBy: deadline) { handle in
            latestDue = max(latestDue, records[Int(handle)].due)
        }
        return latestDue
    }

    /// Whether an entry with `id` is pending.
    @inlinable public func contains(_ id: ID) -> Bool { handle(of: id) != nil }

    /// The pending entry with `id`.
    @inlinable public subscript(id: ID) -> Entry? {
        handle(of: id).map(entry)
    }

    /// Adds a request; an entry with the same identifier is replaced, never duplicated.
    ///
    /// A replaced entry takes its new times and a new place in the insertion order.
    ///
    /// - Returns: whether ``nextWake`` changed, so the caller re-arms its timer only then.
    @inlinable @discardableResult
    public mutating func add(_ id: ID, due: Date, deadline: Date) -> Bool {
        let before = nodes.first?.deadline
        let deadline = max(due, deadline)
        widestTolerance = max(widestTolerance, deadline.timeIntervalSince(due))
        let sequence = takeSequence()
        let hash = id.hashValue
        if let existing = handle(of: id, hash: hash) {
            let handle = Int(existing)
            records[handle].due = due
            let position = Int(records[handle].position)
            nodes[position].deadline = deadline
            nodes[position].sequence = sequence
            restore(position)
        } else {
            precondition(records.count < Int(Int32.max), "a pending queue holds at most \(Int32.max) entries")
            let handle = records.count
            records.append(Record(id: id, due: due, position: Int32(nodes.count)))
            nodes.append(Node(deadline: deadline, sequence: sequence, handle: Int32(handle)))
            insertIntoIDTable(handle, hash: hash)
            siftUp(nodes.count - 1)
        }
        return nodes.first?.deadline != before
    }

    /// Removes the entry with `id`, if pending.
    ///
    /// - Returns: the removed entry.
    @inlinable @discardableResult
    public mutating func remove(_ id: ID) -> Entry? {
        guard let handle = handle(of: id) else { return nil }
        return removeRecord(Int(handle))
    }

    /// Removes and returns every entry whose due instant is at or before `now`, in firing order
    /// (deadline, then insertion).
    @inlinable
    public mutating func popDue(at now: Date) -> [Entry] {
        var found: [Int32] = []
        forEachHandle(dueBy: now) { found.append($0) }
        return removeRecords(found)
    }

    /// Calls `body` with the handle of every entry due at or before `instant`, in no order.
    @inlinable
    func forEachHandle(dueBy instant: Date, _ body: (Int32) -> Void) {
        // Only entries with deadline <= instant + widestTolerance can be due; the heap order lets
        // the search stop at the first node past that bound in every branch.
        let bound = instant.addingTimeInterval(widestTolerance)
        guard let first = nodes.first, first.deadline <= bound else { return }
        var stack = [0]
        while let position = stack.popLast() {
            let node = nodes[position]
            guard node.deadline <= bound else { continue }
            if records[Int(node.handle)].due <= instant { body(node.handle) }
            let left = 2 * position + 1
            if left < nodes.count { stack.append(left) }
            if left + 1 < nodes.count { stack.append(left + 1) }
        }
    }

    /// Every pending entry in the order they will fire.
    public var ordered: [Entry] {
        nodes.sorted { $0.precedes($1) }.map { entry(Int32($0.handle)) }
    }

    // MARK: Entries

    @inlinable
    func entry(_ handle: Int32) -> Entry {
        let record = records[Int(handle)]
        let node = nodes[Int(record.position)]
        return Entry(id: record.id, due: record.due, deadline: node.deadline, sequence: UInt64(node.sequence))
    }

    /// Removes the records at `handles`, which may come in any order.
    @inlinable
    mutating func removeRecords(_ handles: [Int32]) -> [Entry] {
        // Removing a record moves the last one into its place. Going from the highest handle
        // down, the moved record is never one still to be removed, so the handles stay valid.
        var removed = handles.sorted(by: >).map { removeRecord(Int($0)) }
        removed.sort { $0.precedes($1) }
        return removed
    }

    @inlinable
    mutating func removeRecord(_ handle: Int) -> Entry {
        let removed = entry(Int32(handle))
        let record = records[handle]
        deleteFromIDTable(handle, hash: record.id.hashValue)
        removeNode(at: Int(record.position))

        let last = records.count - 1
        if handle != last {
            // Keep records dense: the last record takes the freed handle, and everything that
            // points at it (its node, the identifier index) follows.
            let moved = records[last]
            records[handle] = moved
            nodes[Int(moved.position)].handle = Int32(handle)
            replaceInIDTable(last, with: handle, hash: moved.id.hashValue)
        }
        records.removeLast()
        if records.isEmpty { self = PendingQueue() }
        return removed
    }

    /// The next insertion number; renumbers every node, keeping their order, once 32 bits run out.
    @inlinable
    mutating func takeSequence() -> UInt32 {
        if nextSequence == UInt32.max { renumberSequences() }
        defer { nextSequence += 1 }
        return nextSequence
    }

    @usableFromInline
    mutating func renumberSequences() {
        let order = nodes.indices.sorted { nodes[$0].precedes(nodes[$1]) }
        // Renumbering keeps the relative order of every pair, so the heap stays valid.
        for (rank, position) in order.enumerated() { nodes[position].sequence = UInt32(rank) }
        nextSequence = UInt32(order.count)
    }

    // MARK: Heap mechanics

    @inlinable
    mutating func removeNode(at position: Int) {
        let last = nodes.count - 1
        if position != last {
            nodes[position] = nodes[last]
            records[Int(nodes[position].handle)].position = Int32(position)
            nodes.removeLast()
            restore(position)
        } else {
            nodes.removeLast()
        }
    }

    /// Moves the node at `position` up or down until the heap order holds again.
    @inlinable
    mutating func restore(_ position: Int) {
        if position > 0, nodes[position].precedes(nodes[(position - 1) / 2]) {
            siftUp(position)
        } else {
            siftDown(position)
        }
    }

    @inlinable
    mutating func siftUp(_ start: Int) {
        var child = start
        let moving = nodes[child]
        while child > 0 {
            let parent = (child - 1) / 2
            guard moving.precedes(nodes[parent]) else { break }
            nodes[child] = nodes[parent]
            records[Int(nodes[child].handle)].position = Int32(child)
            child = parent
        }
        nodes[child] = moving
        records[Int(moving.handle)].position = Int32(child)
    }

    @inlinable
    mutating func siftDown(_ start: Int) {
        var parent = start
        let moving = nodes[parent]
        let count = nodes.count
        while true {
            let left = 2 * parent + 1
            guard left < count else { break }
            var smallest = left
            if left + 1 < count, nodes[left + 1].precedes(nodes[left]) { smallest = left + 1 }
            guard nodes[smallest].precedes(moving) else { break }
            nodes[parent] = nodes[smallest]
            records[Int(nodes[parent].handle)].position = Int32(parent)
            parent = smallest
        }
        nodes[parent] = moving
        records[Int(moving.handle)].position = Int32(parent)
    }

    // MARK: Identifier index

    @inlinable
    func handle(of id: ID) -> Int32? {
        handle(of: id, hash: id.hashValue)
    }

    @inlinable
    func handle(of id: ID, hash: Int) -> Int32? {
        guard !idTable.isEmpty else { return nil }
        let mask = idTable.count - 1
        var bucket = hash & mask
        while true {
            let handle = idTable[bucket]
            if handle == Self.absent { return nil }
            if records[Int(handle)].id == id { return handle }
            bucket = (bucket + 1) & mask
        }
    }

    @inlinable
    mutating func insertIntoIDTable(_ handle: Int, hash: Int) {
        // `records` already holds the new record, so its count is the table's load.
        if records.count * 2 > idTable.count {
            rebuildIDTable(capacity: Swift.max(16, idTable.count * 2))
        } else {
            Self.insert(Int32(handle), hash: hash, into: &idTable)
        }
    }

    @usableFromInline
    mutating func rebuildIDTable(capacity: Int) {
        idTable = Array(repeating: Self.absent, count: capacity)
        for handle in records.indices {
            Self.insert(Int32(handle), hash: records[handle].id.hashValue, into: &idTable)
        }
    }

    @inlinable
    mutating func deleteFromIDTable(_ handle: Int, hash: Int) {
        let bucket = Self.bucket(holding: Int32(handle), hash: hash, in: idTable)
        let snapshot = records
        Self.delete(bucket: bucket, from: &idTable) { snapshot[Int($0)].id.hashValue }
    }

    @inlinable
    mutating func replaceInIDTable(_ old: Int, with new: Int, hash: Int) {
        idTable[Self.bucket(holding: Int32(old), hash: hash, in: idTable)] = Int32(new)
    }

    // MARK: Open addressing

    @inlinable
    static func insert(_ handle: Int32, hash: Int, into table: inout [Int32]) {
        let mask = table.count - 1
        var bucket = hash & mask
        while table[bucket] != absent { bucket = (bucket + 1) & mask }
        table[bucket] = handle
    }

    /// The bucket holding `handle`, whose key hashes to `hash`.
    @inlinable
    static func bucket(holding handle: Int32, hash: Int, in table: [Int32]) -> Int {
        let mask = table.count - 1
        var bucket = hash & mask
        while table[bucket] != handle { bucket = (bucket + 1) & mask }
        return bucket
    }

    /// Empties `bucket` and shifts later members of its probe run back, so lookups never need
    /// tombstones.
    @inlinable
    static func delete(bucket: Int, from table: inout [Int32], hashOf: (Int32) -> Int) {
        let mask = table.count - 1
        var hole = bucket
        var probe = bucket
        while true {
            probe = (probe + 1) & mask
            let handle = table[probe]
            if handle == absent { break }
            let home = hashOf(handle) & mask
            // The entry may move to the hole only if its home is not in (hole, probe], cyclically.
            let distanceToProbe = (probe - home) & mask
            let distanceToHole = (hole - home) & mask
            if distanceToHole < distanceToProbe {
                table[hole] = handle
                hole = probe
            }
        }
        table[hole] = absent
    }
}
