import ChimeCore
import Foundation

/// The benchmark's calendar: a vdir of one `.ics` file per item, as vdirsyncer writes them.
///
/// 10,000 items by default: a fifth recurring (daily, weekly, monthly, yearly; some with COUNT,
/// UNTIL or EXDATE), half with alarms (some with REPEAT), timed items in three zones
/// (Europe/Berlin, America/New_York, Asia/Kolkata), and all-day and floating ones; one-off
/// items spread over the half year on each side of `around`. The same seed gives the same files.
public enum CalendarBenchmarkGenerator {
    /// The zones of the timed items.
    public static let zones = ["Europe/Berlin", "America/New_York", "Asia/Kolkata"]

    /// Each item's file name and text.
    public static func files(count: Int = 10_000, seed: UInt64 = 0xCA1E_4DA4, around: Date) -> [(name: String, text: String)] {
        var random = SeededGenerator(seed: seed)
        let aroundDay = Int(around.timeIntervalSince1970) / 86_400
        let rules = [
            "FREQ=DAILY", "FREQ=WEEKLY;BYDAY=MO,WE,FR", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", "FREQ=MONTHLY;BYMONTHDAY=15",
            "FREQ=MONTHLY;BYDAY=-1FR", "FREQ=YEARLY", "FREQ=DAILY;COUNT=30", "FREQ=WEEKLY;UNTIL=20301231T000000Z",
        ]
        let alarms = ["-PT15M", "-PT5M", "-PT1H", "-P1D", "PT0S", "-PT30M"]
        var files: [(String, String)] = []
        files.reserveCapacity(count)
        for index in 0..<count {
            let uid = "bench-\(index)-\(String(random.next() % 1_000_000, radix: 36))@example.org"
            let recurring = index % 5 == 0
            let withAlarm = index % 2 == 0
            // Recurring items started up to a year ago; one-off items within half a year either side.
            let day = recurring ? aroundDay - Int.random(in: 0...365, using: &random) : aroundDay + Int.random(in: -182...182, using: &random)
            let date = Self.basicDate(day: day)
            let hour = Int.random(in: 7...20, using: &random), minute = [0, 15, 30, 45].randomElement(using: &random)!
            let time = "T" + Self.pad(hour) + Self.pad(minute) + "00"
            var lines = ["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20270101T000000Z", "SEQUENCE:0",
                         "SUMMARY:Benchmark item \(index)", "LOCATION:Room \(index % 97)",
                         "DESCRIPTION:Generated for chime-bench: an item of a calendar of \(count) with a description of ordinary length."]
            switch index % 10 {
            case 1:
                // All day.
                lines += ["DTSTART;VALUE=DATE:\(date)", "DTEND;VALUE=DATE:\(Self.basicDate(day: day + 1))"]
            case 3:
                // Floating: on whatever clock the reader is.
                lines += ["DTSTART:\(date)\(time)", "DURATION:PT45M"]
            default:
                let zone = zones[index % zones.count]
                lines += ["DTSTART;TZID=\(zone):\(date)\(time)", "DTEND;TZID=\(zone):\(date)T" + Self.pad(min(hour + 1, 23)) + Self.pad(minute) + "00"]
            }
            if recurring {
                let rule = rules[(index / 5) % rules.count]
                lines.append("RRULE:\(rule)")
                if index % 15 == 0, index % 10 != 1 {
                    let zone = zones[index % zones.count]
                    lines.append(index % 10 == 3 ? "EXDATE:\(Self.basicDate(day: day + 7))\(time)" : "EXDATE;TZID=\(zone):\(Self.basicDate(day: day + 7))\(time)")
                }
            }
            if withAlarm {
                lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER:\(alarms[(index / 2) % alarms.count])"]
                if index % 8 == 0 { lines += ["REPEAT:2", "DURATION:PT5M"] }
                lines.append("END:VALARM")
            }
            lines.append("END:VEVENT")
            let text = (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Chime//benchmark//EN"] + lines + ["END:VCALENDAR", ""]).joined(separator: "\r\n")
            files.append(("\(uid).ics", text))
        }
        return files
    }

    /// Writes the files into `folder` (which must exist).
    public static func writeVdir(to folder: String, count: Int = 10_000, seed: UInt64 = 0xCA1E_4DA4, around: Date) throws {
        for file in files(count: count, seed: seed, around: around) {
            try Data(file.text.utf8).write(to: URL(fileURLWithPath: folder + "/" + file.name))
        }
    }

    private static func basicDate(day: Int) -> String {
        let date = Date(timeIntervalSince1970: TimeInterval(day) * 86_400)
        let calendar = LocalTimeResolver.gregorian(in: TimeZone(identifier: "UTC")!)
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(parts.year!) + pad(parts.month!) + pad(parts.day!)
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
