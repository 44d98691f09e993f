/// A horizontal bar of block characters showing a fraction, such as the progress of a fast.
public enum ProgressBar {
    /// Eighths of a cell, so short bars still move smoothly.
    private static let partialBlocks = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// `width` cells: filled in `color` up to `fraction` (clamped to 0...1), the rest dim, then
    /// the percentage (`███████▌░░░░░░  52%`).
    public static func render(fraction: Double, width: Int = 30, color: TerminalStyle.Color = .green, style: TerminalStyle) -> String {
        let bar = cells(fraction: fraction, width: width)
        let percent = Int((clamped(fraction) * 100).rounded(.down))
        let label = String(repeating: " ", count: 3 - min(3, String(percent).count)) + "\(percent)%"
        return style.paint(bar.filled, color) + style.paint(bar.empty, .dim) + " " + label
    }

    /// The fewest cells a bar is shrunk to on a narrow terminal.
    public static let minimumWidth = 10

    /// A bar of up to `barWidth` cells and its caption on one indented line (`  ███▌░░░  52%  8 h
    /// done, 8 h to go`), or with `captionFirst` the caption before it; on a terminal of `width`
    /// columns the bar shrinks (down to ``minimumWidth`` cells) to keep the line within it, and
    /// when that is not enough the caption takes a line of its own, so nothing wraps.
    public static func line(
        fraction: Double, barWidth: Int = 30, color: TerminalStyle.Color, caption: String, captionFirst: Bool = false,
        width: Int?, style: TerminalStyle
    ) -> String {
        let indent = "  ", gap = "  "
        // The percentage after the bar takes five columns (` 100%`).
        let room = width.map { $0 - indent.count - gap.count - 5 - DisplayWidth.of(caption) } ?? barWidth
        if room >= minimumWidth {
            let bar = render(fraction: fraction, width: min(barWidth, room), color: color, style: style)
            return indent + (captionFirst ? caption + gap + bar : bar + gap + caption)
        }
        let bar = render(fraction: fraction, width: max(minimumWidth, min(barWidth, (width ?? barWidth) - indent.count - 5)), color: color, style: style)
        return captionFirst ? indent + caption + "\n" + indent + bar : indent + bar + "\n" + indent + caption
    }

    /// The filled part (full and partial blocks) and the empty part (light shade) of a bar.
    public static func cells(fraction: Double, width: Int) -> (filled: String, empty: String) {
        let width = max(1, width)
        let eighths = Int((clamped(fraction) * Double(width * 8)).rounded(.down))
        let full = eighths / 8
        let partial = full < width ? partialBlocks[eighths % 8] : ""
        let used = full + (partial.isEmpty ? 0 : 1)
        return (String(repeating: "█", count: full) + partial, String(repeating: "░", count: width - used))
    }

    private static func clamped(_ fraction: Double) -> Double {
        guard fraction.isFinite else { return 0 }
        return min(1, max(0, fraction))
    }
}
