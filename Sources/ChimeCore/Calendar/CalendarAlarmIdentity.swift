import FoundationEssentials

/// Which alarm firing of which calendar item this is: calendar, `UID`, instance and, when the
/// instance has several firings, the trigger. Snoozes and dismissals are keyed by it, and it
/// names the notification request: `cal/<calendar>/<uid>/<instance>[/<trigger>]`.
///
/// Calendar names and UIDs may hold any character (`/` included), so each part of the request
/// identifier is percent-encoded: every byte of its UTF-8 but letters, digits and `-._~@` is
/// written `%XX`. The identifier is ASCII, and reads back to the same identity.
public struct CalendarAlarmIdentity: Hashable, Sendable, CustomStringConvertible {
    /// The calendar's name.
    public let calendar: String
    /// The item's `UID`.
    public let uid: String
    /// The instance: its original start as a `RECURRENCE-ID` writes it (`20270315T080000Z`,
    /// `20270315T090000` when floating, `20270315` for all-day items), or `once` for an item
    /// without a start.
    public let instance: String
    /// The firing's instant, when its instance has more than one firing; `nil` for the only one.
    public let trigger: Date?

    /// The first part of every calendar alarm's request identifier.
    public static let prefix = "cal/"

    /// Makes an identity from its parts.
    public init(calendar: String, uid: String, instance: String, trigger: Date?) {
        self.calendar = calendar
        self.uid = uid
        self.instance = instance
        self.trigger = trigger.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down)) }
    }

    /// Reads a request identifier back; `nil` when it is not one this type writes.
    public init?(requestIdentifier: String) {
        guard requestIdentifier.hasPrefix(Self.prefix) else { return nil }
        let parts = requestIdentifier.dropFirst(Self.prefix.count).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3 || parts.count == 4,
              let calendar = Self.decode(parts[0]), let uid = Self.decode(parts[1]), let instance = Self.decode(parts[2]),
              !calendar.isEmpty, !uid.isEmpty, !instance.isEmpty
        else { return nil }
        var trigger: Date?
        if parts.count == 4 {
            guard case .instant(let instant)? = RecurrenceRule.parseUntil(String(parts[3])), String(parts[3]).hasSuffix("Z") else { return nil }
            trigger = instant
        }
        self.init(calendar: calendar, uid: uid, instance: instance, trigger: trigger)
    }

    /// `cal/<calendar>/<uid>/<instance>`, then `/<trigger>` (`20270315T081500Z`) when set.
    public var requestIdentifier: String {
        var text = Self.prefix + Self.encode(calendar) + "/" + Self.encode(uid) + "/" + Self.encode(instance)
        if let trigger { text += "/" + Self.basicUTCText(trigger) }
        return text
    }

    /// The request identifier.
    public var description: String { requestIdentifier }

    /// `20270315T081500Z`.
    static func basicUTCText(_ instant: Date) -> String {
        CalendarTime.utc(instant).reading.basicText + "Z"
    }

    /// The bytes kept as they are.
    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "@"): return true
        default: return false
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// `text` with every byte but the kept ones written `%XX`.
    static func encode(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isKept(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text `encode` wrote as `part`; `nil` for anything it would not write (so each
    /// identity has exactly one identifier).
    static func decode(_ part: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = part.utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            } else {
                bytes.append(byte)
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self), encode(text) == part else { return nil }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
