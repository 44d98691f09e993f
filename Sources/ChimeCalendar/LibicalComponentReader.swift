import CLibical
import ChimeCore
import FoundationEssentials

/// Reads one `VEVENT` or `VTODO` of a parsed document into a ``CalendarComponent``, with a
/// reason for each part it had to leave out.
struct LibicalComponentReader {
    /// The longest UID read.
    static let maximumUIDBytes = 1024
    /// The most alarms read per component.
    static let maximumAlarms = 100
    /// The largest COUNT a rule is read with (Chime's own rules allow no more).
    static let maximumCount = 1_000_000

    let file: String
    /// The `VTIMEZONE`s of the calendar the component is in, by TZID.
    let observances: [String: [ZoneObservance]]
    var zones: CalendarZoneResolver
    var problems: [CalendarProblem] = []
    private var uid: String?
    private var componentName = "VEVENT"

    init(file: String, observances: [String: [ZoneObservance]], zones: CalendarZoneResolver) {
        self.file = file
        self.observances = observances
        self.zones = zones
    }

    /// The component, or `nil` (with its reason) when it cannot be used at all.
    mutating func read(_ component: OpaquePointer) -> CalendarComponent? {
        let kind: CalendarComponent.Kind = icalcomponent_isa(component) == ICAL_VTODO_COMPONENT ? .todo : .event
        componentName = kind == .todo ? "VTODO" : "VEVENT"
        uid = nil
        guard let uid = text(component, ICAL_UID_PROPERTY), !uid.isEmpty else {
            problem(.skippedItem, LocalizedText(CalendarText.itemNoUID, ["component": componentName]))
            return nil
        }
        guard uid.utf8.count <= Self.maximumUIDBytes else {
            problem(.skippedItem, LocalizedText(CalendarText.itemUIDTooLong, ["component": componentName, "bytes": "\(uid.utf8.count)", "maximum": "\(Self.maximumUIDBytes)"]))
            return nil
        }
        self.uid = uid
        var result = CalendarComponent(kind: kind, uid: uid, summary: text(component, ICAL_SUMMARY_PROPERTY) ?? "")
        result.location = text(component, ICAL_LOCATION_PROPERTY).flatMap { $0.isEmpty ? nil : $0 }
        result.recurrenceID = time(component, ICAL_RECURRENCEID_PROPERTY)
        if let property = icalcomponent_get_first_property(component, ICAL_RECURRENCEID_PROPERTY),
           let range = icalproperty_get_first_parameter(property, ICAL_RANGE_PARAMETER) {
            result.overridesFutureInstances = icalparameter_get_range(range) == ICAL_RANGE_THISANDFUTURE
        }
        result.start = time(component, ICAL_DTSTART_PROPERTY)
        if kind == .event, result.start == nil {
            // An override without DTSTART keeps its instance's start.
            guard let recurrenceID = result.recurrenceID else {
                problem(.skippedItem, LocalizedText(CalendarText.itemNoStart, ["component": componentName]))
                return nil
            }
            result.start = recurrenceID
        }
        result.end = kind == .event ? time(component, ICAL_DTEND_PROPERTY) : nil
        result.due = kind == .todo ? time(component, ICAL_DUE_PROPERTY) : nil
        if let property = icalcomponent_get_first_property(component, ICAL_DURATION_PROPERTY) {
            result.duration = Self.duration(icalproperty_get_duration(property))
        }
        if let property = icalcomponent_get_first_property(component, ICAL_STATUS_PROPERTY) {
            let status = icalproperty_get_status(property)
            result.status = status == ICAL_STATUS_CANCELLED ? .cancelled : .active(Libical.take(icalproperty_get_value_as_string_r(property)) ?? "")
        }
        if let property = icalcomponent_get_first_property(component, ICAL_SEQUENCE_PROPERTY) {
            result.sequence = Int(icalproperty_get_sequence(property))
        }
        if let property = icalcomponent_get_first_property(component, ICAL_PRIORITY_PROPERTY) {
            let priority = Int(icalproperty_get_priority(property))
            result.priority = (1...9).contains(priority) ? priority : nil
        }
        result.conferenceLinks = LibicalDocument.properties(of: component, kind: ICAL_CONFERENCE_PROPERTY).compactMap { property in
            Libical.take(icalproperty_get_value_as_string_r(property)).flatMap(Self.webLink)
        }
        result.link = text(component, ICAL_URL_PROPERTY).flatMap(Self.webLink) ?? result.conferenceLinks.first
            ?? result.location.flatMap(Self.webLink)
        if result.recurrenceID == nil {
            result.rule = rule(component)
            result.recurrenceDates = times(component, ICAL_RDATE_PROPERTY)
            result.exceptionDates = times(component, ICAL_EXDATE_PROPERTY)
        }
        for property in LibicalDocument.properties(of: component, kind: ICAL_X_PROPERTY)
        where icalproperty_get_x_name(property).map({ String(cString: $0).uppercased() }) == "X-MOZ-LASTACK" {
            if let value = Libical.take(icalproperty_get_value_as_string_r(property)), case .utc(let instant)? = utcTime(icaltime_from_string(value)) {
                result.lastAcknowledged = max(result.lastAcknowledged ?? instant, instant)
            }
        }
        var alarms = LibicalDocument.children(of: component, kind: ICAL_VALARM_COMPONENT)
        if alarms.count > Self.maximumAlarms {
            problem(.bounded, LocalizedText(CalendarText.tooManyAlarms, ["count": "\(alarms.count)", "maximum": "\(Self.maximumAlarms)"]))
            alarms = Array(alarms.prefix(Self.maximumAlarms))
        }
        result.alarms = alarms.compactMap { alarm(of: $0, in: result) }
        return result
    }

