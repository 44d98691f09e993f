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

@Suite("CalendarAlarmMessage: the bubble's text")
struct CalendarAlarmMessageTests {
    static func firing(summary: String = "Dentist", location: String? = "Main St 5", start: String, allDay: LocalDate? = nil, due: Bool = false) -> CalendarAlarmFiring {
        let instance = CalendarInstance(uid: "u", identifier: "1", kind: due ? .todo : .event, summary: summary, location: location, link: nil, priority: nil,
                                        start: Fixture.at(start), end: nil, allDayDate: allDay, startIsDue: due)
        return CalendarAlarmFiring(calendar: "c", instance: instance, action: .display, triggerAt: Fixture.at(start), repetition: 0,
                                   identity: CalendarAlarmIdentity(calendar: "c", uid: "u", instance: "1", trigger: nil))
    }

    static func text(_ firing: CalendarAlarmFiring, now: String, language: UserLanguage = .english) -> String {
        CalendarAlarmMessage.text(for: firing, now: Fixture.at(now), timeZone: Fixture.berlin, language: language)
    }

    @Test func beforeAtAndAfterTheStart() {
        let dentist = Self.firing(start: "2027-03-15T14:30:00+01:00")
        #expect(Self.text(dentist, now: "2027-03-15T14:15:00+01:00") == "Dentist at 14:30 (in 15 min) · Main St 5")
        #expect(Self.text(dentist, now: "2027-03-15T14:15:00.4+01:00") == "Dentist at 14:30 (in 15 min) · Main St 5")
        #expect(Self.text(dentist, now: "2027-03-15T14:30:10+01:00") == "Dentist at 14:30 (now) · Main St 5")
        #expect(Self.text(dentist, now: "2027-03-15T14:40:00+01:00") == "Dentist started at 14:30, 10 min ago · Main St 5")
        #expect(Self.text(dentist, now: "2027-03-14T12:00:00+01:00") == "Dentist tomorrow at 14:30 (in 1 d 2 h) · Main St 5")
        #expect(Self.text(dentist, now: "2027-03-15T14:15:00+01:00", language: .simplifiedChinese) == "Dentist：14:30（15 分钟后） · Main St 5")
        #expect(Self.text(dentist, now: "2027-03-15T14:40:00+01:00", language: .simplifiedChinese) == "Dentist 已于 14:30 开始，10 分钟前 · Main St 5")
    }

    @Test func toDosAllDayItemsAndItemsWithoutATitle() {
        let report = Self.firing(summary: "Report", location: nil, start: "2027-03-15T17:00:00+01:00", due: true)
        #expect(Self.text(report, now: "2027-03-15T16:00:00+01:00") == "Report due at 17:00 (in 1 h)")
        #expect(Self.text(report, now: "2027-03-15T17:05:00+01:00") == "Report was due at 17:00, 5 min ago")
        let holiday = Self.firing(summary: "Holiday", location: nil, start: "2027-03-15T00:00:00+01:00", allDay: LocalDate(year: 2027, month: 3, day: 15))
        #expect(Self.text(holiday, now: "2027-03-14T09:00:00+01:00") == "Holiday tomorrow")
        #expect(Self.text(holiday, now: "2027-03-15T09:00:00+01:00") == "Holiday today")
        #expect(Self.text(holiday, now: "2027-03-12T00:00:00+01:00") == "Holiday on 2027-03-15 (in 3 d)")
        #expect(Self.text(Self.firing(summary: "", location: nil, start: "2027-03-15T14:30:00+01:00"), now: "2027-03-15T14:00:00+01:00") == "(untitled) at 14:30 (in 30 min)")
    }

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
