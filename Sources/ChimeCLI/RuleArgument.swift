import ChimeCore

/// The RULE of `remind every` as typed: the rule itself (`"weekdays 09:30"`), or the words after
/// `every` (`remind every 1m tea`, `remind every hour water`), and a rule whose words were not
/// quoted (`remind every weekdays 09:30 standup`) refused with the quoted command to type.
enum RuleArgument {
    /// The most words after an unquoted RULE looked at to find the rule they continue.
    static let longestUnquotedRule = 6

    /// The rule text and rule that `arguments` (of `remind every`) name.
    static func read(_ arguments: ParsedArguments) throws(UsageError) -> (text: String, rule: RecurrenceRule) {
        let rule = arguments.positional("RULE")!
        let text = arguments.positional("TEXT")?.text ?? ""
        let textWords = text.split(separator: " ").map(String.init)
        // One word: the shell split an unquoted rule when the words after it continue it.
        if !rule.text.contains(where: \.isWhitespace), textWords.count > 1 {
            for count in stride(from: min(textWords.count - 1, longestUnquotedRule), through: 1, by: -1) {
                let joined = ([rule.text] + textWords.prefix(count)).joined(separator: " ")
                guard reading(joined) != nil else { continue }
                let command = (["chime", "remind", "every", ShellWord.quoted(joined, always: true)] + textWords.dropFirst(count)).joined(separator: " ")
                    + optionsSuffix(arguments)
                throw UsageError(.unexpectedArgument, .ruleNeedsQuotes, ["rule": joined, "command": command], argumentPosition: rule.position)
            }
        }
        if let found = reading(rule.text) { return found }
        // The rule's own error: the word at fault and the nearest rule that reads.
        return (rule.text, try rule.recurrenceRule())
    }

    /// `text` as a rule, or as the words after `every` (`1m`, `hour`, `day at 8am`).
    private static func reading(_ text: String) -> (text: String, rule: RecurrenceRule)? {
        if let rule = try? RecurrencePhrase.rule(from: text) { return (text, rule) }
        let every = "every " + text
        if let rule = try? RecurrencePhrase.rule(from: every) { return (every, rule) }
        return nil
    }

    /// The options as typed, in their order, for the command shown back.
    private static func optionsSuffix(_ arguments: ParsedArguments) -> String {
        arguments.options.sorted { $0.value.position < $1.value.position }.map { name, value in
            value.text.isEmpty ? " --\(name)" : " --\(name) \(ShellWord.quoted(value.text))"
        }.joined()
    }
}

/// A word as a POSIX shell reads it back: as it is when it holds nothing the shell treats
/// specially, else in single quotes.
enum ShellWord {
    private static let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./:,@%+=")

    /// `word` quoted for the shell; `always`: in double quotes even when plain (a rule shown as
    /// one argument), unless it holds what double quotes do not protect.
    static func quoted(_ word: String, always: Bool = false) -> String {
        if always, !word.contains(where: { "\"$`\\!".contains($0) }) { return "\"\(word)\"" }
        if !word.isEmpty, word.allSatisfy({ plain.contains($0) || !$0.isASCII }) { return word }
        return "'" + word.replacingEvery("'", with: "'\\''") + "'"
    }
}
