import ChimeCore

/// Bounds a calendar file's bytes before libical sees them: a NUL byte refuses the file, a
/// content line (with its folded continuations) longer than ``maximumLineBytes`` is dropped,
/// and bytes that are not UTF-8 are replaced by U+FFFD, each with its reason.
///
/// Why: libical reads C strings (a NUL ends them early), keeps any line in memory whole, and
/// passes invalid UTF-8 on to whoever shows the text; a bubble with invalid UTF-8 aborts GLib.
/// This looks at lines and bytes only, never at what a line means.
enum CalendarTextGuard {
    /// The longest content line kept: RFC 5545 asks for 75 octets, inline attachments run to megabytes.
    static let maximumLineBytes = 1 << 20

    /// What is left of `bytes` to parse, NUL-terminated; or the reason the file is refused.
    static func guarded(_ bytes: [UInt8], file: String) -> (text: [CChar]?, problems: [CalendarProblem]) {
        if let nul = bytes.firstIndex(of: 0) {
            return (nil, [CalendarProblem(file: file, kind: .skippedFile, detail: LocalizedText(CalendarText.fileHasNUL, ["offset": "\(nul)"]))])
        }
        var problems: [CalendarProblem] = []
        var kept = bytes
        let long = longLines(in: bytes)
        if !long.isEmpty {
            kept.removeAll(keepingCapacity: true)
            var position = 0
            for line in long {
                kept += bytes[position..<line.range.lowerBound]
                position = line.range.upperBound
                problems.append(CalendarProblem(file: file, kind: .bounded, detail: LocalizedText(CalendarText.lineTooLong, [
                    "line": "\(line.number)", "bytes": "\(line.range.count)", "maximum": "\(maximumLineBytes)",
                ])))
            }
            kept += bytes[position...]
        }
        if String(validating: kept, as: UTF8.self) == nil {
            problems.append(CalendarProblem(file: file, kind: .bounded, detail: LocalizedText(CalendarText.invalidUTF8, ["line": "\(firstInvalidLine(in: kept))"])))
            kept = Array(String(decoding: kept, as: UTF8.self).utf8)
        }
        return (kept.map { CChar(bitPattern: $0) } + [0], problems)
    }

    /// The content lines longer than the maximum: their byte ranges (line break included) and
    /// the number of their first physical line.
    private static func longLines(in bytes: [UInt8]) -> [(range: Range<Int>, number: Int)] {
        var found: [(Range<Int>, Int)] = []
        var logicalStart = 0, logicalNumber = 1, physicalNumber = 1
        var index = 0
        let count = bytes.count
        while index < count {
            // The end of this physical line, after its line break.
            var end = index
            while end < count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            if end < count { end += 1 }
            // A following line starting with a space or tab continues this content line.
            if end < count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") {
                index = end
                physicalNumber += 1
                continue
            }
            if end - logicalStart > maximumLineBytes { found.append((logicalStart..<end, logicalNumber)) }
            index = end
            logicalStart = end
            physicalNumber += 1
            logicalNumber = physicalNumber
        }
        return found
    }

    /// The number of the first line holding a byte that is not UTF-8.
    private static func firstInvalidLine(in bytes: [UInt8]) -> Int {
        var number = 1
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            if String(validating: line, as: UTF8.self) == nil { return number }
            number += 1
        }
        return number
    }
}
