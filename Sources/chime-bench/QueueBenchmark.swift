/// The `queue` suite (not written yet: prints nothing).
enum QueueBenchmark {
    static func run() throws {}
}
