import ChimeCore
import FoundationEssentials

/// One pending notification as `list`, `status` and `export` show it: the request, its rendered
/// title and body, and its delivery state from the store.
public struct PendingNotification: Hashable, Sendable {
    /// The request identifier (`fast/f-3k9/end`): what `cancel` and `snooze` accept.
    public var identifier: String
    /// The fast, water schedule or reminder it belongs to.
    public var group: String
    /// What it announces.
    public var kind: RequestKind
    /// When it is due.
    public var due: Date
    /// How late it may still count as on time.
    public var tolerance: TimeInterval
    /// The rendered title.
    public var title: String
    /// The rendered body.
    public var body: String
    /// The delivery state as the store names it (`pending`, `delivering`, ...).
    public var state: String

    /// Makes a row from its parts.
    public init(identifier: String, group: String, kind: RequestKind, due: Date, tolerance: TimeInterval, title: String, body: String, state: String) {
        self.identifier = identifier
        self.group = group
        self.kind = kind
        self.due = due
        self.tolerance = tolerance
        self.title = title
        self.body = body
        self.state = state
    }

    /// Makes a row from a stored request and its rendered text.
    public init(request: NotificationRequest, title: String, body: String, state: String) {
        self.init(identifier: request.identifier, group: request.group, kind: request.kind, due: request.due,
                  tolerance: request.tolerance, title: title, body: body, state: state)
    }

    /// The longest ``summary``, in display columns: a status line stays on one terminal line.
    static let summaryLength = 60

    /// What `list` and `status` name the notification by: its title, and for a reminder also
    /// its text (every reminder has the same title), shortened to ``summaryLength`` columns.
    public var summary: String { summary(in: .english) }

    /// ``summary`` with the separator of `language` (the title and text are already in it).
    public func summary(in language: UserLanguage) -> String {
        guard kind == .reminder, !body.isEmpty else { return title }
        let text = CommandText.titleAndText.text(language, ["title": title, "text": body.replacingEvery("\n", with: " ")])
        return DisplayWidth.shortened(text, to: Self.summaryLength)
    }

    /// The `list --json` element, with `due` in the local zone.
    public func json(in timeZone: TimeZone) -> PendingNotificationJSON {
        PendingNotificationJSON(
            id: identifier, group: group, kind: kind.rawValue, due: ISO8601Text.format(due, in: timeZone),
            toleranceSeconds: Int(tolerance.rounded()), title: title, body: body, state: state
        )
    }

    /// What KIND shows for `kind` in `language`: the JSON word in English (`fast-nudge`), a
    /// word of the language otherwise.
    static func kindName(_ kind: RequestKind, in language: UserLanguage) -> String {
        guard language != .english else { return kind.rawValue }
        let name: CommandText
        switch kind {
        case .fastStart: name = .kindFastStart
        case .fastEnd: name = .kindFastEnd
        case .fastNudge: name = .kindFastNudge
        case .eatingEnd: name = .kindEatingEnd
        case .water: name = .kindWater
        case .reminder: name = .kindReminder
        case .calendarAlarm: name = .kindCalendarAlarm
        }
        return name.text(language)
    }

    /// The narrowest the TITLE column of `list` is shortened to before columns are left out.
    static let minimumTitleWidth = 16

    /// The text table of `list`: one row per notification, soonest first, or a sentence when
    /// there are none. On a terminal of `width` columns the titles are shortened, then GROUP and
    /// KIND (both in the identifier) left out, then the times shown without "in 2 h" and a
    /// reminder by its text alone (its identifier says it is one), then each notification shown
    /// on two lines. KIND is in the language of the table (JSON keeps the English words).
    public static func table(_ notifications: [PendingNotification], display: TimeDisplay, style: TerminalStyle, width: Int? = nil) -> String {
        let language = display.language
        guard !notifications.isEmpty else {
            return CommandText.nothingPending.text(language) + "\n"
        }
        let sorted = notifications.sorted { ($0.due, $0.identifier) < ($1.due, $1.identifier) }
        let table = TextTable(
            columns: [
                .init(CommandText.columnID.text(language)), .init(CommandText.columnGroup.text(language), dropOrder: 0),
                .init(CommandText.columnKind.text(language), dropOrder: 1), .init(CommandText.columnDue.text(language)),
                .init(CommandText.columnTitle.text(language), minimumWidth: minimumTitleWidth),
            ],
            rows: sorted.map { row in
                let compactTitle = row.kind == .reminder && !row.body.isEmpty
                    ? DisplayWidth.shortened(row.body.replacingEvery("\n", with: " "), to: summaryLength) : nil
                return [
                    .init(row.identifier), .init(row.group), .init(kindName(row.kind, in: language)),
                    .init(display.clockAndRelative(row.due), compact: display.clock(row.due)), .init(row.summary(in: language), compact: compactTitle),
                ]
            }
        )
        return table.render(width: width, style: style)
    }
}

/// An element of `chime list --json`: `{"id","group","kind","due","tolerance_seconds","title","body","state"}`.
public struct PendingNotificationJSON: Codable, Hashable, Sendable {
    /// The request identifier.
    public var id: String
    /// The fast, schedule or reminder id.
    public var group: String
    /// `fast-start`, `fast-end`, `fast-nudge`, `eating-end`, `water` or `reminder`.
    public var kind: String
    /// ISO 8601 with the local offset.
    public var due: String
    /// Whole seconds.
    public var toleranceSeconds: Int
    /// Rendered title.
    public var title: String
    /// Rendered body.
    public var body: String
    /// Delivery state.
    public var state: String

    enum CodingKeys: String, CodingKey {
        case id, group, kind, due
        case toleranceSeconds = "tolerance_seconds"
        case title, body, state
    }

    /// Appends the element as ``OrderedJSONEncoder`` writes it pretty printed as an element of a
    /// top-level array, without going through `Encodable` (a third of `list --json` went there);
    /// a test holds the two to the same text.
    func writePrettyElement(to output: inout String) {
        func member(_ key: CodingKeys, first: Bool = false) {
            output += first ? "{\n    \"" : ",\n    \""
            output += key.rawValue
            output += "\": "
        }
        member(.id, first: true)
        JSONStringLiteral.append(id, to: &output)
        member(.group)
        JSONStringLiteral.append(group, to: &output)
        member(.kind)
        JSONStringLiteral.append(kind, to: &output)
        member(.due)
        JSONStringLiteral.append(due, to: &output)
        member(.toleranceSeconds)
        output += String(toleranceSeconds)
        member(.title)
        JSONStringLiteral.append(title, to: &output)
        member(.body)
        JSONStringLiteral.append(body, to: &output)
        member(.state)
        JSONStringLiteral.append(state, to: &output)
        output += "\n  }"
    }
}
