import FoundationEssentials

/// One `STANDARD` or `DAYLIGHT` part of a calendar file's `VTIMEZONE`: from its onsets on, the
/// zone's offset is `offsetTo`.
public struct ZoneObservance: Hashable, Sendable {
    /// The first onset (`DTSTART`), on the wall clock of the offset before it (`offsetFrom`).
    public var start: LocalDateTime
    /// `TZOFFSETFROM`, in seconds east of UTC.
    public var offsetFrom: Int
    /// `TZOFFSETTO`, in seconds east of UTC.
    public var offsetTo: Int
    /// `RRULE`: the later onsets.
    public var rule: RecurrenceRule?
    /// `RDATE`: more onsets, on the same wall clock as `start`.
    public var extraOnsets: [LocalDateTime]

    /// Makes an observance from a `VTIMEZONE`'s parts.
    public init(start: LocalDateTime, offsetFrom: Int, offsetTo: Int, rule: RecurrenceRule? = nil, extraOnsets: [LocalDateTime] = []) {
        self.start = start
        self.offsetFrom = offsetFrom
        self.offsetTo = offsetTo
        self.rule = rule
        self.extraOnsets = extraOnsets
    }
}

/// A time zone as a calendar file defines it: its offset before the first change, then each
/// change in order, worked out once from the `VTIMEZONE`'s observances by Chime's recurrence engine.
///
/// The table covers onsets up to `ZoneTransitionTable.lastYear`; after the last one the offset
/// stays as it was then.
public struct ZoneTransitionTable: Hashable, Sendable {
    /// One change of offset.
    public struct Transition: Hashable, Sendable {
        /// The instant of the change, seconds since 1970.
        public let at: Int
        /// The offset from then on, seconds east of UTC.
        public let offset: Int
    }

    /// The years a table covers: onsets before 1900 only set the offset the table starts with,
    /// and rules are not expanded past 2200.
    public static let firstYear = 1900
    public static let lastYear = 2200
    /// The most onsets one observance contributes (two changes a year over the years covered).
    static let onsetLimit = 2 * (lastYear - firstYear + 1)

    /// The zone's name in the file (`TZID`).
    public let name: String
    /// The offset before the first transition.
    public let initialOffset: Int
    /// The changes, in order, each one a different offset from the one before.
    public let transitions: [Transition]

    /// A table with a fixed offset and no changes.
    public init(name: String, fixedOffset: Int) {
        self.name = name
        initialOffset = fixedOffset
        transitions = []
    }

    /// The table of a `VTIMEZONE` named `name` with `observances`; `nil` when it has none.
    public init?(name: String, observances: [ZoneObservance]) {
        guard !observances.isEmpty else { return nil }
        let windowStart = LocalDateTime(year: Self.firstYear, month: 1, day: 1, hour: 0, minute: 0, second: 0).secondsSince1970
        let windowEnd = LocalDateTime(year: Self.lastYear + 1, month: 1, day: 1, hour: 0, minute: 0, second: 0).secondsSince1970
        var onsets: [(at: Int, from: Int, to: Int)] = []
        for observance in observances {
            // Onsets are written on the clock of the offset before them: a fixed clock, no gaps.
            let clock = ZoneRules.table(ZoneTransitionTable(name: name, fixedOffset: observance.offsetFrom))
            var readings = [observance.start] + observance.extraOnsets
            if let rule = observance.rule {
                let expander = RecurrenceExpander(rule: rule, start: observance.start, zone: clock, skippedTimes: .atTransition)
                var count = 0
                // The last onset before the window sets the offset the window starts with.
                var lastBefore: Int?
                expander.forEachOccurrence(from: nil) { instant in
                    let seconds = Int(instant.timeIntervalSince1970)
                    if seconds < windowStart {
                        lastBefore = seconds
                        // Skip ahead: the onsets before the window matter only through the last one.
                        return true
                    }
                    if seconds >= windowEnd { return false }
                    count += 1
                    readings.append(LocalDateTime(secondsSince1970: seconds + observance.offsetFrom))
                    return count < Self.onsetLimit
                }
                if let lastBefore { readings.append(LocalDateTime(secondsSince1970: lastBefore + observance.offsetFrom)) }
            }
            for reading in Set(readings) {
                onsets.append((reading.secondsSince1970 - observance.offsetFrom, observance.offsetFrom, observance.offsetTo))
            }
        }
        onsets.sort { $0.at < $1.at }
        // Before the window only the last onset counts.
        if let lastEarly = onsets.lastIndex(where: { $0.at < windowStart }), lastEarly > 0 {
            onsets.removeFirst(lastEarly)
        }
        self.name = name
        initialOffset = onsets.first?.from ?? observances[0].offsetTo
        var transitions: [Transition] = []
        var current = initialOffset
        for onset in onsets where onset.to != current {
            transitions.append(Transition(at: onset.at, offset: onset.to))
            current = onset.to
        }
        self.transitions = transitions
    }

    /// The offset at `seconds` since 1970.
    public func offset(at seconds: Int) -> Int {
        // The number of transitions at or before `seconds`.
        var low = 0, high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle].at <= seconds { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? initialOffset : transitions[low - 1].offset
    }

    /// The first transition strictly after `seconds`, or `nil`.
    func nextTransition(after seconds: Int) -> Int? {
        transitions.first { $0.at > seconds }?.at
    }
}
