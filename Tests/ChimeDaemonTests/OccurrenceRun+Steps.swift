import ChimeCore
import ChimeDaemon
import ChimeDesk
import ChimeStore
import ChimeTestSupport
import Foundation
import Testing

/// Carrying out an intention on the system and the model, and comparing what they say.
extension OccurrenceRun {

    /// Carries out `intention`; what the system's outcome (done or refused) and the model's
    /// disagree on, or `nil` when it is not carried out (nothing to act on, or a case the
    /// model leaves out).
    func perform(_ intention: OccurrenceIntention) throws -> [String]? {
        let now = harness.now
        model.now = now
        func agree<Outcome>(_ expected: Bool, _ result: Result<Outcome, any Error>) -> [String] {
            switch (expected, result) {
            case (true, .success), (false, .failure): return []
            case (true, .failure(let error)): return ["refused (\(error)), but the model says it is done"]
            case (false, .success(let outcome)): return ["done (\(outcome)), but the model says it is refused"]
            }
        }
        switch intention {
        case .startByHand(let ago, let replace):
            guard !replace || !model.aPlaceIsTaken else { return nil }
            let id = nextFastID()
            let start = now.addingTimeInterval(-ago)
            let result = command { desk, now in
                try desk.startFast(Desk.FastStart(plan: .standard, remindBefore: [], id: id, tag: "", start: start, repeating: false, replace: replace), now: now)
            }
            return agree(model.startByHand(id: id, at: start, replace: replace), result)
        case .stop:
            let chosen = model.chosen()
            guard !(chosen.map(model.takesThePlace) ?? false) else { return nil }
            return agree(model.stop(chosen), command { desk, now in try desk.stopFast(id: nil, now: now) })
        case .stopWaiting:
            guard let waiting = model.waiting else { return nil }
            return agree(model.stop(waiting), command { desk, now in try desk.stopFast(id: waiting.id, now: now) })
        case .cancelWaiting:
            guard let waiting = model.waiting else { return nil }
            model.skip(waiting)
            return agree(true, command { desk, now in try desk.cancel(.references([.group(waiting.id)]), now: now) })
        case .cancelWaitingStart:
            guard fastRequestsKnown, let waiting = model.waiting, model.fastRequests()["fast/\(waiting.id)/start"] != nil else { return nil }
            model.skip(waiting)
            return agree(true, command { desk, now in try desk.cancel(.references([.request("fast/\(waiting.id)/start")]), now: now) })
        case .deleteWaiting:
            guard let waiting = model.waiting else { return nil }
            return agree(model.delete(waiting), command { desk, now in try desk.deleteFast(id: waiting.id, now: now) })
        case .deletePast(let index):
            let begun = model.history()
            guard !begun.isEmpty, let fast = model.fast(id: begun[index % begun.count].id), !model.takesThePlace(fast) else { return nil }
            return agree(model.delete(fast), command { desk, now in try desk.deleteFast(id: fast.id, now: now) })
        case .extend(let hours):
            guard let chosen = model.chosen(), chosen.extensionSeconds + TimeInterval(hours * 3600) <= 4 * 3600 else { return nil }
            return agree(model.extend(by: TimeInterval(hours * 3600)), command { desk, now in try desk.extendFast(by: .hours(hours), id: nil, now: now) })
        case .cancelEnd:
            guard fastRequestsKnown, let current = model.current(at: now), model.fastRequests()["fast/\(current.id)/end"] != nil else { return nil }
            model.endCancelled.insert(current.id)
            return agree(true, command { desk, now in try desk.cancel(.references([.request("fast/\(current.id)/end")]), now: now) })
        case .drink(let ago):
            model.drink(at: now.addingTimeInterval(-ago))
            return agree(true, command { desk, now in try desk.drink(250, at: ago > 0 ? now.addingTimeInterval(-ago) : nil, defaultAmount: 250, now: now) })
        case .done:
            return agree(false, command { desk, now in try desk.done("pills", now: now) })
        case .snooze(let minutes):
            guard !model.reminder.ended, let pending = model.reminder.pending,
                  max(pending.due, now).addingTimeInterval(TimeInterval(minutes * 60)).timeIntervalSince(pending.original) < 12 * 3600
            else { return nil }
            return agree(model.snooze(by: TimeInterval(minutes * 60)), command { desk, now in try desk.snooze(.request(pending.id), by: .minutes(minutes), now: now) })
        case .skipOccurrence:
            guard !model.reminder.ended, let pending = model.reminder.pending else { return nil }
            return agree(model.skipOccurrence(), command { desk, now in try desk.cancel(.references([.request(pending.id)]), now: now) })
        case .endReminder:
            model.endReminder()
            return agree(true, command { desk, now in try desk.cancel(.references([.group("pills")]), now: now) })
        case .remindAgain:
            model.remindAgain()
            let rule = try RecurrencePhrase.rule(from: "daily 08:00")
            return agree(true, command { desk, now in
                try desk.remindEvery(Desk.RecurringReminderIntent(text: "pills", ruleText: "daily 08:00", rule: rule, from: nil, id: "pills", nag: nil, urgency: nil), now: now)
            })
        case .cancelAll:
            guard model.up else { return nil }
            model.cancelAll()
            return agree(true, command { desk, now in try desk.cancel(.all, now: now) })
        case .zone(let zone):
            // While chimed runs (README's promise; a change while it is down is reported).
            guard model.up, !model.zoneChangeMovesATakeover(to: zone) else { return nil }
            harness.zones.set(zone)
            harness.scheduler.timeZoneChanged()
            harness.settle()
            harness.advance(to: now)
            derivedAt = now
            model.rulesFollow(zone)
            // An occurrence the new zone puts before now came due unseen: chimed shows it late
            // (or records it missed) at once.
            model.chimedProcesses(until: now, continuously: false)
            return []
        case .advance(let seconds, let suspend):
            let target = unambiguous(now.addingTimeInterval(seconds))
            if model.up {
                if suspend {
                    harness.jump(to: target)
                }
                harness.advance(to: target)
                model.chimedProcesses(until: target, continuously: !suspend)
                derivedAt = target
                model.now = target
                model.recordStarted()
            } else {
                harness.clock.set(to: target)
                model.now = target
            }
            return []
        case .chimedDown:
            model.up = false
            return []
        case .chimedUp:
            model.up = true
            try harness.restart()
            harness.advance(to: now)
            model.chimedProcesses(until: now, continuously: false)
            model.recordStarted()
            derivedAt = now
            return []
        }
    }

