import CLibical
import ChimeCore
import FoundationEssentials
import Glibc

/// What one calendar file holds: its items, and why any part of it was left out.
public struct CalendarFileContents: Hashable, Sendable {
    /// The file's path.
    public let file: String
    /// Its items, one per UID, in file order.
    public let items: [CalendarItem]
    /// Why parts (or all) of it were not read.
    public let problems: [CalendarProblem]

    /// Whether nothing of the file could be read.
    public var isUnreadable: Bool { problems.contains { $0.kind == .skippedFile } }
}

/// Reads iCalendar files through libical into ChimeCore's calendar values.
///
/// A file that cannot be read never stops the others: every problem is a ``CalendarProblem``
/// naming the file, and what could be read is kept. Not Sendable: it caches zones across files
/// and is used by one thread at a time (make one per thread to read in parallel).
public final class CalendarReader {
    /// The largest file read, in bytes.
    public static let maximumFileBytes = 32 << 20

    private var zones = CalendarZoneResolver()

    /// Makes a reader with empty caches.
    public init() {}

    /// Reads the file at `path` (a regular file only: a FIFO or device named `*.ics` is refused
    /// without being opened for long).
    public func read(path: String) -> CalendarFileContents {
        switch CalendarFileBytes.read(path: path, maximumBytes: Self.maximumFileBytes) {
        case .success(let bytes):
            return read(bytes: bytes, file: path)
        case .failure(let problem):
            return CalendarFileContents(file: path, items: [], problems: [problem])
        }
    }

    /// Reads `bytes`, the contents of `file` (named in the problems).
    public func read(bytes: [UInt8], file: String) -> CalendarFileContents {
        guard bytes.count <= Self.maximumFileBytes else {
            return CalendarFileContents(file: file, items: [], problems: [CalendarProblem(file: file, kind: .skippedFile, detail: LocalizedText(CalendarText.fileTooLarge, [
                "bytes": "\(bytes.count)", "maximum": "\(Self.maximumFileBytes)",
            ]))])
        }
        let guarded = CalendarTextGuard.guarded(bytes, file: file)
        var problems = guarded.problems
        guard let text = guarded.text else { return CalendarFileContents(file: file, items: [], problems: problems) }
        let document: LibicalDocument
        do {
            document = try LibicalDocument(parsing: text)
        } catch {
            let detail = bytes.isEmpty || !Self.containsCalendar(bytes)
                ? LocalizedText(CalendarText.fileNotICalendar)
                : LocalizedText(CalendarText.fileLibicalFailed, ["reason": error.libicalMessage])
            problems.append(CalendarProblem(file: file, kind: .skippedFile, detail: detail))
            return CalendarFileContents(file: file, items: [], problems: problems)
        }
        let errors = LibicalDocument.parseErrors(in: document.root)
        if let first = errors.first {
            let detail = errors.count == 1
                ? LocalizedText(CalendarText.libicalSkipped, ["error": first])
                : LocalizedText(CalendarText.libicalSkippedMore, ["count": "\(errors.count)", "error": first])
            problems.append(CalendarProblem(file: file, kind: .bounded, detail: detail))
        }
        var components: [CalendarComponent] = []
        var sawCalendar = false
        for calendar in document.calendars {
            let kind = icalcomponent_isa(calendar)
            let children: [OpaquePointer]
            if kind == ICAL_VEVENT_COMPONENT || kind == ICAL_VTODO_COMPONENT {
                children = [calendar]
            } else {
                guard kind == ICAL_VCALENDAR_COMPONENT else { continue }
                children = LibicalDocument.children(of: calendar, kind: ICAL_ANY_COMPONENT).filter {
                    let kind = icalcomponent_isa($0)
                    return kind == ICAL_VEVENT_COMPONENT || kind == ICAL_VTODO_COMPONENT
                }
            }
            sawCalendar = true
            var componentReader = LibicalComponentReader(file: file, observances: zoneDefinitions(in: calendar, file: file, problems: &problems), zones: zones)
            for child in children {
                if let component = componentReader.read(child) { components.append(component) }
            }
            zones = componentReader.zones
            problems += componentReader.problems
        }
        if !sawCalendar {
            problems.append(CalendarProblem(file: file, kind: .skippedFile, detail: LocalizedText(CalendarText.fileNotICalendar)))
        }
        return CalendarFileContents(file: file, items: Self.items(from: components, file: file), problems: problems)
    }

