import ChimeCore
import Glibc

/// Turns command-line arguments into a ``Command`` value: a pure function of the arguments.
///
/// Nothing is printed and nothing exits here: `--help` becomes ``Command/help(_:)``, and every
/// problem becomes a ``UsageError`` carrying its message, position and exit code.
public enum CommandParser {
    /// The command `arguments` (without the program name) ask for, or why they cannot run.
    public static func parse(_ arguments: [String]) -> Result<Command, UsageError> {
        do {
            return .success(try command(from: arguments))
        } catch {
            return .failure(error)
        }
    }

    /// The command of this process's own arguments, read as raw bytes first so that an argument
    /// that is not valid UTF-8 is refused (see ``ArgumentDecoder``) rather than silently repaired.
    public static func parseProcessArguments() -> Result<Command, UsageError> {
        ArgumentDecoder.processArguments().flatMap(parse)
    }

    /// The line `chime --version` prints when this process's only argument is `--version`, read
    /// from argv before anything else is built (environment, runner, argument decoding); else
    /// `nil`. Starting the program is then all it costs.
    public static func processVersionLine() -> String? {
        guard CommandLine.argc == 2, let argument = CommandLine.unsafeArgv[1],
              strcmp(argument, "--" + CommandSpec.versionOption.name) == 0 else { return nil }
        return CommandTable.versionText
    }

    /// The command `arguments` ask for; throws when they cannot run.
    public static func command(from arguments: [String]) throws(UsageError) -> Command {
        if arguments.count == 2, arguments[0] == CompletionCandidates.commandWord, let what = CompletionCandidates(rawValue: arguments[1]) {
            return .completionCandidates(what)
        }
        // A status bar runs `status --format waybar` every few seconds: it is answered without
        // building the command table (and its help texts), as it would be through it.
        if arguments == ["status", "--format", "waybar"] || arguments == ["status", "--format=waybar"] {
            return .status(format: .waybar, follow: false)
        }
        let tokens = ArgumentTokenizer.tokenize(arguments)
        // `chime --version` alone is answered before the command table (and the texts of its
        // help) is built: it prints one line. Anything more goes the whole way below.
        if tokens.count == 1, case .longOption(name: CommandSpec.versionOption.name, attachedValue: nil) = tokens[0].kind {
            return .version(CommandTable.versionText)
        }
        let optionEnd = tokens.firstIndex { $0.kind == .terminator } ?? tokens.endIndex

        // Walk the command words: every value up to the first option names a deeper command.
        var spec = CommandTable.root
        var index = 0
        while spec.isGroup, index < optionEnd, let word = tokens[index].value {
            guard let next = spec.subcommand(named: word) else {
                throw unknownCommand(word, in: spec, position: tokens[index].position)
            }
            spec = next
            index += 1
        }

        // `--help` or `-h` anywhere before `--` wins over everything else, like in git.
        if tokens[index..<optionEnd].contains(where: isHelpRequest) {
            return .help(command: spec.path)
        }
        if spec.isGroup {
            return try groupWithoutSubcommand(spec, rest: tokens[index...])
        }
        let parsed = try match(tokens[index...], against: spec)
        guard let build = spec.build else {
            throw UsageError(.missingSubcommand, .cannotRunAlone, ["command": spec.displayName])
        }
        return try build(parsed)
    }

    // MARK: - Groups

