// chime-timeline: the notifications of a rolling 16:8 fast and a water schedule over a few
// days, as Chime's daemon shows them: chimed's own Scheduler runs on a manual clock and timer
// (from ChimeTestSupport), with a recording notifier in place of the notification server.
//
//   swift run chime-timeline [--zone Europe/Berlin] [--start 2026-10-24T20:00] [--days 3]
//
// The zone comes from --zone, else TZ, else Europe/Berlin. --start is a local time in that zone
// (or an ISO 8601 instant with offset); the default is 20:00 on the eve of the zone's first clock
// change from September 2026 on (2026-10-24 for Europe/Berlin, 2026-10-31 for America/New_York),
// so the days shown include it; a zone without changes starts on 2026-10-24. The output depends
// on nothing else.
import ChimeCore
import Foundation

let usage = "usage: chime-timeline [--zone <tz-identifier>] [--start <YYYY-MM-DDTHH:MM or ISO 8601>] [--days <1-30>]"

/// Stops with a one-line message on standard error and the usage exit status.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("chime-timeline: \(message)\n\(usage)\n".utf8))
    exit(ExitCode.usage.rawValue)
}

var options: [String: String] = [:]
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--help", "-h":
        print(usage)
        exit(ExitCode.success.rawValue)
    case "--zone", "--start", "--days":
        guard let value = arguments.popFirst() else { fail("\(argument) needs a value") }
        options[String(argument.dropFirst(2))] = value
    default:
        fail("unknown argument \"\(argument)\"")
    }
}

// TZ may carry POSIX's leading colon (":Europe/Berlin").
let zoneFromEnvironment = ProcessInfo.processInfo.environment["TZ"].map { $0.hasPrefix(":") ? String($0.dropFirst()) : $0 }
let zoneName = options["zone"] ?? zoneFromEnvironment.flatMap { $0.isEmpty ? nil : $0 } ?? "Europe/Berlin"
guard let timeZone = TimeZone(identifier: zoneName) else { fail("unknown time zone \"\(zoneName)\": use an identifier like Europe/Berlin") }
let calendar = Calendar(identifier: .gregorian)

/// `2026-10-24T20:00` on the zone's wall clock, or an ISO 8601 instant with its offset.
func instant(from text: String) -> Date? {
    if let exact = try? Date(text, strategy: .iso8601) { return exact }
    let parts = text.split(separator: "T")
    let date = parts.first?.split(separator: "-").compactMap { Int($0) } ?? []
    guard parts.count == 2, date.count == 3, let time = try? WallClockTime(parsing: String(parts[1])) else { return nil }
    return LocalTimeResolver.instant(of: time, on: LocalDate(year: date[0], month: date[1], day: date[2]), in: timeZone, calendar: calendar)
}

/// 20:00 on the eve of the zone's first clock change from September 2026 on, so the timeline
/// shows a daylight saving day in whichever zone is chosen; 2026-10-24 in a zone without changes.
func defaultStart() -> String {
    let september = LocalTimeResolver.instant(of: WallClockTime(hour: 0, minute: 0)!, on: LocalDate(year: 2026, month: 9, day: 1), in: timeZone, calendar: calendar)
    guard let change = timeZone.nextDaylightSavingTimeTransition(after: september) else { return "2026-10-24T20:00" }
    let eve = LocalDate(of: change, in: timeZone, calendar: calendar).adding(days: -1, calendar: calendar)
    return "\(eve)T20:00"
}

let startText = options["start"] ?? defaultStart()
guard let start = instant(from: startText) else { fail("invalid start \"\(startText)\": use 2026-10-24T20:00 or 2026-10-24T20:00:00+02:00") }
let daysText = options["days"] ?? "3"
guard let days = Int(daysText), (1...30).contains(days) else { fail("invalid number of days \"\(daysText)\": use 1 to 30") }

let session = FastingSession(
    id: "f-demo", plan: .standard, start: start, tag: "demo", mode: .rolling,
    remindBefore: [.hours(1), .minutes(15)]
)
let schedule = WaterSchedule(
    id: "w-demo", interval: .minutes(75),
    window: DailyWindow(from: WallClockTime(hour: 9, minute: 0)!, until: WallClockTime(hour: 21, minute: 0)!),
    amountML: 250, goalML: 2000
)

let simulation = TimelineSimulation(session: session, schedule: schedule, timeZone: timeZone)
let end = start.addingTimeInterval(Double(days) * 86_400)
let events: [TimelineSimulation.Event]
do {
    // The user sets everything up a minute before the fast begins, so its start is announced too.
    events = try simulation.run(from: start.addingTimeInterval(-60), until: end)
} catch let error as DomainError {
    FileHandle.standardError.write(Data("chime-timeline: \(error.message)\n".utf8))
    exit(ExitCode.dataError.rawValue)
} catch {
    FileHandle.standardError.write(Data("chime-timeline: \(error)\n".utf8))
    exit(ExitCode.software.rawValue)
}

let printer = TimelinePrinter(timeZone: timeZone)
print("Chime timeline in \(timeZone.displayName), \(days) day\(days == 1 ? "" : "s") from \(printer.dayAndClock(start)) (\(start.formatted(.iso8601)))")
print("  fast \(session.id): rolling \(session.plan), nudges \(session.remindBefore.map(\.description).joined(separator: " and ")) before each end")
print("  water \(schedule.id): every \(schedule.interval) \(schedule.window), \(schedule.amountML) ml a glass, goal \(schedule.goalML ?? 0) ml;"
    + " the user drinks \(Int(simulation.drinkDelay / 60)) minutes after each reminder")
print("")
for line in printer.lines(for: events) { print(line) }
let notifications = events.filter { if case .notification = $0 { return true } else { return false } }.count
print("")
print("\(notifications) notifications, \(simulation.wakeUps) timer wake-ups")
