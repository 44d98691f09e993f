import ChimeCore
import Testing

@Suite("ManualPage: roff that prints what it was given")
struct ManualPageRoffTests {
    @Test("hyphens become minus signs, backslashes print, and a leading dot or quote is no request")
    func escaping() {
        #expect(ManualPage.escaped("--id ID") == "\\-\\-id ID")
        #expect(ManualPage.escaped("a\\b") == "a\\eb")
        #expect(ManualPage.escaped(".hidden\n'quoted") == "\\&.hidden\n\\&'quoted")
        // Chinese may break between characters, never before a comma or after an opening mark.
        #expect(ManualPage.escaped("开始禁食，（现在）") == "开\\:始\\:禁\\:食，\\:（现\\:在）")
        #expect(ManualPage.escaped("fast 开始") == "fast 开\\:始")
    }

    @Test("the page has a title line, NAME, SYNOPSIS and each section in order")
    func layout() {
        let page = ManualPage(
            name: "tool", section: 1, summary: "does a thing", source: "Tool 1.0", synopsis: ["tool [-x]", "tool --y"],
            sections: [
                .init("OPTIONS", [.entries([.init("-x", "the x \"option\"")])]),
                .init("EXAMPLES", [.literal(["tool -x"]), .subheading("More"), .paragraph("Text.")]),
            ]
        )
        #expect(page.roff == """
            .TH "TOOL" 1 "" "Tool 1.0" "User Commands"
            .nh
            .ad l
            .SH NAME
            tool \\- does a thing
            .SH SYNOPSIS
            tool [\\-x]
            .br
            tool \\-\\-y
            .SH "OPTIONS"
            .TP
            .B "\\-x"
            the x "option"
            .SH "EXAMPLES"
            .PP
            .RS 4
            .nf
            tool \\-x
            .fi
            .RE
            .SS "More"
            .PP
            Text.

            """)
    }
}
