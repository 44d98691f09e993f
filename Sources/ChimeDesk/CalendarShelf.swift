import ChimeCore

/// The calendars read from their files, prepared, as whoever reads them keeps them (chimed's
/// calendar watch): what the desk derives calendar alarms from. The desk never reads a
/// calendar's files itself, so an intention costs no parsing.
///
/// Not Sendable: it belongs to the thread of the desk that reads it.
public final class CalendarShelf {
    /// The calendars by name.
    public private(set) var calendars: [String: PreparedCalendar] = [:]

    /// An empty shelf.
    public init() {}

    /// Puts `calendar` on the shelf, in place of the one with its name.
    public func put(_ calendar: PreparedCalendar) {
        calendars[calendar.name] = calendar
    }

    /// Changes the calendar named `name` in place (nothing when it is not on the shelf).
    public func modify(_ name: String, _ body: (inout PreparedCalendar) -> Void) {
        guard calendars[name] != nil else { return }
        body(&calendars[name]!)
    }

    /// Takes the calendar named `name` off the shelf.
    public func remove(named name: String) {
        calendars[name] = nil
    }

    /// The prepared item `uid` of calendar `calendar`, if it is on the shelf.
    public func item(calendar: String, uid: String) -> CalendarItemAlarms? {
        calendars[calendar]?.itemsByUID[uid]
    }

    /// Whether the calendar named `name` is on the shelf.
    public func holds(_ name: String) -> Bool {
        calendars[name] != nil
    }
}

@available(*, unavailable, message: "a CalendarShelf belongs to its desk's thread")
extension CalendarShelf: Sendable {}
