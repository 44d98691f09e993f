import CLibical
import ChimeCore
import FoundationEssentials

/// Writes iCalendar text through libical (`chime export --format ics`): each item a `VEVENT`
/// with its `RRULE`, the `VTIMEZONE` of its zone (from the system's zone database, as libical
/// reads it) and its `VALARM`s.
///
/// Each call builds one component tree, owned by one ``LibicalDocument``-like owner and freed
/// when done; every libical result goes through ``Libical/check(_:_:)``.
public enum CalendarWriter {
    /// `PRODID` of what Chime writes.
    public static let productID = "-//Chime//chime export//EN"

    /// One calendar holding every item (what `export --format ics` writes on standard output).
    /// `stamp` is every event's `DTSTAMP`.
    public static func calendar(_ items: [CalendarExportItem], stamp: Date) throws(LibicalError) -> String {
        let root = try Tree(kind: ICAL_VCALENDAR_COMPONENT)
        try addHeader(to: root.handle)
        var zones = Set<String>()
        for item in items {
            if let zone = zoneName(of: item.timeZone), zones.insert(zone).inserted {
                try addZone(zone, startingBefore: items.filter { zoneName(of: $0.timeZone) == zone }.map(\.start).min()!, to: root.handle)
            }
        }
        for item in items { try addEvent(item, stamp: stamp, to: root.handle) }
        return try root.text()
    }

    /// One item's calendar, as its own file in a vdir.
    public static func file(_ item: CalendarExportItem, stamp: Date) throws(LibicalError) -> String {
        try calendar([item], stamp: stamp)
    }

    // MARK: Building

    /// A component tree: the one owner of its root, freed with it.
    private final class Tree {
        let handle: OpaquePointer

        init(kind: icalcomponent_kind) throws(LibicalError) {
            handle = try Libical.check("making a calendar") { icalcomponent_new(kind) }
        }

        deinit {
            icalcomponent_free(handle)
        }

        /// The tree as iCalendar text (CRLF line ends, folded as RFC 5545 says).
        func text() throws(LibicalError) -> String {
            let handle = handle
            let buffer = try Libical.check("writing the calendar") { icalcomponent_as_ical_string_r(handle) }
            return Libical.take(buffer) ?? ""
        }
    }

    private static func addHeader(to calendar: OpaquePointer) throws(LibicalError) {
        try add(icalproperty_new_version("2.0"), to: calendar)
        try add(icalproperty_new_prodid(productID), to: calendar)
    }

    /// Adds a property to `component`, which owns it from then on.
    private static func add(_ property: OpaquePointer?, to component: OpaquePointer) throws(LibicalError) {
        let property = try Libical.check("making a property") { property }
        icalcomponent_add_property(component, property)
    }

    /// The `VTIMEZONE` of `zone` from libical's reading of the zone database, its `TZID` the
    /// plain IANA name, its history cut a year before `start`.
    private static func addZone(_ zone: String, startingBefore start: Date, to calendar: OpaquePointer) throws(LibicalError) {
        let builtin = try Libical.check("finding the zone \(zone)") { icaltimezone_get_builtin_timezone(zone) }
        let definition = try Libical.check("reading the zone \(zone)") { icaltimezone_get_component(builtin) }
        let copy = try Libical.check("copying the zone \(zone)") { icalcomponent_new_clone(definition) }
        let from = icaltime_from_timet_with_zone(time_t(start.timeIntervalSince1970) - 366 * 86_400, 0, icaltimezone_get_utc_timezone())
        icaltimezone_truncate_vtimezone(copy, from, icaltime_null_time(), 0)
        if let tzid = icalcomponent_get_first_property(copy, ICAL_TZID_PROPERTY) {
            icalproperty_set_tzid(tzid, zone)
        }
        icalcomponent_add_component(calendar, copy)
    }

    private static func addEvent(_ item: CalendarExportItem, stamp: Date, to calendar: OpaquePointer) throws(LibicalError) {
        let event = try Libical.check("making an event") { icalcomponent_new(ICAL_VEVENT_COMPONENT) }
        icalcomponent_add_component(calendar, event)
        try add(icalproperty_new_uid(item.uid), to: event)
        try add(icalproperty_new_dtstamp(utcTime(stamp)), to: event)
        try add(icalproperty_new_summary(item.summary), to: event)
        try add(startProperty(item), to: event)
        try add(icalproperty_new_duration(icaldurationtype_from_int(Int32(clamping: item.duration))), to: event)
        if let rule = item.rule {
            let recurrence = icalrecurrencetype_from_string(rule.rruleText)
            guard recurrence.freq != ICAL_NO_RECURRENCE else { throw Libical.error("writing the rule \(rule.rruleText)") }
            try add(icalproperty_new_rrule(recurrence), to: event)
        }
        for alarm in item.alarms {
            let valarm = try Libical.check("making an alarm") { icalcomponent_new(ICAL_VALARM_COMPONENT) }
            icalcomponent_add_component(event, valarm)
            try add(icalproperty_new_action(ICAL_ACTION_DISPLAY), to: valarm)
            try add(icalproperty_new_description(alarm.text), to: valarm)
            let trigger = try Libical.check("making a trigger") { icalproperty_new_trigger(icaltriggertype_from_int(Int32(clamping: alarm.offset))) }
            if alarm.fromEnd { icalproperty_add_parameter(trigger, icalparameter_new_related(ICAL_RELATED_END)) }
            icalcomponent_add_property(valarm, trigger)
        }
    }

    /// `DTSTART;TZID=<zone>:<local reading>`, or in UTC for a zone with no IANA name.
    private static func startProperty(_ item: CalendarExportItem) -> OpaquePointer? {
        guard let zone = zoneName(of: item.timeZone), let builtin = icaltimezone_get_builtin_timezone(zone) else {
            return icalproperty_new_dtstart(utcTime(item.start))
        }
        // The reading on the zone's clock, tagged with the zone: libical then writes it as
        // `TZID=<zone>:<reading>`, never in UTC.
        let reading = LocalDateTime(of: item.start, in: .system(item.timeZone)).basicText
        var time = icaltime_from_string(reading)
        icaltime_set_timezone(&time, builtin)
        let property = icalproperty_new_dtstart(time)
        if let property { icalproperty_add_parameter(property, icalparameter_new_tzid(zone)) }
        return property
    }

    private static func utcTime(_ instant: Date) -> icaltimetype {
        icaltime_from_timet_with_zone(time_t(instant.timeIntervalSince1970.rounded(.down)), 0, icaltimezone_get_utc_timezone())
    }

    /// The IANA name written as `TZID`, or `nil` for UTC and zones with no such name.
    static func zoneName(of zone: TimeZone) -> String? {
        let name = zone.identifier
        guard name.contains("/"), !name.hasPrefix("Etc/") else { return nil }
        return name
    }
}
