// chime-store-worker: a child process for the store's crash and concurrency tests.
//
//   chime-store-worker crash  DB START            apply plan START, START+1, ... forever; after each
//                                                 commit print "<index> <sequence> <replayed>"
//   chime-store-worker write  DB PREFIX COUNT [BARRIER WRITERS]
//                                                 like COUNT CLI commands: open the store, add
//                                                 PREFIX/k, cancel PREFIX/(k-1), close; print
//                                                 "ack <identifier> <sequence>" after each; with
//                                                 BARRIER, wait after the first until WRITERS
//                                                 writers have made theirs (files in BARRIER)
//   chime-store-worker follow DB PREFIXES COUNT   like the daemon: follow the change sequence until
//                                                 every writer's final state is seen, then print
//                                                 one JSON object: what was seen and the queue
//
// Every error ends the process with status 1 and the error on stderr: the tests require none.
import ChimeCore
import ChimeStore
import Foundation

/// A fixed instant, so plans are the same in every run.
let base = Date(timeIntervalSinceReferenceDate: 800_000_000)

/// Writes `line` and a newline to stdout at once (unbuffered), so an acknowledgement printed is
/// an acknowledgement the parent can read even if this process is killed right after.
func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("chime-store-worker: \(message)\n".utf8))
    exit(1)
}

/// The crash test's plan number `index`: every part is recognisable by `index`, so a partly
/// applied plan shows up as a count that does not match.
func crashPlan(_ index: Int) -> ChangePlan {
    var plan = ChangePlan()
    let start = base.addingTimeInterval(Double(index) * 60)
    plan.sessions = [FastingSession(id: "s\(index)", plan: .standard, start: start, tag: "t\(index)")]
    plan.reminders = [OneOffReminder(id: "r\(index)", text: "reminder \(index)", due: start.addingTimeInterval(3600))]
    plan.intakes = [ChangePlan.LoggedIntake(scheduleID: "w\(index)", intake: WaterIntake(instant: start, amountML: 250))]
    if index > 0 { plan.cancelledGroups = ["g\(index - 1)"] }
    plan.requests = (0..<4).map { part in
        NotificationRequest(
            identifier: "c/\(index)/\(part)", group: "g\(index)", kind: .reminder,
            due: start.addingTimeInterval(Double(part) * 600), tolerance: 5,
            content: NotificationContent(template: .reminder, arguments: [ContentArgument.text: "part \(part) of \(index)"]),
            misfirePolicy: .deliverLate(until: start.addingTimeInterval(86_400))
        )
    }
    return plan
}

/// The concurrency test's command `k` of writer `prefix`.
func writerPlan(prefix: String, _ k: Int) -> ChangePlan {
    var plan = ChangePlan()
    plan.requests = [NotificationRequest(
        identifier: "\(prefix)/\(k)", group: prefix, kind: .reminder,
        due: base.addingTimeInterval(Double(k) * 60), tolerance: 5,
        content: NotificationContent(template: .reminder, arguments: [ContentArgument.text: "\(prefix) \(k)"]),
        misfirePolicy: .drop
    )]
    if k > 0 { plan.cancelledIdentifiers = ["\(prefix)/\(k - 1)"] }
    return plan
}

func runCrash(path: String, start: Int) throws {
    let store = try Store(path: path)
    var index = start
    while true {
        let result = try store.apply(crashPlan(index), requestID: "crash-\(index)", now: base)
        emit("\(index) \(result.sequence) \(result.replayed ? 1 : 0)")
        index += 1
    }
}

func runWriter(path: String, prefix: String, count: Int, barrier: (directory: String, writers: Int)? = nil) throws {
    for k in 0..<count {
        // A new store per command, as each `chime` invocation opens its own.
        let store = try Store(path: path)
        let result = try store.apply(writerPlan(prefix: prefix, k), requestID: "\(prefix)-\(k)", now: Date())
        emit("ack \(prefix)/\(k) \(result.sequence)")
        if k == 0, let barrier { wait(at: barrier, as: prefix) }
    }
}

