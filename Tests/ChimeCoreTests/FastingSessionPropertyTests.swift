import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

/// Random sessions and instants: exactly one phase everywhere, sane numbers, and phase changes
/// only at the instants the status announces.
@Suite("FastingSession properties over 10,000 random sessions")
struct FastingSessionPropertyTests {
    @Test("phase, remaining, progress and next change agree at random instants")
    func randomSessions() {
        var random = SeededGenerator(seed: 20_260_329)
        var failures: [String] = []
        var modelChecks = 0
        var beforeAnchor = 0
        for index in 0..<10_000 {
            let session = Self.randomSession(using: &random)
            let instant = Self.randomInstant(for: session, using: &random)
            if instant < session.start { beforeAnchor += 1 }
            func fail(_ what: String) {
                failures.append("#\(index) \(session.mode) \(session.plan) start \(session.start.timeIntervalSinceReferenceDate) ext \(String(describing: session.fastExtension)) stop \(String(describing: session.stoppedAt?.timeIntervalSinceReferenceDate)) at \(instant.timeIntervalSinceReferenceDate): \(what)")
            }

            let status = session.status(at: instant)
            if let expected = Self.modelPhase(session, at: instant) {
                modelChecks += 1
                if status.phase != expected { fail("phase \(status.phase), model says \(expected)") }
            }
            if status.remaining < 0 { fail("remaining \(status.remaining)") }
            if status.elapsed < 0 { fail("elapsed \(status.elapsed)") }
            if !(0...1).contains(status.progress) { fail("progress \(status.progress)") }
            if let phaseStart = status.phaseStart, phaseStart > instant { fail("phase starts after the instant") }

            guard let next = status.nextChange else {
                if status.phase != .ended { fail("no next change while \(status.phase)") }
                let later = instant + Double.random(in: 0...1e8, using: &random)
                if session.status(at: later).phase != .ended { fail("ended is not final") }
                continue
            }
            if status.phase == .ended { fail("ended but a next change at \(next.timeIntervalSinceReferenceDate)") }
            if next <= instant { fail("next change \(next.timeIntervalSinceReferenceDate) is not after the instant") }
            if abs(status.remaining - next.timeIntervalSince(instant)) > 1e-6 { fail("remaining disagrees with next change") }

            // Constant on [instant, next): sample inside and the last representable instant.
            var samples = (0..<3).map { _ in instant + Double.random(in: 0..<1, using: &random) * next.timeIntervalSince(instant) }
            samples.append(Date(timeIntervalSinceReferenceDate: next.timeIntervalSinceReferenceDate.nextDown))
            for sample in samples where sample >= instant && sample < next {
                let inside = session.status(at: sample)
                if inside.phase != status.phase || inside.cycle != status.cycle || inside.nextChange != next {
                    fail("at \(sample.timeIntervalSinceReferenceDate) \(inside.phase)/\(inside.cycle) next \(String(describing: inside.nextChange?.timeIntervalSinceReferenceDate)), expected \(status.phase)/\(status.cycle)")
                }
            }
            // Different right at the announced instant, and the new phase starts there.
            let after = session.status(at: next)
            if after.phase == status.phase { fail("still \(status.phase) at the announced change") }
            if after.phaseStart != next {
                fail("the phase after the change starts at \(String(describing: after.phaseStart?.timeIntervalSinceReferenceDate))")
            }
        }
        let failureCount = failures.count
        #expect(failureCount == 0, "first failures: \(failures.prefix(3).joined(separator: "\n"))")
        #expect(modelChecks > 1500, "enough cases compared with the integer model")
        #expect(beforeAnchor > 500, "enough instants before the anchor")
    }

    // MARK: Generators

