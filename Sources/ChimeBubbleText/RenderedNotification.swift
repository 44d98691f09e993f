/// A notification ready for a server: texts in one language, urgency, category, actions.
///
/// The body is kept as segments so that it can become markup (escaped text plus Chime's own
/// `<b>` tags) for servers that parse it, and plain text for the others.
public struct RenderedNotification: Hashable, Sendable {
    /// How loudly the server should present it.
    public enum Urgency: UInt8, Hashable, Sendable, CustomStringConvertible {
        /// Water reminders: shown, never intrusive.
        case low = 0
        /// Fasting milestones and reminders.
        case normal = 1
        /// Only when the user asks for it (`notify.urgency.*`); servers keep such bubbles until
        /// dismissed.
        case critical = 2

        public var description: String {
            switch self {
            case .low: return "low"
            case .normal: return "normal"
            case .critical: return "critical"
            }
        }

        /// The urgency named `name` (`low`, `normal` or `critical`, as ``description`` writes
        /// it), or `nil` for any other text.
        public init?(name: String) {
            guard let urgency = [Urgency.low, .normal, .critical].first(where: { $0.description == name }) else { return nil }
            self = urgency
        }
    }

    /// The `category` hint, so users can write server rules for Chime's notifications.
    public enum Category: String, Hashable, Sendable {
        /// Fast start, end, nudges, eating window.
        case fasting = "x-chime.fasting"
        /// Water reminders.
        case water = "x-chime.water"
        /// One-off reminders.
        case reminder = "x-chime.reminder"
        /// Alarms of calendar items.
        case calendar = "x-chime.calendar"
    }

    /// When the server should take the bubble away.
    public enum Expiry: Hashable, Sendable {
        /// The server's own default.
        case serverDefault
        /// Only when the user dismisses it.
        case never
        /// After this many milliseconds.
        case milliseconds(Int32)

        /// The `expire_timeout` value of the Notify call: -1, 0 or the milliseconds.
        public var timeout: Int32 {
            switch self {
            case .serverDefault: return -1
            case .never: return 0
            case .milliseconds(let milliseconds): return max(1, milliseconds)
            }
        }
    }

    /// One run of body text.
    public enum Segment: Hashable, Sendable {
        /// Text shown as is.
        case text(String)
        /// Text shown in bold where the server renders markup.
        case emphasis(String)
    }

    /// The summary line (never markup: servers show it as plain text).
    public var title: String
    /// The body, as segments.
    public var body: [Segment]
    /// How loudly to present it.
    public var urgency: Urgency
    /// The category hint.
    public var category: Category
    /// The buttons to offer, the main one first.
    public var actions: [NotificationAction]
    /// When the bubble goes away.
    public var expiry: Expiry

    /// Makes a rendered notification.
    public init(title: String, body: [Segment], urgency: Urgency, category: Category, actions: [NotificationAction], expiry: Expiry) {
        self.title = title
        self.body = body
        self.urgency = urgency
        self.category = category
        self.actions = actions
        self.expiry = expiry
    }

    /// The body as plain text, for servers without the `body-markup` capability and for logs.
    public var plainBody: String {
        NotificationText.truncated(body.map(\.content).joined(), maximumBytes: NotificationText.maximumTextBytes)
    }

    /// The body as markup: every character of text escaped, emphasis as `<b>...</b>`.
    public var markupBody: String {
        // Cut the plain text first so an entity or a tag is never cut in half.
        var budget = NotificationText.maximumTextBytes
        var markup = ""
        for segment in body where budget > 0 {
            let content = NotificationText.truncated(segment.content, maximumBytes: budget)
            budget -= content.utf8.count
            let escaped = NotificationText.escapeMarkup(content)
            switch segment {
            case .text: markup += escaped
            case .emphasis: markup += "<b>\(escaped)</b>"
            }
            if content != segment.content { break }
        }
        return markup
    }

    /// The body in the form a server with (`markup: true`) or without body markup expects.
    public func bodyText(markup: Bool) -> String {
        markup ? markupBody : plainBody
    }
}

extension RenderedNotification.Segment {
    /// The segment's text, without any formatting.
    public var content: String {
        switch self {
        case .text(let text), .emphasis(let text): return text
        }
    }
}