    /// A group reached with no subcommand: bare `chime` shows help, `chime --version` the version.
    private static func groupWithoutSubcommand(_ spec: CommandSpec, rest: ArraySlice<ArgumentToken>) throws(UsageError) -> Command {
        let names = spec.subcommands.map(\.name)
        guard let first = rest.first else {
            if spec.path.isEmpty { return .help(command: spec.path) }
            throw missingSubcommand(spec)
        }
        switch first.kind {
        case .longOption(name: CommandSpec.versionOption.name, attachedValue: nil) where spec.path.isEmpty:
            if let extra = rest.dropFirst().first {
                throw UsageError(.unexpectedArgument, .unexpectedAfterVersion, ["argument": extra.text], argumentPosition: extra.position)
            }
            return .version(CommandTable.versionText)
        case .longOption(let name, let attached):
            // Below the root, an option before the subcommand means the subcommand is missing.
            guard spec.path.isEmpty else { throw missingSubcommand(spec) }
            let options = [CommandSpec.helpOption, CommandSpec.versionOption]
            if attached != nil, options.contains(where: { $0.name == name }) {
                throw UsageError(.unexpectedValue, .optionTakesNoValue, ["option": "--\(name)"], argumentPosition: first.position)
            }
            throw unknownOption(first.text, name: name, among: options, in: spec, position: first.position)
        case .shortOption:
            throw UsageError(.unknownOption, .unknownOptionSee, ["option": first.text, "command": spec.displayName], argumentPosition: first.position)
        case .terminator:
            throw UsageError(.missingSubcommand, LocalizedText { language in
                CommandText.needsCommandBeforeTerminator.text(language, ["command": spec.displayName, "names": Self.list(names, in: language)])
            }, argumentPosition: first.position)
        case .value(let word):
            // The walk above consumes or rejects every word before `--`; kept for completeness.
            throw unknownCommand(word, in: spec, position: first.position)
        }
    }

    // MARK: - Leaf commands

    /// Sorts the tokens after a leaf command into options and positionals and checks their counts.
    private static func match(_ tokens: ArraySlice<ArgumentToken>, against spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        var options: [String: ArgumentValue] = [:]
        var values: [ArgumentValue] = []
        var index = tokens.startIndex
        while index < tokens.endIndex {
            let token = tokens[index]
            index += 1
            switch token.kind {
            case .terminator:
                continue
            case .value(let text):
                values.append(ArgumentValue(text: text, position: token.position))
            case .shortOption:
                throw UsageError(.unknownOption, .unknownOptionSee, ["option": token.text, "command": spec.displayName], argumentPosition: token.position)
            case .longOption(let name, let attached):
                guard let option = spec.option(named: name) else {
                    if name == CommandSpec.helpOption.name {
                        throw UsageError(.unexpectedValue, .helpTakesNoValue, ["command": spec.displayName], argumentPosition: token.position)
                    }
                    throw unknownOption(token.text, name: name, among: spec.options + [CommandSpec.helpOption], in: spec, position: token.position)
                }
                if options[name] != nil {
                    throw UsageError(.repeatedOption, .repeatedOption, ["option": option.spelling], argumentPosition: token.position)
                }
                guard option.takesValue else {
                    if attached != nil {
                        throw UsageError(.unexpectedValue, .optionTakesNoValue, ["option": option.spelling], argumentPosition: token.position)
                    }
                    options[name] = ArgumentValue(text: "", position: token.position)
                    continue
                }
                var value: ArgumentValue
                if let attached {
                    value = ArgumentValue(text: attached, position: token.position)
                } else if index < tokens.endIndex, let next = valueText(tokens[index]) {
                    value = ArgumentValue(text: next, position: tokens[index].position)
                    index += 1
                    // An unquoted `--at tomorrow 9am` or `--at 2026-03-29 20:00` arrives as
                    // several arguments: rejoin them.
                    let following = tokens[index...].prefix { $0.value != nil }.compactMap(\.value)
                    let count = option.kind.map { timeWordCount(kind: $0, [next] + following, allowingDateAlone: option.name == "until") } ?? 1
                    if count > 1 {
                        value = ArgumentValue(text: ([next] + following.prefix(count - 1)).joined(separator: " "), position: value.position)
                        index += count - 1
                    }
                } else {
                    // Followed by another option: the value may have been meant to start with dashes.
                    let message: CommandText = index < tokens.endIndex ? .missingValueBeforeOption : .missingValue
                    throw UsageError(.missingValue, message, ["option": option.spelling, "synopsis": option.synopsis], argumentPosition: token.position)
                }
                options[name] = value
            }
        }
        let positionals = try assign(values, to: spec)
        try checkRequirements(of: spec, options: options, positionals: positionals)
        return ParsedArguments(spec: spec, options: options, positionals: positionals)
    }

