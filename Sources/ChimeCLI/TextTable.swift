/// Aligns rows of text into columns for the terminal.
enum TextTable {
    /// The header (dimmed when colour is on) and rows, columns padded to their widest cell; the
    /// last column is not padded, so long titles do not leave trailing spaces.
    static func render(header: [String], rows: [[String]], style: TerminalStyle) -> String {
        let all = [header] + rows
        let columns = header.count
        let widths = (0..<columns).map { column in all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                column == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }.joined(separator: "  ")
        }
        return ([style.paint(line(header), .dim)] + rows.map(line)).joined(separator: "\n") + "\n"
    }
}
