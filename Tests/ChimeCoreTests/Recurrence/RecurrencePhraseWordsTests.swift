import Foundation
import Testing

@testable import ChimeCore

/// Rules as people write them (issue 22): each reads as the canonical phrase it means, in English
/// and in Chinese, and a refusal names the nearest rule that reads.
@Suite("RecurrencePhrase: the words people type")
struct RecurrencePhraseWordsTests {
    @Test("each phrase means the same rule as its canonical form", arguments: [
        ("every hour", "every 1h"),
        ("Every Hour", "every 1h"),
        ("hourly", "every 1h"),
        ("every 2 hours", "every 2h"),
        ("every 30 minutes", "every 30m"),
        ("every 30 mins", "every 30m"),
        ("every minute", "every 1m"),
        ("every half hour", "every 30m"),
        ("every quarter hour", "every 15m"),
        ("every 1.5 hours", "every 90m"),
        ("every 45 seconds", "every 45s"),
        ("every 2.5 days", "every 60h"),
        ("every monday 10:00", "monday 10:00"),
        ("every Monday at 10am", "monday 10:00"),
        ("every mondays 10:00", "monday 10:00"),
        ("every weekday 09:30", "weekdays 09:30"),
        ("every weekdays 9:30am", "weekdays 09:30"),
        ("every workday at 09:30", "weekdays 09:30"),
        ("every weekend at 10am", "weekends 10:00"),
        ("every other week fri 17:00", "every 2 weeks fri 17:00"),
        ("every other week on friday at 5pm", "every 2 weeks fri 17:00"),
        ("every second week fri 17:00", "every 2 weeks fri 17:00"),
        ("every fortnight on friday at 17:00", "every 2 weeks fri 17:00"),
        ("fortnightly fri 17:00", "every 2 weeks fri 17:00"),
        ("every other monday 10:00", "every 2 weeks mon 10:00"),
        ("every other day 08:00", "every 2 days 08:00"),
        ("every day at 8am", "daily 08:00"),
        ("each day at 8am", "daily 08:00"),
        ("everyday 8am", "daily 08:00"),
        ("daily at 9:30pm", "daily 21:30"),
        ("daily 8am, 8pm", "daily 08:00,20:00"),
        ("daily 8am and 8pm", "daily 08:00,20:00"),
        ("daily 8 am", "daily 08:00"),
        ("daily noon", "daily 12:00"),
        ("daily 21h", "daily 21:00"),
        ("8am daily", "daily 08:00"),
        ("at 10:00 every monday", "monday 10:00"),
        ("every monday and thursday at 9am", "mon,thu 09:00"),
        ("every mon, thu 18:30", "mon,thu 18:30"),
        ("mon & thu 18:30", "mon,thu 18:30"),
        ("every month on the 1st at 9am", "monthly 1 09:00"),
        ("monthly on the 1st and 15th at 09:00", "monthly 1,15 09:00"),
        ("monthly on the last day at 18:00", "monthly last 18:00"),
        ("every month on the first friday at 9am", "monthly first fri 09:00"),
        ("every year on march 14 at noon", "yearly 03-14 12:00"),
        ("annually 14 march 09:00", "yearly 03-14 09:00"),
        ("yearly mar 14th 09:00", "yearly 03-14 09:00"),
        ("hourly from 9am to 5pm", "every 1h 09:00-17:00"),
        ("every 2 hours between 08:00 and 20:00 on weekdays", "every 2h 08:00-20:00 weekdays"),
        ("every 90m 9am-5pm weekdays", "every 90m 09:00-17:00 weekdays"),
        ("every hour on weekends", "every 1h weekends"),
    ])
    func english(phrase: String, canonical: String) throws {
        #expect(try RecurrencePhrase.rule(from: phrase) == RecurrencePhrase.rule(from: canonical))
    }

