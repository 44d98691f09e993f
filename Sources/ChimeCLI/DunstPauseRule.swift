import ChimeBubbleText
import ChimeCore

/// The dunst rule that lets Chime's critical notifications (`chime remind ... --urgency
/// critical`) through a pause (`dunstctl set-paused true`), which `chime doctor` prints when
/// dunst serves notifications.
///
/// dunst 1.10 brought pause levels: `set-paused true` pauses at level 100, and a rule's
/// `override_pause_level` shows the notifications it matches while the level is at most that.
/// Earlier versions (Debian 12 has 1.9.0) hold every notification while paused, critical ones
/// included: the rule is printed for them too, saying it needs 1.10.
enum DunstPauseRule {
    /// The first dunst version with `override_pause_level`.
    static let firstVersion = [1, 10]

    /// The rule's lines, as they go into `dunstrc`.
    static let lines = [
        "[chime-critical]",
        "    appname = Chime",
        "    msg_urgency = critical",
        "    override_pause_level = 100",
    ]

    /// The finding for `server` in `language`, or `nil` when it is not dunst.
    static func finding(for server: ServerInformation, in language: UserLanguage) -> DoctorReport.Finding? {
        guard server.name == "dunst" else { return nil }
        let version = numericVersion(server.version)
        let supported = version.lexicographicallyPrecedes(firstVersion) == false
        let detail = supported
            ? CommandText.dunstPauseRule.text(language)
            : CommandText.dunstPauseRuleNeedsNewer.text(language, ["version": version.map(String.init).joined(separator: ".")])
        return DoctorReport.Finding(check: CommandText.checkDoNotDisturb.text(language), outcome: .ok, detail: detail, notes: lines)
    }

    /// The leading numbers of a version text (`1.9.0 (2022-06-27)` is 1, 9, 0).
    static func numericVersion(_ text: String) -> [Int] {
        let word = text.split(separator: " ").first ?? ""
        var numbers: [Int] = []
        for part in word.split(separator: ".", omittingEmptySubsequences: false) {
            guard let number = Int(part) else { break }
            numbers.append(number)
        }
        return numbers
    }
}
