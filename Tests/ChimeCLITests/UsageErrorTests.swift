import ChimeCore
import ChimeTestSupport
import Testing
@testable import ChimeCLI

@Suite struct TypoSuggestionTests {
    @Test func unknownCommandSuggestsTheClosest() throws {
        let error = try #require(failure("fats"))
        #expect(error.line == "chime: unknown command \"fats\": did you mean \"fast\"?")
        #expect(error.kind == .unknownCommand)
        #expect(error.exitCode == .usage)
        #expect(error.exitCode.rawValue == 64)
        #expect(error.suggestion == "fast")
        #expect(error.argumentPosition == 1)
    }

    @Test(arguments: [
        (["wter"], "water"), (["remid"], "remind"), (["cancle"], "cancel"), (["snoze"], "snooze"),
        (["stauts"], "status"), (["lsit"], "list"), (["Fast"], "fast"), (["doctr"], "doctor"),
        (["fast", "strat"], "start"), (["fast", "stpo"], "stop"), (["water", "drnik"], "drink"),
        (["config", "lst"], "list"), (["remind", "inn"], "in"), (["help", "fsat"], "fast"),
    ])
    func commandTypos(_ arguments: [String], _ expected: String) throws {
        let error = try #require(failure(arguments))
        #expect(error.kind == .unknownCommand)
        #expect(error.suggestion == expected)
        #expect(error.message.hasSuffix("did you mean \"\(expected)\"?"))
        #expect(error.argumentPosition == arguments.count)
    }

    @Test func subcommandMessageNamesTheGroup() throws {
        let error = try #require(failure("fast", "strat"))
        #expect(error.message == "unknown subcommand \"strat\" of \"chime fast\": did you mean \"start\"?")
    }

    @Test func farOffWordsGetTheListInstead() throws {
        let error = try #require(failure("xylophone"))
        #expect(error.suggestion == nil)
        #expect(error.message.contains("use one of fast, water, remind"))
        #expect(error.message.contains("chime help"))
    }

    @Test(arguments: [
        (["fast", "start", "--tga", "x"], "--tag"), (["fast", "start", "--ag", "3h"], "--ago"),
        (["fast", "start", "--repaet"], "--repeat"),
        (["fast", "start", "--remind-befor", "1h"], "--remind-before"),
        (["fast", "status", "--jsn"], "--json"),
        (["water", "every", "1h", "--amout", "250"], "--amount"),
        (["status", "--folow"], "--follow"),
        (["export", "--fromat", "csv"], "--format"),
        (["cancel", "--al"], "--all"),
        (["--verison"], "--version"),
        (["list", "--hlep"], "--help"),
    ])
    func optionTypos(_ arguments: [String], _ expected: String) throws {
        let error = try #require(failure(arguments))
        #expect(error.kind == .unknownOption)
        #expect(error.exitCode == .usage)
        #expect(error.suggestion == expected)
        #expect(error.message.hasSuffix("did you mean \"\(expected)\"?"))
    }

    @Test func unknownOptionWithValueNamesOnlyTheOption() throws {
        let error = try #require(failure("fast", "start", "--tga=x"))
        #expect(error.message == "unknown option \"--tga\" for \"chime fast start\": did you mean \"--tag\"?")
        #expect(error.argumentPosition == 3)
    }

    @Test func optionOfAnotherCommandIsUnknownHere() throws {
        let error = try #require(failure("fast", "stop", "--json"))
        #expect(error.kind == .unknownOption)
        #expect(error.message.contains("see \"chime fast stop --help\""))
    }

    @Test func unknownShortOption() throws {
        let error = try #require(failure("list", "-j"))
        #expect(error.kind == .unknownOption)
        #expect(error.argumentPosition == 2)
    }

    @Test func invalidChoicesSuggestTheClosestValue() throws {
        let format = try #require(failure("status", "--format", "wayber"))
        #expect(format.line == "chime: invalid value \"wayber\" for --format: did you mean \"waybar\"?")
        #expect(format.exitCode == .usage)
        let shell = try #require(failure("completions", "powershell"))
        #expect(shell.kind == .invalidChoice)
        #expect(shell.message.contains("bash, zsh, fish"))
        let key = try #require(failure("config", "get", "fast.plam"))
        #expect(key.message == "unknown setting \"fast.plam\": did you mean \"fast.plan\"?")
        let what = try #require(failure("export", "--format", "csv", "--what", "fast"))
        #expect(what.suggestion == "fasts")
    }

