/// The `daemon` suite (not written yet: prints nothing).
enum DaemonBenchmark {
    static func run() throws {}
}
