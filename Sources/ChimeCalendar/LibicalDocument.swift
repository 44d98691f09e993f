import CLibical
import ChimeCore

/// A parsed iCalendar text: the one owner of libical's component tree, freed with it.
///
/// Not Sendable: libical's component iterators are state inside the tree, so a document is
/// read on one thread at a time (each reader thread parses its own).
final class LibicalDocument {
    /// The root component: a VCALENDAR, an XROOT holding several, or a bare component.
    let root: OpaquePointer

    /// Parses `text`, which must end with a NUL byte.
    init(parsing text: [CChar]) throws(LibicalError) {
        precondition(text.last == 0, "libical reads C strings")
        root = try Libical.check("parsing the file") {
            text.withUnsafeBufferPointer { icalparser_parse_string($0.baseAddress) }
        }
    }

    deinit {
        icalcomponent_free(root)
    }

    /// The calendars in the document: the root, or the VCALENDARs of an XROOT.
    var calendars: [OpaquePointer] {
        guard icalcomponent_isa(root) == ICAL_XROOT_COMPONENT else { return [root] }
        return Self.children(of: root, kind: ICAL_VCALENDAR_COMPONENT)
    }

    /// The direct children of `component` of `kind` (`ICAL_ANY_COMPONENT` for all), in order.
    static func children(of component: OpaquePointer, kind: icalcomponent_kind) -> [OpaquePointer] {
        var found: [OpaquePointer] = []
        var child = icalcomponent_get_first_component(component, kind)
        while let current = child {
            found.append(current)
            child = icalcomponent_get_next_component(component, kind)
        }
        return found
    }

    /// The properties of `component` of `kind`, in order.
    static func properties(of component: OpaquePointer, kind: icalproperty_kind) -> [OpaquePointer] {
        var found: [OpaquePointer] = []
        var property = icalcomponent_get_first_property(component, kind)
        while let current = property {
            found.append(current)
            property = icalcomponent_get_next_property(component, kind)
        }
        return found
    }

    /// The `X-LIC-ERROR` texts libical left in `component` and everything inside it.
    static func parseErrors(in component: OpaquePointer) -> [String] {
        var errors = properties(of: component, kind: ICAL_XLICERROR_PROPERTY).compactMap { property in
            icalproperty_get_xlicerror(property).map { String(cString: $0) }
        }
        for child in children(of: component, kind: ICAL_ANY_COMPONENT) {
            errors += parseErrors(in: child)
        }
        return errors
    }
}