    /// What the readers say that differs from the model; the history of the last 8 days, or
    /// all of it.
    func compare(wholeHistory: Bool = false) throws -> [String] {
        var problems: [String] = []
        let now = harness.now
        let desk = self.desk
        func show(_ fast: FastingSession?) -> String { fast.map { "\($0.id) \($0.status(at: now).phase)" } ?? "none" }
        func show(_ fast: OccurrenceReferenceModel.Fast?) -> String { fast.map { "\($0.id) \($0.phase(at: now))" } ?? "none" }
        let expected = show(model.current(at: now))
        let several = model.choosable(at: now).count > 1
        do {
            let current = try desk.currentFast(now: now)
            if several || show(current) != expected { problems.append("fast status says \(show(current)), the model \(several ? "several running" : expected)") }
        } catch {
            if !several { problems.append("fast status refused (\(error)), the model says \(expected)") }
        }
        let overview = show(try desk.fastTimeline(now: now).current(at: now))
        if overview != expected { problems.append("status says \(overview), the model \(expected)") }
        let scheduled = show(try desk.fastScheduleNow(now: now).current)
        let expectedScheduled = show(model.runningInstance(at: now) ?? model.nextInstance(after: now))
        if scheduled != expectedScheduled { problems.append("fast schedule says \(scheduled), the model \(expectedScheduled)") }
        let since = wholeHistory ? model.scheduleStart.addingTimeInterval(-86_400) : now.addingTimeInterval(-8 * 86_400)
        let history = try desk.fastRecords(since: since, now: now).map {
            OccurrenceReferenceModel.Record(id: $0.id, start: $0.start, end: $0.end, finished: $0.isFinished, completed: $0.completed)
        }.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
        let expectedHistory = model.history(since: since)
        if history != expectedHistory {
            problems.append("fast history has \(history.filter { !expectedHistory.contains($0) }), the model \(expectedHistory.filter { !history.contains($0) })")
        }
        let pending = try harness.store.pendingRequests()
        let skipped = Set(model.recorded.values.filter(\.skipped).map(\.id))
        for stored in pending where stored.request.kind.isFast {
            if skipped.contains(stored.request.group) {
                problems.append("list has \(stored.request.identifier) of a skipped fast")
            }
        }
        if fastRequestsKnown {
            let listed = Dictionary(pending.filter { $0.request.kind.isFast && $0.request.due > now }.map { ($0.request.identifier, $0.request.due) }) { first, _ in first }
            let wanted = model.fastRequests()
            if listed != wanted { problems.append("list has fast notifications \(describe(listed)), the model \(describe(wanted))") }
        }
        if model.up {
            if try !harness.isInSync() { problems.append("chimed's queue is not what the store holds") }
            let overdue = pending.filter { $0.request.due.addingTimeInterval($0.request.tolerance + 1) < now }.map(\.request.identifier)
            if !overdue.isEmpty { problems.append("chimed left \(overdue) pending past their time") }
        }
        do {
            let reminder = pending.filter { $0.request.group == "pills" }.map { "\($0.request.identifier) \(iso($0.request.due))" }
            let expectedReminder = model.reminder.pending.map { ["\($0.id) \(iso($0.due))"] } ?? []
            if reminder != expectedReminder { problems.append("list has reminder \(reminder), the model \(expectedReminder)") }
            let listed = try desk.recurringReminders(now: now, includingEnded: false).map { "\($0.reminder.id) \($0.next.map(iso) ?? "-")" }
            let expectedListed = model.reminder.ended ? [] : ["pills \(model.reminder.pending.map { iso($0.due) } ?? "-")"]
            if listed != expectedListed { problems.append("remind list says \(listed), the model \(expectedListed)") }
            let water = try desk.waterNow(now: now).nextReminder
            if water != model.waterPending { problems.append("water status says next \(water.map(iso) ?? "-"), the model \(model.waterPending.map(iso) ?? "-")") }
        }
        let consumed = try desk.waterNow(now: now).consumedML
        if consumed != model.waterToday() { problems.append("water status says \(consumed) ml today, the model \(model.waterToday())") }
        // What became of each occurrence: shown or missed (the delivery history), or skipped.
        let facts = try harness.store.deliveryHistory(limit: 100_000).filter { $0.group == "pills" }.reversed()
            .map { "\($0.identifier) \($0.outcome == .delivered ? "delivered" : "missed")" }
        let expectedFacts = model.reminder.facts.map { "\($0.id) \($0.outcome)" }
        if facts.sorted() != expectedFacts.sorted() {
            problems.append("the delivery history has \(facts.filter { !expectedFacts.contains($0) }), the model \(expectedFacts.filter { !facts.contains($0) })")
        }
        let states = Dictionary(try harness.store.requests(inGroup: "pills").map { ($0.stored.request.identifier, $0.stored.state) }) { _, last in last }
        for (identifier, outcome) in model.reminder.handled where outcome == .cancelled && states[identifier] != .cancelled {
            problems.append("\(identifier) is \(states[identifier].map { "\($0)" } ?? "not stored"), the model says skipped")
        }
        return problems
    }

    /// The fasts as the model and the store hold them, for a failure's message.
    func describeFasts() throws -> String {
        let modelFasts = (model.byHand + model.recorded.values).sorted { $0.start < $1.start }.map(\.description)
        let stored = try harness.store.sessions(relevantFrom: .distantPast).map { session in
            "\(session.id)[\(session.start.timeIntervalSince1970)..\(session.cycle(0).fastEnd.timeIntervalSince1970)\(session.stoppedAt.map { " stop \($0.timeIntervalSince1970)" } ?? "")]"
        }
        return "model fasts: \(modelFasts.joined(separator: " "))\nstored fasts: \(stored.joined(separator: " "))"
    }

    private func describe(_ requests: [String: Date]) -> String {
        requests.sorted { $0.key < $1.key }.map { "\($0.key) \(iso($0.value))" }.joined(separator: ", ")
    }
}