/// Says this writer made its first commit and waits (20 s at most) until every writer has: so
/// each writer's first commit comes before every other's last, whatever the machine's load.
func wait(at barrier: (directory: String, writers: Int), as prefix: String) {
    guard FileManager.default.createFile(atPath: barrier.directory + "/first-" + prefix, contents: nil) else {
        fail("cannot write in \(barrier.directory)")
    }
    let deadline = Date().addingTimeInterval(20)
    while ((try? FileManager.default.contentsOfDirectory(atPath: barrier.directory))?.count ?? 0) < barrier.writers {
        guard Date() < deadline else { fail("the other writers did not make their first commit within 20 s") }
        usleep(2_000)
    }
}

func runFollower(path: String, prefixes: [String], count: Int) throws {
    let store = try Store(path: path)
    // Following from sequence 0 rather than from a snapshot: the writers start at the same moment
    // and may commit before this process gets here; from 0 every row written counts as a change.
    var queue: [Int64: PendingEntry] = [:]
    var seen: [String: String] = [:]
    var sequence: Int64 = 0
    var polls = 0
    let deadline = Date().addingTimeInterval(20)
    func finished() -> Bool {
        prefixes.allSatisfy { prefix in
            (0..<count).allSatisfy { k in seen["\(prefix)/\(k)"] == (k == count - 1 ? "pending" : "cancelled") }
        }
    }
    while !finished() {
        guard Date() < deadline else { fail("follower timed out; seen \(seen.count) rows") }
        let changes = try store.changes(since: sequence)
        for change in changes.changes {
            guard change.sequence > sequence, change.sequence <= changes.latestSequence else {
                fail("change \(change.identifier) has sequence \(change.sequence) outside (\(sequence), \(changes.latestSequence)]")
            }
            seen[change.identifier] = change.state.rawValue
            queue[change.rowID] = change.pendingEntry
        }
        guard changes.latestSequence >= sequence else { fail("the change sequence went back from \(sequence) to \(changes.latestSequence)") }
        sequence = changes.latestSequence
        polls += 1
        // The daemon writes too: taking due rows when nothing is due is a write transaction that
        // competes for the lock like any other.
        if polls % 4 == 0, let some = queue.keys.first {
            _ = try store.beginDelivery(rowIDs: [some], now: .distantPast)
        }
        if changes.changes.isEmpty { usleep(1000) }
    }
    let output: [String: Any] = ["seen": seen, "queue": queue.keys.sorted(), "polls": polls]
    let data = try JSONSerialization.data(withJSONObject: output, options: [.sortedKeys])
    emit(String(decoding: data, as: UTF8.self))
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch (arguments.first, arguments.count) {
    case ("crash", 3):
        guard let start = Int(arguments[2]) else { fail("START must be a number") }
        try runCrash(path: arguments[1], start: start)
    case ("write", 4):
        guard let count = Int(arguments[3]) else { fail("COUNT must be a number") }
        try runWriter(path: arguments[1], prefix: arguments[2], count: count)
    case ("write", 6):
        guard let count = Int(arguments[3]), let writers = Int(arguments[5]) else { fail("COUNT and WRITERS must be numbers") }
        try runWriter(path: arguments[1], prefix: arguments[2], count: count, barrier: (arguments[4], writers))
    case ("follow", 4):
        guard let count = Int(arguments[3]) else { fail("COUNT must be a number") }
        try runFollower(path: arguments[1], prefixes: arguments[2].split(separator: ",").map(String.init), count: count)
    default:
        fail("usage: chime-store-worker crash DB START | write DB PREFIX COUNT [BARRIER WRITERS] | follow DB PREFIXES COUNT")
    }
} catch let error as StoreError {
    fail("\(error.kind): \(error)")
} catch {
    fail("\(error)")
}
