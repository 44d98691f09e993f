import Foundation

/// A manual page as a reader sees it: roff formatted by the system's `man` (man-db and groff),
/// so a test checks what `man chime` shows rather than the source it was made from.
public enum ManualPageText {
    /// `roff` formatted by `man -l`, as plain text with lines up to 1000 columns wide, so a
    /// usage line or an option's text is never broken across lines.
    public static func render(_ roff: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("chime-page-\(UUID().uuidString.prefix(8)).1").path
        try Data(roff.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try ChildProcess.run("/usr/bin/man", ["-l", path], environment: [
            "MANWIDTH": "1000", "MANPAGER": "cat", "PAGER": "cat", "LANG": "C.UTF-8", "MAN_KEEP_FORMATTING": "",
        ]).output
    }
}
