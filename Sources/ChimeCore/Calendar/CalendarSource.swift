import FoundationEssentials

/// A calendar the user added (`chime calendar add PATH`): where its files are and how its
/// alarms are given. Chime never writes into the files; what it keeps about their alarms
/// (``CalendarAlarmFact``) is in its own store.
public struct CalendarSource: Hashable, Sendable {
    /// The name alarms and listings call it by (`cal/<name>/...`).
    public var name: String
    /// The absolute path added: a vdir collection, a folder of collections or one `.ics` file.
    public var path: String
    /// Alarms, this long before the start, for items with no alarm of their own
    /// (`--default-alert`); empty for none.
    public var defaultAlerts: [TimeSpan]
    /// Whether the calendar gives no alarms at all (`--no-alerts`).
    public var isMuted: Bool
    /// When it was added: nothing from before is shown late.
    public var addedAt: Date
    /// How far its alarms have been derived: after downtime, firings from here to now are
    /// caught up (shown once late, or not at all for an item already over).
    public var derivedThrough: Date?

    /// Makes a calendar record.
    public init(name: String, path: String, defaultAlerts: [TimeSpan] = [], isMuted: Bool = false, addedAt: Date, derivedThrough: Date? = nil) {
        self.name = name
        self.path = path
        self.defaultAlerts = defaultAlerts
        self.isMuted = isMuted
        self.addedAt = addedAt
        self.derivedThrough = derivedThrough
    }

    /// The calendar as the alarm engine reads it, holding `items`.
    public func contents(items: [CalendarItem]) -> CalendarContents {
        CalendarContents(
            name: name, items: items,
            defaultAlerts: defaultAlerts.map { CalendarDuration(seconds: Int($0.timeInterval)) }, isMuted: isMuted
        )
    }

    /// Checks a name chosen with `--name`: the rules of every id Chime names things by
    /// (``EntityID/validate(_:)``), so it can be typed in `cancel cal/<name>/...`.
    public static func validateName(_ text: String) throws(DomainError) -> String {
        do {
            return try EntityID.validate(text)
        } catch {
            throw DomainError(.invalidIdentifier, .invalidCalendarName, ["text": text, "maximum": "\(EntityID.maximumLength)"])
        }
    }

    /// The name a calendar added without `--name` gets: its folder's or file's name (without
    /// `.ics`), each character no name may hold written `-`; `calendar` when nothing is left.
    public static func defaultName(forPath path: String) -> String {
        var base = PathText.lastComponent(of: path)
        if base.lowercased().hasSuffix(".ics"), base.count > 4 { base = String(base.dropLast(4)) }
        var name = ""
        for character in base.composedCanonically {
            let kept = (try? EntityID.validate("a" + String(character))) != nil
            name.append(kept ? character : "-")
        }
        while let first = name.first, first == "-" || first == "." || first == "_" { name.removeFirst() }
        name = String(name.prefix(EntityID.maximumLength))
        return (try? EntityID.validate(name)) ?? "calendar"
    }
}
