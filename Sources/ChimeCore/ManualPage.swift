/// A manual page as data, written out as roff for `man` (the `man(7)` macros).
///
/// Both programs build theirs from the same tables their `--help` reads (``ManualPage`` knows
/// nothing of commands), so a page cannot drift from the options the program takes.
public struct ManualPage: Hashable, Sendable {
    /// A piece of a section.
    public enum Block: Hashable, Sendable {
        /// A paragraph of running text.
        case paragraph(String)
        /// A heading inside a section (`.SS`), such as one command's usage line.
        case subheading(String)
        /// Terms and their descriptions (`.TP`): options, values, exit codes.
        case entries([Entry])
        /// Lines shown as typed, without filling (`.nf`): examples, file names.
        case literal([String])
    }

    /// A term and what it means.
    public struct Entry: Hashable, Sendable {
        /// The term, set in bold (`--id ID`).
        public let term: String
        /// Its description.
        public let text: String

        /// Makes an entry.
        public init(_ term: String, _ text: String) {
            self.term = term
            self.text = text
        }

        /// Makes an EXIT STATUS entry: the code's number and what it means.
        public init(_ status: ExitCode, _ text: String) {
            self.init(String(status.rawValue), text)
        }
    }

    /// A titled section (`.SH`).
    public struct Section: Hashable, Sendable {
        /// The heading, in capitals by convention (`OPTIONS`).
        public let title: String
        /// Its content, in order.
        public let blocks: [Block]

        /// Makes a section.
        public init(_ title: String, _ blocks: [Block]) {
            self.title = title
            self.blocks = blocks
        }
    }

    /// The program's name (`chime`).
    public let name: String
    /// The manual section (1 for user commands).
    public let section: Int
    /// The one-line description after the name in NAME.
    public let summary: String
    /// The footer's source, such as `Chime 0.1.0`.
    public let source: String
    /// Usage lines for SYNOPSIS.
    public let synopsis: [String]
    /// The sections after SYNOPSIS.
    public let sections: [Section]
    /// The language of the page's own words (NAME, SYNOPSIS, the header's title).
    public let language: UserLanguage

    /// Makes a page whose fixed words are in `language`.
    public init(
        name: String, section: Int, summary: String, source: String, synopsis: [String], sections: [Section],
        language: UserLanguage = .english
    ) {
        self.language = language
        self.name = name
        self.section = section
        self.summary = summary
        self.source = source
        self.synopsis = synopsis
        self.sections = sections
    }

    /// The page as roff source, ready for `man -l` or `gzip` into `share/man/man1`.
    public var roff: String {
        var lines = [
            ".TH \(Self.quoted(name.uppercased())) \(section) \"\" \(Self.quoted(source)) \(Self.quoted(ManualText.userCommands.text(language)))",
            // Neither hyphenate nor justify: option names must read (and search) as typed.
            ".nh",
            ".ad l",
            ".SH \(Self.escaped(ManualText.name.text(language)))",
            "\(Self.escaped(name)) \\- \(Self.escaped(summary))",
            ".SH \(Self.escaped(ManualText.synopsis.text(language)))",
        ]
        for (index, usage) in synopsis.enumerated() {
            if index > 0 { lines.append(".br") }
            lines.append(Self.escaped(usage))
        }
        for section in sections {
            lines.append(".SH \(Self.quoted(section.title))")
            for block in section.blocks {
                switch block {
                case .paragraph(let text):
                    lines += [".PP", Self.escaped(text)]
                case .subheading(let text):
                    lines.append(".SS \(Self.quoted(text))")
                case .entries(let entries):
                    for entry in entries {
                        lines += [".TP", ".B \(Self.quoted(entry.term))", Self.escaped(entry.text)]
                    }
                case .literal(let literal):
                    lines += [".PP", ".RS 4", ".nf"] + literal.map(Self.escaped) + [".fi", ".RE"]
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as roff prints it literally: backslashes and hyphens escaped (`\-` is the minus
    /// that copies and searches as `-`), and a leading `.` or `'` kept from reading as a request.
    ///
    /// groff breaks lines only at spaces, and Chinese has none: after each Chinese character a
    /// break point (`\:`, printing nothing) lets a paragraph wrap, except before a closing mark
    /// (`，` `。` `）`) or after an opening one (`（`), which must stay with their neighbour.
    public static func escaped(_ text: String) -> String {
        var result = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            switch character {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case "\n": result += "\n"
            default: result.append(character)
            }
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if isWide(character), !opening.contains(character), let next, isWide(next), !closing.contains(next) {
                result += "\\:"
            }
        }
        return result.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.first == "." || line.first == "'" ? "\\&" + line : String(line)
        }.joined(separator: "\n")
    }

    /// Marks that open a phrase: no break after them.
    private static let opening: Set<Character> = ["（", "“", "‘", "《", "「", "『", "【"]
    /// Marks that close a phrase or a clause: no break before them.
    private static let closing: Set<Character> = ["，", "。", "；", "：", "、", "）", "！", "？", "”", "’", "》", "」", "』", "】"]

    /// Whether `character` is a CJK ideograph or full-width mark, between which Chinese may break.
    private static func isWide(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x2E80...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x201C, 0x201D, 0x2018, 0x2019: return true
        default: return false
        }
    }

    /// `text` escaped and in double quotes, as a macro argument (a quote inside is doubled).
    private static func quoted(_ text: String) -> String {
        "\"" + escaped(text).map { $0 == "\"" ? "\"\"" : String($0) }.joined() + "\""
    }
}
