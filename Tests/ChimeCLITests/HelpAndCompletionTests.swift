import ChimeCore
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeCLI

@Suite struct HelpTextTests {
    /// The synopses of issue 6, which the generated usage lines must reproduce.
    @Test(arguments: [
        (["fast", "start"], "chime fast start [PLAN] [--id ID] [--tag TEXT] [--at TIME | --ago DURATION] [--repeat] [--remind-before DURATION[,DURATION...]] [--replace]"),
        (["fast", "stop"], "chime fast stop [--id ID] [--at TIME]"),
        (["fast", "edit"], "chime fast edit ID [--start TIME] [--end TIME]"),
        (["fast", "extend"], "chime fast extend DURATION [--id ID]"),
        (["fast", "status"], "chime fast status [--id ID] [--json]"),
        (["fast", "history"], "chime fast history [--days N] [--json]"),
        (["fast", "delete"], "chime fast delete ID"),
        (["water", "every"], "chime water every DURATION [--from HH:MM] [--until HH:MM] [--amount AMOUNT] [--goal AMOUNT] [--id ID]"),
        (["water", "drink"], "chime water drink [AMOUNT] [--at TIME]"),
        (["water", "undo"], "chime water undo [N]"),
        (["water", "edit"], "chime water edit N [--amount AMOUNT] [--at TIME]"),
        (["water", "log"], "chime water log [--days N] [--json]"),
        (["water", "history"], "chime water history [--days N] [--json]"),
        (["water", "goal"], "chime water goal [DAYS] [AMOUNT]"),
        (["remind", "edit"], "chime remind edit ID [--text TEXT] [--at TIME] [--rule RULE]"),
        (["water", "pause"], "chime water pause DURATION"),
        (["water", "resume"], "chime water resume"),
        (["water", "off"], "chime water off"),
        (["water", "status"], "chime water status [--json]"),
        (["remind", "in"], "chime remind in DURATION TEXT [--id ID] [--nag DURATION] [--urgency low|normal|critical]"),
        (["remind", "at"], "chime remind at TIME TEXT [--id ID] [--nag DURATION] [--urgency low|normal|critical]"),
        (["remind", "history"], "chime remind history [ID] [--days N] [--json]"),
        (["done"], "chime done ID"),
        (["list"], "chime list [--group ID] [--json]"),
        (["cancel"], "chime cancel (ID... | --group ID | --all)"),
        (["snooze"], "chime snooze ID DURATION"),
        (["status"], "chime status [--format text|json|waybar] [--follow]"),
        (["export"], "chime export --format csv|json|ics [--what fasts|water|pending | --to DIR]"),
        (["calendar", "add"], "chime calendar add PATH [--name NAME] [--default-alert DURATION[,DURATION...] | --no-alerts]"),
        (["calendar", "list"], "chime calendar list [--json]"),
        (["calendar", "remove"], "chime calendar remove NAME"),
        (["calendar", "set"], "chime calendar set NAME (--default-alert DURATION[,DURATION...] | --no-alerts | --alerts)"),
        (["calendar", "alarms"], "chime calendar alarms [--from TIME] [--until TIME] [--calendar NAME] [--json]"),
        (["doctor"], "chime doctor"),
        (["completions"], "chime completions SHELL"),
        (["config", "get"], "chime config get KEY"),
        (["config", "set"], "chime config set KEY VALUE"),
        (["config", "list"], "chime config list"),
        (["help"], "chime help [COMMAND...]"),
    ])
    func usageMatchesTheIssue(_ path: [String], _ expected: String) throws {
        let spec = try #require(CommandTable.command(at: path))
        #expect(HelpFormatter.usage(of: spec) == expected)
        #expect(HelpFormatter.help(for: spec).hasPrefix("Usage: \(expected)\n"))
    }