    /// The text of `token` when it can be the value of an option: a value, or a dash word such as
    /// `-x` (a value that starts with `--` must be attached with `=`).
    private static func valueText(_ token: ArgumentToken) -> String? {
        switch token.kind {
        case .value(let text): return text
        case .shortOption: return token.text
        case .longOption, .terminator: return nil
        }
    }

    /// Hands positional values to the command's positionals in order, leaving enough for the
    /// required ones that follow.
    private static func assign(_ values: [ArgumentValue], to spec: CommandSpec) throws(UsageError) -> [String: [ArgumentValue]] {
        var remaining = values[...]
        var result: [String: [ArgumentValue]] = [:]
        for (offset, positional) in spec.positionals.enumerated() {
            let reservedAfter = spec.positionals[(offset + 1)...].filter { [.required, .oneOrMore, .text].contains($0.arity) }.count
            let available = max(0, remaining.count - reservedAfter)
            switch positional.arity {
            case .required:
                guard var value = remaining.first else { throw missingArgument(positional, of: spec) }
                // An unquoted `tomorrow 9am` or `YYYY-MM-DD HH:MM` arrives as several arguments:
                // rejoin them (a TEXT after it left without words is then said to be missing).
                let count = timeWordCount(kind: positional.kind, [value.text] + remaining.dropFirst().map(\.text))
                value = ArgumentValue(text: remaining.prefix(count).map(\.text).joined(separator: " "), position: value.position)
                remaining = remaining.dropFirst(count)
                result[positional.name] = [value]
            case .optional:
                if available > 0, let value = remaining.first {
                    result[positional.name] = [value]
                    remaining = remaining.dropFirst()
                }
            case .oneOrMore, .zeroOrMore, .text:
                let taken = remaining.prefix(available)
                if taken.isEmpty, positional.arity != .zeroOrMore { throw missingArgument(positional, of: spec) }
                remaining = remaining.dropFirst(taken.count)
                if positional.arity == .text, let first = taken.first {
                    result[positional.name] = [ArgumentValue(text: taken.map(\.text).joined(separator: " "), position: first.position)]
                } else if !taken.isEmpty {
                    result[positional.name] = Array(taken)
                }
            }
        }
        if let extra = remaining.first {
            throw UsageError(
                .unexpectedArgument, spec.positionals.isEmpty ? .unexpectedArgumentNone : .unexpectedArgumentUsage,
                ["argument": extra.text, "command": spec.displayName, "usage": HelpFormatter.usage(of: spec)], argumentPosition: extra.position
            )
        }
        return result
    }

    /// How many of `words` (a value and the arguments after it) make one value of `kind`: more
    /// than one only for a TIME or time of day typed without quotes (`tomorrow 9am`, `9 pm`).
    private static func timeWordCount(kind: CommandSpec.ValueKind, _ words: [String], allowingDateAlone: Bool = false) -> Int {
        switch kind {
        case .time:
            return TimeSpecification.wordCount(of: words[...], allowingDateAlone: allowingDateAlone)
        case .timeOfDay:
            guard !TimeOfDayPhrase.isTime(words[0]), words.count > 1, TimeOfDayPhrase.isTime(words[0] + " " + words[1]) else { return 1 }
            return 2
        default:
            return 1
        }
    }

