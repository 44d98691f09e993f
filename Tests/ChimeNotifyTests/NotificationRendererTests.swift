@testable import ChimeBubbleText
import ChimeCore
@testable import ChimeNotify
import ChimeTestSupport
import Foundation
import Testing

struct NotificationRendererTests {
    let english = NotificationRenderer(language: .english)
    let chinese = NotificationRenderer(language: .simplifiedChinese)

    func job(_ request: NotificationRequest, late seconds: TimeInterval = 0, zone: TimeZone = Fixture.utc) -> DeliveryJob {
        DeliveryJob(request: request, now: request.due.addingTimeInterval(seconds), timeZone: zone)
    }

    @Test func fastCompleteOnTime() throws {
        let rendered = try english.render(job(Fixture.fastEnd()))
        #expect(rendered.title == "Fast complete")
        #expect(rendered.plainBody == "You finished your 16:8 fast (morning).")
        #expect(rendered.urgency == .normal)
        #expect(rendered.category == .fasting)
        #expect(rendered.expiry == .never)
        #expect(rendered.actions == [
            NotificationAction(key: .endFast, label: "End fast"),
            NotificationAction(key: .extendOneHour, label: "Extend 1 h"),
        ])
    }

    @Test func fastCompleteLateSaysWhenItEndedAndHowLongAgo() throws {
        let rendered = try english.render(job(Fixture.fastEnd(), late: 3 * 3600))
        #expect(rendered.plainBody == "Your 16:8 fast (morning) ended at 12:00, 3 h ago.")
        #expect(rendered.markupBody == "Your 16:8 fast (morning) ended <b>at 12:00</b>, 3 h ago.")
    }

    @Test func fastCompleteInChinese() throws {
        let onTime = try chinese.render(job(Fixture.fastEnd()))
        #expect(onTime.title == "禁食完成")
        #expect(onTime.plainBody == "你完成了 16:8 禁食（morning）。")
        #expect(onTime.actions.map(\.label) == ["结束禁食", "延长 1 小时"])
        let late = try chinese.render(job(Fixture.fastEnd(), late: 3 * 3600 + 20 * 60))
        #expect(late.plainBody == "你的 16:8 禁食（morning）已于 12:00 结束（3 小时 20 分钟前）。")
    }

    @Test func aFastTheClocksChangeSaysItsRealLengthInEachLanguage() throws {
        var request = Fixture.fastEnd(tag: "")
        request.content.arguments[ContentArgument.realHours] = "15"
        // At its end the change is behind it: never "tonight" of a night gone.
        #expect(try english.render(job(request)).plainBody == "You finished your 16:8 (15 h fast: the clocks changed during it) fast.")
        #expect(try chinese.render(job(request)).plainBody == "你完成了 16:8（期间时钟已调整，本次禁食 15 小时）禁食。")
    }

    @Test("a 16:8 from 20:00 on Berlin's spring-forward night: its start and a nudge before 02:00 say the clocks change tonight, a nudge and its end after it say they changed")
    func theClocksChangeTonightOnlyBeforeTheChange() throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let start = try Date("2027-03-27T19:00:00Z", strategy: .iso8601)
        let end = try Date("2027-03-28T10:00:00Z", strategy: .iso8601)
        func fifteenHours(_ request: NotificationRequest) -> NotificationRequest {
            var request = request
            request.content.arguments[ContentArgument.realHours] = "15"
            return request
        }
        let started = try english.render(job(fifteenHours(Fixture.fastStart(start: start, endsAt: end)), zone: berlin)).plainBody
        #expect(started.contains("(15 h fast: the clocks change tonight)"))
        #expect(try chinese.render(job(fifteenHours(Fixture.fastStart(start: start, endsAt: end)), zone: berlin)).plainBody.contains("今晚时钟调整"))
        var evening = fifteenHours(Fixture.nudge(left: "12h", endsAt: end))
        evening.due = end.addingTimeInterval(-12 * 3600)
        #expect(try english.render(job(evening, zone: berlin)).plainBody.contains("the clocks change tonight"))
        let morning = try english.render(job(fifteenHours(Fixture.nudge(endsAt: end)), zone: berlin)).plainBody
        #expect(morning.contains("(15 h fast: the clocks changed during it)"))
        let complete = try english.render(job(fifteenHours(Fixture.fastEnd(tag: "", endsAt: end)), zone: berlin)).plainBody
        #expect(complete == "You finished your 16:8 (15 h fast: the clocks changed during it) fast.")
        let late = try english.render(job(fifteenHours(Fixture.fastEnd(tag: "", endsAt: end)), late: 1800, zone: berlin)).plainBody
        #expect(!late.contains("tonight"))
        // Listed days before, the change is not tonight.
        var early = job(fifteenHours(Fixture.fastStart(start: start, endsAt: end)), zone: berlin)
        early.now = start.addingTimeInterval(-2 * 86_400)
        #expect(try english.render(early).plainBody.contains("(15 h fast: the clocks change during it)"))
    }

    @Test func emptyTagLeavesNoParentheses() throws {
        #expect(try english.render(job(Fixture.fastEnd(tag: ""))).plainBody == "You finished your 16:8 fast.")
        #expect(try chinese.render(job(Fixture.fastEnd(tag: ""))).plainBody == "你完成了 16:8 禁食。")
    }

    @Test func timesAreWrittenInTheJobsZone() throws {
        let start = Fixture.fastStart(start: Fixture.noon, endsAt: Fixture.noon.addingTimeInterval(16 * 3600))
        #expect(try english.render(job(start)).plainBody == "Your 16:8 fast has begun. It ends tomorrow at 04:00.")
        // 12:00 UTC is 20:00 in Shanghai, and 04:00 UTC the next day is 12:00 there.
        #expect(try english.render(job(start, zone: Fixture.shanghai)).plainBody == "Your 16:8 fast has begun. It ends tomorrow at 12:00.")
        #expect(try chinese.render(job(start, zone: Fixture.shanghai)).plainBody == "你的 16:8 禁食已开始，将于明天 12:00 结束。")
    }

    @Test func farAwayTimesCarryTheDate() throws {
        let start = Fixture.fastStart(start: Fixture.noon, endsAt: Fixture.noon.addingTimeInterval(48 * 3600))
        #expect(try english.render(job(start)).plainBody == "Your 16:8 fast has begun. It ends on 2026-03-04 at 12:00.")
    }

    @Test func lateFastStartSaysWhenItBegan() throws {
        let start = Fixture.fastStart(tag: "weekday", start: Fixture.noon, endsAt: Fixture.noon.addingTimeInterval(16 * 3600))
        #expect(try english.render(job(start, late: 45 * 60)).plainBody
            == "Your 16:8 fast (weekday) began at 12:00, 45 min ago. It ends tomorrow at 04:00.")
    }

    @Test func pastItsToleranceANotificationSaysWhenItWasDue() throws {
        // Past the 10 s tolerance by 20 s: said, in seconds.
        #expect(try english.render(job(Fixture.fastEnd(), late: 30)).plainBody == "Your 16:8 fast (morning) ended at 12:00, 30 s ago.")
        #expect(try english.render(job(Fixture.reminder(text: "call mom"), late: 65)).plainBody == "call mom (due at 12:00, 1 min ago)")
        // Within tolerance, and within the scheduler's on-time slack after it: on time.
        #expect(try english.render(job(Fixture.fastEnd(), late: 10)).plainBody == "You finished your 16:8 fast (morning).")
        #expect(try english.render(job(Fixture.fastEnd(), late: 10.5)).plainBody == "You finished your 16:8 fast (morning).")
        #expect(try english.render(job(Fixture.fastEnd(), late: 12)).plainBody == "Your 16:8 fast (morning) ended at 12:00, 12 s ago.")
    }

    @Test func noTextSpeaksOfAPastTimeInTheFutureTense() throws {
        // A 10s:10s test plan: the eating window closed at 12:00, the next fast ended at 12:00:20,
        // and the bubble shows at 12:00:47.
        let closed = eatingClosed(endsAt: Fixture.noon.addingTimeInterval(20))
        let late = try english.render(job(closed, late: 47))
        #expect(late.plainBody == "Your eating window closed at 12:00, 47 s ago. The 16:8 fast after it ended at 12:00.")
        #expect(try chinese.render(job(closed, late: 47)).plainBody == "进食窗口已于 12:00 关闭（47 秒前）。之后的 16:8 禁食已于 12:00 结束。")
        // Its next fast still to come: "ends".
        #expect(try english.render(job(eatingClosed(endsAt: Fixture.noon.addingTimeInterval(16 * 3600)), late: 47)).plainBody
            == "Your eating window closed at 12:00, 47 s ago. Your next 16:8 fast ends tomorrow at 04:00.")
        // A fast start shown after the fast is over.
        let start = Fixture.fastStart(tag: "", start: Fixture.noon, endsAt: Fixture.noon.addingTimeInterval(30 * 60))
        #expect(try english.render(job(start, late: 45 * 60)).plainBody == "Your 16:8 fast began at 12:00, 45 min ago, and ended at 12:30.")
        // A nudge whose fast is over (only `list` can show one: chimed drops it).
        let nudge = try english.render(job(Fixture.nudge(left: "1h", endsAt: Fixture.noon.addingTimeInterval(3600)), late: 2 * 3600))
        #expect(nudge.title == "Fast complete")
        #expect(nudge.plainBody == "Your 16:8 fast ended at 13:00.")
    }

    @Test func nudgeSaysHowMuchIsLeft() throws {
        let rendered = try english.render(job(Fixture.nudge(left: "1h30m", endsAt: Fixture.noon.addingTimeInterval(3600))))
        #expect(rendered.title == "1 h 30 min left")
        #expect(rendered.plainBody == "Your 16:8 fast ends at 13:00.")
        #expect(rendered.urgency == .low)
        // Nothing to offer, not even a default action that would do nothing.
        #expect(rendered.actions.isEmpty)
        #expect(try chinese.render(job(Fixture.nudge(endsAt: Fixture.noon.addingTimeInterval(3600)))).title == "还剩 1 小时")
        // Short test plans nudge seconds before the end: never round those up to a minute.
        #expect(try english.render(job(Fixture.nudge(left: "5s", endsAt: Fixture.noon))).title == "5 s left")
        #expect(try chinese.render(job(Fixture.nudge(left: "45s", endsAt: Fixture.noon))).title == "还剩 45 秒")
    }

    @Test func aLateNudgeSaysWhatIsLeftNowNotWhatWasPlanned() throws {
        let end = Fixture.noon.addingTimeInterval(3600)
        // Due 11:00 ("1 h left"), shown at 11:30 after a suspend.
        let late = try english.render(job(Fixture.nudge(left: "1h", endsAt: end), late: 30 * 60))
        #expect(late.title == "30 min left")
        #expect(late.plainBody == "Your 16:8 fast ends at 13:00.")
        #expect(try chinese.render(job(Fixture.nudge(left: "1h", endsAt: end), late: 59 * 60 + 14)).title == "还剩 46 秒")
        // Within its tolerance a nudge keeps the planned wording.
        #expect(try english.render(job(Fixture.nudge(left: "1h", endsAt: end), late: 50)).title == "1 h left")
    }

    @Test func theUrgencyTheUserChoseReplacesTheKindsOwn() throws {
        var chosen = job(Fixture.water(amount: "300", consumed: "750", goal: "2000"))
        #expect(try english.render(chosen).urgency == .low)
        chosen.urgency = .critical
        #expect(try english.render(chosen).urgency == .critical)
        #expect(RenderedNotification.Urgency(name: "normal") == .normal)
        #expect(RenderedNotification.Urgency(name: "loud") == nil)
    }

    @Test func waterReminderWithProgress() throws {
        let rendered = try english.render(job(Fixture.water(amount: "300", consumed: "750", goal: "2000")))
        #expect(rendered.title == "Time to drink water")
        #expect(rendered.plainBody == "Drink 300 ml.\n750 of 2000 ml today.")
        #expect(rendered.markupBody == "Drink <b>300</b> ml.\n750 of 2000 ml today.")
        #expect(rendered.urgency == .low)
        #expect(rendered.category == .water)
        #expect(rendered.expiry == .serverDefault)
        #expect(rendered.actions == [
            NotificationAction(key: .drank, label: "Drank 300 ml"),
            NotificationAction(key: .snoozeFifteenMinutes, label: "Snooze 15 min"),
        ])
        let zh = try chinese.render(job(Fixture.water(amount: "300", consumed: "750", goal: "2000")))
        #expect(zh.plainBody == "请喝 300 毫升水。\n今天已喝 750/2000 毫升。")
        #expect(zh.actions.map(\.label) == ["已喝 300 毫升", "15 分钟后再提醒"])
    }

    @Test func waterInOuncesWhenTheUserChoseThem() throws {
        var ounces = job(Fixture.water(amount: "250", consumed: "750", goal: "2000"))
        ounces.waterUnit = .ounces
        let rendered = try english.render(ounces)
        #expect(rendered.plainBody == "Drink 8.5 oz.\n25.4 of 67.6 oz today.")
        #expect(rendered.actions.map(\.label) == ["Drank 8.5 oz", "Snooze 15 min"])
        let zh = try chinese.render(ounces)
        #expect(zh.plainBody == "请喝 8.5 盎司水。\n今天已喝 25.4/67.6 盎司。")
        #expect(zh.actions.first?.label == "已喝 8.5 盎司")
        // The request is untouched: its amounts stay millilitres, and Drank logs them.
        #expect(ounces.request.content.arguments[ContentArgument.amount] == "250")
    }

    @Test func waterReminderWithoutAmountStillReadsWell() throws {
        let rendered = try english.render(job(Fixture.water(amount: nil)))
        #expect(rendered.plainBody == "Time for a glass of water.")
        #expect(rendered.actions.map(\.label) == ["Drank a glass", "Snooze 15 min"])
    }

    @Test func missedWaterReminder() throws {
        let rendered = try english.render(job(Fixture.water(), late: 26 * 3600))
        #expect(rendered.plainBody == "Missed reminder from yesterday at 12:00, 1 d 2 h ago: drink 250 ml.")
    }

    @Test("a nagging reminder offers Done, in both languages; a plain one does not")
    func naggingReminderOffersDone() throws {
        let nagging = ReminderNag(interval: 600).nagging(Fixture.reminder(text: "pills"))
        let rendered = try english.render(job(nagging))
        #expect(rendered.actions.map(\.key) == [.done, .snooze])
        #expect(rendered.actions.map(\.label) == ["Done", "Snooze 10 min"])
        #expect(try chinese.render(job(nagging)).actions.map(\.label).contains("完成"))
        #expect(try english.render(job(Fixture.reminder(text: "pills"))).actions.map(\.key).contains(.done) == false)
    }

    @Test("a reminder's Snooze says the snooze setting's span, in both languages")
    func reminderSnoozeFollowsTheSetting() throws {
        var snoozing = job(Fixture.reminder(text: "pills"))
        snoozing.snooze = .minutes(25)
        #expect(try english.render(snoozing).actions.map(\.label) == ["Snooze 25 min"])
        #expect(try chinese.render(snoozing).actions.map(\.label) == ["25 分钟后再提醒"])
        snoozing.snooze = .hours(2)
        #expect(try english.render(snoozing).actions == [NotificationAction(key: .snooze, label: "Snooze 2 h")])
    }

    @Test("a nag says which showing of the reminder it is: 2nd reminder, 第 2 次提醒")
    func nagsSayWhichRepeatTheyAre() throws {
        var showing = ReminderNag(interval: 600).nagging(Fixture.reminder(text: "pills"))
        #expect(try english.render(job(showing)).title == "Reminder", "the first showing is the reminder itself")
        var titles: [String] = []
        var chineseTitles: [String] = []
        for _ in 1...6 {
            let round = try #require(ReminderNag.Showing(request: showing))
            let plan = ReminderNag.planAfterShowing(showing, round, now: showing.due, next: nil)
            showing = try #require(plan.repeatedRequests.first)
            titles.append(try english.render(job(showing)).title)
            chineseTitles.append(try chinese.render(job(showing)).title)
            #expect(try english.render(job(showing)).plainBody == "pills")
        }
        #expect(titles == ["2nd reminder", "3rd reminder", "4th reminder", "5th reminder", "6th reminder", "7th reminder"])
        #expect(chineseTitles == ["第 2 次提醒", "第 3 次提醒", "第 4 次提醒", "第 5 次提醒", "第 6 次提醒", "第 7 次提醒"])
        #expect(english.ordinal(11) == "11th" && english.ordinal(21) == "21st" && english.ordinal(112) == "112th" && english.ordinal(23) == "23rd")
    }

    @Test("Chinese bubbles take no space between a Chinese time and the words around it")
    func chineseBubbleSpacing() throws {
        let nudge = Fixture.nudge(endsAt: Fixture.noon.addingTimeInterval(12.5 * 3600))
        let body = try chinese.render(job(nudge)).plainBody
        #expect(body.contains("将于明天 00:30 结束"), "\(body)")
        #expect(!body.contains("于 明天"))
    }

    @Test func reminderShowsTheUsersText() throws {
        let rendered = try english.render(job(Fixture.reminder(text: "call mom")))
        #expect(rendered.title == "Reminder")
        #expect(rendered.plainBody == "call mom")
        #expect(rendered.category == .reminder)
        #expect(rendered.urgency == .normal)
        #expect(rendered.expiry == .never)
        #expect(rendered.actions.map(\.key) == [.snooze])
        let late = try english.render(job(Fixture.reminder(text: "call mom"), late: 150 * 60))
        #expect(late.plainBody == "call mom (due at 12:00, 2 h 30 min ago)")
        #expect(try chinese.render(job(Fixture.reminder(text: "给妈妈打电话"), late: 150 * 60)).plainBody
            == "给妈妈打电话（原定 12:00，2 小时 30 分钟前）")
    }

    @Test("an unpaired bidirectional override in the user's text cannot turn the bubble's late text around")
    func bidiOverrideNeutralised() throws {
        let late = try english.render(job(Fixture.reminder(text: "pay \u{202E}evil"), late: 150 * 60))
        #expect(late.plainBody == "pay evil (due at 12:00, 2 h 30 min ago)")
        let paired = try english.render(job(Fixture.reminder(text: "pay \u{2067}evil\u{2069}")))
        #expect(paired.plainBody == "pay \u{2067}evil\u{2069}")
    }

    @Test func markupAttackInATagStaysText() throws {
        let attack = #"<b>bold</b> & <a href="file:///etc/passwd">x</a>"#
        let rendered = try english.render(job(Fixture.fastEnd(tag: attack)))
        #expect(rendered.plainBody == "You finished your 16:8 fast (\(attack)).")
        #expect(rendered.markupBody
            == #"You finished your 16:8 fast (&lt;b&gt;bold&lt;/b&gt; &amp; &lt;a href="file:///etc/passwd"&gt;x&lt;/a&gt;)."#)
        #expect(rendered.bodyText(markup: true) == rendered.markupBody)
        #expect(rendered.bodyText(markup: false) == rendered.plainBody)
    }

    @Test func userTextIsCleanedAndCapped() throws {
        let rendered = try english.render(job(Fixture.reminder(text: "line one\nline two\u{7}" + String(repeating: "x", count: 8192))))
        #expect(rendered.plainBody.hasPrefix("line one line two"))
        #expect(rendered.plainBody.utf8.count <= NotificationText.maximumValueBytes)
        #expect(rendered.plainBody.hasSuffix("…"))
    }

    @Test func aNULInUserTextIsRejected() {
        #expect(throws: DomainError(.invalidText, "the session tag contains a NUL character: remove it")) {
            try english.render(job(Fixture.fastEnd(tag: "a\0b")))
        }
    }

    @Test func templateArgumentsCannotInjectPlaceholders() throws {
        #expect(try english.render(job(Fixture.reminder(text: "{ago} {*ends}"))).plainBody == "{ago} {*ends}")
    }

    @Test func everyKindHasItsUrgencyCategoryAndExpiry() {
        #expect(RequestKind.allCases.map(NotificationRenderer.urgency) == [.normal, .normal, .low, .normal, .low, .normal, .normal])
        #expect(RequestKind.allCases.map(NotificationRenderer.category) == [.fasting, .fasting, .fasting, .fasting, .water, .reminder, .calendar])
    }

    func heldSummary(count: Int) -> NotificationRequest {
        NotificationRequest(
            identifier: "water/w/held", group: "w", kind: .water, due: Fixture.noon, tolerance: 0,
            content: NotificationContent(template: .waterHeld, arguments: [
                ContentArgument.count: String(count), ContentArgument.consumed: "750", ContentArgument.goal: "2000",
            ]),
            misfirePolicy: .drop
        )
    }

    @Test func theSummaryOfHeldWaterRemindersCountsThemAndHasNoButtons() throws {
        let three = try english.render(job(heldSummary(count: 3)))
        #expect(three.title == "Time to drink water")
        #expect(three.plainBody == "3 water reminders while you were busy.\n750 of 2000 ml today.")
        #expect(three.markupBody == "<b>3</b> water reminders while you were busy.\n750 of 2000 ml today.")
        #expect(three.actions.isEmpty)
        #expect(try english.render(job(heldSummary(count: 1))).plainBody == "A water reminder while you were busy.\n750 of 2000 ml today.")
    }

    @Test func everyTemplateRendersInEveryLanguageWithoutLeftoverPlaceholders() throws {
        let end = Fixture.noon.addingTimeInterval(3600)
        let requests = [
            Fixture.fastStart(tag: "t", endsAt: end), Fixture.fastEnd(), Fixture.nudge(endsAt: end),
            eatingClosed(endsAt: end), Fixture.water(consumed: "1", goal: "2"), Fixture.reminder(text: "r"),
            heldSummary(count: 3),
            CalendarBubbleTests.request(start: "2026-03-02T13:00:00Z", trigger: "2026-03-02T12:00:00Z", link: "https://example.org"),
        ]
        #expect(Set(requests.map(\.content.template)) == Set(TemplateKey.allCases))
        for language in NotificationLanguage.allCases {
            for request in requests {
                for lateness in [0.0, 7200] {
                    let rendered = try NotificationRenderer(language: language).render(job(request, late: lateness))
                    for text in [rendered.title, rendered.plainBody] + rendered.actions.map(\.label) {
                        #expect(!text.contains("{") && !text.contains("}") && !text.isEmpty, "\(language) \(request.identifier): \(text)")
                    }
                }
            }
        }
    }

    @Test func bothLanguagesOfEveryMessageUseTheSameValues() {
        for message in MessageCatalog.allCases {
            let english = Set(TextTemplate.placeholders(in: message.template(.english)))
            let chinese = Set(TextTemplate.placeholders(in: message.template(.simplifiedChinese)))
            #expect(english == chinese, "\(message)")
        }
    }

    func eatingClosed(endsAt: Date) -> NotificationRequest {
        NotificationRequest(
            identifier: "fast/f-1/eating-end/3", group: "f-1", kind: .eatingEnd, due: Fixture.noon, tolerance: 10,
            content: NotificationContent(template: .eatingWindowClosed, arguments: [
                ContentArgument.plan: "16:8", ContentArgument.tag: "", ContentArgument.endsAt: Fixture.iso(endsAt), ContentArgument.cycle: "3",
            ]),
            misfirePolicy: .deliverLate(until: Fixture.noon.addingTimeInterval(3600))
        )
    }
}
