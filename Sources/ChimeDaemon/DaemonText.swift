import ChimeCore

/// The sentences `chimed --help`, its usage errors and its manual page (``DaemonManualPage``) say, in English and
/// Simplified Chinese: one line per message. chimed's log lines are for developers and bug
/// reports and stay in English.
package enum DaemonText: String, TextCatalog {
    case usageLine, summary, runningHint, optionsHeading
    case notifierSummary, foregroundSummary, helpSummary, versionSummary
    case takesNoValue, notifierNeedsValue, unknownNotifier, unknownArgument
    case pageSummary, pageTimer, pageNotifier, pageHolding, pageService
    case sessionBus, systemBus, sessionID, runtimeDirectory, dataHome, timeZone
    case exitStopped, exitUsage, exitUnavailable, exitSoftware, exitTryAgain

    package var entry: (english: String, chinese: String) {
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
        case .pageSummary: return ("the Chime scheduler daemon", "Chime 的调度守护进程")
        case .pageTimer: return ("chimed keeps exactly one timer armed for the next notification that chime(1) stored, shows it through the desktop's notification server (libnotify), records the outcome in the database and derives what follows (the next water reminder, the next cycle of a repeating fast). Bubble buttons (Snooze, Drank, End fast, Extend) act through it. Notifications due within each other's tolerance are shown in one wake-up; nothing wakes it while nothing is due.", "chimed 为 chime(1) 存储的下一条通知恰好设置一个定时器，通过桌面的通知服务器（libnotify）显示它，把结果记入数据库，并推算接下来的事（下一次喝水提醒、重复禁食的下一个周期）。通知气泡上的按钮（稍后提醒、已喝水、结束禁食、延长）都经由它起作用。到期时间在彼此容差之内的通知在一次唤醒中显示；没有到期的通知时，什么也不会唤醒它。")
        case .pageNotifier: return ("Without --notifier it uses libnotify when a session bus is reachable (DBUS_SESSION_BUS_ADDRESS, or $XDG_RUNTIME_DIR/bus) and otherwise prints each notification to standard output as one JSON line; its first log line names the notifier and why.", "不带 --notifier 时，能连上会话总线（DBUS_SESSION_BUS_ADDRESS 或 $XDG_RUNTIME_DIR/bus）就用 libnotify，否则把每条通知作为一行 JSON 写到标准输出；它的第一行日志说明所用的通知方式及原因。")
        case .pageHolding: return ("While the notification server is in do-not-disturb mode (dunst paused, KDE Plasma inhibited, GNOME's show-banners off, mako's do-not-disturb mode) or the session is locked (logind's LockedHint, a screen saver's ActiveChanged), it holds water reminders and shows one summary when that ends; after an unlock the next water reminder is due one interval later. Fast notifications and reminders are shown as usual. The settings notify.dnd and notify.away (chime config) turn each off.", "当通知服务器处于勿扰模式（dunst 已暂停、KDE Plasma 已抑制、GNOME 的 show-banners 关闭、mako 的勿扰模式）或会话已锁定（logind 的 LockedHint、屏幕保护程序的 ActiveChanged）时，它会暂缓喝水提醒，并在结束时显示一条汇总；解锁后，下一次喝水提醒在一个间隔之后到期。禁食通知和提醒照常显示。设置 notify.dnd 和 notify.away（chime config）分别关闭这两项。")
        case .pageService: return ("It logs to standard error with sd-daemon priority prefixes (journalctl --user -u chimed), reports readiness to systemd (Type=notify), reloads from the database on SIGHUP and stops cleanly on SIGTERM or SIGINT.", "它把日志带 sd-daemon 优先级前缀写到标准错误（journalctl --user -u chimed），向 systemd 报告就绪（Type=notify），收到 SIGHUP 时从数据库重新加载，收到 SIGTERM 或 SIGINT 时干净地停止。")
        case .sessionBus: return ("the session bus of the notification server", "通知服务器所在的会话总线")
        case .systemBus: return ("the system bus where logind tells whether the session is locked", "logind 在其上告知会话是否锁定的系统总线")
        case .sessionID: return ("the logind session followed when chimed runs in none (else the user's graphical session)", "chimed 不在任何会话中运行时所跟随的 logind 会话（否则为用户的图形会话）")
        case .runtimeDirectory: return ("where the control socket is: $XDG_RUNTIME_DIR/chime/chimed.sock", "控制套接字所在位置：$XDG_RUNTIME_DIR/chime/chimed.sock")
        case .dataHome: return ("where the database is: $XDG_DATA_HOME/chime/chime.db", "数据库所在位置：$XDG_DATA_HOME/chime/chime.db")
        case .timeZone: return ("the zone for local times such as water windows; an unknown zone stops chimed", "喝水时段等本地时间所用的时区；未知的时区会让 chimed 停止")
        case .exitStopped: return ("stopped cleanly", "已干净地停止")
        case .exitUsage: return ("bad arguments", "参数错误")
        case .exitUnavailable: return ("the database or the runtime directory cannot be used", "数据库或运行时目录无法使用")
        case .exitSoftware: return ("a bug in Chime: please report it", "Chime 的缺陷：请报告给开发者")
        case .exitTryAgain: return ("another chimed already runs for this user or database", "该用户或数据库已有另一个 chimed 在运行")
        }
    }
}