    /// A bad setting value is bad data (65) whatever the key, a word outside the urgency levels
    /// as much as an amount out of range; only an unknown key is a usage error (64).
    @Test(arguments: [
        (["config", "set", "notify.urgency.fast", "loud"], ExitCode.dataError),
        (["config", "set", "notify.urgency.water", "critcal"], .dataError),
        (["config", "set", "notify.urgency.reminder", ""], .dataError),
        (["config", "set", "water.amount", "0"], .dataError),
        (["config", "set", "water.goal", "lots"], .dataError),
        (["config", "set", "fast.plan", "forever"], .dataError),
        (["config", "set", "fast.remind_before", "soon"], .dataError),
        (["config", "set", "notify.urgency.fats", "low"], .usage),
        (["config", "get", "water.amout"], .usage),
    ])
    func badSettingValuesAreBadData(_ arguments: [String], _ code: ExitCode) throws {
        let error = try #require(failure(arguments))
        #expect(error.exitCode == code, "\(arguments): \(error.line)")
        #expect(error.argumentPosition == (code == .usage ? 3 : 4))
    }

    @Test func aBadUrgencySuggestsTheClosestLevel() throws {
        let error = try #require(failure("config", "set", "notify.urgency.fast", "critcal"))
        #expect(error.line == "chime: invalid value \"critcal\" for notify.urgency.fast: use one of low, normal, critical (did you mean \"critical\"?)")
        #expect(error.suggestion == "critical")
        #expect(error.exitCode.rawValue == 65)
        let unknown = try #require(failure("config", "set", "notify.urgency.fats", "low"))
        #expect(unknown.line == "chime: unknown setting \"notify.urgency.fats\": did you mean \"notify.urgency.fast\"?")
        #expect(unknown.exitCode.rawValue == 64)
    }
}

@Suite struct MalformedCommandLineTests {
    @Test(arguments: [
        (["fast"], UsageError.Kind.missingSubcommand),
        (["water", "--json"], .missingSubcommand),
        (["config"], .missingSubcommand),
        (["fast", "extend"], .missingArgument),
        (["water", "every"], .missingArgument),
        (["water", "pause"], .missingArgument),
        (["remind", "in", "5m"], .missingArgument),
        (["remind", "at"], .missingArgument),
        (["snooze", "r-1"], .missingArgument),
        (["completions"], .missingArgument),
        (["config", "set", "fast.plan"], .missingArgument),
        (["cancel"], .missingArgument),
        (["export"], .missingArgument),
        (["export", "--what", "water"], .missingArgument),
        (["fast", "start", "--tag"], .missingValue),
        (["fast", "start", "--tag", "--repeat"], .missingValue),
        (["status", "--format"], .missingValue),
        (["fast", "status", "--json=yes"], .unexpectedValue),
        (["--version=2"], .unexpectedValue),
        (["list", "--help=x"], .unexpectedValue),
        (["fast", "start", "--id", "a", "--id", "b"], .repeatedOption),
        (["fast", "start", "--at", "20:00", "--ago", "1h"], .conflictingArguments),
        (["cancel", "r-1", "--all"], .conflictingArguments),
        (["cancel", "--group", "f1", "--all"], .conflictingArguments),
        (["fast", "stop", "now"], .unexpectedArgument),
        (["fast", "start", "16:8", "18:6"], .unexpectedArgument),
        (["water", "off", "please"], .unexpectedArgument),
        (["doctor", "now"], .unexpectedArgument),
        (["--version", "extra"], .unexpectedArgument),
        (["--", "fast"], .missingSubcommand),
    ])
    func exitsWithUsage(_ arguments: [String], _ kind: UsageError.Kind) throws {
        let error = try #require(failure(arguments))
        #expect(error.kind == kind)
        #expect(error.exitCode == .usage)
        #expect(error.line.hasPrefix("chime: "))
        #expect(!error.line.contains("\n"))
    }

    @Test func missingArgumentShowsTheUsage() throws {
        let error = try #require(failure("fast", "extend"))
        #expect(error.message == "missing DURATION for \"chime fast extend\": usage: chime fast extend DURATION [--id ID]")
    }

    @Test func missingSubcommandListsThem() throws {
        let error = try #require(failure("fast"))
        #expect(error.message == "\"chime fast\" needs a subcommand: start, stop, edit, extend, status, history, delete or schedule (see \"chime fast --help\")")
    }

    @Test func cancelNeedsOneTarget() throws {
        let error = try #require(failure("cancel"))
        #expect(error.message == "\"chime cancel\" needs ID..., --group ID or --all: usage: chime cancel (ID... | --group ID | --all)")
    }

