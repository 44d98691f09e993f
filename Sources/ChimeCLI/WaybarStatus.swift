import ChimeBubbleText

/// One line for a waybar (or polybar) custom module with `return-type: json`:
/// `{"text","tooltip","class","percentage"}`.
///
/// Waybar renders `text` and `tooltip` as Pango markup, so both are escaped here: a tag such as
/// `<b>x</b> & y` shows literally instead of breaking the bar.
public struct WaybarStatus: Codable, Hashable, Sendable {
    /// The bar text (markup-escaped).
    public var text: String
    /// The tooltip (markup-escaped, lines separated by `\n`).
    public var tooltip: String
    /// The CSS class: `fasting`, `eating`, `scheduled`, `ended` or `none`.
    public var cssClass: String
    /// 0...100, for format-icons.
    public var percentage: Int

    enum CodingKeys: String, CodingKey {
        case text, tooltip
        case cssClass = "class"
        case percentage
    }

    /// Makes the status from plain text, escaping it for Pango.
    public init(text: String, tooltip: String, cssClass: String, percentage: Int) {
        self.text = NotificationText.escapeMarkup(text)
        self.tooltip = NotificationText.escapeMarkup(tooltip)
        self.cssClass = cssClass
        self.percentage = min(100, max(0, percentage))
    }

    /// The one-line JSON waybar reads.
    public var line: String {
        // Every field is a String or Int, which the encoder always accepts.
        (try? OrderedJSONEncoder().encode(self)) ?? "{}"
    }
}
