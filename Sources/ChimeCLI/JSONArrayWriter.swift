/// Writes a JSON array element by element, exactly as ``OrderedJSONEncoder`` would write the
/// whole array, so a long list (`list --json`) streams out in bounded memory. Each element
/// writes itself, indented one level when pretty printing.
///
/// Text is handed to the output in chunks of about ``chunkSize`` bytes: one `write(2)` per row
/// would cost more than the row.
struct JSONArrayWriter {
    /// About how much text is gathered before it is written.
    static let chunkSize = 64 * 1024

    private let encoder: OrderedJSONEncoder
    private let output: any TextOutput
    private var buffer = ""
    private var count = 0
    /// Whether the reader is still there; once not, nothing more is encoded.
    private(set) var isOpen = true

    /// Starts an array written to `output`, pretty printed like `encoder` does.
    init(encoder: OrderedJSONEncoder, output: any TextOutput) {
        self.encoder = encoder
        self.output = output
    }

    /// Appends one element that writes itself (pretty printed one level deep); `false` once the
    /// reader has gone.
    mutating func append(writtenBy write: (inout String) -> Void) -> Bool {
        guard isOpen else { return false }
        buffer += count == 0 ? "[" : ","
        if encoder.prettyPrinted { buffer += "\n  " }
        write(&buffer)
        count += 1
        if buffer.utf8.count >= Self.chunkSize { flush() }
        return isOpen
    }

    /// Closes the array (`[]` when empty) and its line, and writes what is left.
    mutating func finish() {
        guard isOpen else { return }
        if count == 0 {
            buffer += "[]"
        } else {
            buffer += encoder.prettyPrinted ? "\n]" : "]"
        }
        buffer += "\n"
        flush()
    }

    private mutating func flush() {
        if !buffer.isEmpty, !output.write(buffer) { isOpen = false }
        buffer = ""
    }
}
