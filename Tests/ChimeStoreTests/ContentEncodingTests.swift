import ChimeCore
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeStore

@Suite("A notification's content as the store keeps it")
struct ContentEncodingTests {
    @Test("content is read back as it was written, whatever its text")
    func roundTrip() throws {
        var random = SeededGenerator(seed: 15)
        let alphabet = Array("ab \"\\/\n\r\t\u{1}\u{1F}\u{7F}é💧给\u{2028}{}:,")
        func word(_ length: UInt64) -> String {
            String((0..<Int(random.next() % length)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
        }
        for _ in 0..<300 {
            var arguments: [String: String] = [:]
            for _ in 0..<Int(random.next() % 4) {
                arguments[word(5)] = word(12)
            }
            let template = TemplateKey.allCases[Int(random.next() % UInt64(TemplateKey.allCases.count))]
            let content = NotificationContent(template: template, arguments: arguments)
            let json = try RowCoding.encodeContent(content)
            #expect(RowCoding.decodeContent(json) == content, "\(json)")
        }
    }

    @Test("the text written has its keys sorted, the shape every release wrote")
    func writtenShape() throws {
        let content = NotificationContent(template: .waterReminder, arguments: [
            ContentArgument.goal: "2000", ContentArgument.amount: "250", ContentArgument.consumed: "750",
        ])
        #expect(try RowCoding.encodeContent(content) == #"{"arguments":{"amount_ml":"250","consumed_ml":"750","goal_ml":"2000"},"template":"water.reminder"}"#)
        #expect(try RowCoding.encodeContent(NotificationContent(template: .reminder)) == #"{"arguments":{},"template":"reminder"}"#)
    }

    @Test("text written by earlier releases is read, with every escape they wrote")
    func earlierText() {
        // Written by hand before this release: control characters, DEL and U+2028 as \u escapes.
        let written = #"{"arguments":{"":"","a":"\u0001\u001f\"\\/\r\n\t é 💧","b":"\u007f\u2028\b\f","z":"last"},"template":"water.reminder"}"#
        #expect(RowCoding.decodeContent(written) == NotificationContent(template: .waterReminder, arguments: [
            "": "", "a": "\u{1}\u{1F}\"\\/\r\n\t é 💧", "b": "\u{7F}\u{2028}\u{8}\u{C}", "z": "last",
        ]))
        // Any JSON of the shape, in any key order and spacing.
        #expect(RowCoding.decodeContent(#"{ "template": "reminder", "arguments": {"text": "tea\/"} }"#) == NotificationContent(template: .reminder, arguments: ["text": "tea/"]))
    }

    @Test("text that is not content of a known template is refused", arguments: [
        "{not json", "", #"{"arguments":{},"template":"no.such"}"#, #"{"arguments":{"a":"b"},"template":"reminder"}x"#,
        #"{"arguments":{"a":1},"template":"reminder"}"#, #"{"template":"reminder"}"#, #"{"arguments":{"a":"\ud83d"},"template":"reminder"}"#,
    ])
    func refused(text: String) {
        #expect(RowCoding.decodeContent(text) == nil)
    }

    @Test("a stored request whose content cannot be read fails as bad data naming it")
    func badRow() throws {
        let directory = try TemporaryDirectory(prefix: "chime-store-tests")
        let store = try openStore(in: directory)
        try store.apply(Fixture.plan(requests: [Fixture.request("r/tea")]), now: Fixture.now)
        let raw = RawDatabase(path: directory.appending("chime.db"))
        #expect(raw.execute(#"UPDATE requests SET content = '{"arguments":{},"template":"no.such"}'"#) == 0)
        let error = #expect(throws: StoreError.self) { try store.pendingRequests() }
        #expect(error?.kind == .badData)
        #expect(error?.message.contains(#"request "r/tea" with content"#) == true, "\(error?.message ?? "")")
    }

    @Test("every content the store of release 0.1 holds is read")
    func releaseContent() throws {
        let directory = try TemporaryDirectory(prefix: "chime-store-tests")
        let path = directory.appending("chime.db")
        try ReleaseStoreFixture.release01.copyStore(to: path)
        let store = try Store(path: path)
        let texts = try store.texts("SELECT content FROM requests")
        #expect(texts.count > 50)
        for text in texts {
            let content = try #require(RowCoding.decodeContent(text), "\(text)")
            #expect(try RowCoding.encodeContent(content) == text, "written again as the release wrote it")
        }
    }
}
