import ChimeCore

/// The sentences `chimed --help`, its usage errors and its manual page say, in English and
/// Simplified Chinese: one line per message. chimed's log lines are for developers and bug
/// reports and stay in English.
package enum DaemonText: String, TextCatalog {
    case usageLine, summary, runningHint, optionsHeading
    case notifierSummary, foregroundSummary, helpSummary, versionSummary
    case takesNoValue, notifierNeedsValue, unknownNotifier, unknownArgument

    /// The template of this message in `language`.
    package func template(_ language: UserLanguage) -> String {
        let (english, chinese) = entry
        return language == .english ? english : chinese
    }

    private var entry: (String, String) {
        switch self {
        case .usageLine: return ("usage: {synopsis}", "用法：{synopsis}")
        case .summary: return ("The Chime scheduler daemon: shows fasting, water and reminder notifications on time.", "Chime 的调度守护进程：按时显示禁食、喝水和提醒通知。")
        case .runningHint: return ("Run it from the systemd user unit ({command}) or in a terminal.", "请通过 systemd 用户单元（{command}）或在终端中运行它。")
        case .optionsHeading: return ("options:", "选项：")
        case .notifierSummary: return ("where notifications go (default: libnotify when a session bus is reachable, else stdout, one JSON line each)", "通知发往何处（默认：能连上会话总线时用 libnotify，否则用 stdout，每条通知一行 JSON）")
        case .foregroundSummary: return ("run in the foreground (chimed never forks; accepted for service files)", "在前台运行（chimed 从不 fork；为服务文件而接受此选项）")
        case .helpSummary: return ("show this help", "显示本帮助")
        case .versionSummary: return ("show the version", "显示版本")
        case .takesNoValue: return ("{option} takes no value: use it alone", "{option} 不接受值：请单独使用它")
        case .notifierNeedsValue: return ("{option} needs a value: use {choices}", "{option} 需要一个值：请使用 {choices}")
        case .unknownNotifier: return ("unknown notifier \"{value}\": use {choices}", "未知的通知方式“{value}”：请使用 {choices}")
        case .unknownArgument: return ("unknown argument \"{argument}\": see chimed --help", "未知参数“{argument}”：请查看 chimed --help")
        }
    }
}
