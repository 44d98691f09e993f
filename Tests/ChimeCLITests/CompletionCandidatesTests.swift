import ChimeCore
import Foundation
import Testing
@testable import ChimeCLI

@Suite("completion of identifiers and ids from the store")
struct CompletionCandidatesTests {
    @Test("chime __complete prints pending identifiers, their groups, and fasts not ended")
    func candidates() {
        let harness = RunnerHarness()
        #expect(harness.succeed("__complete", "references") == "", "nothing pending: nothing printed")
        harness.succeed("fast", "start", "--id", "f-abc", "--remind-before", "1h")
        harness.succeed("remind", "in", "25m", "tea", "--id", "r-tea")
        harness.succeed("water", "every", "1h", "--id", "w-h2o")
        #expect(harness.succeed("__complete", "references").split(separator: "\n") == [
            "remind/r-tea", "water/w-h2o/2026-03-10T09:00", "fast/f-abc/before-1h", "fast/f-abc/end", "r-tea", "w-h2o", "f-abc",
        ])
        #expect(harness.succeed("__complete", "groups") == "r-tea\nw-h2o\nf-abc\n")
        #expect(harness.succeed("__complete", "fasts") == "f-abc\n")
        harness.succeed("fast", "stop")
        #expect(harness.succeed("__complete", "fasts") == "")
        // Not a command of the table: no help entry, and any other spelling is an unknown command.
        #expect(harness.run("__complete", "everything").exitCode == .usage)
        #expect(!HelpFormatter.help(for: CommandTable.root).contains("__complete"))
    }

    /// What a stub `chime` on PATH answers, as the real one would from a store.
    static let stub = """
    #!/bin/sh
    [ "$1" = __complete ] || exit 1
    case "$2" in
        references) printf '%s\\n' remind/r-tea water/w-h2o/2026-03-10T09:00 r-tea w-h2o ;;
        groups) printf '%s\\n' r-tea w-h2o ;;
        fasts) printf '%s\\n' f-abc ;;
    esac
    """

    static let lines: [(String, [String])] = [
        ("chime cancel ", ["remind/r-tea", "water/w-h2o/2026-03-10T09:00", "r-tea", "w-h2o"]),
        ("chime cancel r", ["remind/r-tea", "r-tea"]),
        ("chime snooze ", ["remind/r-tea", "water/w-h2o/2026-03-10T09:00", "r-tea", "w-h2o"]),
        ("chime cancel --group ", ["r-tea", "w-h2o"]),
        ("chime list --group ", ["r-tea", "w-h2o"]),
        ("chime fast stop --id ", ["f-abc"]),
        ("chime fast extend 1h --id ", ["f-abc"]),
        ("chime fast status --id ", ["f-abc"]),
    ]

    @Test("bash offers them", arguments: lines)
    func bash(_ line: String, _ expected: [String]) throws {
        let offered = try CompletionHarness.run(.bash, harness: """
        source "$1"
        COMP_LINE="$2"; COMP_POINT=${#COMP_LINE}
        read -ra COMP_WORDS <<< "$COMP_LINE"
        [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
        COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
        _chime
        printf '%s\\n' "${COMPREPLY[@]}"
        """, line: line, chimeStub: Self.stub)
        #expect(offered.filter { !$0.hasPrefix("-") } == expected)
    }

    @Test("zsh offers them, colons escaped for _describe", arguments: lines)
    func zsh(_ line: String, _ expected: [String]) throws {
        let offered = try CompletionHarness.run(.zsh, harness: """
        _describe() { print -rl -- "${(@P)4}" }
        words=(${=2}); [[ "$2" == *" " ]] && words+=("")
        CURRENT=${#words}
        source "$1"
        """, line: line, chimeStub: Self.stub)
        // zsh filters by prefix itself; here every candidate comes back.
        let words = offered.map { $0.replacingOccurrences(of: "\\:", with: ":") }.filter { !$0.hasPrefix("-") }
        let prefix = line.hasSuffix(" ") ? "" : String(line.split(separator: " ").last!)
        #expect(words.filter { $0.hasPrefix(prefix) }.map { String($0.prefix { $0 != "\t" }) } == expected.map { $0 })
        #expect(!offered.contains { $0.contains("water/w-h2o/2026-03-10T09:00") }, "colons are escaped")
    }

    @Test("fish offers them", arguments: lines)
    func fish(_ line: String, _ expected: [String]) throws {
        let offered = try CompletionHarness.run(.fish, harness: """
        source $argv[1]
        complete -C $argv[2]
        """, line: line, chimeStub: Self.stub)
        #expect(offered.map { String($0.prefix { $0 != "\t" }) }.sorted() == expected.sorted())
    }
}