    // MARK: Parts

    private mutating func alarm(of component: OpaquePointer, in item: CalendarComponent) -> CalendarAlarm? {
        guard let triggerProperty = icalcomponent_get_first_property(component, ICAL_TRIGGER_PROPERTY) else {
            problem(.skippedPart, LocalizedText(CalendarText.alarmNoTrigger))
            return nil
        }
        let action: CalendarAlarm.Action
        let actionProperty = icalcomponent_get_first_property(component, ICAL_ACTION_PROPERTY)
        switch actionProperty.map(icalproperty_get_action) {
        case ICAL_ACTION_DISPLAY?: action = .display
        case ICAL_ACTION_AUDIO?: action = .audio
        case ICAL_ACTION_EMAIL?: action = .email
        // RFC 9074: an alarm with ACTION:NONE never alerts.
        case ICAL_ACTION_NONE?: return nil
        case nil: action = .other("")
        default: action = .other(actionProperty.flatMap { Libical.take(icalproperty_get_value_as_string_r($0)) } ?? "")
        }
        let trigger: CalendarAlarm.Trigger
        let value = icalproperty_get_trigger(triggerProperty)
        if icaltime_is_null_time(value.time) == 0 {
            // Absolute triggers are UTC by the RFC; a zoned or floating one is read like other times.
            guard let time = calendarTime(value.time, property: triggerProperty) else {
                problem(.skippedPart, LocalizedText(CalendarText.dateUnreadable, ["property": "TRIGGER"]))
                return nil
            }
            trigger = .absolute(time)
        } else {
            var edge = CalendarAlarm.Edge.start
            if let related = icalproperty_get_first_parameter(triggerProperty, ICAL_RELATED_PARAMETER), icalparameter_get_related(related) == ICAL_RELATED_END {
                edge = .end
            }
            // A to-do ends when due, or at its start plus its DURATION (RFC 5545 3.8.6.3).
            let hasEnd = item.kind == .todo ? item.due != nil || (item.start != nil && item.duration != nil) : true
            if edge == .end, !hasEnd {
                problem(.skippedPart, LocalizedText(CalendarText.alarmNeedsEnd, ["component": componentName]))
                return nil
            }
            if item.anchor == nil {
                problem(.skippedPart, LocalizedText(CalendarText.alarmNeedsStart, ["component": componentName]))
                return nil
            }
            trigger = .relative(Self.duration(value.duration), to: edge)
        }
        let repeatProperty = icalcomponent_get_first_property(component, ICAL_REPEAT_PROPERTY)
        let intervalProperty = icalcomponent_get_first_property(component, ICAL_DURATION_PROPERTY)
        var repeatCount = 0, interval = CalendarDuration.zero
        if let repeatProperty, let intervalProperty {
            repeatCount = min(max(Int(icalproperty_get_repeat(repeatProperty)), 0), Self.maximumAlarms)
            interval = Self.duration(icalproperty_get_duration(intervalProperty))
        } else if repeatProperty != nil || intervalProperty != nil {
            problem(.skippedPart, LocalizedText(CalendarText.alarmRepeatIncomplete))
        }
        var acknowledged: Date?
        if let property = icalcomponent_get_first_property(component, ICAL_ACKNOWLEDGED_PROPERTY),
           case .utc(let instant)? = utcTime(icalproperty_get_acknowledged(property)) {
            acknowledged = instant
        }
        return CalendarAlarm(action: action, trigger: trigger, repeatCount: repeatCount, repeatInterval: interval, acknowledged: acknowledged)
    }

