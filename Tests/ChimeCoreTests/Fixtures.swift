import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

/// ChimeCore's own fixture: how an instant reads on a wall clock.
extension Fixture {
    /// How `instant` reads on the wall clock of `zone`, with its offset: `2026-03-29 13:00 +02:00`
    /// (seconds are added when not zero).
    static func wall(_ instant: Date, _ zone: TimeZone) -> String {
        var calendar = calendar
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let offset = zone.secondsFromGMT(for: instant)
        let sign = offset < 0 ? "-" : "+"
        let seconds = parts.second! == 0 ? "" : ":\(pad(parts.second!))"
        return "\(parts.year!)-\(pad(parts.month!))-\(pad(parts.day!)) \(pad(parts.hour!)):\(pad(parts.minute!))\(seconds)"
            + " \(sign)\(pad(abs(offset) / 3600)):\(pad(abs(offset) % 3600 / 60))"
    }
}

/// Seconds in an hour and a minute, to keep arithmetic in tests readable.
let hour: TimeInterval = 3600
let minute: TimeInterval = 60
