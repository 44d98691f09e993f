import Foundation

/// The text of a calendar alarm's bubble: the summary, the start on the local clock with how
/// far away it is, and the location (`Dentist at 14:30 (in 15 min) · Main St 5`); once the
/// start has passed, how long ago (`Dentist started at 14:30, 10 min ago`), which is also how
/// a late alarm (chimed down, the machine asleep) reads.
public enum CalendarAlarmMessage {
    /// The bubble's text for `firing` shown at `now`, times on the clock of `timeZone`.
    public static func text(for firing: CalendarAlarmFiring, now: Date, timeZone: TimeZone, language: UserLanguage) -> String {
        let instance = firing.instance
        let summary = instance.summary.isEmpty ? CalendarText.bubbleUntitled.text(language) : instance.summary
        var text = headline(of: instance, summary: summary, now: now, timeZone: timeZone, language: language)
        if let location = instance.location, !location.isEmpty {
            text = CalendarText.bubbleLocation.text(language, ["text": text, "location": location])
        }
        return text
    }

    private static func headline(of instance: CalendarInstance, summary: String, now: Date, timeZone: TimeZone, language: UserLanguage) -> String {
        guard let start = instance.start else { return summary }
        let today = CivilReading(now, in: timeZone)
        // Whole minutes, to the nearest: an alarm shown a moment after its trigger still says "15 min".
        let minutes = Int((start.timeIntervalSince(now) / 60).rounded())
        if let date = instance.allDayDate {
            let days = CivilCalendar.dayNumber(of: date) - today.dayNumber
            switch days {
            case ...0: return CalendarText.bubbleAllDayToday.text(language, ["summary": summary])
            case 1: return CalendarText.bubbleAllDayTomorrow.text(language, ["summary": summary])
            default:
                return CalendarText.bubbleAllDayOn.text(language, [
                    "summary": summary, "date": date.description, "duration": durationPhrase(minutes: minutes, language: language),
                ])
            }
        }
        let values = [
            "summary": summary, "at": timePhrase(start, today: today, timeZone: timeZone, language: language),
            "duration": durationPhrase(minutes: abs(minutes), language: language),
        ]
        let due = instance.startIsDue
        if minutes == 0 { return (due ? CalendarText.bubbleDueNow : .bubbleNow).text(language, values) }
        if minutes > 0 { return (due ? CalendarText.bubbleDueAt : .bubbleAt).text(language, values) }
        return (due ? CalendarText.bubbleWasDue : .bubbleStarted).text(language, values)
    }

    /// "at 14:30", "tomorrow at 09:00", "yesterday at 23:00" or "on 2027-03-15 at 14:30".
    static func timePhrase(_ instant: Date, today: CivilReading, timeZone: TimeZone, language: UserLanguage) -> String {
        let reading = CivilReading(instant, in: timeZone)
        func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let clock = pad(reading.hour) + ":" + pad(reading.minute)
        switch reading.dayNumber - today.dayNumber {
        case 0: return CalendarText.atToday.text(language, ["clock": clock])
        case 1: return CalendarText.atTomorrow.text(language, ["clock": clock])
        case -1: return CalendarText.atYesterday.text(language, ["clock": clock])
        default:
            let date = LocalDate(year: reading.year, month: reading.month, day: reading.day)
            return CalendarText.atDate.text(language, ["clock": clock, "date": date.description])
        }
    }

    /// A number of minutes in its two largest units: "15 min", "1 h 5 min", "2 d 3 h".
    static func durationPhrase(minutes: Int, language: UserLanguage) -> String {
        let minutes = max(1, minutes)
        let units: [(count: Int, message: CalendarText)] = [(minutes / 1440, .days), (minutes / 60 % 24, .hours), (minutes % 60, .minutes)]
        let significant = units.drop { $0.count == 0 }.prefix(2).filter { $0.count > 0 }
        return significant.map { $0.message.text(language, ["count": String($0.count)]) }.joined(separator: " ")
    }
}
