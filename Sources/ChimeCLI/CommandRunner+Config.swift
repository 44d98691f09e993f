import ChimeCore
import ChimeStore
import Foundation

/// `chime config get|set|list|unset`.
extension CommandRunner {
    func showSetting(_ key: ConfigKey) throws {
        write(try setting(key).storedText)
    }

    func changeSetting(_ key: ConfigKey, to value: ConfigValue, now: Date) throws {
        let requestID = environment.makeRequestID()
        let result = try store().setSetting(key.name, to: value.storedText, requestID: requestID, now: now)
        guard !result.replayed else {
            write(ChangeMessage.alreadyApplied(requestID: requestID, sequence: result.sequence))
            return
        }
        write(messages(now).configSet(key, value))
        // Settings such as urgency are read by chimed at delivery; no reminder moves, so a
        // daemon that is not running needs no mention here.
        nudgeDaemon(sequence: result.sequence, quietly: true)
    }

    /// Removes the stored value of `key`, so its default applies again; a key never set is
    /// left alone and said so.
    func unsetSetting(_ key: ConfigKey, now: Date) throws {
        guard try store().setting(key.name) != nil else {
            write(ChangeMessage.configNotSet(key))
            return
        }
        let requestID = environment.makeRequestID()
        let result = try store().setSetting(key.name, to: nil, requestID: requestID, now: now)
        guard !result.replayed else {
            write(ChangeMessage.alreadyApplied(requestID: requestID, sequence: result.sequence))
            return
        }
        write(ChangeMessage.configUnset(key))
        nudgeDaemon(sequence: result.sequence, quietly: true)
    }

    func listSettings() throws {
        var stored: [ConfigKey: ConfigValue] = [:]
        for key in ConfigKey.allCases where try store().setting(key.name) != nil {
            stored[key] = try setting(key)
        }
        write(ConfigKey.listing(stored))
    }
}

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
            words = try store.sessions(notEndedAt: environment.clock()).map(\.id)
        }
        if !words.isEmpty { write(words.map { $0 + "\n" }.joined()) }
    }
}