    /// Components grouped by UID: the one without RECURRENCE-ID is the master, the others
    /// override instances. Of two versions of one (a file holding an update after the
    /// original), the higher SEQUENCE wins, and the later one on a tie.
    private static func items(from components: [CalendarComponent], file: String) -> [CalendarItem] {
        var order: [String] = []
        var byUID: [String: CalendarItem] = [:]
        for component in components {
            var item = byUID[component.uid] ?? {
                order.append(component.uid)
                return CalendarItem(uid: component.uid, master: nil, file: file)
            }()
            if let recurrenceID = component.recurrenceID {
                if let earlier = item.overrides.firstIndex(where: { $0.recurrenceID == recurrenceID }) {
                    if component.sequence >= item.overrides[earlier].sequence { item.overrides[earlier] = component }
                } else {
                    item.overrides.append(component)
                }
            } else if component.sequence >= item.master?.sequence ?? Int.min {
                item.master = component
            }
            byUID[component.uid] = item
        }
        return order.map { byUID[$0]! }
    }

    /// The observances of each `VTIMEZONE` of `calendar`, by TZID.
    private func zoneDefinitions(in calendar: OpaquePointer, file: String, problems: inout [CalendarProblem]) -> [String: [ZoneObservance]] {
        guard icalcomponent_isa(calendar) == ICAL_VCALENDAR_COMPONENT else { return [:] }
        var definitions: [String: [ZoneObservance]] = [:]
        for zone in LibicalDocument.children(of: calendar, kind: ICAL_VTIMEZONE_COMPONENT) {
            guard let property = icalcomponent_get_first_property(zone, ICAL_TZID_PROPERTY),
                  let name = icalproperty_get_tzid(property).map({ String(cString: $0) })
            else { continue }
            var observances: [ZoneObservance] = []
            for kind in [ICAL_XSTANDARD_COMPONENT, ICAL_XDAYLIGHT_COMPONENT] {
                for part in LibicalDocument.children(of: zone, kind: kind) {
                    guard let start = icalcomponent_get_first_property(part, ICAL_DTSTART_PROPERTY).map(icalproperty_get_dtstart),
                          icaltime_is_null_time(start) == 0,
                          let from = icalcomponent_get_first_property(part, ICAL_TZOFFSETFROM_PROPERTY).map(icalproperty_get_tzoffsetfrom),
                          let to = icalcomponent_get_first_property(part, ICAL_TZOFFSETTO_PROPERTY).map(icalproperty_get_tzoffsetto)
                    else {
                        problems.append(CalendarProblem(file: file, kind: .skippedPart, detail: LocalizedText(CalendarText.zoneFromFile, ["zone": name, "reason": "DTSTART, TZOFFSETFROM, TZOFFSETTO"])))
                        continue
                    }
                    func reading(_ time: icaltimetype) -> LocalDateTime {
                        LocalDateTime(year: Int(time.year), month: Int(time.month), day: Int(time.day), hour: Int(time.hour), minute: Int(time.minute), second: Int(time.second))
                    }
                    var rule: RecurrenceRule?
                    if let property = icalcomponent_get_first_property(part, ICAL_RRULE_PROPERTY) {
                        var recurrence = icalproperty_get_rrule(property)
                        rule = Libical.take(icalrecurrencetype_as_string_r(&recurrence)).flatMap { try? RecurrenceRule(parsing: $0) }
                    }
                    let extra = LibicalDocument.properties(of: part, kind: ICAL_RDATE_PROPERTY).map { property in
                        reading(icalproperty_get_rdate(property).time)
                    }.filter { $0.date.year > 0 }
                    observances.append(ZoneObservance(start: reading(start), offsetFrom: Int(from), offsetTo: Int(to), rule: rule, extraOnsets: extra))
                }
            }
            definitions[name] = observances
        }
        return definitions
    }

    /// Whether `bytes` mention a calendar at all (to tell "not iCalendar" from "libical failed").
    private static func containsCalendar(_ bytes: [UInt8]) -> Bool {
        String(decoding: bytes.prefix(1 << 16), as: UTF8.self).uppercased().contains("BEGIN:V")
    }
}
