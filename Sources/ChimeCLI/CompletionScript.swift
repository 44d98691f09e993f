import ChimeCore
import FoundationEssentials
/// Shell completion scripts for `chime`, generated from the command table.
///
/// Each script finds the command words typed so far (`fast start`), then offers that command's
/// subcommands, options and argument words (plan presets, formats, setting names); after an
/// option that takes a value it offers that option's words, or nothing for free text.
/// Identifiers and ids (`cancel`, `snooze`, `--group`, `fast stop --id`) are in the store, not
/// the table: the scripts ask `chime __complete` for them at completion time.
public enum CompletionScript {
    /// The script for `shell`, its descriptions (zsh, fish) in `language`.
    public static func script(for shell: Command.Shell, language: UserLanguage = .english) -> String {
        switch shell {
        case .bash: return bash()
        case .zsh: return zsh(language: language)
        case .fish: return fish(language: language)
        }
    }

    /// What one command offers.
    struct Entry {
        /// `""` for the root, `/fast/start` below it.
        let key: String
        /// Subcommands, options and argument words, each with a description.
        let candidates: [(word: String, description: String)]
        /// Options that take a value, with the words offered for it (empty for free text).
        let valueOptions: [(previous: String, words: [String])]
        /// Options whose values are in the store, with what to ask `chime` for.
        let storedValueOptions: [(previous: String, candidates: CompletionCandidates)]
        /// What to ask `chime` for where the first positional goes (`cancel`'s identifiers).
        let storedPositional: CompletionCandidates?
        /// Words offered right after an argument word: a setting's values after its key
        /// (`config set notify.urgency.fast` offers `low normal critical`).
        let argumentValues: [(previous: [String], words: [String])]

        /// What the word before the cursor decides: option values, then argument values.
        var wordsByPrevious: [(previous: [String], words: [String])] {
            groupedByWords(valueOptions.filter { option in !storedValueOptions.contains { $0.previous == option.previous } }) + argumentValues
        }

        /// Options gathered by the stored values they offer.
        var storedByPrevious: [(previous: [String], candidates: CompletionCandidates)] {
            var groups: [(previous: [String], candidates: CompletionCandidates)] = []
            for item in storedValueOptions {
                if let index = groups.firstIndex(where: { $0.candidates == item.candidates }) {
                    groups[index].previous.append(item.previous)
                } else {
                    groups.append(([item.previous], item.candidates))
                }
            }
            return groups
        }
    }

    /// One entry per command of the table, root first, descriptions in English.
    static var entries: [Entry] { entries(language: .english) }

    /// One entry per command of the table, root first, descriptions in `language`.
    static func entries(language: UserLanguage) -> [Entry] {
        func said(_ text: HelpText) -> String { text.text(in: language) }
        return CommandTable.root.allCommands.map { spec in
            var candidates = spec.subcommands.map { ($0.name, said($0.summary)) }
            if let first = spec.positionals.first {
                candidates += first.kind.completionCandidates.map { ($0.word, said($0.description ?? first.summary)) }
            }
            var options = spec.options + [CommandSpec.helpOption]
            if spec.path.isEmpty { options.append(CommandSpec.versionOption) }
            candidates += options.map { ($0.spelling, said($0.summary)) }
            let valueOptions = spec.options.filter(\.takesValue).map { ($0.spelling, $0.kind?.completionWords ?? []) }
            let storedValueOptions = spec.options.compactMap { option in
                option.kind?.storedCandidates.map { (option.spelling, $0) }
            }
            return Entry(
                key: key(spec.path), candidates: candidates, valueOptions: valueOptions,
                storedValueOptions: storedValueOptions, storedPositional: spec.positionals.first?.kind.storedCandidates,
                argumentValues: argumentValues(of: spec)
            )
        }
    }

    /// A KEY VALUE pair of positionals (`config set`): after each key, the words its values may
    /// be; keys whose values are numbers or free text offer nothing there.
    private static func argumentValues(of spec: CommandSpec) -> [(previous: [String], words: [String])] {
        let kinds = spec.positionals.map(\.kind)
        guard let keyIndex = kinds.firstIndex(of: .configKey), kinds.dropFirst(keyIndex + 1).first == .configValue else { return [] }
        return groupedByWords(ConfigKey.allCases.map { ($0.name, $0.completionWords) })
    }

    /// Every path below the root, as matched while walking typed words (`/fast`, `/fast/start`).
    private static var commandKeys: [String] {
        CommandTable.root.allCommands.filter { !$0.path.isEmpty }.map { key($0.path) }
    }

    private static func key(_ path: [String]) -> String {
        path.map { "/\($0)" }.joined()
    }

    // MARK: - bash

