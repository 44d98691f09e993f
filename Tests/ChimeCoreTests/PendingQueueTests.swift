import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

@Suite("PendingQueue: an indexed min-heap by deadline")
struct PendingQueueTests {
    typealias Queue = PendingQueue<String>
    let t0 = Fixture.at("2026-06-01T12:00:00Z")

    @Test("an empty queue has nothing to wake for")
    func empty() {
        var queue = Queue()
        #expect(queue.isEmpty)
        #expect(queue.count == 0)
        #expect(queue.nextWake == nil)
        #expect(queue.popDue(at: t0).isEmpty)
        #expect(queue.ordered.isEmpty)
        #expect(queue.remove("nothing") == nil)
    }

    @Test("nextWake is the earliest deadline, and add says when it changed")
    func nextWake() {
        var queue = Queue()
        let first = queue.add("a", due: t0 + 100, deadline: t0 + 110)
        #expect(first)
        #expect(queue.nextWake == t0 + 110)
        let later = queue.add("b", due: t0 + 200, deadline: t0 + 260)
        #expect(!later, "a later deadline does not move the wake-up")
        let earlier = queue.add("c", due: t0 + 50, deadline: t0 + 50)
        #expect(earlier)
        #expect(queue.nextWake == t0 + 50)
        #expect(queue["a"]?.due == t0 + 100)
        #expect(queue.contains("b"))
        #expect(!queue.contains("z"))
    }

    @Test("a deadline before the due instant is raised to it")
    func deadlineNeverBeforeDue() {
        var queue = Queue()
        queue.add("a", due: t0 + 100, deadline: t0 + 10)
        #expect(queue["a"]?.deadline == t0 + 100)
    }

    @Test("adding an existing identifier replaces it, never duplicates")
    func replace() {
        var queue = Queue()
        queue.add("fast/f-1/end", due: t0 + 100, deadline: t0 + 110)
        queue.add("fast/f-1/end", due: t0 + 300, deadline: t0 + 310)
        #expect(queue.count == 1)
        #expect(queue.nextWake == t0 + 310)
        #expect(queue["fast/f-1/end"]?.due == t0 + 300)
        #expect(queue.popDue(at: t0 + 299).isEmpty, "the old times are gone")
        #expect(queue.popDue(at: t0 + 300).map(\.id) == ["fast/f-1/end"])
        #expect(queue.isEmpty)
    }

    @Test("remove takes one entry out, wherever it sits in the heap")
    func remove() {
        var queue = Queue()
        for index in 0..<50 {
            queue.add("r\(index)", due: t0 + Double((index * 37) % 50), deadline: t0 + Double((index * 37) % 50) + 5)
        }
        let removed = queue.remove("r17")
        #expect(removed?.id == "r17")
        #expect(removed?.due == t0 + Double((17 * 37) % 50))
        #expect(queue.remove("r17") == nil)
        #expect(queue.count == 49)
        #expect(!queue.contains("r17"))
        #expect(!queue.ordered.contains { $0.id == "r17" })
        #expect(queue.ordered.map(\.deadline) == queue.ordered.map(\.deadline).sorted())
    }

    @Test("popDue returns every entry whose due instant has come, in deadline order, and only those")
    func popDue() {
        var queue = Queue()
        queue.add("late-deadline", due: t0, deadline: t0 + 300)
        queue.add("early-deadline", due: t0 + 5, deadline: t0 + 10)
        queue.add("not-yet", due: t0 + 20, deadline: t0 + 21)
        queue.add("exact", due: t0 + 10, deadline: t0 + 10)
        #expect(queue.nextWake == t0 + 10)
        let due = queue.popDue(at: t0 + 10)
        #expect(due.map(\.id) == ["early-deadline", "exact", "late-deadline"])
        #expect(queue.ordered.map(\.id) == ["not-yet"])
        #expect(queue.popDue(at: t0 + 19.999).isEmpty)
        #expect(queue.popDue(at: t0 + 20).map(\.id) == ["not-yet"])
        #expect(queue.isEmpty)
    }

