import ChimeCore
import Foundation

/// One measured figure, printed as a JSON line so results can be compared across versions.
struct BenchmarkResult: Encodable {
    let suite: String
    let metric: String
    let n: Int
    let value: Double
    let unit: String

    /// Prints the result as one line of JSON on standard output.
    func emit() {
        let rounded = BenchmarkResult(suite: suite, metric: metric, n: n, value: (value * 100).rounded() / 100, unit: unit)
        guard let data = try? JSONCoding.encode(rounded) else { return }
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }
}

/// A benchmark that could not measure what it meant to: its figures would be meaningless.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
