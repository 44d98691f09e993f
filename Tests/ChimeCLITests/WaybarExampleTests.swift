import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeCLI

@Suite("Examples/waybar")
struct WaybarExampleTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/waybar")

    /// The config with its `//` comment lines removed (waybar reads JSON with comments).
    static func module() throws -> [String: Any] {
        let text = try String(contentsOf: directory.appendingPathComponent("config.jsonc"), encoding: .utf8)
        let json = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
        let config = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return try #require(config["custom/chime"] as? [String: Any])
    }

    @Test("the module runs chime status in waybar format, following, and reads JSON")
    func module() throws {
        let module = try Self.module()
        #expect(module["return-type"] as? String == "json")
        let exec = try #require(module["exec"] as? String)
        let words = exec.split(separator: " ").map(String.init)
        #expect(words.first == "chime")
        #expect(parsed(Array(words.dropFirst())) == .status(format: .waybar, follow: true))
        for key in ["on-click", "on-click-right"] {
            let command = try #require(module[key] as? String)
            #expect(command.hasPrefix("chime "))
            #expect(parsed(command.split(separator: " ").dropFirst().map(String.init)) != nil)
        }
    }

    @Test("an empty text hides the module, although the format adds an icon")
    func emptyTextHidesTheModule() throws {
        let module = try Self.module()
        // waybar hides a custom module on an empty formatted output only; with static content in
        // the format (the icon) it takes hide-empty-text to hide it on an empty text.
        let format = try #require(module["format"] as? String)
        #expect(format != "{}")
        #expect(module["hide-empty-text"] as? Bool == true)
        // And chime does print an empty text when there is nothing to show.
        let empty = StatusReport(snapshot: StatusSnapshot(fast: nil, water: nil, upcoming: [], daemon: nil),
                                 display: Fixture.display("2026-06-11T04:00:00+02:00")).waybar
        #expect(empty.text == "")
    }

    @Test("the style sheet has a rule for every class chime prints")
    func style() throws {
        let css = try String(contentsOf: Self.directory.appendingPathComponent("style.css"), encoding: .utf8)
        for phase in ["fasting", "eating", "scheduled", "ended", "none"] {
            #expect(css.contains("#custom-chime.\(phase)"))
        }
    }
}
