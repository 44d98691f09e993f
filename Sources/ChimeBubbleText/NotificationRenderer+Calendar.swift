import ChimeCore
import FoundationEssentials

/// The bubble of a calendar alarm: the summary, the start on the local clock with how far away
/// it is, and the location (`Dentist at 14:30 (in 15 min) · Main St 5`); once the start has
/// passed, how long ago (`Dentist started at 14:30, 10 min ago`), which is also how an alarm
/// shown late after downtime reads.
extension NotificationRenderer {
    /// The title of a calendar alarm's bubble at the job's instant, times in its zone.
    func calendarHeadline(_ job: DeliveryJob, values: [String: String]) -> String {
        let arguments = job.request.content.arguments
        let summaryText = values[ContentArgument.summary] ?? ""
        let summary = summaryText.isEmpty ? text(.calendarUntitled, [:]) : summaryText
        var headline = summary
        if let start = arguments[ContentArgument.startsAt].flatMap(Self.parseInstant) {
            headline = calendarTiming(summary: summary, start: start, allDay: arguments[ContentArgument.allDay],
                                      isDue: arguments[ContentArgument.startIsDue] == "1", job: job)
        }
        if let location = values[ContentArgument.location], !location.isEmpty {
            headline = text(.calendarLocation, ["text": headline, "location": location])
        }
        return headline
    }

    /// "Dentist at 14:30 (in 15 min)", "Dentist started at 14:30, 10 min ago", "Holiday tomorrow".
    private func calendarTiming(summary: String, start: Date, allDay: String?, isDue: Bool, job: DeliveryJob) -> String {
        let today = CivilReading(job.now, in: job.timeZone)
        // Whole minutes, to the nearest: an alarm shown a moment after its trigger still says "15 min".
        let minutes = Int((start.timeIntervalSince(job.now) / 60).rounded())
        let duration = durationPhrase(TimeInterval(max(1, abs(minutes)) * 60))
        if let allDay, let date = LocalDate(parsing: allDay) {
            switch date.dayNumber - today.dayNumber {
            case ...0: return text(.calendarAllDayToday, ["summary": summary])
            case 1: return text(.calendarAllDayTomorrow, ["summary": summary])
            default: return text(.calendarAllDayOn, ["summary": summary, "date": allDay, "duration": duration])
            }
        }
        let values = ["summary": summary, "at": timePhrase(start, today: today, timeZone: job.timeZone), "duration": duration]
        if minutes == 0 { return text(isDue ? .calendarDueNow : .calendarNow, values) }
        if minutes > 0 { return text(isDue ? .calendarDueAt : .calendarAt, values) }
        return text(isDue ? .calendarWasDue : .calendarStarted, values)
    }
}
