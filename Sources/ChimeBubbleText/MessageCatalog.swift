import ChimeCore
import Synchronization

/// Every text Chime puts in a notification, in every language, in one table.
///
/// Templates name their values in braces: `{plan}`; `{*ends}` marks a value shown in bold where
/// the server renders markup. Both languages of a message use the same names (a unit test
/// checks this), so adding a language means adding one column.
enum MessageCatalog: TextCatalog {
    case fastStartedTitle, fastStartedBody, fastStartedLateBody, fastStartedEndedBody
    case fastCompleteTitle, fastCompleteBody, fastCompleteLateBody
    case fastNudgeTitle, fastNudgeBody, fastNudgeEndedBody
    case eatingClosedTitle, eatingClosedBody, eatingClosedLateBody, eatingClosedEndedBody
    case waterTitle, waterBody, waterLateBody, waterBodyWithoutAmount, waterProgress, waterHeldBody, waterHeldOneBody
    case reminderTitle, reminderRepeatTitle, reminderBody, reminderLateBody
    case tagged, planWithClockChange, planWithClockChangeAhead, planWithClockChanged
    case atTimeToday, atTimeTomorrow, atTimeYesterday, atTimeOnDate
    case ago, momentsAgo, seconds, minutes, hours, days
    case actionEndFast, actionExtendOneHour, actionDrank, actionDrankWithoutAmount
    case actionSnoozeFifteenMinutes, actionSnooze
    case actionDone, actionSkipFast
    case calendarAt, calendarNow, calendarStarted, calendarDueAt, calendarDueNow, calendarWasDue
    case calendarAllDayToday, calendarAllDayTomorrow, calendarAllDayOn, calendarLocation, calendarUntitled
    case calendarBody, calendarLateBody
    case actionSnoozeUntilStart, actionDismiss, actionOpen
    case unitMillilitres, unitOunces
    case fastDayNote

