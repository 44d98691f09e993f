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
        #expect(throws: TextRejection(.containsNUL, "the tag contains a NUL character: remove it")) {
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

    @Test func decodesValidUTF8() throws {
        #expect(try NotificationText.decodeUTF8(Array("tag 禁食 🍵".utf8), field: "tag") == "tag 禁食 🍵")
    }

    @Test(arguments: [
        [0xFF],                     // never valid
        [0xC0, 0xAF],               // overlong "/"
        [0xE2, 0x82],               // truncated sequence
        [0xED, 0xA0, 0x80],         // a UTF-16 surrogate
        [0x61, 0x80, 0x62],         // a lone continuation byte
        [0xF4, 0x90, 0x80, 0x80],   // beyond U+10FFFF
    ] as [[UInt8]])
    func rejectsInvalidUTF8(bytes: [UInt8]) {
        #expect {
            try NotificationText.decodeUTF8(bytes, field: "tag")
        } throws: { error in
            (error as? TextRejection)?.kind == .invalidUTF8
        }
    }

    @Test func rejectsNULInBytes() {
        #expect {
            try NotificationText.decodeUTF8([0x61, 0x00, 0x62], field: "tag")
        } throws: { error in
            (error as? TextRejection)?.kind == .containsNUL
        }
    }

    @Test func decodesCStrings() throws {
        let valid: [CChar] = [0x61, CChar(bitPattern: 0xC3), CChar(bitPattern: 0xA9), 0]
        let invalid: [CChar] = [0x61, CChar(bitPattern: 0xC3), 0x28, 0]
        #expect(try valid.withUnsafeBufferPointer { try NotificationText.decodeCString($0.baseAddress!, field: "argument") } == "aé")
        #expect(throws: TextRejection.self) {
            try invalid.withUnsafeBufferPointer { try NotificationText.decodeCString($0.baseAddress!, field: "argument") }
        }
    }

    @Test func invalidUTF8MessageSaysWhereAndWhatToDo() {
        #expect(throws: TextRejection(.invalidUTF8, "the reminder text is not valid UTF-8 (at byte 3): use UTF-8 text")) {
            try NotificationText.decodeUTF8([0x61, 0x62, 0x63, 0xFF], field: "reminder text")
        }
    }
}
