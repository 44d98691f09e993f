/// Checks and cleans free text from the user (a fast's tag, a reminder's text).
///
/// Notification servers and GLib require valid UTF-8 without NUL; control characters would
/// garble a bubble or a terminal, and a bidirectional override left open (U+202E in `pay
/// \u{202E}evil`) turns the rest of a bubble or a terminal line around. Swift strings are always
/// valid Unicode, so the byte-level UTF-8 check happens where bytes enter (command-line
/// arguments); this type handles the rest.
public enum UserText {
    /// The most bytes of UTF-8 a tag or reminder text may hold.
    public static let maximumBytes = 1024

    /// `text` with tabs and line breaks turned into spaces, other control characters removed and
    /// surrounding spaces trimmed; an error when it holds a NUL, ends up empty while `allowEmpty`
    /// is false, or is longer than `maximumBytes`.
    public static func validate(_ text: String, field: String, allowEmpty: Bool = false, maximumBytes: Int = maximumBytes) throws(DomainError) -> String {
        try validate(text, field: LocalizedText(verbatim: field), allowEmpty: allowEmpty, maximumBytes: maximumBytes)
    }

    /// ``validate(_:field:allowEmpty:maximumBytes:)`` with the field named in every language.
    public static func validate(_ text: String, field: LocalizedText, allowEmpty: Bool = false, maximumBytes: Int = maximumBytes) throws(DomainError) -> String {
        if text.unicodeScalars.contains("\0") {
            throw DomainError(.invalidText, LocalizedText(CoreText.textHasNUL, localized: ["field": field]))
        }
        let trimmed = cleaned(text)
        if trimmed.isEmpty, !allowEmpty {
            throw DomainError(.invalidText, LocalizedText(CoreText.textEmpty, localized: ["field": field]))
        }
        if trimmed.utf8.count > maximumBytes {
            throw DomainError(.invalidText, LocalizedText(CoreText.textTooLong, localized: [
                "field": field, "bytes": LocalizedText(verbatim: "\(trimmed.utf8.count)"), "maximum": LocalizedText(verbatim: "\(maximumBytes)"),
            ]))
        }
        return trimmed
    }

    /// `text` with tabs and line breaks turned into spaces, other control characters (NUL
    /// included) removed, unpaired bidirectional controls removed (``balancingBidiControls(_:)``)
    /// and surrounding spaces trimmed: the one cleaning of user text, for what is stored and for
    /// what reaches a notification server.
    public static func cleaned(_ text: String) -> String {
        // Printable ASCII holds no control and no bidirectional character: only spaces to trim.
        // Most text is such, and every notification cleans each of its values.
        if text.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) { return text.trimmingPlainSpaces() }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\t" || scalar == "\n" || scalar == "\r" {
                scalars.append(" ")
            } else if !isControl(scalar) {
                scalars.append(scalar)
            }
        }
        return balancingBidiControls(String(scalars)).trimmingPlainSpaces()
    }

    /// `text` without the bidirectional formatting characters that are not part of a complete
    /// pair within their line: an embedding or override (U+202A-U+202E) needs its U+202C, an
    /// isolate (U+2066-U+2068) its U+2069. An opener never closed would turn around everything
    /// after the text (the rest of a bubble, a table row); a closer with nothing to close could end
    /// the caller's own. Complete pairs stay, so right-to-left text written with them is kept.
    ///
    /// Pairs follow the Unicode bidirectional algorithm (UAX #9): U+202C closes the innermost
    /// embedding or override unless an isolate was opened after it, U+2069 closes the innermost
    /// isolate together with the embeddings opened inside it (those openers go), and a line
    /// break ends everything. Text without any of these characters is returned as it is.
    public static func balancingBidiControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { BidiControl($0) != nil }) else { return text }
        var scalars = Array(text.unicodeScalars)
        var dropped = Set<Int>()
        // The openers not closed yet, innermost last: their index and whether they are isolates.
        var open: [(index: Int, isolate: Bool)] = []
        func dropOpen(downTo count: Int) {
            while open.count > count { dropped.insert(open.removeLast().index) }
        }
        for (index, scalar) in scalars.enumerated() {
            if Self.endsBidiParagraph(scalar) {
                dropOpen(downTo: 0)
                continue
            }
            switch BidiControl(scalar) {
            case .openEmbedding: open.append((index, false))
            case .openIsolate: open.append((index, true))
            case .closeEmbedding:
                if let last = open.last, !last.isolate {
                    open.removeLast()
                } else {
                    dropped.insert(index)
                }
            case .closeIsolate:
                if let isolate = open.lastIndex(where: \.isolate) {
                    dropOpen(downTo: isolate + 1)
                    open.removeLast()
                } else {
                    dropped.insert(index)
                }
            case nil: break
            }
        }
        dropOpen(downTo: 0)
        guard !dropped.isEmpty else { return text }
        scalars = scalars.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    /// The bidirectional formatting characters that open or close a scope.
    private enum BidiControl {
        /// LRE, RLE, LRO, RLO (U+202A, U+202B, U+202D, U+202E).
        case openEmbedding
        /// PDF (U+202C).
        case closeEmbedding
        /// LRI, RLI, FSI (U+2066-U+2068).
        case openIsolate
        /// PDI (U+2069).
        case closeIsolate

        init?(_ scalar: Unicode.Scalar) {
            switch scalar.value {
            case 0x202A, 0x202B, 0x202D, 0x202E: self = .openEmbedding
            case 0x202C: self = .closeEmbedding
            case 0x2066...0x2068: self = .openIsolate
            case 0x2069: self = .closeIsolate
            default: return nil
            }
        }
    }

    /// Whether `scalar` separates paragraphs for the bidirectional algorithm (a line break, the
    /// paragraph separator), which ends every embedding, override and isolate.
    private static func endsBidiParagraph(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0D, 0x1C...0x1E, 0x85, 0x2029: return true
        default: return false
        }
    }

    /// Whether `scalar` is a C0 or C1 control character, or DEL.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}

extension String {
    /// The string without leading and trailing U+0020 spaces only: what cleaning leaves of a tab
    /// or a line break. Other spaces (U+00A0, U+3000) are the user's text, unlike
    /// ``StringProtocol/trimmingSpaces()``.
    fileprivate func trimmingPlainSpaces() -> String {
        if utf8.first != UInt8(ascii: " "), utf8.last != UInt8(ascii: " ") { return self }
        return trimmingScalars { $0 == " " }
    }
}
