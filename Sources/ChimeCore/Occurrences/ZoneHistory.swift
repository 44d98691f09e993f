import FoundationEssentials

/// The zones rules followed before the one they follow now, each until the instant its change
/// was noticed: what places a past start of a rule on the wall clock it began on.
///
/// A zone change is a fact like any other. Without it, a start that passed in Tokyo would be
/// judged again on Berlin's clock once the user is there, and the history would gain or lose
/// fasts that were decided long before (a fast taken over in Tokyo is a fast in Berlin). When
/// chimed was down the change is noticed at the next derivation: when it happened is not known.
public struct ZoneHistory: Hashable, Sendable {
    /// One zone followed until `until`.
    public struct Span: Hashable, Sendable {
        /// The zone followed.
        public var zone: TimeZone
        /// When the change away from it was noticed.
        public var until: Date

        /// Makes a span.
        public init(zone: TimeZone, until: Date) {
            self.zone = zone
            self.until = until
        }
    }

    /// How many changes are kept: years of travel; older starts are placed on the oldest kept.
    public static let limit = 200

    /// The spans, oldest first.
    public private(set) var spans: [Span]

    /// Makes a history of `spans`, oldest first.
    public init(spans: [Span] = []) {
        self.spans = Array(spans.suffix(Self.limit))
    }

    /// The history kept as `text` (``text``); lines that do not read are passed over, as a
    /// damaged line costs only the placing of starts before it.
    public init(text: String?) {
        var spans: [Span] = []
        for line in (text ?? "").split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 1)
            guard fields.count == 2, let seconds = Double(fields[0]), seconds.isFinite,
                  let zone = ChimeTimeZone.zone(named: String(fields[1])) else { continue }
            let until = Date(timeIntervalSince1970: seconds)
            if let last = spans.last, last.until > until { continue }
            spans.append(Span(zone: zone, until: until))
        }
        self.init(spans: spans)
    }

    /// One line per span: seconds since 1970 (as Swift prints a Double: it reads back exactly)
    /// and the zone's identifier.
    public var text: String {
        spans.map { "\($0.until.timeIntervalSince1970) \($0.zone.identifier)" }.joined(separator: "\n")
    }

    /// The history once `zone` stopped being followed at `until`. A zone followed for no time
    /// at all (two changes noticed at once) placed no start and is not kept.
    public func appending(_ zone: TimeZone, until: Date) -> ZoneHistory {
        var spans = self.spans.filter { $0.until <= until }
        guard spans.last?.until != until else { return ZoneHistory(spans: spans) }
        spans.append(Span(zone: zone, until: until))
        return ZoneHistory(spans: spans)
    }

    /// One zone and the instants it was followed in.
    public struct Period: Sendable {
        /// The zone.
        public var zone: TimeZone
        /// A Gregorian calendar in ``zone``.
        public var calendar: Calendar
        /// When it began to be followed (`distantPast` for the first).
        public var from: Date
        /// When it stopped (`distantFuture` for the one followed now).
        public var until: Date
    }

    /// Every period, oldest first, the last one `current`'s from the last change on.
    public func periods(current: TimeZone, currentCalendar: Calendar) -> [Period] {
        var periods: [Period] = []
        var from = Date.distantPast
        // Years of travel are a few zones visited again and again: one calendar each.
        var calendars = [current.identifier: currentCalendar]
        for span in spans {
            let calendar = calendars[span.zone.identifier] ?? LocalTimeResolver.gregorian(in: span.zone)
            calendars[span.zone.identifier] = calendar
            periods.append(Period(zone: span.zone, calendar: calendar, from: from, until: span.until))
            from = span.until
        }
        periods.append(Period(zone: current, calendar: currentCalendar, from: from, until: .distantFuture))
        return periods
    }
}
