import ChimeCore
@testable import ChimeNotify
import Foundation
import Testing

/// The bubble of a calendar alarm as the renderer writes it: summary, start on the local clock
/// with how far away it is, location; its buttons; its urgency.
struct CalendarBubbleTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    static func at(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    static func request(
        summary: String = "Dentist", location: String? = "Main St 5", start: String, trigger: String? = nil, allDay: LocalDate? = nil,
        due: Bool = false, link: String? = nil, priority: Int? = nil
    ) -> NotificationRequest {
        let instance = CalendarInstance(
            uid: "u", identifier: "1", kind: due ? .todo : .event, summary: summary, location: location, link: link, priority: priority,
            start: at(start), end: at(start).addingTimeInterval(3600), allDayDate: allDay, startIsDue: due
        )
        let firing = CalendarAlarmFiring(
            calendar: "work", instance: instance, action: .display, triggerAt: at(trigger ?? start), repetition: 0,
            identity: CalendarAlarmIdentity(calendar: "work", uid: "u", instance: "1", trigger: nil)
        )
        return CalendarAlarmRequest.request(for: firing)
    }

    static func render(_ request: NotificationRequest, now: String, language: NotificationLanguage = .english) throws -> RenderedNotification {
        try NotificationRenderer(language: language).render(DeliveryJob(request: request, now: at(now), timeZone: berlin))
    }

    @Test func beforeAtAndAfterTheStart() throws {
        let dentist = Self.request(start: "2027-03-15T14:30:00+01:00", trigger: "2027-03-15T14:15:00+01:00")
        #expect(try Self.render(dentist, now: "2027-03-15T14:15:00+01:00").title == "Dentist at 14:30 (in 15 min) · Main St 5")
        #expect(try Self.render(dentist, now: "2027-03-15T14:15:00.4+01:00").title == "Dentist at 14:30 (in 15 min) · Main St 5")
        #expect(try Self.render(dentist, now: "2027-03-15T14:30:10+01:00").title == "Dentist at 14:30 (now) · Main St 5")
        #expect(try Self.render(dentist, now: "2027-03-15T14:40:00+01:00").title == "Dentist started at 14:30, 10 min ago · Main St 5")
        #expect(try Self.render(dentist, now: "2027-03-14T12:00:00+01:00").title == "Dentist tomorrow at 14:30 (in 1 d 2 h) · Main St 5")
        #expect(try Self.render(dentist, now: "2027-03-15T14:15:00+01:00", language: .simplifiedChinese).title == "Dentist：14:30（15 分钟后） · Main St 5")
        #expect(try Self.render(dentist, now: "2027-03-15T14:40:00+01:00", language: .simplifiedChinese).title == "Dentist 已于 14:30 开始，10 分钟前 · Main St 5")
    }

    @Test func aLateAlarmSaysWhenItWasDue() throws {
        let dentist = Self.request(start: "2027-03-15T14:30:00+01:00", trigger: "2027-03-15T14:15:00+01:00")
        let onTime = try Self.render(dentist, now: "2027-03-15T14:15:00+01:00")
        #expect(onTime.plainBody == "Calendar work")
        let late = try Self.render(dentist, now: "2027-03-15T14:40:00+01:00")
        #expect(late.plainBody == "Calendar work; the alarm was due at 14:15, 25 min ago")
        #expect(try Self.render(dentist, now: "2027-03-15T14:40:00+01:00", language: .simplifiedChinese).plainBody == "日历 work；提醒原定 14:15（25 分钟前）")
    }

    @Test func toDosAllDayItemsAndItemsWithoutATitle() throws {
        let report = Self.request(summary: "Report", location: nil, start: "2027-03-15T17:00:00+01:00", due: true)
        #expect(try Self.render(report, now: "2027-03-15T16:00:00+01:00").title == "Report due at 17:00 (in 1 h)")
        #expect(try Self.render(report, now: "2027-03-15T17:05:00+01:00").title == "Report was due at 17:00, 5 min ago")
        let holiday = Self.request(summary: "Holiday", location: nil, start: "2027-03-15T00:00:00+01:00", allDay: LocalDate(year: 2027, month: 3, day: 15))
        #expect(try Self.render(holiday, now: "2027-03-14T09:00:00+01:00").title == "Holiday tomorrow")
        #expect(try Self.render(holiday, now: "2027-03-15T09:00:00+01:00").title == "Holiday today")
        #expect(try Self.render(holiday, now: "2027-03-12T00:00:00+01:00").title == "Holiday on 2027-03-15 (in 3 d)")
        let untitled = Self.request(summary: "", location: nil, start: "2027-03-15T14:30:00+01:00")
        #expect(try Self.render(untitled, now: "2027-03-15T14:00:00+01:00").title == "(untitled) at 14:30 (in 30 min)")
    }

    @Test func buttonsSnoozeDismissAndOpenOnlyForAWebLink() throws {
        let plain = Self.request(start: "2027-03-15T14:30:00+01:00", trigger: "2027-03-15T14:00:00+01:00")
        #expect(try Self.render(plain, now: "2027-03-15T14:00:00+01:00").actions == [
            NotificationAction(key: .snooze, label: "Snooze 10 min"), NotificationAction(key: .dismiss, label: "Dismiss"),
        ])
        let meeting = Self.request(start: "2027-03-15T14:30:00+01:00", trigger: "2027-03-15T14:00:00+01:00", link: "https://meet.example.org/x")
        #expect(try Self.render(meeting, now: "2027-03-15T14:00:00+01:00").actions.map(\.key) == [.snooze, .dismiss, .openLink])
        #expect(try Self.render(meeting, now: "2027-03-15T14:00:00+01:00", language: .simplifiedChinese).actions.map(\.label) == ["10 分钟后再提醒", "关闭", "打开"])
        // Anything but http(s) is never offered to open.
        let file = Self.request(start: "2027-03-15T14:30:00+01:00", link: "file:///etc/passwd")
        #expect(try !Self.render(file, now: "2027-03-15T14:00:00+01:00").actions.map(\.key).contains(.openLink))
    }

    @Test func snoozeSaysAtStartWhenTenMinutesWouldPassTheStart() throws {
        let dentist = Self.request(start: "2027-03-15T14:30:00+01:00", trigger: "2027-03-15T14:25:00+01:00")
        #expect(try Self.render(dentist, now: "2027-03-15T14:25:00+01:00").actions.first?.label == "Remind at start")
        #expect(try Self.render(dentist, now: "2027-03-15T14:25:00+01:00", language: .simplifiedChinese).actions.first?.label == "开始时再提醒")
        // An alarm at or after the start snoozes by ten minutes.
        let atStart = Self.request(start: "2027-03-15T14:30:00+01:00")
        #expect(try Self.render(atStart, now: "2027-03-15T14:30:00+01:00").actions.first?.label == "Snooze 10 min")
    }

    @Test("the snooze setting names the span on the button; past the start of an alarm before it, Remind at start")
    func snoozeFollowsTheSetting() throws {
        func render(_ request: NotificationRequest, now: String, snooze: TimeSpan, language: NotificationLanguage = .english) throws -> RenderedNotification {
            try NotificationRenderer(language: language).render(DeliveryJob(request: request, now: Self.at(now), timeZone: Self.berlin, snooze: snooze))
        }
        let dentist = Self.request(start: "2027-03-15T14:30:00+01:00", trigger: "2027-03-15T14:00:00+01:00")
        // 25 minutes before the start: a 20-minute snooze fits, a 45-minute one would pass it.
        #expect(try render(dentist, now: "2027-03-15T14:05:00+01:00", snooze: .minutes(20)).actions.first?.label == "Snooze 20 min")
        #expect(try render(dentist, now: "2027-03-15T14:05:00+01:00", snooze: .minutes(20), language: .simplifiedChinese).actions.first?.label == "20 分钟后再提醒")
        #expect(try render(dentist, now: "2027-03-15T14:05:00+01:00", snooze: .minutes(45)).actions.first?.label == "Remind at start")
        let atStart = Self.request(start: "2027-03-15T14:30:00+01:00")
        #expect(try render(atStart, now: "2027-03-15T14:30:00+01:00", snooze: .minutes(90)).actions.first?.label == "Snooze 1 h 30 min")
        #expect(try render(atStart, now: "2027-03-15T14:30:00+01:00", snooze: .minutes(90)).actions.first?.key == .snooze)
    }

    @Test func urgencyIsNormalOrCriticalForPriorityOneAndTheBubbleStays() throws {
        let normal = Self.request(start: "2027-03-15T14:30:00+01:00", priority: 5)
        let urgent = Self.request(start: "2027-03-15T14:30:00+01:00", priority: 1)
        let settings = UrgencySettingsProbe.urgency
        #expect(settings(normal) == .normal && settings(urgent) == .critical)
        let rendered = try Self.render(normal, now: "2027-03-15T14:30:00+01:00")
        #expect(rendered.category == .calendar && rendered.expiry == .never)
    }
}

/// The urgency a request asks for itself (the daemon's UrgencySettings reads the same argument).
private enum UrgencySettingsProbe {
    static func urgency(_ request: NotificationRequest) -> RenderedNotification.Urgency? {
        request.content.arguments[ContentArgument.urgency].flatMap(RenderedNotification.Urgency.init(name:))
    }
}
