import ChimeCore
import Foundation

/// What each intention does to the reference model, by README's rules; `false` when the
/// command is refused (nothing changes then).
extension OccurrenceReferenceModel {
    /// The fast with `id`, by hand or of the schedule (derived ones included).
    func fast(id: String) -> Fast? {
        if let found = byHand.first(where: { $0.id == id }) { return found }
        return instances(from: scheduleStart, through: now.addingTimeInterval(90 * 86_400)).first { $0.0.id == id }?.0
    }

    /// The schedule's fast waiting to start (the one `fast stop` skips when nothing runs).
    var waiting: Fast? {
        notEnded(at: now).first { !$0.byHand && $0.phase(at: now) == .scheduled }
    }

    /// Every fast by hand and every fast of the schedule begun by `now`.
    func begun() -> [Fast] {
        byHand + instances(from: scheduleStart, through: now).filter { $0.1 == .fast && $0.0.start <= now }.map(\.0)
    }

    /// Whether `fast` takes the place of a fast of the schedule: one would start while it fasts.
    /// Ending or removing it gives that fast back, without the notifications deriving cancelled
    /// when its place was taken (reported; the property test does not go there).
    func takesThePlace(_ fast: Fast) -> Bool {
        instances(from: fast.start.addingTimeInterval(-86_400), through: fast.fastEnd).contains { instance, state in
            state == .takenOver && instance.start >= fast.start && instance.start < fast.fastEnd && (fast.stoppedAt.map { $0 > instance.start } ?? true)
        }
    }

    /// Whether some fast takes the place of a fast of the schedule.
    var aPlaceIsTaken: Bool {
        begun().contains(where: takesThePlace)
    }

    /// Whether following `zone` would make a fast of the schedule around now taken over that is
    /// not, or the reverse (reported with ``takesThePlace(_:)``).
    func zoneChangeMovesATakeover(to zone: TimeZone) -> Bool {
        var moved = self
        moved.recordStarted()
        let before = moved.takenOverKeys()
        moved.follow(zone)
        return moved.takenOverKeys() != before
    }

    /// The keys of the schedule's starts from two days ago to three days on that another fast takes.
    func takenOverKeys() -> Set<String> {
        Set(instances(from: now.addingTimeInterval(-2 * 86_400), through: now.addingTimeInterval(3 * 86_400)).filter { $0.1 == .takenOver }.compactMap(\.0.key))
    }

    mutating func update(_ fast: Fast) {
        if let key = fast.key {
            recorded[key] = fast
        } else if let index = byHand.firstIndex(where: { $0.id == fast.id }) {
            byHand[index] = fast
        }
    }

    /// Skips a fast of the schedule: recorded as cancelled before it started.
    mutating func skip(_ fast: Fast) {
        var skipped = fast
        skipped.stoppedAt = fast.start
        skipped.extensionSeconds = 0
        update(skipped)
    }

    /// Removes a fast from the history: one by hand is deleted, one of the schedule skipped.
    mutating func remove(_ fast: Fast) {
        if fast.byHand {
            byHand.removeAll { $0.id == fast.id }
        } else {
            skip(fast)
        }
    }

    /// Ends `fast` at `instant`: within its first 2 minutes it is no fast at all.
    mutating func end(_ fast: Fast, at instant: Date) {
        if instant >= fast.start, instant.timeIntervalSince(fast.start) < Self.discardWithin {
            remove(fast)
        } else {
            var stopped = fast
            stopped.stoppedAt = instant
            update(stopped)
        }
    }

    /// `fast start 16:8 --id ID` begun at `start` (`--ago`), with `--replace` or not: refused
    /// while a fast is fasting, or when it would overlap a fast (with `--replace`, one whose
    /// fast is over); takes the place of the schedule's waiting fast of its day; ends the
    /// fasts in their eating window, and with `--replace` the one fasting.
    mutating func startByHand(id: String, at start: Date, replace: Bool) -> Bool {
        var existing = notEnded(at: now)
        for fast in begun() where (fast.fastedUntil(now).map { $0 > start } ?? false) && !existing.contains(where: { $0.id == fast.id }) {
            existing.append(fast)
        }
        var taken: [Fast] = []
        existing.removeAll { fast in
            guard !fast.byHand, fast.phase(at: now) == .scheduled else { return false }
            if day(of: fast.start) == day(of: start) { taken.append(fast) }
            return true
        }
        let overlapped = existing.filter { $0.fastedUntil(now).map { $0 > start } ?? false }
        if replace, overlapped.contains(where: { $0.phase(at: now) != .fasting }) { return false }
        let running = existing.filter { $0.stoppedAt == nil && $0.phase(at: now) != .ended }
        if !replace, running.contains(where: { $0.phase(at: now) == .fasting }) || !overlapped.isEmpty { return false }
        for fast in taken { skip(fast) }
        var ended = Set<String>()
        for old in overlapped where ended.insert(old.id).inserted {
            if old.start.timeIntervalSince(start) > -Self.discardWithin {
                remove(old)
            } else {
                end(old, at: min(now, start))
            }
        }
        for old in running where ended.insert(old.id).inserted {
            end(old, at: now)
        }
        byHand.append(Fast(id: id, start: start, plannedEnd: start.addingTimeInterval(Self.fasting), eatingBase: .distantPast))
        return true
    }

