import ChimeCore
import FoundationEssentials

/// Writes instants as ISO 8601 with a numeric offset (`2026-03-29T20:00:00+02:00`), the form of
/// every time in Chime's JSON and CSV output.
public enum ISO8601Text {
    /// `instant` as read on the wall clock of `timeZone`, with that zone's offset at that instant.
    public static func format(_ instant: Date, in timeZone: TimeZone) -> String {
        format(instant, utcOffsetSeconds: timeZone.secondsFromGMT(for: instant))
    }

    /// `instant` shifted by `utcOffsetSeconds`, with that offset written out (`+00:00` for UTC).
    ///
    /// Fractions of a second are dropped (rounded toward the past), so the text never names a
    /// later second than the instant.
    public static func format(_ instant: Date, utcOffsetSeconds: Int) -> String {
        let parts = CivilReading(instant, offsetSeconds: utcOffsetSeconds)
        let sign = utcOffsetSeconds < 0 ? "-" : "+"
        let magnitude = abs(utcOffsetSeconds) / 60
        return "\(pad(parts.year, 4))-\(pad(parts.month))-\(pad(parts.day))T\(pad(parts.hour)):\(pad(parts.minute)):\(pad(parts.second))"
            + "\(sign)\(pad(magnitude / 60)):\(pad(magnitude % 60))"
    }

    /// `value` with leading zeros to `width` digits.
    static func pad(_ value: Int, _ width: Int = 2) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
