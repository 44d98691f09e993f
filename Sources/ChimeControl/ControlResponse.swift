/// The daemon's answer to a ``ControlRequest``.
///
/// On the wire: `{"type":"pong","daemon":{...}}`, `{"type":"status",...}`,
/// `{"type":"changed","appliedSequence":42}`, or for a failure
/// `{"error":{"code":"...","message":"..."}}`.
public enum ControlResponse: Hashable, Sendable, Codable {
    /// The answer to ``ControlRequest/ping``: which daemon answered.
    case pong(DaemonIdentity)
    /// The answer to ``ControlRequest/status``.
    case status(DaemonStatus)
    /// The answer to ``ControlRequest/changed(sequence:)``: the daemon has applied the store's
    /// changes up to `sequence` (and re-armed its timer accordingly).
    case changeApplied(sequence: Int64)
    /// The answer to ``ControlRequest/calendars``: each calendar chimed reads.
    case calendars([CalendarReport])
    /// The answer to ``ControlRequest/calendarAlarms(_:)``: one page of the firings.
    case calendarAlarms(CalendarAlarmPage)
    /// The request was refused or could not be read.
    case error(ControlError)

    private enum CodingKeys: String, CodingKey {
        case type
        case daemon
        case appliedSequence
        case error
        case calendars
        case page
    }

    private enum Kind: String {
        case pong
        case status
        case changed
        case calendars
        case calendarAlarms = "calendar-alarms"
    }

    /// Reads a response; an unknown `type` is a decoding error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let error = try container.decodeIfPresent(ControlError.self, forKey: .error) {
            self = .error(error)
            return
        }
        let type = try container.decode(String.self, forKey: .type)
        switch Kind(rawValue: type) {
        case .pong:
            self = .pong(try container.decode(DaemonIdentity.self, forKey: .daemon))
        case .status:
            self = .status(try DaemonStatus(from: decoder))
        case .changed:
            self = .changeApplied(sequence: try container.decode(Int64.self, forKey: .appliedSequence))
        case .calendars:
            self = .calendars(try container.decode([CalendarReport].self, forKey: .calendars))
        case .calendarAlarms:
            self = .calendarAlarms(try container.decode(CalendarAlarmPage.self, forKey: .page))
        case nil:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "unknown response type \"\(type)\""
            )
        }
    }

    /// Writes the response as one JSON object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .pong(let identity):
            try container.encode(Kind.pong.rawValue, forKey: .type)
            try container.encode(identity, forKey: .daemon)
        case .status(let status):
            try container.encode(Kind.status.rawValue, forKey: .type)
            try status.encode(to: encoder)
        case .changeApplied(let sequence):
            try container.encode(Kind.changed.rawValue, forKey: .type)
            try container.encode(sequence, forKey: .appliedSequence)
        case .calendars(let reports):
            try container.encode(Kind.calendars.rawValue, forKey: .type)
            try container.encode(reports, forKey: .calendars)
        case .calendarAlarms(let page):
            try container.encode(Kind.calendarAlarms.rawValue, forKey: .type)
            try container.encode(page, forKey: .page)
        case .error(let error):
            try container.encode(error, forKey: .error)
        }
    }
}
