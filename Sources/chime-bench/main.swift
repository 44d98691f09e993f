// chime-bench: measures speed and memory, printing one JSON object per line.
//   swift run -c release chime-bench [queue|store|notify|daemon|cli|recurrence|calendar-read ...]   (no suite: all of them)
import ChimeCore
import Foundation

let suites: [(name: String, run: () throws -> Void)] = [
    ("queue", QueueBenchmark.run),
    ("store", StoreBenchmark.run),
    ("notify", NotifyBenchmark.run),
    ("daemon", DaemonBenchmark.run),
    ("cli", CliBenchmark.run),
    ("recurrence", RecurrenceBenchmark.run),
    ("calendar-read", CalendarReadBenchmark.run),
]

let requested = Array(CommandLine.arguments.dropFirst())
let unknown = requested.filter { name in !suites.contains { $0.name == name } }
if !unknown.isEmpty {
    let names = suites.map(\.name).joined(separator: ", ")
    FileHandle.standardError.write(Data("chime-bench: unknown suite \(unknown.joined(separator: ", ")): choose from \(names)\n".utf8))
    exit(ExitCode.usage.rawValue)
}
for suite in suites where requested.isEmpty || requested.contains(suite.name) {
    do {
        try suite.run()
    } catch {
        FileHandle.standardError.write(Data("chime-bench: \(suite.name) failed: \(error)\n".utf8))
        exit(ExitCode.software.rawValue)
    }
}
