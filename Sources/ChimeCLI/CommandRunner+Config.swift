import ChimeCore
import ChimeStore
import FoundationEssentials

/// `chime config get|set|list|unset`.
extension CommandRunner {
    func showSetting(_ key: ConfigKey) throws {
        write(try setting(key).storedText)
    }

    func changeSetting(_ key: ConfigKey, to typed: ConfigValue, now: Date) throws {
        // An amount without a unit is in the unit the user reads in: stored with its unit.
        let value = try typed.resolvingWaterUnit(waterUnit, field: LocalizedText(CommandText.fieldValueFor, ["key": key.name]))
        let requestID = environment.makeRequestID()
        let result = try store().setSetting(key.name, to: value.storedText, requestID: requestID, now: now)
        guard !result.replayed else {
            write(ChangeMessage.alreadyApplied(requestID: requestID, sequence: result.sequence, in: language))
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
            write(ChangeMessage.configNotSet(key, in: language))
            return
        }
        let requestID = environment.makeRequestID()
        let result = try store().setSetting(key.name, to: nil, requestID: requestID, now: now)
        guard !result.replayed else {
            write(ChangeMessage.alreadyApplied(requestID: requestID, sequence: result.sequence, in: language))
            return
        }
        write(ChangeMessage.configUnset(key, in: language))
        nudgeDaemon(sequence: result.sequence, quietly: true)
    }

    func listSettings() throws {
        var stored: [ConfigKey: ConfigValue] = [:]
        for key in ConfigKey.allCases where try store().setting(key.name) != nil {
            stored[key] = try setting(key)
        }
        write(ConfigKey.listing(stored, language: language))
    }
}
