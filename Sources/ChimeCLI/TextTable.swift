/// Rows of text aligned into columns that fit the terminal.
///
/// Widths are display widths (``DisplayWidth``), so Chinese titles line up. With a terminal
/// width, a table too wide first shortens the columns that allow it (with "…", down to their
/// minimum), then leaves out the columns that may go (their content is repeated elsewhere, as a
/// group is in its identifier); with all of those gone, it uses the cells' compact texts (a time
/// without "in 2 h") where that shortens less, and when even that is too wide, shows each row as
/// a block: its key cell on a line of its own, the other cells on an indented line cut to the
/// width. Without a terminal width (output to a pipe or file) every line is whole.
struct TextTable {
    /// One column: its header and how it may give way on a narrow terminal.
    struct Column {
        /// The header text.
        var header: String
        /// The narrowest it may be shortened to; `nil` when it is never shortened.
        var minimumWidth: Int?
        /// When it is left out on a narrow terminal: lower goes first; `nil` when it stays.
        var dropOrder: Int?

        /// Makes a column.
        init(_ header: String, minimumWidth: Int? = nil, dropOrder: Int? = nil) {
            self.header = header
            self.minimumWidth = minimumWidth
            self.dropOrder = dropOrder
        }
    }

    /// One cell: its text and the colour it is painted in.
    struct Cell: ExpressibleByStringLiteral {
        /// The plain text (measured and shortened before painting).
        var text: String
        /// The colour, if any.
        var color: TerminalStyle.Color?
        /// A shorter text saying what matters of ``text``, for a narrow terminal; `nil`: the same.
        var compact: String?

        /// Makes a cell.
        init(_ text: String, _ color: TerminalStyle.Color? = nil, compact: String? = nil) {
            self.text = text
            self.color = color
            self.compact = compact
        }

        /// The cell with its compact text, if it has one.
        var compacted: Cell { Cell(compact ?? text, color) }

        /// A plain cell from a literal.
        init(stringLiteral value: String) {
            self.init(value)
        }
    }

    /// The columns, in order.
    var columns: [Column]
    /// The rows, one cell per column.
    var rows: [[Cell]]
    /// The column that heads a row in the block layout (an identifier: never shortened).
    var keyColumn = 0
    /// Spaces before every line.
    var indent = 0
    /// Whether to print the header line.
    var showsHeader = true

    /// The table as text, every line ending in a newline; at most `width` display columns per
    /// line when a width is given (a key longer than the whole width excepted: it stays whole).
    func render(width: Int?, style: TerminalStyle) -> String {
        var visible = Array(columns.indices)
        var widths = naturalWidths(of: rows)
        guard let width else { return lines(visible, widths, rows: rows, style: style) }
        while true {
            let droppable = visible.filter { columns[$0].dropOrder != nil }
            if droppable.isEmpty {
                return lastResort(visible, width: width, style: style)
            }
            if fit(visible, &widths, into: width) { return lines(visible, widths, rows: rows, style: style) }
            let next = droppable.min { columns[$0].dropOrder! < columns[$1].dropOrder! }!
            visible.removeAll { $0 == next }
            widths = naturalWidths(of: rows)
        }
    }

    /// With no column left to leave out: the whole cells if they fit unshortened, else the
    /// compact ones if they fit, else the whole cells shortened, else blocks of compact cells.
    private func lastResort(_ visible: [Int], width: Int, style: TerminalStyle) -> String {
        var widths = naturalWidths(of: rows)
        let natural = widths
        let fits = fit(visible, &widths, into: width)
        if fits, widths == natural { return lines(visible, widths, rows: rows, style: style) }
        let compactRows = rows.map { $0.map(\.compacted) }
        var compactWidths = naturalWidths(of: compactRows)
        if fit(visible, &compactWidths, into: width) { return lines(visible, compactWidths, rows: compactRows, style: style) }
        if fits { return lines(visible, widths, rows: rows, style: style) }
        return blocks(visible, rows: compactRows, width: width, style: style)
    }

    /// Each column's widest cell of `rows` (header included), in display columns.
    private func naturalWidths(of rows: [[Cell]]) -> [Int] {
        columns.indices.map { column in
            ((showsHeader ? [DisplayWidth.of(columns[column].header)] : []) + rows.map { DisplayWidth.of($0[column].text) }).max() ?? 0
        }
    }

    /// Shortens the shortenable columns among `visible`, last first, until a line takes at most
    /// `width`; `false` when their minimums still do not fit.
    private func fit(_ visible: [Int], _ widths: inout [Int], into width: Int) -> Bool {
        var excess = indent + visible.map { widths[$0] }.reduce(0, +) + 2 * (visible.count - 1) - width
        for column in visible.reversed() where excess > 0 {
            guard let minimum = columns[column].minimumWidth else { continue }
            let cut = min(excess, max(0, widths[column] - minimum))
            widths[column] -= cut
            excess -= cut
        }
        return excess <= 0
    }

    /// The aligned lines of `rows` in the `visible` columns at `widths`; the last column is not padded,
    /// so short titles leave no trailing spaces.
    private func lines(_ visible: [Int], _ widths: [Int], rows: [[Cell]], style: TerminalStyle) -> String {
        let margin = String(repeating: " ", count: indent)
        func line(_ cells: [Cell], paint: Bool) -> String {
            margin + visible.enumerated().map { position, column in
                let text = DisplayWidth.shortened(cells[column].text, to: widths[column])
                let painted = paint ? cells[column].color.map { style.paint(text, $0) } ?? text : text
                guard position < visible.count - 1 else { return painted }
                return painted + String(repeating: " ", count: widths[column] - DisplayWidth.of(text))
            }.joined(separator: "  ")
        }
        let header = showsHeader ? [style.paint(trimmed(line(columns.map { Cell($0.header) }, paint: false)), .dim)] : []
        return (header + rows.map { trimmed(line($0, paint: true)) }).map { $0 + "\n" }.joined()
    }

    /// `line` without trailing spaces (left by an empty last cell).
    private func trimmed(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }

    /// Each of `rows` as a block: the key cell on its own line, the other `visible` cells on the next,
    /// indented and cut to `width`.
    private func blocks(_ visible: [Int], rows: [[Cell]], width: Int, style: TerminalStyle) -> String {
        let margin = String(repeating: " ", count: indent)
        let detailMargin = margin + "  "
        return rows.map { cells in
            let key = cells[keyColumn]
            let details = visible.filter { $0 != keyColumn }.map { cells[$0].text }.joined(separator: "  ")
            let shortened = DisplayWidth.shortened(details, to: max(0, width - DisplayWidth.of(detailMargin)))
            let keyText = key.color.map { style.paint(key.text, $0) } ?? key.text
            return margin + keyText + "\n" + (shortened.isEmpty ? "" : detailMargin + shortened + "\n")
        }.joined()
    }
}
