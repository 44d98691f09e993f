/// The `store` suite (not written yet: prints nothing).
enum StoreBenchmark {
    static func run() throws {}
}