    private mutating func rule(_ component: OpaquePointer) -> RecurrenceRule? {
        let properties = LibicalDocument.properties(of: component, kind: ICAL_RRULE_PROPERTY)
        guard let property = properties.first else { return nil }
        if properties.count > 1 { problem(.skippedPart, LocalizedText(CalendarText.ruleTooMany, ["count": "\(properties.count)"])) }
        var recurrence = icalproperty_get_rrule(property)
        if recurrence.freq == ICAL_NO_RECURRENCE {
            problem(.skippedPart, LocalizedText(CalendarText.ruleUnreadable, ["reason": "FREQ"]))
            return nil
        }
        if recurrence.freq == ICAL_SECONDLY_RECURRENCE, recurrence.interval < 60 {
            problem(.bounded, LocalizedText(CalendarText.ruleTooFine, ["seconds": "\(max(1, recurrence.interval))"]))
            return nil
        }
        if recurrence.count > Int32(Self.maximumCount) {
            problem(.bounded, LocalizedText(CalendarText.ruleCountBounded, ["count": "\(recurrence.count)", "maximum": "\(Self.maximumCount)"]))
            recurrence.count = Int32(Self.maximumCount)
        }
        guard let text = Libical.take(icalrecurrencetype_as_string_r(&recurrence)) else { return nil }
        do {
            return try RecurrenceRule(parsing: text)
        } catch {
            problem(.skippedPart, LocalizedText(CalendarText.ruleUnreadable, localized: ["reason": error.text]))
            return nil
        }
    }

    private mutating func time(_ component: OpaquePointer, _ kind: icalproperty_kind) -> CalendarTime? {
        guard let property = icalcomponent_get_first_property(component, kind) else { return nil }
        guard let value = propertyTimes(property).first else {
            problem(.skippedPart, LocalizedText(CalendarText.dateUnreadable, ["property": Self.propertyName(property)]))
            return nil
        }
        return value
    }

    private mutating func times(_ component: OpaquePointer, _ kind: icalproperty_kind) -> [CalendarTime] {
        LibicalDocument.properties(of: component, kind: kind).flatMap { propertyTimes($0) }
    }

    /// The times one property holds (libical gives each of a list its own property).
    private mutating func propertyTimes(_ property: OpaquePointer) -> [CalendarTime] {
        guard let value = icalproperty_get_value(property) else { return [] }
        let raw: icaltimetype
        switch icalvalue_isa(value) {
        case ICAL_DATE_VALUE: raw = icalvalue_get_date(value)
        case ICAL_DATETIME_VALUE: raw = icalvalue_get_datetime(value)
        case ICAL_DATETIMEPERIOD_VALUE:
            let both = icalvalue_get_datetimeperiod(value)
            raw = icaltime_is_null_time(both.time) == 0 ? both.time : both.period.start
        case ICAL_PERIOD_VALUE: raw = icalvalue_get_period(value).start
        default: return []
        }
        return calendarTime(raw, property: property).map { [$0] } ?? []
    }