    @Test func everyLeafCommandIsInTheTableAndInRootHelp() {
        let leaves = CommandTable.leafCommands.map { $0.path.joined(separator: " ") }
        #expect(Set(leaves) == [
            "fast start", "fast stop", "fast edit", "fast extend", "fast status", "fast history", "fast delete", "fast schedule",
            "water every", "water drink", "water undo", "water edit", "water log", "water history", "water goal", "water pause", "water resume", "water off", "water status",
            "remind in", "remind at", "remind every", "remind edit", "remind list", "remind history", "explain", "list", "cancel", "snooze", "done", "status", "export", "doctor", "completions",
            "calendar add", "calendar list", "calendar remove", "calendar set", "calendar alarms",
            "config get", "config set", "config list", "config unset", "help",
        ])
        let root = HelpFormatter.help(for: CommandTable.root)
        for leaf in CommandTable.leafCommands {
            #expect(root.contains("  \(leaf.path.joined(separator: " "))"), "root help lacks \(leaf.path)")
            #expect(root.contains(leaf.summary.english))
        }
        #expect(root.contains("--version"))
        #expect(root.contains("-h, --help"))
    }

    @Test(arguments: CommandTable.root.allCommands.filter { !$0.path.isEmpty }.map(\.path))
    func everyOptionArgumentAndSubcommandAppearsInHelp(_ path: [String]) throws {
        let spec = try #require(CommandTable.command(at: path))
        let help = HelpFormatter.help(for: spec)
        for option in spec.options {
            #expect(help.contains("  \(option.synopsis)"), "\(path) help lacks \(option.synopsis)")
            #expect(help.contains(option.summary.english))
        }
        for positional in spec.positionals {
            #expect(help.contains("  \(positional.name)"))
            #expect(help.contains(positional.summary.english))
        }
        for subcommand in spec.subcommands {
            #expect(help.contains("  \(subcommand.name)"))
        }
        for example in spec.examples {
            #expect(help.contains("chime \(example)"))
        }
        #expect(help.contains("-h, --help"))
        #expect(help.hasSuffix("\n"))
    }

    @Test func fastStartHelpListsEveryPlanPreset() throws {
        let help = try #require(helpText("fast", "start", "--help"))
        for preset in FastingPlan.presets {
            #expect(help.contains("  \(preset.name) "), "missing preset \(preset.name)")
            #expect(help.contains(preset.summary))
        }
    }

    @Test func configHelpListsEveryKeyWithDefault() throws {
        let help = try #require(helpText("help", "config", "set"))
        for key in ConfigKey.allCases {
            #expect(help.contains(key.name))
            #expect(help.contains("(default \(key.defaultValue.storedText))"))
        }
    }

    /// Every command that can print JSON shows how in its examples.
    @Test(arguments: CommandTable.leafCommands.filter { $0.option(named: "json") != nil }.map(\.path))
    func jsonOutputHasAnExample(_ path: [String]) throws {
        let spec = try #require(CommandTable.command(at: path))
        #expect(spec.examples.contains { $0.split(separator: " ").contains("--json") }, "\(path) has no --json example")
    }

    @Test func remindInDescribesItsOwnDuration() throws {
        let help = try #require(helpText("remind", "in", "--help"))
        #expect(help.contains("  DURATION   how long from now, e.g. 25m or 1h30m\n"))
        // snooze's wording (counted from a due time) does not apply to a new reminder.
        #expect(!help.contains("due time"))
        #expect(try #require(helpText("snooze", "--help")).contains("after its due time"))
    }

    @Test func helpForAnUnknownCommandIsAUsageError() throws {
        let error = try #require(failure("help", "fast", "strat"))
        #expect(error.kind == .unknownCommand)
        #expect(error.suggestion == "start")
        #expect(error.argumentPosition == 3)
    }

    @Test func versionText() {
        #expect(CommandTable.versionText == "chime \(CommandTable.version)")
    }
}