    /// The fast `fast stop` (or `fast extend`) without `--id` means: exactly one.
    func chosen() -> Fast? {
        let choosable = choosable(at: now)
        return choosable.count == 1 ? choosable[0] : nil
    }

    /// `fast stop [--id ID]`: a schedule's fast not begun is skipped, any other ends now.
    mutating func stop(_ fast: Fast?) -> Bool {
        guard let fast else { return false }
        if !fast.byHand, fast.phase(at: now) == .scheduled {
            skip(fast)
            return true
        }
        guard fast.phase(at: now) != .ended else { return false }
        end(fast, at: now)
        return true
    }

    /// `fast delete ID`: one by hand leaves the history; one of the schedule is skipped.
    mutating func delete(_ fast: Fast) -> Bool {
        if !fast.byHand, fast.skipped { return false }
        remove(fast)
        return true
    }

    /// `fast extend SPAN`: the chosen fast's fast goes on longer (in its eating window only
    /// when it then ends after now); its end notification comes back.
    mutating func extend(by span: TimeInterval) -> Bool {
        guard var fast = chosen(), fast.phase(at: now) != .ended else { return false }
        if fast.phase(at: now) == .eating, fast.fastEnd.addingTimeInterval(span) <= now { return false }
        fast.extensionSeconds += span
        endCancelled.remove(fast.id)
        update(fast)
        return true
    }

    /// `water drink` (at `instant`): the next reminder comes one interval after the glass.
    mutating func drink(at instant: Date) {
        intakes.append(min(instant, now))
        waterPending = nextWater(after: now)
    }

    /// `snooze remind/pills/... SPAN`: the pending occurrence comes SPAN later (from now once due).
    mutating func snooze(by span: TimeInterval) -> Bool {
        guard let pending = reminder.pending else { return false }
        reminder.pending = (pending.id, pending.original, max(pending.due, now).addingTimeInterval(span))
        return true
    }

    /// `cancel remind/pills/...`: that occurrence is skipped, the next one takes its place.
    mutating func skipOccurrence() -> Bool {
        guard let pending = reminder.pending else { return false }
        handle(.cancelled)
        reminder.pending = occurrence(following: max(now, pending.due), at: now).map { ($0.id, $0.due, $0.due) }
        return true
    }

    /// `cancel pills`: the reminder ends (its history stays).
    mutating func endReminder() {
        if !reminder.ended, let pending = reminder.pending {
            reminder.pending = nil
            reminder.cancelledByRules[pending.id] = pending.due
        }
        reminder.ended = true
    }

    /// `remind every "daily 08:00" pills --id pills`: a new reminder under the id, from now.
    mutating func remindAgain() {
        let old = reminder.pending
        // What the user skipped of the reminder before is not the new one's.
        for (id, outcome) in reminder.handled where outcome == .cancelled {
            reminder.handled[id] = nil
            if let original = reminder.skippedOriginals.removeValue(forKey: id),
               let index = reminder.handledOriginals.firstIndex(of: original) {
                reminder.handledOriginals.remove(at: index)
            }
        }
        reminder.start = now
        reminder.ended = false
        reminder.pending = occurrence(after: now.addingTimeInterval(-1)).map { ($0.id, $0.due, $0.due) }
        if let old, old.id != reminder.pending?.id { reminder.cancelledByRules[old.id] = old.due }
    }

    /// `cancel --all` with everything pending known (``fastRequests()``, the reminder's and
    /// water's): the waiting fast is skipped, the running fasts keep going without their end
    /// notification, the reminder ends, water goes on with its next reminder.
    mutating func cancelAll() {
        let pending = fastRequests()
        for fast in notEnded(at: now) where pending.keys.contains(where: { $0.hasPrefix("fast/\(fast.id)/") }) {
            if !fast.byHand, fast.phase(at: now) == .scheduled {
                skip(fast)
            } else {
                endCancelled.insert(fast.id)
            }
        }
        endReminder()
        if let due = waterPending { waterPending = nextWater(after: max(now, due)) }
    }
}
