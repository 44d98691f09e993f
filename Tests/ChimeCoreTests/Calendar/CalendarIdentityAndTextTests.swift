import ChimeTestSupport
import Foundation
import Testing

@testable import ChimeCore

@Suite("CalendarAlarmIdentity: request identifiers that any UID survives")
struct CalendarAlarmIdentityTests {
    @Test("round trips", arguments: [
        ("work", "abc-123@example.org", "20270315T080000Z", nil as Date?),
        ("Family / Home", "uid/with/slashes and spaces%25", "20270315", Fixture.at("2027-03-14T23:45:00Z")),
        ("日历", "040000008200E00074C5B7101A82E00800000000\u{1}\u{7F}é", "20270315T090000", nil),
    ])
    func roundTrips(calendar: String, uid: String, instance: String, trigger: Date?) throws {
        let identity = CalendarAlarmIdentity(calendar: calendar, uid: uid, instance: instance, trigger: trigger)
        let text = identity.requestIdentifier
        #expect(text.hasPrefix("cal/"))
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && $0.value < 0x7F })
        #expect(text.split(separator: "/").count == (trigger == nil ? 4 : 5))
        #expect(CalendarAlarmIdentity(requestIdentifier: text) == identity)
    }

    @Test func writesThePartsPlainlyWhenTheyAreSafe() {
        let identity = CalendarAlarmIdentity(calendar: "work", uid: "a1@x.org", instance: "20270315T080000Z", trigger: Fixture.at("2027-03-15T07:45:00Z"))
        #expect(identity.requestIdentifier == "cal/work/a1@x.org/20270315T080000Z/20270315T074500Z")
        #expect(CalendarAlarmIdentity(calendar: "w", uid: "a/b", instance: "1", trigger: nil).requestIdentifier == "cal/w/a%2Fb/1")
    }

    @Test("refuses what it never writes", arguments: [
        "remind/x", "cal/work/uid", "cal/work/uid/1/2/3", "cal/work/a%2fb/1", "cal/work/%41/1", "cal/work/a%2/1",
        "cal/work/a%FF/1", "cal//uid/1", "cal/work/uid/1/20271315T000000Z", "cal/work/uid/1/20270315T000000",
    ])
    func refuses(text: String) {
        #expect(CalendarAlarmIdentity(requestIdentifier: text) == nil)
    }
}

@Suite("CalendarText: why a calendar file was read only in part")
struct CalendarTextTests {
    @Test func everyCalendarSentenceIsInBothLanguagesWithTheSameValues() {
        for message in CalendarText.allCases {
            let english = message.template(.english), chinese = message.template(.simplifiedChinese)
            #expect(!english.isEmpty && !chinese.isEmpty)
            #expect(Set(TextTemplate.placeholders(in: english)) == Set(TextTemplate.placeholders(in: chinese)), "\(message)")
            if !CalendarText.sameInEveryLanguage.contains(message) {
                #expect(chinese.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) || (0x3000...0x303F).contains($0.value) || (0xFF00...0xFFEF).contains($0.value) }, "\(message)")
            }
        }
    }
}
