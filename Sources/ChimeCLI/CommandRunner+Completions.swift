import ChimeCore
import ChimeStore
import FoundationEssentials

/// `chime __complete`: the candidates a completion script asks for.
extension CommandRunner {
    func writeCompletionCandidates(_ what: CompletionCandidates) throws {
        let store = try store()
        var words: [String] = []
        switch what {
        case .references, .groups:
            let pending = try store.pendingReferences()
            var groups: [String] = []
            var seen = Set<String>()
            for reference in pending where seen.insert(reference.group).inserted {
                groups.append(reference.group)
            }
            words = (what == .references ? pending.map(\.identifier) : []) + groups
        case .fasts:
            let now = environment.clock()
            words = try desk().fastTimeline(now: now).sessions(notEndedAt: now).map(\.id)
        case .calendars:
            words = try store.calendars().map(\.name)
        }
        if !words.isEmpty { write(words.map { $0 + "\n" }.joined()) }
    }
}
