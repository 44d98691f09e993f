import ChimeCore
import Foundation

/// The reference model's recurring reminder (`pills`) and water schedule.
extension OccurrenceReferenceModel {
    // MARK: The reminder

    /// The first occurrence of `pills` after `t`: 08:00 local, on or after its start.
    func occurrence(after t: Date) -> (id: String, due: Date)? {
        var day = self.day(of: t)
        for _ in 0..<4 {
            let due = instant(day, hour: 8)
            if due > t, due >= reminder.start { return ("remind/pills/" + dateText(day, separator: "-") + "T08:00", due) }
            day = adding(1, to: day)
        }
        return nil
    }

    /// The occurrence that follows the one due at `due`, handled at `t`: those older than the
    /// grace are passed over, and so are those handled already: shown or missed under their
    /// identifier (not twice the same local day when the zone moves west), or skipped by the
    /// user (in whatever zone).
    func occurrence(following due: Date, at t: Date) -> (id: String, due: Date)? {
        var after = max(due, t.addingTimeInterval(-Self.grace))
        while let next = occurrence(after: after) {
            guard reminder.handled[next.id] != nil else { return next }
            after = next.due
        }
        return nil
    }

    /// When the occurrence after `pending` is due: the first on a later local day (the zone may
    /// have moved west since, giving `pending`'s day again).
    func nextDay(after pending: (id: String, original: Date, due: Date)) -> Date {
        var after = pending.original
        while let next = occurrence(after: after) {
            if next.id != pending.id { return next.due }
            after = next.due
        }
        return .distantFuture
    }

    /// The own time of the latest occurrence of the reminder as it stands that was shown,
    /// missed or skipped.
    var lastHandledOriginal: Date? {
        reminder.handledOriginals.filter { $0 >= reminder.start.addingTimeInterval(-1) }.max()
    }

    /// Records missed the occurrences after `due` older than the grace at `t` not handled yet:
    /// none falls between.
    mutating func passOver(after due: Date, at t: Date) {
        var after = due
        while let next = occurrence(after: after), next.due < t.addingTimeInterval(-Self.grace) {
            after = next.due
            guard reminder.handled[next.id] == nil else { continue }
            reminder.handled[next.id] = .missed
            reminder.handledDue[next.id] = next.due
            reminder.handledOriginals.append(next.due)
            reminder.cancelledByRules[next.id] = nil
            reminder.facts.append((next.id, .missed))
        }
    }

    mutating func handle(_ outcome: Outcome) {
        guard let pending = reminder.pending else { return }
        reminder.pending = nil
        reminder.handled[pending.id] = outcome
        reminder.handledDue[pending.id] = pending.due
        reminder.handledOriginals.append(pending.original)
        if outcome == .cancelled { reminder.skippedOriginals[pending.id] = pending.original }
        if outcome != .cancelled { reminder.facts.append((pending.id, outcome)) }
    }

    // MARK: Water

    /// The next water reminder after `t`: every 2 h from the day's last glass (else 09:00),
    /// before 21:00.
    func nextWater(after t: Date) -> Date? {
        var day = adding(-1, to: self.day(of: t))
        for _ in 0..<5 {
            defer { day = adding(1, to: day) }
            let opens = instant(day, hour: 9), closes = instant(day, hour: 21)
            guard closes > t else { continue }
            let lastDrink = intakes.filter { $0 >= opens && $0 < closes }.max()
            let reference = lastDrink ?? opens
            var index = max(lastDrink == nil ? 0 : 1, (t.timeIntervalSince(reference) / Self.water).rounded(.down))
            var candidate = reference.addingTimeInterval(index * Self.water)
            while candidate < closes {
                if candidate > t { return candidate }
                index += 1
                candidate = reference.addingTimeInterval(index * Self.water)
            }
        }
        return nil
    }

    /// Millilitres drunk in today's water day (local midnight to midnight), 250 a glass.
    func waterToday() -> Int {
        250 * intakes.filter { day(of: $0) == day(of: now) && $0 <= now }.count
    }
}
