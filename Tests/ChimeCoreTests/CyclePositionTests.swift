import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

@Suite("CyclePosition: floor division around an anchor")
struct CyclePositionTests {
    let anchor = Fixture.at("2026-03-28T20:00:00+01:00")
    let length: TimeInterval = 24 * hour

    @Test("the anchor starts cycle 0")
    func atAnchor() {
        let position = CyclePosition(of: anchor, anchor: anchor, length: length)
        #expect(position.cycle == 0)
        #expect(position.offset == 0)
    }

    @Test("instants before the anchor fall in negative cycles with a positive offset")
    func beforeAnchor() {
        let justBefore = CyclePosition(of: anchor - 1, anchor: anchor, length: length)
        #expect(justBefore.cycle == -1)
        #expect(justBefore.offset == length - 1)

        let farBefore = CyclePosition(of: anchor - 2.5 * length, anchor: anchor, length: length)
        #expect(farBefore.cycle == -3)
        #expect(farBefore.offset == length / 2)

        // What the naive remainder does, and why it is not used.
        let naive = (anchor - 2.5 * length).timeIntervalSince(anchor).truncatingRemainder(dividingBy: length)
        #expect(naive < 0)
    }

    @Test("exact boundaries open the next cycle", arguments: Array(-5...5))
    func boundaries(k: Int) {
        let boundary = anchor + Double(k) * length
        let position = CyclePosition(of: boundary, anchor: anchor, length: length)
        #expect(position.cycle == Int64(k))
        #expect(position.offset == 0)
        #expect(CyclePosition.start(ofCycle: Int64(k), anchor: anchor, length: length) == boundary)
        let before = CyclePosition(of: boundary - 0.001, anchor: anchor, length: length)
        #expect(before.cycle == Int64(k - 1))
    }

    @Test("very long runs stay exact", arguments: [Int64(1000), 1001, 10_000, 1_000_000, -1000, -1_000_000])
    func longRuns(k: Int64) {
        let start = CyclePosition.start(ofCycle: k, anchor: anchor, length: length)
        #expect(start == anchor + Double(k) * length)
        let inside = CyclePosition(of: start + 17 * hour, anchor: anchor, length: length)
        #expect(inside.cycle == k)
        #expect(inside.offset == 17 * hour)
    }

    @Test("every instant lies in its cycle, computed the same way as the cycle starts")
    func randomInstants() {
        var random = SeededGenerator(seed: 3)
        var failures: [String] = []
        for _ in 0..<10_000 {
            // Fractional anchors, lengths and instants provoke floating-point rounding at boundaries.
            let anchor = Date(timeIntervalSinceReferenceDate: Double.random(in: 7e8...9e8, using: &random))
            let length = Bool.random(using: &random)
                ? Double(Int.random(in: 2...200_000, using: &random))
                : Double.random(in: 0.5...200_000, using: &random)
            let k = Int64.random(in: -20_000...20_000, using: &random)
            let start = CyclePosition.start(ofCycle: k, anchor: anchor, length: length)
            let instants = [
                start,
                start.addingTimeInterval(Double.random(in: 0..<length, using: &random)),
                Date(timeIntervalSinceReferenceDate: start.timeIntervalSinceReferenceDate.nextDown),
                Date(timeIntervalSinceReferenceDate: CyclePosition.start(ofCycle: k + 1, anchor: anchor, length: length).timeIntervalSinceReferenceDate.nextDown),
            ]
            for instant in instants {
                let position = CyclePosition(of: instant, anchor: anchor, length: length)
                let opens = CyclePosition.start(ofCycle: position.cycle, anchor: anchor, length: length)
                let closes = CyclePosition.start(ofCycle: position.cycle + 1, anchor: anchor, length: length)
                if !(opens <= instant && instant < closes && position.offset >= 0 && position.offset < length) {
                    failures.append("instant \(instant.timeIntervalSinceReferenceDate), anchor \(anchor.timeIntervalSinceReferenceDate), length \(length): cycle \(position.cycle) offset \(position.offset)")
                }
            }
        }
        let failureCount = failures.count
        #expect(failureCount == 0, "first failures: \(failures.prefix(3).joined(separator: "\n"))")
    }
}