    @Test("Chinese phrases read where the Chinese interface invites them", arguments: [
        ("每天 08:00", "daily 08:00"),
        ("每天08:00", "daily 08:00"),
        ("每日 下午3点", "daily 15:00"),
        ("每天早上8点", "daily 08:00"),
        ("每天晚上九点半", "daily 21:30"),
        ("工作日 09:30", "weekdays 09:30"),
        ("每个工作日 上午9点30分", "weekdays 09:30"),
        ("周末 10:00", "weekends 10:00"),
        ("每周一 10:00", "monday 10:00"),
        ("每周一、四 下午3点", "mon,thu 15:00"),
        ("周一和周四 18:30", "mon,thu 18:30"),
        ("每星期日 20:00", "sunday 20:00"),
        ("每周 10:00", "weekly 10:00"),
        ("每两周 周五 17:00", "every 2 weeks fri 17:00"),
        ("隔周 周五 17:00", "every 2 weeks fri 17:00"),
        ("隔天 08:00", "every 2 days 08:00"),
        ("每隔三天 07:15", "every 3 days 07:15"),
        ("每月1号 9:00", "monthly 1 09:00"),
        ("每月1号、15号 9:00", "monthly 1,15 09:00"),
        ("每月最后一天 18:00", "monthly last 18:00"),
        ("每小时", "every 1h"),
        ("每2小时", "every 2h"),
        ("每30分钟", "every 30m"),
        ("每半小时", "every 30m"),
        ("每年 03-14 09:00", "yearly 03-14 09:00"),
    ])
    func chinese(phrase: String, canonical: String) throws {
        #expect(try RecurrencePhrase.rule(from: phrase) == RecurrencePhrase.rule(from: canonical))
    }

    @Test("every refusal names the nearest rule that reads, and that rule does read", arguments: [
        ("every weekdays", "every weekdays 09:00"),
        ("every monday", "every monday 09:00"),
        ("daily", "daily 09:00"),
        ("evry day 8am", "every day 8am"),
        ("weekdayz 09:30", "weekdays 09:30"),
        ("monthy 1 09:00", "monthly 1 09:00"),
        ("daily 25:00", "daily 09:00"),
        ("daily 9.30", "daily 09:00"),
        ("every 2 weeks fri 17:00 sharp", "every 2 weeks fri 17:00"),
        ("every other wek fri 17:00", "every other week fri 17:00"),
        ("每天", "daily 09:00"),
    ])
    func nearest(phrase: String, nearest: String) throws {
        let error = #expect(throws: DomainError.self) { try RecurrencePhrase.rule(from: phrase) }
        #expect(error?.kind == .invalidRule)
        #expect(error?.message.hasSuffix("; the nearest rule Chime reads is \"\(nearest)\"") == true, "\(error?.message ?? "")")
        #expect(error?.text.text(in: .simplifiedChinese).hasSuffix("；最接近的可用写法是“\(nearest)”") == true)
        _ = try RecurrencePhrase.rule(from: nearest)
    }

    @Test("a refusal with no near rule still shows the forms that read")
    func noNearRule() {
        let error = #expect(throws: DomainError.self) { try RecurrencePhrase.rule(from: "when the moon is full") }
        #expect(error?.message.contains("write daily 08:00, every day at 8am") == true, "\(error?.message ?? "")")
    }

    @Test("weekday names in English and Chinese", arguments: [
        ("mon", RecurrenceRule.Weekday.monday), ("Monday", .monday), ("mondays", .monday), ("tues", .tuesday), ("th", .thursday),
        ("周一", .monday), ("星期三", .wednesday), ("礼拜天", .sunday), ("周日", .sunday), ("週五", .friday),
    ])
    func weekdays(word: String, weekday: RecurrenceRule.Weekday) {
        #expect(WeekdayName.weekday(word) == weekday)
    }

    @Test("words that are no weekday", arguments: ["m", "t", "month", "weekday", "周", "周八", "monday2"])
    func notWeekdays(word: String) {
        #expect(WeekdayName.weekday(word) == nil)
    }
}