    static func randomSession(using random: inout SeededGenerator) -> FastingSession {
        let rolling = Bool.random(using: &random)
        let scale: Int64 = Bool.random(using: &random) ? 600 : 48 * 3600
        let fasting = TimeSpan(seconds: Int64.random(in: 1...scale, using: &random))!
        let eating: TimeSpan? = !rolling && Int.random(in: 0..<3, using: &random) == 0
            ? nil
            : TimeSpan(seconds: Int64.random(in: 1...max(1, scale / 2), using: &random))
        let base = Double(Int64.random(in: 800_000_000...830_000_000, using: &random))
        let fraction: Double
        switch Int.random(in: 0..<3, using: &random) {
        case 0: fraction = 0
        case 1: fraction = 0.5
        default: fraction = Double.random(in: 0..<1, using: &random)
        }
        var session = FastingSession(
            id: "p", plan: FastingPlan(fasting: fasting, eating: eating),
            start: Date(timeIntervalSinceReferenceDate: base + fraction), mode: rolling ? .rolling : .single
        )
        // Extensions as the planner allows them: a rolling cycle keeps some eating window.
        if Int.random(in: 0..<3, using: &random) == 0 {
            let limit = rolling ? (eating!.seconds - 1) : scale
            if limit >= 1 {
                let cycle = rolling ? Int64.random(in: -1...5, using: &random) : 0
                session.fastExtension = .init(cycle: cycle, seconds: Int64.random(in: 1...limit, using: &random))
            }
        }
        if Int.random(in: 0..<5, using: &random) == 0 {
            let offset = Double(Int64.random(in: -100_000...Int64(5 * session.plan.cycleLength), using: &random))
            session.stoppedAt = session.start + offset
        }
        return session
    }

    static func randomInstant(for session: FastingSession, using random: inout SeededGenerator) -> Date {
        let length = session.plan.cycleLength
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            // Anywhere from two cycles before to five after, on whole seconds.
            return session.start + Double(Int64.random(in: Int64(-2 * length)...Int64(5 * length), using: &random))
        case 1:
            return session.start + Double.random(in: -2 * length...5 * length, using: &random)
        case 2, 3:
            // Exactly on, or a hair before, a boundary of some cycle.
            let cycle = session.cycle(Int64.random(in: -2...6, using: &random))
            let boundary = [cycle.fastStart, cycle.fastEnd, cycle.eatingEnd].randomElement(using: &random)!
            return Bool.random(using: &random) ? boundary : Date(timeIntervalSinceReferenceDate: boundary.timeIntervalSinceReferenceDate.nextDown)
        case 4:
            // Thousands of cycles in.
            let cycle = session.cycle(Int64.random(in: 1000...200_000, using: &random))
            return cycle.fastStart + Double(Int64.random(in: 0..<Int64(length), using: &random))
        default:
            return session.stoppedAt ?? session.start
        }
    }

    // MARK: Model

    /// The phase by integer arithmetic, when the session start and the instant are whole seconds.
    static func modelPhase(_ session: FastingSession, at instant: Date) -> FastingPhase? {
        func whole(_ date: Date) -> Int64? {
            let value = date.timeIntervalSinceReferenceDate
            return value == value.rounded() ? Int64(value) : nil
        }
        guard let start = whole(session.start), let now = whole(instant) else { return nil }
        if let stoppedAt = session.stoppedAt {
            guard let stop = whole(stoppedAt) else { return nil }
            if now >= stop { return .ended }
        }
        if now < start { return .scheduled }
        let fasting = session.plan.fasting.seconds
        let eating = session.plan.eating?.seconds ?? 0
        func extra(_ cycle: Int64) -> Int64 {
            guard let fastExtension = session.fastExtension, fastExtension.cycle == cycle else { return 0 }
            return fastExtension.seconds
        }
        switch session.mode {
        case .single:
            let fastEnd = start + fasting + extra(0)
            if now < fastEnd { return .fasting }
            return now < fastEnd + eating ? .eating : .ended
        case .rolling:
            let length = fasting + eating
            let elapsed = now - start
            let cycle = elapsed >= 0 ? elapsed / length : -((-elapsed + length - 1) / length)
            let offset = elapsed - cycle * length
            return offset < fasting + min(extra(cycle), eating) ? .fasting : .eating
        }
    }
}
