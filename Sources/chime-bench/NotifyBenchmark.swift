/// The `notify` suite (not written yet: prints nothing).
enum NotifyBenchmark {
    static func run() throws {}
}
