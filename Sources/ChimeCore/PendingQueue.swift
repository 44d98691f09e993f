import Foundation

/// Pending requests ordered by deadline, with replacement by identifier and cancellation by group.
///
/// An indexed binary min-heap keyed by `(deadline, insertion order)` plus an identifier-to-slot map.
/// Arming one timer at ``nextWake`` and taking ``popDue(at:)`` at each wake fires every request
/// between its due instant and its deadline with the fewest possible wake-ups: the earliest
/// deadline is the point that must be stabbed first, and everything already due joins it.
///
/// Only the identifier, optional group and two instants are kept per entry; callers keep the
/// request bodies elsewhere (the store), which keeps memory per request small.
public struct PendingQueue<ID: Hashable & Sendable, Group: Hashable & Sendable>: Sendable {
    /// One pending request as the queue sees it.
    public struct Entry: Sendable {
        /// The request's identifier.
        public let id: ID
        /// The group it can be cancelled with, if any.
        public let group: Group?
        /// The earliest instant it may fire.
        public let due: Date
        /// The latest instant it fires on time.
        public let deadline: Date
        /// Insertion order, breaking ties between equal deadlines.
        public let sequence: UInt64

        @usableFromInline
        init(id: ID, group: Group?, due: Date, deadline: Date, sequence: UInt64) {
            self.id = id
            self.group = group
            self.due = due
            self.deadline = deadline
            self.sequence = sequence
        }

        @inlinable
        func precedes(_ other: Entry) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
        }
    }

    @usableFromInline var heap: [Entry] = []
    @usableFromInline var slots: [ID: Int] = [:]
    @usableFromInline var members: [Group: [ID]] = [:]
    @usableFromInline var nextSequence: UInt64 = 0
    /// The largest `deadline - due` of any entry: bounds how far past a wake-up instant a due entry's deadline can lie.
    @usableFromInline var widestTolerance: TimeInterval = 0

    /// An empty queue.
    public init() {}

    /// The number of pending entries.
    @inlinable public var count: Int { heap.count }

    /// Whether nothing is pending.
    @inlinable public var isEmpty: Bool { heap.isEmpty }

    /// The earliest deadline: when to wake next, or `nil` when nothing is pending.
    @inlinable public var nextWake: Date? { heap.first?.deadline }

    /// Whether an entry with `id` is pending.
    @inlinable public func contains(_ id: ID) -> Bool { slots[id] != nil }

    /// The pending entry with `id`.
    @inlinable public subscript(id: ID) -> Entry? {
        slots[id].map { heap[$0] }
    }

    /// Adds a request; an entry with the same identifier is replaced, never duplicated.
    ///
    /// - Returns: whether ``nextWake`` changed, so the caller re-arms its timer only then.
    @inlinable @discardableResult
    public mutating func add(_ id: ID, group: Group? = nil, due: Date, deadline: Date) -> Bool {
        let before = heap.first?.deadline
        if slots[id] != nil { removeEntry(id) }
        let entry = Entry(id: id, group: group, due: due, deadline: max(due, deadline), sequence: nextSequence)
        nextSequence &+= 1
        widestTolerance = max(widestTolerance, entry.deadline.timeIntervalSince(due))
        heap.append(entry)
        slots[id] = heap.count - 1
        siftUp(heap.count - 1)
        if let group { members[group, default: []].append(id) }
        return heap.first?.deadline != before
    }

    /// Removes the entry with `id`, if pending.
    ///
    /// - Returns: the removed entry.
    @inlinable @discardableResult
    public mutating func remove(_ id: ID) -> Entry? {
        guard let entry = removeEntry(id) else { return nil }
        if let group = entry.group, var ids = members[group] {
            if let index = ids.firstIndex(of: id) { ids.swapAt(index, ids.count - 1); ids.removeLast() }
            members[group] = ids.isEmpty ? nil : ids
        }
        return entry
    }

    /// Removes every entry of `group`.
    ///
    /// - Returns: the removed entries.
    @inlinable @discardableResult
    public mutating func removeAll(inGroup group: Group) -> [Entry] {
        guard let ids = members.removeValue(forKey: group) else { return [] }
        return ids.compactMap { removeEntry($0) }
    }

    /// Removes and returns every entry whose due instant is at or before `now`, in deadline order.
    public mutating func popDue(at now: Date) -> [Entry] {
        guard let first = heap.first, first.due <= now || first.deadline <= now.addingTimeInterval(widestTolerance) else { return [] }
        // Only entries with deadline <= now + widestTolerance can be due; the heap order lets the
        // search stop at the first node past that bound in every branch.
        let bound = now.addingTimeInterval(widestTolerance)
        var found: [Entry] = []
        var stack = [0]
        while let slot = stack.popLast() {
            let entry = heap[slot]
            guard entry.deadline <= bound else { continue }
            if entry.due <= now { found.append(entry) }
            let left = 2 * slot + 1
            if left < heap.count { stack.append(left) }
            if left + 1 < heap.count { stack.append(left + 1) }
        }
        found.sort { $0.precedes($1) }
        for entry in found { remove(entry.id) }
        if heap.isEmpty { widestTolerance = 0 }
        return found
    }

    /// Every pending entry in the order they will fire.
    public var ordered: [Entry] {
        heap.sorted { $0.precedes($1) }
    }

    /// The identifiers pending in `group`.
    public func identifiers(inGroup group: Group) -> [ID] {
        members[group] ?? []
    }

    // MARK: Heap mechanics

    @inlinable @discardableResult
    mutating func removeEntry(_ id: ID) -> Entry? {
        guard let slot = slots.removeValue(forKey: id) else { return nil }
        let entry = heap[slot]
        let last = heap.count - 1
        if slot != last {
            heap[slot] = heap[last]
            slots[heap[slot].id] = slot
            heap.removeLast()
            if slot > 0, heap[slot].precedes(heap[(slot - 1) / 2]) {
                siftUp(slot)
            } else {
                siftDown(slot)
            }
        } else {
            heap.removeLast()
        }
        return entry
    }

    @inlinable
    mutating func siftUp(_ start: Int) {
        var child = start
        let moving = heap[child]
        while child > 0 {
            let parent = (child - 1) / 2
            guard moving.precedes(heap[parent]) else { break }
            heap[child] = heap[parent]
            slots[heap[child].id] = child
            child = parent
        }
        if child != start {
            heap[child] = moving
            slots[moving.id] = child
        }
    }

    @inlinable
    mutating func siftDown(_ start: Int) {
        var parent = start
        let moving = heap[parent]
        let count = heap.count
        while true {
            let left = 2 * parent + 1
            guard left < count else { break }
            var smallest = left
            if left + 1 < count, heap[left + 1].precedes(heap[left]) { smallest = left + 1 }
            guard heap[smallest].precedes(moving) else { break }
            heap[parent] = heap[smallest]
            slots[heap[parent].id] = parent
            parent = smallest
        }
        if parent != start {
            heap[parent] = moving
            slots[moving.id] = parent
        }
    }
}