@Suite struct CompletionScriptTests {
    @Test(arguments: Command.Shell.allCases)
    func mentionsEveryCommandOptionAndPreset(_ shell: Command.Shell) {
        let script = CompletionScript.script(for: shell)
        for spec in CommandTable.root.allCommands where !spec.path.isEmpty {
            #expect(script.contains(spec.name), "\(shell) lacks \(spec.path)")
            for option in spec.options {
                let spelled = shell == .fish ? "-l \(option.name)" : option.spelling
                #expect(script.contains(spelled), "\(shell) lacks \(option.spelling) of \(spec.path)")
            }
        }
        for preset in FastingPlan.presets {
            let word = shell == .zsh ? preset.name.replacingOccurrences(of: ":", with: "\\:") : preset.name
            #expect(script.contains(word))
        }
        for key in ConfigKey.allCases { #expect(script.contains(key.name)) }
        #expect(script.contains(shell == .fish ? "-l version" : "--version"))
    }

    @Test func scriptsRegisterForChime() {
        #expect(CompletionScript.script(for: .bash).contains("complete -F _chime chime"))
        #expect(CompletionScript.script(for: .zsh).hasPrefix("#compdef chime\n"))
        #expect(CompletionScript.script(for: .fish).contains("complete -c chime -f"))
    }

    @Test func quoting() {
        #expect(CompletionScript.shellQuoted("it's") == "'it'\\''s'")
        #expect(CompletionScript.fishQuoted("it's a \\ path") == "'it\\'s a \\\\ path'")
    }

    /// Runs the generated bash script the way bash's completion does and reads back COMPREPLY.
    @Test(arguments: [
        ("chime ", "fast water remind calendar explain list cancel snooze done status export doctor completions config help --help --version"),
        ("chime fa", "fast"),
        ("chime fast st", "start stop status"),
        ("chime fast start --re", "--repeat --remind-before --replace"),
        ("chime fast start --tag ", ""),
        ("chime status --format ", "text json waybar"),
        ("chime status --format w", "waybar"),
        ("chime fast start 1", "14:10 16:8 18:6"),
        ("chime config set water.", "water.amount water.goal water.unit"),
        ("chime export --format json --what p", "pending"),
        ("chime completions ", "bash zsh fish --help"),
        ("chime help wa", "water"),
        ("chime remind in 5m fast ", "--id --nag --urgency --help"),
        ("chime config set notify.urgency.fast ", "low normal critical"),
        ("chime config set notify.urgency.reminder c", "critical"),
        ("chime config set water.goal ", "none"),
        ("chime config set water.amount ", ""),
        ("chime config set fast.plan 1", "14:10 16:8 18:6"),
        ("chime config set fast.plan 16:", "8"),
        ("chime fast start 16:", "8"),
    ])
    func bashCompletesFromTheTable(_ line: String, _ expected: String) throws {
        let temporary = try TemporaryDirectory(prefix: "chime-completion")
        let directory = URL(fileURLWithPath: temporary.path)
        let script = directory.appendingPathComponent("chime.bash")
        try CompletionScript.script(for: .bash).write(to: script, atomically: true, encoding: .utf8)
        let harness = """
        source "$1"
        COMP_LINE="$2"; COMP_POINT=${#COMP_LINE}
        read -ra COMP_WORDS <<< "$COMP_LINE"
        [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
        COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
        _chime
        printf '%s' "${COMPREPLY[*]}"
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", harness, "harness", script.path, line]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: data, as: UTF8.self) == expected)
    }

    /// A setting's values after its key, in every shell: bash above, zsh and fish here.
    static let settingValueLines = [
        ("chime config set notify.urgency.fast ", ["low", "normal", "critical"]),
        ("chime config set water.goal ", ["none"]),
        ("chime config set fast.plan ", FastingPlan.presets.map(\.name)),
        ("chime config set ", ConfigKey.allCases.map(\.name) + ["--help"]),
        ("chime status --format ", ["text", "json", "waybar"]),
    ]

    /// Runs the zsh script with `_describe` replaced by a stub that prints the candidates it is
    /// given (compsys itself needs an interactive line editor).
    @Test(arguments: settingValueLines)
    func zshOffersASettingsValues(_ line: String, _ expected: [String]) throws {
        let offered = try CompletionHarness.run(.zsh, harness: """
        _describe() { print -rl -- "${(@P)4}" }
        words=(${=2}); [[ "$2" == *" " ]] && words+=("")
        CURRENT=${#words}
        source "$1"
        """, line: line)
        // Each candidate is `word:description` with the word's own colons escaped as `\:`.
        let words = offered.map { candidate in
            var word = ""
            var escaped = false
            for character in candidate {
                if escaped { word.append(character); escaped = false; continue }
                if character == "\\" { escaped = true; continue }
                if character == ":" { break }
                word.append(character)
            }
            return word
        }
        #expect(words == expected)
    }

    /// Asks fish itself what it would complete (`complete -C`).
    @Test(arguments: settingValueLines)
    func fishOffersASettingsValues(_ line: String, _ expected: [String]) throws {
        let offered = try CompletionHarness.run(.fish, harness: """
        source $argv[1]
        complete -C $argv[2]
        """, line: line)
        // fish sorts what it offers, and offers options only once a word starts with a dash.
        #expect(offered.map { String($0.prefix { $0 != "\t" }) }.sorted() == expected.filter { !$0.hasPrefix("-") }.sorted())
    }
}