    @Test("equal deadlines keep insertion order, and a replaced entry goes to the back")
    func ties() {
        var queue = Queue()
        for name in ["c", "a", "d", "b"] {
            queue.add(name, due: t0, deadline: t0 + 10)
        }
        #expect(queue.ordered.map(\.id) == ["c", "a", "d", "b"])
        queue.add("c", due: t0, deadline: t0 + 10)
        #expect(queue.ordered.map(\.id) == ["a", "d", "b", "c"])
        #expect(queue.popDue(at: t0 + 10).map(\.id) == ["a", "d", "b", "c"])
    }

    @Test("insertion order survives running out of 32-bit sequence numbers")
    func sequenceRenumbering() {
        var queue = Queue()
        queue.add("a", due: t0, deadline: t0 + 10)
        queue.add("b", due: t0, deadline: t0 + 5)
        queue.nextSequence = UInt32.max - 1
        queue.add("c", due: t0, deadline: t0 + 10)
        queue.add("d", due: t0, deadline: t0 + 10)
        queue.add("e", due: t0, deadline: t0 + 10)
        #expect(queue.nextSequence == 5)
        #expect(queue.ordered.map(\.id) == ["b", "a", "c", "d", "e"])
        #expect(queue.popDue(at: t0 + 10).map(\.id) == ["b", "a", "c", "d", "e"])
    }

    @Test("the ordered listing is the firing order")
    func ordered() {
        var queue = Queue()
        var random = SeededGenerator(seed: 1)
        for index in 0..<200 {
            let due = t0 + Double(Int.random(in: 0..<100, using: &random))
            queue.add("r\(index)", due: due, deadline: due + Double(Int.random(in: 0..<10, using: &random)))
        }
        let listing = queue.ordered
        #expect(listing.count == 200)
        for (earlier, later) in zip(listing, listing.dropFirst()) {
            #expect(earlier.deadline < later.deadline || (earlier.deadline == later.deadline && earlier.sequence < later.sequence))
        }
    }

    /// Random operations against a plain dictionary: the queue must agree after every step.
    @Test("random operations agree with a simple reference model", arguments: [300, 5000])
    func againstReferenceModel(identifiers: Int) {
        struct Model {
            var entries: [Int: (due: Double, deadline: Double, sequence: Int)] = [:]
            var sequence = 0
        }
        var random = SeededGenerator(seed: 42)
        var queue = PendingQueue<Int>()
        var model = Model()
        var failures: [String] = []
        var now = 0.0
        for step in 0..<20_000 {
            let id = Int.random(in: 0..<identifiers, using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6:
                let due = now + Double(Int.random(in: -20...500, using: &random))
                let deadline = due + Double(Int.random(in: 0...60, using: &random))
                queue.add(id, due: Date(timeIntervalSinceReferenceDate: due), deadline: Date(timeIntervalSinceReferenceDate: deadline))
                model.entries[id] = (due, deadline, model.sequence)
                model.sequence += 1
            case 6, 7:
                let removed = queue.remove(id)
                let expected = model.entries.removeValue(forKey: id)
                if removed?.id != (expected == nil ? nil : id) { failures.append("step \(step): remove \(id)") }
            default:
                now += Double(Int.random(in: 0...120, using: &random))
                let popped = queue.popDue(at: Date(timeIntervalSinceReferenceDate: now)).map(\.id)
                let expected = model.entries.filter { $0.value.due <= now }
                    .sorted { ($0.value.deadline, $0.value.sequence) < ($1.value.deadline, $1.value.sequence) }
                    .map(\.key)
                for key in expected { model.entries[key] = nil }
                if popped != expected { failures.append("step \(step): popDue(at: \(now)) gave \(popped), expected \(expected)") }
            }
            if step % max(10, identifiers / 30) == 0 {
                let listing = queue.ordered.map(\.id)
                let expectedListing = model.entries.sorted { ($0.value.deadline, $0.value.sequence) < ($1.value.deadline, $1.value.sequence) }.map(\.key)
                if listing != expectedListing { failures.append("step \(step): listing differs") }
            }
            if queue.count != model.entries.count { failures.append("step \(step): count \(queue.count), expected \(model.entries.count)") }
            let earliest = model.entries.values.map(\.deadline).min()
            if queue.nextWake?.timeIntervalSinceReferenceDate != earliest { failures.append("step \(step): nextWake") }
            if failures.count > 5 { break }
        }
        let failureCount = failures.count
        #expect(failureCount == 0, "\(failures.prefix(3).joined(separator: "\n"))")
    }
}
