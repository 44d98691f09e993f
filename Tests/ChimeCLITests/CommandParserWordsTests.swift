import ChimeCore
import Foundation
import Testing
@testable import ChimeCLI

/// What people type on the command line (issue 22): unquoted times and rules, and the rule
/// after `remind every` written without its `every`.
@Suite("parser: the words people type")
struct CommandParserWordsTests {
    static func time(_ text: String) -> WallClockTime { try! WallClockTime(parsing: text) }

    @Test("an unquoted TIME of several words is rejoined before the text", arguments: [
        (["remind", "at", "tomorrow", "9am", "call", "mom"], TimeSpecification.dayFromToday(1, time("09:00")), "call mom"),
        (["remind", "at", "tomorrow", "9", "am", "call", "mom"], .dayFromToday(1, time("09:00")), "call mom"),
        (["remind", "at", "9", "pm", "call"], .timeOfDay(time("21:00")), "call"),
        (["remind", "at", "9:30pm", "call"], .timeOfDay(time("21:30")), "call"),
        (["remind", "at", "mon", "10:00", "stand-up"], .weekday(.monday, time("10:00")), "stand-up"),
        (["remind", "at", "noon", "lunch"], .timeOfDay(time("12:00")), "lunch"),
        (["remind", "at", "明天", "9:00", "喝水"], .dayFromToday(1, time("09:00")), "喝水"),
        (["remind", "at", "下午3点", "喝茶"], .timeOfDay(time("15:00")), "喝茶"),
        (["remind", "at", "2026-04-01", "09:00", "renew", "passport"], .localDateTime(LocalDate(year: 2026, month: 4, day: 1), time("09:00")), "renew passport"),
    ])
    func remindAt(arguments: [String], time: TimeSpecification, text: String) {
        #expect(parsed(arguments) == .remindAt(time, text: text, id: nil))
    }

    @Test("a TIME that takes the whole line leaves the text missing, and says so")
    func timeTakesTheLine() {
        #expect(failure("remind", "at", "tomorrow", "9am")?.message.hasPrefix("missing TEXT for \"chime remind at\"") == true)
    }

    @Test("--at, --from and water's hours take the same words", arguments: [
        (["fast", "start", "--at", "tomorrow", "8pm"], Command.fastStart(Command.FastStart(start: .at(.dayFromToday(1, time("20:00")))))),
        (["fast", "start", "--at", "9pm", "18:6"], .fastStart(Command.FastStart(plan: try! FastingPlan(parsing: "18:6"), start: .at(.timeOfDay(time("21:00")))))),
        (["water", "drink", "300", "--at", "yesterday", "21:00"], .waterDrink(amount: try! WaterQuantity.typed("300", field: LocalizedText(verbatim: "amount")), at: .dayFromToday(-1, time("21:00")))),
        (["water", "every", "1h", "--from", "9am", "--until", "9pm"], .waterEvery(Command.WaterEvery(interval: .hours(1), from: time("09:00"), until: time("21:00")))),
        (["water", "every", "1h", "--from", "8", "am", "--until", "midnight"], .waterEvery(Command.WaterEvery(interval: .hours(1), from: time("08:00"), until: time("00:00")))),
    ])
    func options(arguments: [String], command: Command) {
        #expect(parsed(arguments) == command)
    }

    @Test("remind every: the words after every alone read as the rule", arguments: [
        (["remind", "every", "1m", "x"], "every 1m", "x"),
        (["remind", "every", "hour", "drink", "water"], "every hour", "drink water"),
        (["remind", "every", "30 minutes", "stretch"], "every 30 minutes", "stretch"),
        (["remind", "every", "day at 8am", "pills"], "every day at 8am", "pills"),
        (["remind", "every", "weekdays 09:30", "stand-up"], "weekdays 09:30", "stand-up"),
        (["remind", "every", "every monday 10:00", "team"], "every monday 10:00", "team"),
        (["remind", "every", "每天 08:00", "吃药"], "每天 08:00", "吃药"),
    ])
    func everyWords(arguments: [String], ruleText: String, text: String) throws {
        guard case .remindEvery(let options) = parsed(arguments) else {
            Issue.record("not remind every: \(String(describing: failure(arguments)?.message))")
            return
        }
        #expect(options.ruleText == ruleText)
        #expect(options.text == text)
        #expect(options.rule == (try RecurrencePhrase.rule(from: ruleText)))
    }

    @Test("an unquoted rule of several words is refused with the quoted command, options kept", arguments: [
        (["remind", "every", "weekdays", "09:30", "standup"], "the rule \"weekdays 09:30\" must be quoted to be read as one argument: chime remind every \"weekdays 09:30\" standup"),
        (["remind", "every", "day", "8am", "take", "pills", "--nag", "10m", "--id", "my pills"],
         "the rule \"day 8am\" must be quoted to be read as one argument: chime remind every \"day 8am\" take pills --nag 10m --id 'my pills'"),
        (["remind", "every", "2h", "weekends", "water"], "chime remind every \"2h weekends\" water"),
        (["remind", "every", "monthly", "last", "fri", "17:00", "rent"], "chime remind every \"monthly last fri 17:00\" rent"),
    ])
    func unquoted(arguments: [String], message: String) {
        let error = failure(arguments)
        #expect(error?.exitCode == .usage)
        #expect(error?.message.hasSuffix(message) == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("\n") == false)
    }

    @Test("a rule that reads neither alone nor after every keeps its own error, with the nearest rule")
    func badRule() {
        let error = failure("remind", "every", "weekdayz 09:30", "standup")
        #expect(error?.exitCode == .dataError)
        #expect(error?.message.hasPrefix("invalid rule \"weekdayz 09:30\": \"weekdayz\" is not a way to start a rule") == true)
        #expect(error?.message.hasSuffix("the nearest rule Chime reads is \"weekdays 09:30\"") == true)
    }

    @Test("--until takes a date alone as the end of that day; --from does not")
    func untilDate() {
        guard case .remindEvery(let options) = parsed("remind", "every", "daily 08:00", "pills", "--until", "2027-03-01") else {
            Issue.record("not parsed")
            return
        }
        #expect(options.until == .endOfDay(LocalDate(year: 2027, month: 3, day: 1)))
        guard case .remindEvery(let timed) = parsed("remind", "every", "daily 08:00", "pills", "--until", "2027-03-01", "12:00") else {
            Issue.record("not parsed")
            return
        }
        #expect(timed.until == .localDateTime(LocalDate(year: 2027, month: 3, day: 1), Self.time("12:00")))
        #expect(failure("remind", "every", "daily 08:00", "pills", "--from", "2027-03-01")?.message.contains("a date needs a time of day") == true)
    }

    @Test("ids in any script", arguments: ["药", "café", "таблетки"])
    func scripts(id: String) {
        #expect(parsed("remind", "in", "10m", "take it", "--id", id) == .remindIn(.minutes(10), text: "take it", id: id))
        #expect(parsed("snooze", id, "10m") == .snooze(.group(id), by: .minutes(10)))
        #expect(parsed("cancel", "remind/\(id)") == .cancel(.references([.request("remind/\(id)")])))
    }
}