    // The table. One line per message: English, then Simplified Chinese.
    var entry: (english: String, chinese: String) {
        switch self {
        case .fastStartedTitle: return ("Fast started", "禁食开始")
        case .fastStartedBody: return ("Your {plan} fast{tagged} has begun. It ends {*ends}.", "你的 {plan} 禁食{tagged}已开始，将于 {*ends} 结束。")
        case .fastStartedLateBody: return ("Your {plan} fast{tagged} began {due}, {ago}. It ends {*ends}.", "你的 {plan} 禁食{tagged}已于 {due} 开始（{ago}），将于 {*ends} 结束。")
        case .fastStartedEndedBody: return ("Your {plan} fast{tagged} began {due}, {ago}, and ended {*ends}.", "你的 {plan} 禁食{tagged}已于 {due} 开始（{ago}），并已于 {*ends} 结束。")
        case .fastCompleteTitle: return ("Fast complete", "禁食完成")
        case .fastCompleteBody: return ("You finished your {plan} fast{tagged}.", "你完成了 {plan} 禁食{tagged}。")
        case .fastCompleteLateBody: return ("Your {plan} fast{tagged} ended {*due}, {ago}.", "你的 {plan} 禁食{tagged}已于 {*due} 结束（{ago}）。")
        case .fastNudgeTitle: return ("{left} left", "还剩 {left}")
        case .fastNudgeBody: return ("Your {plan} fast{tagged} ends {*ends}.", "你的 {plan} 禁食{tagged}将于 {*ends} 结束。")
        case .fastNudgeEndedBody: return ("Your {plan} fast{tagged} ended {*ends}.", "你的 {plan} 禁食{tagged}已于 {*ends} 结束。")
        case .eatingClosedTitle: return ("Eating window closed", "进食窗口已关闭")
        case .eatingClosedBody: return ("Your next {plan} fast{tagged} ends {*ends}.", "下一次 {plan} 禁食{tagged}将于 {*ends} 结束。")
        case .eatingClosedLateBody: return ("Your eating window closed {due}, {ago}. Your next {plan} fast{tagged} ends {*ends}.", "进食窗口已于 {due} 关闭（{ago}）。下一次 {plan} 禁食{tagged}将于 {*ends} 结束。")
        case .eatingClosedEndedBody: return ("Your eating window closed {due}, {ago}. The {plan} fast{tagged} after it ended {*ends}.", "进食窗口已于 {due} 关闭（{ago}）。之后的 {plan} 禁食{tagged}已于 {*ends} 结束。")
        case .waterTitle: return ("Time to drink water", "该喝水了")
        case .waterBody: return ("Drink {*amount} {unit}.", "请喝 {*amount} {unit}水。")
        case .waterLateBody: return ("Missed reminder from {due}, {ago}: drink {*amount} {unit}.", "错过了 {due} 的喝水提醒（{ago}）：请喝 {*amount} {unit}水。")
        case .waterBodyWithoutAmount: return ("Time for a glass of water.", "请喝一杯水。")
        case .waterProgress: return ("{consumed} of {goal} {unit} today.", "今天已喝 {consumed}/{goal} {unit}。")
        case .waterHeldBody: return ("{*count} water reminders while you were busy.", "你忙的时候，有 {*count} 次喝水提醒没有打扰你。")
        case .waterHeldOneBody: return ("A water reminder while you were busy.", "你忙的时候，有 1 次喝水提醒没有打扰你。")
        case .fastDayNote: return ("A fast day: eat little (about 500 kcal, 600 for men) or nothing until it ends.", "今天是禁食日：结束前少吃（约 500 千卡，男性约 600 千卡）或不吃。")
        case .actionSkipFast: return ("Skip this fast", "跳过这次禁食")
        case .reminderTitle: return ("Reminder", "提醒")
        case .reminderRepeatTitle: return ("{nth} reminder", "第 {nth} 次提醒")
        case .reminderBody: return ("{text}", "{text}")
        case .reminderLateBody: return ("{text} (due {due}, {ago})", "{text}（原定 {due}，{ago}）")
        case .tagged: return (" ({tag})", "（{tag}）")
        case .planWithClockChange: return ("{plan} ({hours} h fast: the clocks change tonight)", "{plan}（今晚时钟调整，本次禁食 {hours} 小时）")
        case .planWithClockChangeAhead: return ("{plan} ({hours} h fast: the clocks change during it)", "{plan}（期间时钟将调整，本次禁食 {hours} 小时）")
        case .planWithClockChanged: return ("{plan} ({hours} h fast: the clocks changed during it)", "{plan}（期间时钟已调整，本次禁食 {hours} 小时）")
        case .atTimeToday: return ("at {clock}", "{clock}")
        case .atTimeTomorrow: return ("tomorrow at {clock}", "明天 {clock}")
        case .atTimeYesterday: return ("yesterday at {clock}", "昨天 {clock}")
        case .atTimeOnDate: return ("on {date} at {clock}", "{date} {clock}")
        case .ago: return ("{duration} ago", "{duration}前")
        case .momentsAgo: return ("moments ago", "刚刚")
        case .seconds: return ("{count} s", "{count} 秒")
        case .minutes: return ("{count} min", "{count} 分钟")
        case .hours: return ("{count} h", "{count} 小时")
        case .days: return ("{count} d", "{count} 天")
        case .actionEndFast: return ("End fast", "结束禁食")
        case .actionExtendOneHour: return ("Extend 1 h", "延长 1 小时")
        case .actionDrank: return ("Drank {amount} {unit}", "已喝 {amount} {unit}")
        case .actionDrankWithoutAmount: return ("Drank a glass", "已喝一杯")
        case .actionSnoozeFifteenMinutes: return ("Snooze 15 min", "15 分钟后再提醒")
        case .actionSnooze: return ("Snooze {duration}", "{duration}后再提醒")
        case .actionDone: return ("Done", "完成")
        case .calendarAt: return ("{summary} {at} (in {duration})", "{summary}：{at}（{duration}后）")
        case .calendarNow: return ("{summary} {at} (now)", "{summary}：{at}（现在）")
        case .calendarStarted: return ("{summary} started {at}, {duration} ago", "{summary} 已于 {at} 开始，{duration}前")
        case .calendarDueAt: return ("{summary} due {at} (in {duration})", "{summary} 截止于 {at}（{duration}后）")
        case .calendarDueNow: return ("{summary} due {at} (now)", "{summary} 截止于 {at}（现在）")
        case .calendarWasDue: return ("{summary} was due {at}, {duration} ago", "{summary} 已于 {at} 截止，{duration}前")
        case .calendarAllDayToday: return ("{summary} today", "{summary}：今天")
        case .calendarAllDayTomorrow: return ("{summary} tomorrow", "{summary}：明天")
        case .calendarAllDayOn: return ("{summary} on {date} (in {duration})", "{summary}：{date}（{duration}后）")
        case .calendarLocation: return ("{text} · {location}", "{text} · {location}")
        case .calendarUntitled: return ("(untitled)", "（无标题）")
        case .calendarBody: return ("Calendar {calendar}", "日历 {calendar}")
        case .calendarLateBody: return ("Calendar {calendar}; the alarm was due {due}, {ago}", "日历 {calendar}；提醒原定 {due}（{ago}）")
        case .actionSnoozeUntilStart: return ("Remind at start", "开始时再提醒")
        case .actionDismiss: return ("Dismiss", "关闭")
        case .actionOpen: return ("Open", "打开")
        case .unitMillilitres: return ("ml", "毫升")
        case .unitOunces: return ("oz", "盎司")
        }
    }

