import ChimeCore
import ChimeNotify
import Testing

struct NotificationTextTests {
    @Test func escapesWhatPangoMarkupNeedsAndLeavesQuotesLiteral() {
        #expect(NotificationText.escapeMarkup(#"<b>bold</b> & <a href="file:///etc/passwd">x</a> 'q'"#)
            == #"&lt;b&gt;bold&lt;/b&gt; &amp; &lt;a href="file:///etc/passwd"&gt;x&lt;/a&gt; 'q'"#)
    }

    @Test func escapingLeavesOtherTextAlone() {
        #expect(NotificationText.escapeMarkup("禁食 16:8 ✓ 🍵") == "禁食 16:8 ✓ 🍵")
    }

    @Test func cleaningTurnsLineBreaksIntoSpacesAndDropsControlCharacters() throws {
        #expect(try NotificationText.clean("  a\tb\nc\r\u{7}d\u{1B}[31m\u{85}e  ", field: "tag") == "a b c d[31me")
    }

    @Test func cleaningRefusesNUL() {
        #expect(throws: DomainError(.invalidText, "the tag contains a NUL character: remove it")) {
            try NotificationText.clean("a\0b", field: "tag")
        }
    }

    @Test func cleaningCapsLongTextAtACharacterBoundary() throws {
        let tag = String(repeating: "禁", count: 3000)  // 9000 bytes
        let cleaned = try NotificationText.clean(tag, field: "tag")
        #expect(cleaned.utf8.count <= NotificationText.maximumValueBytes)
        #expect(cleaned.hasSuffix("…"))
        #expect(cleaned.dropLast().allSatisfy { $0 == "禁" })
    }

    @Test func truncationKeepsGraphemeClustersWhole() {
        let family = "👩‍👩‍👧‍👦"  // 25 bytes, one character
        let cut = NotificationText.truncated("ab" + family, maximumBytes: 20)
        #expect(cut == "ab…")
    }

    @Test func shortTextIsNotTruncated() {
        #expect(NotificationText.truncated("short", maximumBytes: 5) == "short")
    }
}
