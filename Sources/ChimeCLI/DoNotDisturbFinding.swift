import ChimeBubbleText
import ChimeCore

/// `chime doctor`'s line naming where the running notification server keeps its do-not-disturb
/// mode, as chimed follows it there, and whether it is on; or that the server has none chimed
/// can see.
enum DoNotDisturbFinding {
    /// The finding for what `probe` found, or `nil` when no server answered.
    static func finding(for probe: ServerProbe, in language: UserLanguage) -> DoctorReport.Finding? {
        guard case .ready = probe.status, let server = probe.server else { return nil }
        let check = CommandText.checkDoNotDisturb.text(language)
        guard let reading = probe.doNotDisturb else {
            return .init(check: check, outcome: .ok, detail: CommandText.dndNone.text(language, ["server": server.name]))
        }
        let state = (reading.isOn ? CommandText.dndOn : CommandText.dndOff).text(language)
        let discards = reading.discardsBubbles ? CommandText.dndDiscards.text(language) : ""
        switch reading.source {
        case .property(let interface, let name):
            return .init(check: check, outcome: .ok, detail: CommandText.dndFollowsProperty.text(language, [
                "name": name, "interface": interface, "state": state,
            ]) + discards)
        case .modes(let mode):
            return .init(check: check, outcome: .ok, detail: CommandText.dndFollowsMakoMode.text(language, ["mode": mode, "state": state]) + discards)
        case .bannerSetting(let schema, let key):
            guard reading.isReadable else {
                return .init(check: check, outcome: .warning, detail: CommandText.dndGSettingsMissing.text(language, ["schema": schema, "key": key]),
                             fix: CommandText.dndGSettingsFix.text(language))
            }
            return .init(check: check, outcome: .ok, detail: CommandText.dndFollowsGSettings.text(language, [
                "schema": schema, "key": key, "state": state,
            ]) + discards)
        case .xfconf(let channel, let property):
            guard reading.isReadable else {
                return .init(check: check, outcome: .warning, detail: CommandText.dndXfconfUnreadable.text(language, [
                    "channel": channel, "property": property,
                ]), fix: CommandText.dndXfconfFix.text(language))
            }
            return .init(check: check, outcome: .ok, detail: CommandText.dndFollowsXfconf.text(language, [
                "channel": channel, "property": property, "state": state,
            ]) + discards)
        }
    }
}
