/// A request the CLI sends to the daemon over the control socket.
///
/// On the wire it is a JSON object whose `type` names the case: `{"type":"ping"}`,
/// `{"type":"status"}`, `{"type":"changed","sequence":42}`. A new request is a new case plus
/// its `type` string; an older daemon answers an unknown type with `unsupported_request`.
public enum ControlRequest: Hashable, Sendable, Codable {
    /// Asks whether the daemon is alive; answered with ``ControlResponse/pong(_:)``.
    case ping
    /// Asks what the daemon is doing; answered with ``ControlResponse/status(_:)``.
    case status
    /// Tells the daemon the store changed up to change `sequence` (the CLI's nudge after a
    /// write); answered with ``ControlResponse/changeApplied(sequence:)``.
    case changed(sequence: Int64)
    /// Asks what the calendars chimed reads hold (`calendar list`, `doctor`); answered with
    /// ``ControlResponse/calendars(_:)``.
    case calendars
    /// Asks for the calendar alarms firing in a window (`calendar alarms`); answered with
    /// ``ControlResponse/calendarAlarms(_:)``.
    case calendarAlarms(CalendarAlarmQuery)

    private enum CodingKeys: String, CodingKey {
        case type
        case sequence
        case query
    }

    /// The `type` string of each case.
    private enum Kind: String {
        case ping
        case status
        case changed
        case calendars
        case calendarAlarms = "calendar-alarms"
    }

    /// Reads a request; an unknown `type` throws ``ControlError`` with code
    /// ``ControlError/Code-swift.struct/unsupportedRequest``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch Kind(rawValue: type) {
        case .ping:
            self = .ping
        case .status:
            self = .status
        case .changed:
            self = .changed(sequence: try container.decode(Int64.self, forKey: .sequence))
        case .calendars:
            self = .calendars
        case .calendarAlarms:
            self = .calendarAlarms(try container.decode(CalendarAlarmQuery.self, forKey: .query))
        case nil:
            throw ControlError(.unsupportedRequest, .unknownRequest, ["type": type])
        }
    }

    /// Writes the request as a JSON object with its `type`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .ping:
            try container.encode(Kind.ping.rawValue, forKey: .type)
        case .status:
            try container.encode(Kind.status.rawValue, forKey: .type)
        case .changed(let sequence):
            try container.encode(Kind.changed.rawValue, forKey: .type)
            try container.encode(sequence, forKey: .sequence)
        case .calendars:
            try container.encode(Kind.calendars.rawValue, forKey: .type)
        case .calendarAlarms(let query):
            try container.encode(Kind.calendarAlarms.rawValue, forKey: .type)
            try container.encode(query, forKey: .query)
        }
    }
}