    @Test func conflictPointsAtTheLaterArgument() throws {
        let error = try #require(failure("fast", "start", "--at", "20:00", "--ago", "1h"))
        #expect(error.message == "--at and --ago cannot be combined: give only one")
        #expect(error.argumentPosition == 6)
    }

    @Test func missingValueExplainsTheAttachedForm() throws {
        let error = try #require(failure("fast", "start", "--tag", "--replace"))
        #expect(error.message == "option --tag needs a value: --tag TEXT (write --tag=VALUE when the value starts with --)")
        #expect(error.argumentPosition == 3)
        let last = try #require(failure("fast", "start", "--tag"))
        #expect(last.message == "option --tag needs a value: --tag TEXT")
    }
}

@Suite struct BadDataTests {
    /// Every bad value named in issue 6, where a value is expected: exit 65 with the reason.
    @Test(arguments: [
        (["remind", "at", "25:00", "x"], DomainError.Kind.invalidTime, "hours run from 00 to 23"),
        (["fast", "start", "--at", "25:00"], .invalidTime, "hours run from 00 to 23"),
        (["fast", "extend", "0m"], .invalidDuration, "longer than zero"),
        (["fast", "start", "--ago", "0m"], .invalidDuration, "longer than zero"),
        (["fast", "extend", "-5m"], .invalidDuration, "must be positive"),
        (["water", "pause", "-5m"], .invalidDuration, "must be positive"),
        (["remind", "in", "-5m", "tea"], .invalidDuration, "must be positive"),
        (["snooze", "r-1", "-5m"], .invalidDuration, "must be positive"),
        (["fast", "start", "--ago", "-5m"], .invalidDuration, "must be positive"),
        (["water", "every", "-5m"], .invalidDuration, "must be positive"),
        (["fast", "extend", "12345678901234567890m"], .invalidDuration, "longer than the maximum"),
        (["remind", "in", "99999999999999999999s", "x"], .invalidDuration, "longer than the maximum"),
        (["fast", "extend", "5x"], .invalidDuration, "unknown unit"),
        (["fast", "start", "16:x"], .invalidPlan, "invalid fasting plan"),
        (["fast", "start", "--remind-before", "1h,,15m"], .invalidDuration, "it is empty"),
        (["remind", "in", "5m", ""], .invalidText, "is empty"),
        (["remind", "in", "5m", "   "], .invalidText, "is empty"),
        (["fast", "start", "--tag", ""], .invalidText, "is empty"),
        (["fast", "start", "--tag", String(repeating: "x", count: 1025)], .invalidText, "use at most 1024 bytes"),
        (["remind", "in", "5m", String(repeating: "é", count: 600)], .invalidText, "use at most 1024 bytes"),
        (["remind", "in", "5m", "a\u{0}b"], .invalidText, "NUL"),
        (["fast", "start", "--id", "f 3"], .invalidIdentifier, "invalid id"),
        (["list", "--group", "-bad"], .invalidIdentifier, "invalid id"),
        (["cancel", "bad id"], .invalidIdentifier, "invalid id"),
        (["cancel", "fast/f 1/end"], .invalidIdentifier, "invalid request identifier"),
        (["water", "drink", "0"], .invalidAmount, "from 1 to 20000"),
        (["water", "drink", "lots"], .invalidAmount, "use a number such as 250, 250ml or 8oz"),
        (["water", "drink", "8ox"], .invalidAmount, "use a number such as 250, 250ml or 8oz"),
        (["water", "drink", "700oz"], .invalidAmount, "from 0.1 to 676.3 oz"),
        (["water", "goal", "sat", "30000"], .invalidAmount, "from 1 to 20000"),
        (["water", "edit", "#x", "--amount", "300"], .invalidAmount, "use a number from \"chime water log\""),
        (["water", "goal", "someday", "1500"], .invalidRule, "invalid days \"someday\""),
        (["water", "every", "1h", "--amount", "99999999999999"], .invalidAmount, "from 1 to 20000"),
        (["water", "every", "1h", "--from", "8"], .invalidTime, "HH:MM"),
        (["water", "every", "1h", "--until", "21:60"], .invalidTime, "HH:MM"),
        (["remind", "at", "2026-02-30", "10:00", "x"], .invalidTime, "is not a day of the calendar"),
        (["config", "set", "fast.plan", "bogus"], .invalidPlan, "invalid fasting plan"),
        (["config", "set", "water.amount", "0"], .invalidAmount, "from 1 to 20000"),
        (["config", "set", "fast.remind_before", "soon"], .invalidDuration, "invalid duration"),
    ])
    func exitsWithDataError(_ arguments: [String], _ kind: DomainError.Kind, _ reason: String) throws {
        let error = try #require(failure(arguments))
        #expect(error.kind == .invalidValue(kind))
        #expect(error.exitCode == .dataError)
        #expect(error.exitCode.rawValue == 65)
        #expect(error.message.contains(reason), "\(error.message)")
        #expect(error.argumentPosition != nil)
    }

