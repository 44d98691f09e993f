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

    /// The command `arguments` ask for; throws when they cannot run.
    public static func command(from arguments: [String]) throws(UsageError) -> Command {
        if arguments.count == 2, arguments[0] == CompletionCandidates.commandWord, let what = CompletionCandidates(rawValue: arguments[1]) {
            return .completionCandidates(what)
        }
        let tokens = ArgumentTokenizer.tokenize(arguments)
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
            return .help(HelpFormatter.help(for: spec))
        }
        if spec.isGroup {
            return try groupWithoutSubcommand(spec, rest: tokens[index...])
        }
        let parsed = try match(tokens[index...], against: spec)
        guard let build = spec.build else {
            throw UsageError(.missingSubcommand, "\"\(spec.displayName)\" cannot run on its own: see \"\(spec.displayName) --help\"")
        }
        return try build(parsed)
    }

    // MARK: - Groups

    /// A group reached with no subcommand: bare `chime` shows help, `chime --version` the version.
    private static func groupWithoutSubcommand(_ spec: CommandSpec, rest: ArraySlice<ArgumentToken>) throws(UsageError) -> Command {
        let names = spec.subcommands.map(\.name)
        guard let first = rest.first else {
            if spec.path.isEmpty { return .help(HelpFormatter.help(for: spec)) }
            throw missingSubcommand(spec)
        }
        switch first.kind {
        case .longOption(name: CommandSpec.versionOption.name, attachedValue: nil) where spec.path.isEmpty:
            if let extra = rest.dropFirst().first {
                throw UsageError(.unexpectedArgument, "unexpected argument \"\(extra.text)\" after --version: use \"chime --version\" alone",
                                 argumentPosition: extra.position)
            }
            return .version(CommandTable.versionText)
        case .longOption(let name, let attached):
            // Below the root, an option before the subcommand means the subcommand is missing.
            guard spec.path.isEmpty else { throw missingSubcommand(spec) }
            let options = [CommandSpec.helpOption, CommandSpec.versionOption]
            if attached != nil, options.contains(where: { $0.name == name }) {
                throw UsageError(.unexpectedValue, "option --\(name) takes no value: write just --\(name)", argumentPosition: first.position)
            }
            throw unknownOption(first.text, name: name, among: options, in: spec, position: first.position)
        case .shortOption:
            throw UsageError(.unknownOption, "unknown option \"\(first.text)\" for \"\(spec.displayName)\": see \"\(spec.displayName) --help\"",
                             argumentPosition: first.position)
        case .terminator:
            throw UsageError(.missingSubcommand, "\"\(spec.displayName)\" needs a command before \"--\": use one of \(Self.list(names))",
                             argumentPosition: first.position)
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
                throw UsageError(.unknownOption, "unknown option \"\(token.text)\" for \"\(spec.displayName)\": see \"\(spec.displayName) --help\"",
                                 argumentPosition: token.position)
            case .longOption(let name, let attached):
                guard let option = spec.option(named: name) else {
                    if name == CommandSpec.helpOption.name {
                        throw UsageError(.unexpectedValue, "option --help takes no value: use \"\(spec.displayName) --help\"", argumentPosition: token.position)
                    }
                    throw unknownOption(token.text, name: name, among: spec.options + [CommandSpec.helpOption], in: spec, position: token.position)
                }
                if options[name] != nil {
                    throw UsageError(.repeatedOption, "option \(option.spelling) is given twice: give it once", argumentPosition: token.position)
                }
                guard option.takesValue else {
                    if attached != nil {
                        throw UsageError(.unexpectedValue, "option \(option.spelling) takes no value: write just \(option.spelling)", argumentPosition: token.position)
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
                    // An unquoted `--at 2026-03-29 20:00` arrives as two arguments: rejoin them.
                    if option.kind == .time, TimeSpecification.isBareDate(next), index < tokens.endIndex,
                       let time = tokens[index].value, TimeSpecification.looksLikeTimeOfDay(time) {
                        value = ArgumentValue(text: "\(next) \(time)", position: value.position)
                        index += 1
                    }
                } else {
                    // Followed by another option: the value may have been meant to start with dashes.
                    let hint = index < tokens.endIndex ? " (write \(option.spelling)=VALUE when the value starts with --)" : ""
                    throw UsageError(.missingValue, "option \(option.spelling) needs a value: \(option.synopsis)\(hint)", argumentPosition: token.position)
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
                remaining = remaining.dropFirst()
                // An unquoted `YYYY-MM-DD HH:MM` arrives as two arguments: rejoin them.
                if positional.kind == .time, TimeSpecification.isBareDate(value.text), let time = remaining.first,
                   TimeSpecification.looksLikeTimeOfDay(time.text) {
                    value = ArgumentValue(text: "\(value.text) \(time.text)", position: value.position)
                    remaining = remaining.dropFirst()
                }
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
            let hint = spec.positionals.isEmpty
                ? "\"\(spec.displayName)\" takes no arguments"
                : "usage: \(HelpFormatter.usage(of: spec))"
            throw UsageError(.unexpectedArgument, "unexpected argument \"\(extra.text)\": \(hint)", argumentPosition: extra.position)
        }
        return result
    }

    /// Required options and exclusive groups.
    private static func checkRequirements(of spec: CommandSpec, options: [String: ArgumentValue], positionals: [String: [ArgumentValue]]) throws(UsageError) {
        for option in spec.options where option.required && options[option.name] == nil {
            throw UsageError(.missingArgument, "\"\(spec.displayName)\" needs \(option.synopsis): usage: \(HelpFormatter.usage(of: spec))")
        }
        for group in spec.exclusiveGroups {
            let given = group.members.filter { options[$0] != nil || positionals[$0] != nil }
            if given.count > 1 {
                let spelled = given.map { member in spec.option(named: member)?.spelling ?? member }
                let positions = given.compactMap { options[$0]?.position ?? positionals[$0]?.first?.position }
                throw UsageError(.conflictingArguments, "\(list(spelled, conjunction: "and")) cannot be combined: give only one",
                                 argumentPosition: positions.max())
            }
            if group.required, given.isEmpty {
                let spelled = group.members.map { HelpFormatter.bareSynopsis(of: $0, in: spec) }
                throw UsageError(.missingArgument, "\"\(spec.displayName)\" needs \(list(spelled, conjunction: "or")): usage: \(HelpFormatter.usage(of: spec))")
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
        let what = spec.path.isEmpty ? "command \"\(word)\"" : "subcommand \"\(word)\" of \"\(spec.displayName)\""
        let hint = suggestion.map { "did you mean \"\($0)\"?" }
            ?? "use one of \(list(names)) (see \"\(spec.path.isEmpty ? "chime help" : "\(spec.displayName) --help")\")"
        return UsageError(.unknownCommand, "unknown \(what): \(hint)", argumentPosition: position, suggestion: suggestion)
    }

    private static func unknownOption(_ text: String, name: String, among options: [CommandSpec.Option], in spec: CommandSpec, position: Int) -> UsageError {
        let suggestion = Suggestion.closest(to: name, among: options.map(\.name)).map { "--\($0)" }
        let hint = suggestion.map { "did you mean \"\($0)\"?" } ?? "see \"\(spec.displayName) --help\""
        let option = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
        return UsageError(.unknownOption, "unknown option \"\(option)\" for \"\(spec.displayName)\": \(hint)",
                          argumentPosition: position, suggestion: suggestion)
    }

    private static func missingSubcommand(_ spec: CommandSpec) -> UsageError {
        UsageError(.missingSubcommand, "\"\(spec.displayName)\" needs a subcommand: \(list(spec.subcommands.map(\.name))) (see \"\(spec.displayName) --help\")")
    }

    private static func missingArgument(_ positional: CommandSpec.Positional, of spec: CommandSpec) -> UsageError {
        UsageError(.missingArgument, "missing \(positional.name) for \"\(spec.displayName)\": usage: \(HelpFormatter.usage(of: spec))")
    }

    /// `a, b or c`.
    static func list(_ words: [String], conjunction: String = "or") -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " \(conjunction) " + words.last!
    }
}
