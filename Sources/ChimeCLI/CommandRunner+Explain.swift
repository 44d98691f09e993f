import ChimeCore
import FoundationEssentials

/// `chime explain RULE`: a rule's next occurrences from its start, on the local clock.
extension CommandRunner {
    /// What `explain --json` prints.
    struct ExplainReport: Encodable {
        let rule: String
        let rrule: String
        let timeZone: String
        let occurrences: [String]

        enum CodingKeys: String, CodingKey {
            case rule, rrule, timeZone = "time_zone", occurrences
        }
    }

    func explain(_ options: Command.Explain, now: Date) throws {
        // The zone reminders follow, and the start `remind every` would take.
        let zone = try knownRuleTimeZone()
        let start = options.from.map { resolve($0, now: now).instant } ?? RecurringReminder.implicitStart(of: options.rule, madeAt: now)
        let expander = RecurrenceExpander(rule: options.rule, start: start, timeZone: zone)
        let occurrences = expander.occurrences(limit: options.count)
        if options.json {
            try writeJSON(ExplainReport(
                rule: options.text, rrule: options.rule.rruleText, timeZone: zone.displayName,
                occurrences: occurrences.map { ISO8601Text.format($0, in: zone) }
            ))
            return
        }
        let display = TimeDisplay(now: now, timeZone: zone, language: language)
        var lines = [
            CommandText.explainRule.text(language, ["rule": options.text]),
            "RRULE: \(options.rule.rruleText)",
            CommandText.explainFrom.text(language, ["start": Self.reading(expander.start, display: display), "zone": zone.displayName]),
        ]
        let width = String(occurrences.count).count
        for (index, occurrence) in occurrences.enumerated() {
            let number = String(index + 1)
            lines.append("  \(String(repeating: " ", count: width - number.count))\(number)  \(Self.reading(occurrence, display: display))  " + CommandText.parenthesized.text(language, ["text": display.relative(occurrence)]))
        }
        if occurrences.isEmpty {
            lines.append(expander.neverOccurs
                ? CommandText.neverOccurs.text(language)
                : CommandText.noOccurrenceAhead.text(language, ["years": "\(expander.searchYears)"]))
        } else if occurrences.count < options.count {
            lines.append(CommandText.noMoreOccurrences.text(language))
        }
        write(lines.joined(separator: "\n"))
    }

    /// `Mon 2027-03-29 09:30 +02:00` (seconds shown when not zero).
    private static func reading(_ instant: Date, display: TimeDisplay) -> String {
        var text = ISO8601Text.format(instant, in: display.timeZone).replacingEvery("T", with: " ")
        // `2027-03-29 09:30:00+02:00`: drop zero seconds, space before the offset.
        let offsetStart = text.index(text.endIndex, offsetBy: -6)
        let offset = text[offsetStart...]
        var clock = String(text[..<offsetStart])
        if clock.hasSuffix(":00") { clock.removeLast(3) }
        text = "\(clock) \(offset)"
        return "\(display.weekdayName(of: instant)) \(text)"
    }
}
