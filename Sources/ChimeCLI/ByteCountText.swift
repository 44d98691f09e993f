import FoundationEssentials
import FoundationInternationalization

/// A file size as Foundation's `ByteCountFormatter` writes it with `countStyle: .file` (`Zero KB`,
/// `1 byte`, `999 bytes`, `29 KB`, `1,000 KB`, `1.2 MB`, `1.5 GB`): powers of 1000, whole bytes and
/// kilobytes, at most one digit after the point for megabytes and two above, rounded to even,
/// without trailing zeros. Its number formatting is ICU's, as Foundation's was, in the locale
/// Foundation's formatter used on Linux whatever `LANG` says (`en_001`); not the formatter itself,
/// which would link swift-corelibs-foundation whole into `chime`.
enum ByteCountText {
    static func file(_ byteCount: Int64) -> String {
        if byteCount == 0 { return "Zero KB" }
        if byteCount == 1 || byteCount == -1 { return "\(byteCount) byte" }
        let units: [(name: String, size: Double, fractionDigits: Int)] = [
            ("bytes", 1, 0), ("KB", 1e3, 0), ("MB", 1e6, 1), ("GB", 1e9, 2), ("TB", 1e12, 2), ("PB", 1e15, 2), ("EB", 1e18, 2),
        ]
        let bytes = Double(byteCount)
        let unit = units.indices.dropLast().first { bytes.magnitude < units[$0 + 1].size }.map { units[$0] } ?? units[units.count - 1]
        let style = FloatingPointFormatStyle<Double>(locale: Locale(identifier: "en_001"))
            .precision(.fractionLength(0...unit.fractionDigits))
            .rounded(rule: .toNearestOrEven)
        return (bytes / unit.size).formatted(style) + " " + unit.name
    }
}
