import ChimeCore
import ChimeTestSupport
import Foundation
import Testing
@testable import ChimeStore

@Suite("Reading stored content JSON")
struct ContentReaderTests {
    @Test("the fast content reader reads what encodeContent writes as JSONDecoder does, and nothing else")
    func fastContentReader() throws {
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
            let json = RowCoding.encodeContent(content)
            #expect(RowCoding.decodeWrittenContent(json) == content, "\(json)")
            #expect(try JSONDecoder().decode(NotificationContent.self, from: Data(json.utf8)) == content)
        }
        // Valid JSON in another shape is left to JSONDecoder, which reads it.
        let other = #"{ "template": "reminder", "arguments": {"text": "tea"} }"#
        #expect(RowCoding.decodeWrittenContent(other) == nil)
        #expect(RowCoding.decodeContent(other) == NotificationContent(template: .reminder, arguments: ["text": "tea"]))
        #expect(RowCoding.decodeWrittenContent(#"{"arguments":{},"template":"no.such"}"#) == nil)
        #expect(RowCoding.decodeWrittenContent(#"{"arguments":{"a":"b"},"template":"reminder"}x"#) == nil)
        #expect(RowCoding.decodeWrittenContent(#"{"arguments":{"a":"\ud83d"},"template":"reminder"}"#) == nil)
        #expect(RowCoding.decodeWrittenContent(#"{"arguments":{"a":"\u00e9\u0001"},"template":"reminder"}"#)?.arguments == ["a": "é\u{1}"])
    }
}
