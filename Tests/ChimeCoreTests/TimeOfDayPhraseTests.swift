import Foundation
import Testing

@testable import ChimeCore

@Suite("TimeOfDayPhrase: a time of day as people write it")
struct TimeOfDayPhraseTests {
    @Test("English, 24-hour and Chinese forms", arguments: [
        ("21:30", "21:30"), ("9:05", "09:05"), ("9:30pm", "21:30"), ("9:30 PM", "21:30"), ("9pm", "21:00"), ("9 pm", "21:00"),
        ("9 p.m.", "21:00"), ("9.30pm", "21:30"), ("12am", "00:00"), ("12:15am", "00:15"), ("12pm", "12:00"), ("1am", "01:00"),
        ("21h", "21:00"), ("21h30", "21:30"), ("9h05", "09:05"), ("noon", "12:00"), ("Noon", "12:00"), ("midnight", "00:00"),
        ("下午3点", "15:00"), ("下午3点半", "15:30"), ("下午3点30分", "15:30"), ("下午三点", "15:00"), ("晚上九点半", "21:30"),
        ("上午9点", "09:00"), ("早上8点", "08:00"), ("凌晨2点", "02:00"), ("中午12点", "12:00"), ("中午1点", "13:00"),
        ("15点", "15:00"), ("15点30", "15:30"), ("8点钟", "08:00"), ("下午3:30", "15:30"), ("晚上12点", "00:00"),
        ("８：３０", "08:30"), ("下午3点一刻", "15:15"), ("二十三点", "23:00"), ("2h", "02:00"),
    ])
    func reads(text: String, time: String) {
        #expect(TimeOfDayPhrase.time(text)?.description == time)
    }

    @Test("midnight and 24:00 are the midnight that ends the day; noon is not")
    func endsDay() {
        #expect(TimeOfDayPhrase.reading("midnight")?.endsDay == true)
        #expect(TimeOfDayPhrase.reading("24:00")?.endsDay == true)
        #expect(TimeOfDayPhrase.reading("晚上12点")?.endsDay == true)
        #expect(TimeOfDayPhrase.reading("00:00")?.endsDay == false)
        #expect(TimeOfDayPhrase.reading("noon")?.endsDay == false)
        #expect(TimeOfDayPhrase.reading("12am")?.endsDay == false)
    }

    @Test("what is no time of day", arguments: [
        "", "9", "15", "13pm", "0am", "9:60pm", "9:5pm", "25:00", "24:30", "21h60", "9.30", "9x", "ninepm", "pm", "上午13点", "下午", "点", "三十五点",
        "tomorrow",
    ])
    func refuses(text: String) {
        #expect(TimeOfDayPhrase.time(text) == nil, "\(text)")
    }

    @Test("a template's space between Chinese words goes; values and Latin neighbours keep theirs")
    func chineseSpacing() {
        let template = "禁食 {id} 将于 {end} 结束（{details}）"
        #expect(TextTemplate.fill(template, ["id": "f-1", "end": "明天 13:54", "details": "16:8"], chineseSpacing: true) == "禁食 f-1 将于明天 13:54 结束（16:8）")
        #expect(TextTemplate.fill(template, ["id": "f-1", "end": "13:54", "details": "16:8"], chineseSpacing: true) == "禁食 f-1 将于 13:54 结束（16:8）")
        #expect(TextTemplate.fill("于 {due}", ["due": "周四 20:00"], chineseSpacing: true) == "于周四 20:00")
        #expect(TextTemplate.fill("提醒：{text} 已设", ["text": "喝 水"], chineseSpacing: true) == "提醒：喝 水 已设", "a name the user chose keeps its spaces")
        #expect(TextTemplate.fill("提醒 {id} 按 {rule} 重复", ["id": "药", "rule": "每天 08:00"], chineseSpacing: true) == "提醒 药 按 每天 08:00 重复")
        #expect(TextTemplate.fill("下一条：{summary} {due}", ["summary": "提醒：喝茶", "due": "明天 08:00"], chineseSpacing: true) == "下一条：提醒：喝茶 明天 08:00",
                "between two values the space stays")
        #expect(TextTemplate.fill(template, ["id": "f-1", "end": "明天 13:54", "details": "16:8"]) == "禁食 f-1 将于 明天 13:54 结束（16:8）", "English is filled as written")
    }
}