    @Test func textOfExactlyTheLimitIsAcceptedAndOneByteMoreIsNot() throws {
        let limit = String(repeating: "x", count: UserText.maximumBytes)
        #expect(parsed("remind", "in", "5m", limit) == .remindIn(Fixture.span("5m"), text: limit, id: nil))
        let error = try #require(failure("remind", "in", "5m", limit + "y"))
        #expect(error.line == "chime: the reminder text is 1025 bytes long: use at most 1024 bytes")
    }

    @Test func negativeDurationIsABadDurationNotAnUnknownOption() throws {
        let error = try #require(failure("fast", "extend", "-5m"))
        #expect(error.line == "chime: invalid duration \"-5m\": a duration must be positive; use forms like \(TimeSpan.validForms)")
        #expect(error.argumentPosition == 3)
    }

    @Test func twentyDigitDurationSaysTheMaximum() throws {
        let error = try #require(failure("fast", "extend", "12345678901234567890m"))
        #expect(error.message.contains("366d"))
    }

    @Test func badTimeNamesTheAcceptedForms() throws {
        let error = try #require(failure("remind", "at", "25:00", "x"))
        #expect(error.line == "chime: invalid time \"25:00\": hours run from 00 to 23; use \(TimeSpecification.validForms)")
        #expect(error.argumentPosition == 3)
    }

    @Test(arguments: [["fast", "history", "--days", "0"], ["fast", "history", "--days", "ten"], ["fast", "history", "--days", "99999999999999999999"]])
    func badDayCount(_ arguments: [String]) throws {
        let error = try #require(failure(arguments))
        #expect(error.kind == .invalidNumber)
        #expect(error.exitCode == .dataError)
        #expect(error.message.contains("from 1 to 3660"))
    }

    @Test func firstProblemFromTheLeftIsReported() throws {
        let error = try #require(failure("fast", "start", "--tag", "", "--at", "25:00"))
        #expect(error.kind == .invalidValue(.invalidText))
    }
}

@Suite struct ExitCodeTests {
    @Test func sysexitsValues() {
        #expect(ExitCode.success.rawValue == 0)
        #expect(ExitCode.usage.rawValue == 64)
        #expect(ExitCode.dataError.rawValue == 65)
        #expect(ExitCode.unavailable.rawValue == 69)
        #expect(ExitCode.tryAgain.rawValue == 75)
    }

    @Test(arguments: [DomainError.Kind.invalidDuration, .invalidPlan, .invalidTime, .invalidText, .invalidIdentifier, .invalidAmount, .conflict, .notFound])
    func everyDomainErrorIsBadData(_ kind: DomainError.Kind) {
        #expect(ExitCode(for: kind) == .dataError)
    }

    @Test func errorLineIsOneLine() {
        #expect(ErrorLine.text("first\nsecond\r\nthird") == "chime: first second third")
    }
}

@Suite struct SuggestionTests {
    @Test(arguments: [("fast", "fast", 0), ("fats", "fast", 1), ("fst", "fast", 1), ("faster", "fast", 2), ("cancle", "cancel", 1), ("", "abc", 3), ("kitten", "sitting", 3)])
    func editDistance(_ a: String, _ b: String, _ distance: Int) {
        #expect(Suggestion.editDistance(a, b) == distance)
        #expect(Suggestion.editDistance(b, a) == distance)
    }

    @Test func tiesGoToTheEarlierCandidate() {
        #expect(Suggestion.closest(to: "ab", among: ["ac", "ad"]) == "ac")
        #expect(Suggestion.closest(to: "ab", among: ["ad", "ac"]) == "ad")
        #expect(Suggestion.closest(to: "stat", among: ["start", "status"]) == "start")
        // Equally close: the word the typed one begins wins over table order.
        #expect(Suggestion.closest(to: "ag", among: ["tag", "ago"]) == "ago")
        #expect(Suggestion.closest(to: "ag", among: ["ago", "tag"]) == "ago")
    }

    @Test func nothingCloseEnough() {
        #expect(Suggestion.closest(to: "qqqq", among: ["fast", "water"]) == nil)
    }
}