    /// Required options and exclusive groups.
    private static func checkRequirements(of spec: CommandSpec, options: [String: ArgumentValue], positionals: [String: [ArgumentValue]]) throws(UsageError) {
        for option in spec.options where option.required && options[option.name] == nil {
            throw UsageError(.missingArgument, .needsOption, ["command": spec.displayName, "option": option.synopsis, "usage": HelpFormatter.usage(of: spec)])
        }
        for group in spec.exclusiveGroups {
            let given = group.members.filter { options[$0] != nil || positionals[$0] != nil }
            if given.count > 1 {
                let spelled = given.map { member in spec.option(named: member)?.spelling ?? member }
                let positions = given.compactMap { options[$0]?.position ?? positionals[$0]?.first?.position }
                throw UsageError(.conflictingArguments, LocalizedText { language in
                    CommandText.cannotCombine.text(language, ["options": list(spelled, conjunction: .listAnd, in: language)])
                }, argumentPosition: positions.max())
            }
            if group.required, given.isEmpty {
                let spelled = group.members.map { HelpFormatter.bareSynopsis(of: $0, in: spec) }
                throw UsageError(.missingArgument, LocalizedText { language in
                    CommandText.needsOneOf.text(language, [
                        "command": spec.displayName, "choices": list(spelled, in: language), "usage": HelpFormatter.usage(of: spec),
                    ])
                })
            }
        }
    }

    // MARK: - Errors

    private static func isHelpRequest(_ token: ArgumentToken) -> Bool {
        switch token.kind {
        case .longOption(name: CommandSpec.helpOption.name, attachedValue: nil), .shortOption("h"): return true
        default: return false
        }
    }

    /// The error for `word` where a subcommand of `spec` was expected, with the closest name.
    static func unknownCommand(_ word: String, in spec: CommandSpec, position: Int) -> UsageError {
        let names = spec.subcommands.map(\.name)
        let suggestion = Suggestion.closest(to: word, among: names)
        let text = LocalizedText { language in
            let hint = suggestion.map { CommandText.didYouMean.text(language, ["suggestion": $0]) }
                ?? CommandText.useOneOfSee.text(language, [
                    "names": list(names, in: language), "help": spec.path.isEmpty ? "chime help" : "\(spec.displayName) --help",
                ])
            return (spec.path.isEmpty ? CommandText.unknownCommand : .unknownSubcommand)
                .text(language, ["word": word, "command": spec.displayName, "hint": hint])
        }
        return UsageError(.unknownCommand, text, argumentPosition: position, suggestion: suggestion)
    }

    private static func unknownOption(_ text: String, name: String, among options: [CommandSpec.Option], in spec: CommandSpec, position: Int) -> UsageError {
        let suggestion = Suggestion.closest(to: name, among: options.map(\.name)).map { "--\($0)" }
        let option = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
        let message = LocalizedText { language in
            let hint = suggestion.map { CommandText.didYouMean.text(language, ["suggestion": $0]) }
                ?? CommandText.seeHelp.text(language, ["command": spec.displayName])
            return CommandText.unknownOption.text(language, ["option": option, "command": spec.displayName, "hint": hint])
        }
        return UsageError(.unknownOption, message, argumentPosition: position, suggestion: suggestion)
    }

    private static func missingSubcommand(_ spec: CommandSpec) -> UsageError {
        UsageError(.missingSubcommand, LocalizedText { language in
            CommandText.missingSubcommand.text(language, ["command": spec.displayName, "names": list(spec.subcommands.map(\.name), in: language)])
        })
    }

    private static func missingArgument(_ positional: CommandSpec.Positional, of spec: CommandSpec) -> UsageError {
        UsageError(.missingArgument, .missingArgument, ["argument": positional.name, "command": spec.displayName, "usage": HelpFormatter.usage(of: spec)])
    }

    /// `a, b or c` (`conjunction` `.listOr` or `.listAnd`) in `language`.
    static func list(_ words: [String], conjunction: CommandText = .listOr, in language: UserLanguage) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        let rest = words.dropLast().joined(separator: CommandText.listComma.text(language))
        return conjunction.text(language, ["rest": rest, "last": words.last!])
    }
}