    /// A libical time as written: UTC, on a TZID's zone, floating, or a date.
    private mutating func calendarTime(_ raw: icaltimetype, property: OpaquePointer) -> CalendarTime? {
        guard icaltime_is_null_time(raw) == 0, icaltime_is_valid_time(raw) != 0,
              (1...9999).contains(raw.year), (1...12).contains(raw.month), (1...31).contains(raw.day)
        else { return nil }
        if raw.is_date != 0 { return .date(LocalDate(year: Int(raw.year), month: Int(raw.month), day: Int(raw.day))) }
        if let utc = utcTime(raw) { return utc }
        let reading = LocalDateTime(year: Int(raw.year), month: Int(raw.month), day: Int(raw.day), hour: Int(raw.hour), minute: Int(raw.minute), second: Int(raw.second))
        guard let parameter = icalproperty_get_first_parameter(property, ICAL_TZID_PARAMETER),
              let name = icalparameter_get_tzid(parameter).map({ String(cString: $0) }), !name.isEmpty
        else { return .floating(reading) }
        if let zone = zones.systemZone(named: name) { return .zoned(reading, .system(zone)) }
        if let definition = observances[name], let table = zones.table(named: name, observances: definition) {
            return .zoned(reading, .table(table))
        }
        problem(.skippedPart, LocalizedText(CalendarText.zoneUnknown, ["zone": name]))
        return .floating(reading)
    }

    /// A UTC libical time, or `nil` when it is not one.
    private func utcTime(_ raw: icaltimetype) -> CalendarTime? {
        guard icaltime_is_null_time(raw) == 0, raw.is_date == 0, icaltime_is_utc(raw) != 0 else { return nil }
        let reading = LocalDateTime(year: Int(raw.year), month: Int(raw.month), day: Int(raw.day), hour: Int(raw.hour), minute: Int(raw.minute), second: Int(raw.second))
        return .utc(Date(timeIntervalSince1970: TimeInterval(reading.secondsSince1970)))
    }

    // MARK: Values

    /// The text of the first property of `kind`, or `nil`.
    private func text(_ component: OpaquePointer, _ kind: icalproperty_kind) -> String? {
        guard let property = icalcomponent_get_first_property(component, kind), let value = icalproperty_get_value(property) else { return nil }
        switch icalvalue_isa(value) {
        case ICAL_TEXT_VALUE: return icalvalue_get_text(value).map { String(cString: $0) }
        case ICAL_URI_VALUE: return icalvalue_get_uri(value).map { String(cString: $0) }
        default: return Libical.take(icalproperty_get_value_as_string_r(property))
        }
    }

    /// RFC 5545's duration in nominal days and exact seconds.
    static func duration(_ value: icaldurationtype) -> CalendarDuration {
        let sign = value.is_neg != 0 ? -1 : 1
        let days = Int(value.weeks) * 7 + Int(value.days)
        let seconds = Int(value.hours) * 3600 + Int(value.minutes) * 60 + Int(value.seconds)
        return CalendarDuration(days: sign * days, seconds: sign * seconds)
    }

    /// `text` when it is one http(s) link and nothing else: the only links a bubble opens.
    ///
    /// Why: LOCATION is read too, but only when it is the link (Zoom and Teams put the meeting's
    /// address there); links found inside longer text (DESCRIPTION) are not, since an invitation
    /// holds many links and nothing says which one is the meeting's.
    static func webLink(_ text: String) -> String? {
        let trimmed = text.trimmingSpaces()
        // Most locations are not links: a cheap look first, then the full parse.
        guard trimmed.utf8.starts(with: "http".utf8) || trimmed.utf8.starts(with: "HTTP".utf8) else { return nil }
        guard trimmed.utf8.count <= 2048, !trimmed.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }),
              let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty
        else { return nil }
        return trimmed
    }

    private static func propertyName(_ property: OpaquePointer) -> String {
        icalproperty_kind_to_string(icalproperty_isa(property)).map { String(cString: $0) } ?? "?"
    }

    private mutating func problem(_ kind: CalendarProblem.Kind, _ detail: LocalizedText) {
        problems.append(CalendarProblem(file: file, uid: uid, kind: kind, detail: detail))
    }
}
