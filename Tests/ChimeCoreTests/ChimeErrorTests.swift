import Testing

@testable import ChimeCore

@Suite("ChimeError: equality, hashing and description from kind, sentence and details")
struct ChimeErrorTests {
    @Test("errors of one kind saying the same English sentence are equal, whatever their other languages say")
    func equalByEnglishSentence() {
        let one = DomainError(.invalidText, LocalizedText { $0 == .english ? "the tag is empty" : "标签为空" })
        let other = DomainError(.invalidText, LocalizedText(verbatim: "the tag is empty"))
        #expect(one == other)
        #expect(Set([one, other]).count == 1)
        #expect(one != DomainError(.invalidIdentifier, "the tag is empty"))
        #expect(one != DomainError(.invalidText, "the tag is too long"))
    }

    @Test("details tell errors of the same kind and sentence apart")
    func detailsCount() {
        let first = UsageError(.unknownOption, "unknown option --x", argumentPosition: 1)
        #expect(first == UsageError(.unknownOption, "unknown option --x", argumentPosition: 1))
        #expect(first != UsageError(.unknownOption, "unknown option --x", argumentPosition: 2))
        #expect(first != UsageError(.unknownOption, "unknown option --x", argumentPosition: 1, suggestion: "--y"))
    }

    @Test("an error prints as its English sentence")
    func describesAsMessage() {
        let error = DomainError(.invalidText, LocalizedText { $0 == .english ? "the tag is empty" : "标签为空" })
        #expect(error.description == "the tag is empty")
        #expect(error.message == "the tag is empty")
        #expect("\(UsageError(.unexpectedArgument, "unknown argument \"x\""))" == "unknown argument \"x\"")
    }
}