    /// `message` in `language`, its placeholders replaced by `values` (a missing value becomes
    /// empty), as body segments, adjacent plain runs merged; from a template parsed once.
    static func fill(_ message: MessageCatalog, _ language: NotificationLanguage, _ values: [String: String]) -> [RenderedNotification.Segment] {
        fill(pieces: pieces(of: message, in: language), values, chineseSpacing: language == .simplifiedChinese)
    }

    /// `message` in `language`, filled as plain text.
    static func fillPlain(_ message: MessageCatalog, _ language: NotificationLanguage, _ values: [String: String]) -> String {
        // Written straight into one string: going through segments cost a bubble's rendering a
        // quarter of its time (a title, a button label and each phrase are filled this way).
        var text = ""
        for piece in spaced(pieces(of: message, in: language), values, chineseSpacing: language == .simplifiedChinese) {
            switch piece {
            case .literal(let literal): text += literal
            case .placeholder(let name, _): text += values[name] ?? ""
            }
        }
        return text
    }

    /// The templates parsed so far, each parsed the first time it is filled: rendering each row
    /// of `list --json` fills several, and parsing them again each time was a tenth of its cost;
    /// parsing the whole table up front was a tenth of `status`'s, which fills two or three.
    private static let parsedTemplates = Mutex<[TemplateKey: [Piece]]>([:])

    private struct TemplateKey: Hashable {
        var message: MessageCatalog
        var language: NotificationLanguage
    }

    /// The pieces of `message`'s template in `language`, parsed once.
    private static func pieces(of message: MessageCatalog, in language: NotificationLanguage) -> [Piece] {
        let key = TemplateKey(message: message, language: language)
        if let parsed = parsedTemplates.withLock({ $0[key] }) { return parsed }
        let parsed = parse(message.template(language))
        parsedTemplates.withLock { $0[key] = parsed }
        return parsed
    }

    /// `pieces` filled with `values` as body segments, adjacent plain runs merged.
    private static func fill(pieces: [Piece], _ values: [String: String], chineseSpacing: Bool = false) -> [RenderedNotification.Segment] {
        var segments: [RenderedNotification.Segment] = []
        // The plain text since the last emphasis: adjacent plain runs make one segment.
        var run = ""
        for piece in spaced(pieces, values, chineseSpacing: chineseSpacing) {
            switch piece {
            case .literal(let text):
                run += text
            case .placeholder(let name, let emphasized):
                let value = values[name] ?? ""
                if emphasized, !value.isEmpty {
                    if !run.isEmpty { segments.append(.text(run)) }
                    run = ""
                    segments.append(.emphasis(value))
                } else {
                    run += value
                }
            }
        }
        if !run.isEmpty { segments.append(.text(run)) }
        return segments
    }

    /// `pieces` as they are, or with `chineseSpacing`, a template's space beside a phrase of
    /// Chime's own dropped where Chinese meets Chinese (``ChineseSpacing``): `将于 {*ends}` with
    /// `明天 12:00` reads `将于明天 12:00`.
    private static func spaced(_ pieces: [Piece], _ values: [String: String], chineseSpacing: Bool) -> [Piece] {
        guard chineseSpacing else { return pieces }
        var pieces = pieces
        for index in pieces.indices {
            guard case .placeholder(let name, _) = pieces[index], ChineseSpacing.phrasePlaceholders.contains(name),
                  let value = values[name], !value.isEmpty else { continue }
            if index > 0, case .literal(let text) = pieces[index - 1], text.count > 1, text.last == " ",
               ChineseSpacing.dropsSpace(between: text.dropLast().last, and: value.first) {
                pieces[index - 1] = .literal(String(text.dropLast()))
            }
            if index + 1 < pieces.count, case .literal(let text) = pieces[index + 1], text.first == " ",
               ChineseSpacing.dropsSpace(between: value.last, and: text.dropFirst().first) {
                pieces[index + 1] = .literal(String(text.dropFirst()))
            }
        }
        return pieces
    }

    private enum Piece {
        case literal(String)
        case placeholder(name: String, emphasized: Bool)
    }

    private static func parse(_ template: String) -> [Piece] {
        var pieces: [Piece] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { pieces.append(.literal(String(rest[..<open]))) }
            var name = rest[rest.index(after: open)..<close]
            let emphasized = name.first == "*"
            if emphasized { name = name.dropFirst() }
            pieces.append(.placeholder(name: String(name), emphasized: emphasized))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.literal(String(rest))) }
        return pieces
    }
}