    private static func bash() -> String {
        var lines = [
            "# bash completion for chime, generated by \"chime completions bash\".",
            "_chime() {",
            // bash splits words at `:` (COMP_WORDBREAKS), which would cut `16:8` in two: take the
            // current word from the line itself and trim the part before the colon afterwards.
            "    local line=\"${COMP_LINE:0:COMP_POINT}\"",
            "    local cur=\"${line##*[[:space:]]}\" before prev",
            // The word before the cursor, also from the line (COMP_WORDS would give the `:` of `16:8`).
            "    before=\"${line%\"$cur\"}\"",
            "    before=\"${before%\"${before##*[![:space:]]}\"}\"",
            "    prev=\"${before##*[[:space:]]}\"",
            "    local chime_path=\"\" word i words=\"\"",
            "    for ((i = 1; i < COMP_CWORD; i++)); do",
            "        word=\"${COMP_WORDS[i]}\"",
            "        case \"$chime_path/$word\" in",
            "            \(commandKeys.map(shellQuoted).joined(separator: "|"))) chime_path=\"$chime_path/$word\" ;;",
            "        esac",
            "    done",
            "    case \"$chime_path\" in",
        ]
        for entry in entries {
            lines.append("        \(shellQuoted(entry.key)))")
            // Stored words are asked for only when that word is being completed.
            let all = shellQuoted(entry.candidates.map(\.word).joined(separator: " "))
                + (entry.storedPositional.map { "\" $(\($0.shellCommand))\"" } ?? "")
            if entry.wordsByPrevious.isEmpty, entry.storedByPrevious.isEmpty {
                lines.append("            words=\(all) ;;")
                continue
            }
            lines.append("            case \"$prev\" in")
            for (previous, words) in entry.wordsByPrevious {
                lines.append("                \(previous.map(shellQuoted).joined(separator: "|"))) words=\(shellQuoted(words.joined(separator: " "))) ;;")
            }
            for (previous, candidates) in entry.storedByPrevious {
                lines.append("                \(previous.map(shellQuoted).joined(separator: "|"))) words=\"$(\(candidates.shellCommand))\" ;;")
            }
            lines.append("                *) words=\(all) ;;")
            lines.append("            esac ;;")
        }
        lines += [
            "    esac",
            "    COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))",
            "    if [[ \"$cur\" == *:* && \"$COMP_WORDBREAKS\" == *:* ]]; then",
            "        local colon_prefix=\"${cur%\"${cur##*:}\"}\"",
            "        for i in \"${!COMPREPLY[@]}\"; do COMPREPLY[i]=\"${COMPREPLY[i]#\"$colon_prefix\"}\"; done",
            "    fi",
            "}",
            "complete -F _chime chime",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - zsh

    private static func zsh(language: UserLanguage) -> String {
        var lines = [
            "#compdef chime",
            "# zsh completion for chime, generated by \"chime completions zsh\".",
            "_chime() {",
            // `path` is special in zsh (tied to PATH), hence `chime_path`.
            "    local chime_path=\"\" word i prev=\"${words[CURRENT-1]}\"",
            "    local -a candidates",
            "    for ((i = 2; i < CURRENT; i++)); do",
            "        word=\"${words[i]}\"",
            "        case \"$chime_path/$word\" in",
            "            (\(commandKeys.map(shellQuoted).joined(separator: "|"))) chime_path=\"$chime_path/$word\" ;;",
            "        esac",
            "    done",
            "    case \"$chime_path\" in",
        ]
        for entry in entries(language: language) {
            let described = (entry.candidates.map { shellQuoted(zshEscaped($0.word) + ":" + $0.description) }
                + (entry.storedPositional.map { [zshStored($0)] } ?? [])).joined(separator: " ")
            lines.append("        (\(shellQuoted(entry.key)))")
            if entry.wordsByPrevious.isEmpty, entry.storedByPrevious.isEmpty {
                lines.append("            candidates=(\(described)) ;;")
                continue
            }
            lines.append("            case \"$prev\" in")
            for (previous, words) in entry.wordsByPrevious {
                lines.append("                (\(previous.map(shellQuoted).joined(separator: "|"))) candidates=(\(words.map { shellQuoted(zshEscaped($0)) }.joined(separator: " "))) ;;")
            }
            for (previous, candidates) in entry.storedByPrevious {
                lines.append("                (\(previous.map(shellQuoted).joined(separator: "|"))) candidates=(\(zshStored(candidates))) ;;")
            }
            lines.append("                (*) candidates=(\(described)) ;;")
            lines.append("            esac ;;")
        }
        lines += [
            "    esac",
            "    (( ${#candidates} )) && _describe -t chime 'chime' candidates",
            "}",
            "_chime \"$@\"",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The stored words as zsh array elements, one per line of `chime __complete`, their colons
    /// escaped for `_describe` (`water/w-7kq/2026-03-11T09:00`).
    private static func zshStored(_ candidates: CompletionCandidates) -> String {
        "${${(f)\"$(\(candidates.shellCommand))\"}//:/\\\\:}"
    }

    /// `_describe` splits entries at the first unescaped `:`.
    private static func zshEscaped(_ word: String) -> String {
        word.replacingEvery(":", with: "\\:")
    }

    // MARK: - fish

    private static func fish(language: UserLanguage) -> String {
        func said(_ text: HelpText) -> String { text.text(in: language) }
        var lines = [
            "# fish completion for chime, generated by \"chime completions fish\".",
            "function __chime_path",
            "    set -l tokens (commandline -opc)",
            "    set -l chime_path chime",
            "    for token in $tokens[2..-1]",
            "        switch \"$chime_path/$token\"",
            "            case \(commandKeys.map { fishQuoted("chime" + $0) }.joined(separator: " "))",
            "                set chime_path \"$chime_path/$token\"",
            "        end",
            "    end",
            "    echo $chime_path",
            "end",
            "function __chime_previous_is",
            "    set -l tokens (commandline -opc)",
            "    contains -- $tokens[-1] $argv",
            "end",
            "complete -c chime -f",
        ]
        for (spec, entry) in zip(CommandTable.root.allCommands, entries(language: language)) {
            let condition = "-n " + fishQuoted("test (__chime_path) = " + "chime" + entry.key)
            for subcommand in spec.subcommands {
                lines.append("complete -c chime \(condition) -a \(fishQuoted(subcommand.name)) -d \(fishQuoted(said(subcommand.summary)))")
            }
            // Right after a key (`config set notify.urgency.fast`), its values and not more keys.
            let keys = entry.argumentValues.flatMap(\.previous)
            let afterNoKey = keys.isEmpty ? condition : "-n " + fishQuoted("test (__chime_path) = chime\(entry.key); and not __chime_previous_is \(keys.joined(separator: " "))")
            if let first = spec.positionals.first {
                for candidate in first.kind.completionCandidates {
                    lines.append("complete -c chime \(afterNoKey) -a \(fishQuoted(candidate.word)) -d \(fishQuoted(said(candidate.description ?? first.summary)))")
                }
                if let stored = first.kind.storedCandidates {
                    // fish runs the command substitution in -a each time it completes.
                    lines.append("complete -c chime \(afterNoKey) -a \(fishQuoted("(" + stored.shellCommand + ")")) -d \(fishQuoted(said(first.summary)))")
                }
            }
            for (previous, words) in entry.argumentValues where !words.isEmpty {
                let afterKey = "-n " + fishQuoted("test (__chime_path) = chime\(entry.key); and __chime_previous_is \(previous.joined(separator: " "))")
                let summary = spec.positionals.first { $0.kind == .configValue }?.summary ?? HelpText(sameInEveryLanguage: "")
                lines.append("complete -c chime \(afterKey) -a \(fishQuoted(words.joined(separator: " "))) -d \(fishQuoted(said(summary)))")
            }
            var options = spec.options + [CommandSpec.helpOption]
            if spec.path.isEmpty { options.append(CommandSpec.versionOption) }
            for option in options {
                var line = "complete -c chime \(condition)"
                if option.name == CommandSpec.helpOption.name { line += " -s h" }
                line += " -l \(option.name)"
                if option.takesValue {
                    line += " -x"
                    let words = option.kind?.completionWords ?? []
                    if let stored = option.kind?.storedCandidates {
                        line += " -a \(fishQuoted("(" + stored.shellCommand + ")"))"
                    } else if !words.isEmpty {
                        line += " -a \(fishQuoted(words.joined(separator: " ")))"
                    }
                }
                lines.append(line + " -d \(fishQuoted(said(option.summary)))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Option spellings (or setting keys) gathered by the words they offer, so options of free
    /// text share one arm.
    private static func groupedByWords(_ items: [(previous: String, words: [String])]) -> [(previous: [String], words: [String])] {
        var groups: [(previous: [String], words: [String])] = []
        for item in items {
            if let index = groups.firstIndex(where: { $0.words == item.words }) {
                groups[index].previous.append(item.previous)
            } else {
                groups.append(([item.previous], item.words))
            }
        }
        return groups
    }

    // MARK: - Quoting

    /// `text` in POSIX single quotes (bash and zsh).
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingEvery("'", with: "'\\''") + "'"
    }

    /// `text` in fish single quotes, where only `\` and `'` are special.
    static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingEvery("\\", with: "\\\\").replacingEvery("'", with: "\\'") + "'"
    }
}
