import ChimeCore

/// The sentences of the `chime(1)` manual page that are not in the command table (what chime
/// is, the environment, files and exit statuses), in English and Simplified Chinese: one line
/// per message.
enum CommandManualText: String, TextCatalog {
    case whatChimeIs, helpHint, helpAlsoAfterCommand
    case timeZone, dataHome, runtimeDirectory, noColor, requestID
    case databaseFile, controlSocket
    case exitDone, exitUsage, exitDataError, exitUnavailable, exitSoftware, exitTryAgain

    var entry: (english: String, chinese: String) {
        switch self {
        case .whatChimeIs: return ("chime records fasts, water schedules and reminders in a SQLite database; the user daemon chimed(1) shows each notification at the right moment through the desktop's notification server.", "chime 把禁食、喝水计划和提醒记录在一个 SQLite 数据库中；用户守护进程 chimed(1) 通过桌面的通知服务器在恰当的时刻显示每条通知。")
        case .helpHint: return ("Run \"chime help COMMAND\" or \"chime COMMAND --help\" for one command's help.", "运行“chime help COMMAND”或“chime COMMAND --help”查看某个命令的帮助。")
        case .helpAlsoAfterCommand: return (" (also after any command)", "（也可放在任何命令之后）")
        case .timeZone: return ("the time zone times are read and printed in; an unknown zone is refused (exit 65)", "读取和显示时间所用的时区；未知的时区会被拒绝（退出码 65）")
        case .dataHome: return ("where the database lives: $XDG_DATA_HOME/chime/chime.db (default ~/.local/share/chime/chime.db)", "数据库所在位置：$XDG_DATA_HOME/chime/chime.db（默认 ~/.local/share/chime/chime.db）")
        case .runtimeDirectory: return ("where chimed's control socket is: $XDG_RUNTIME_DIR/chime/chimed.sock", "chimed 控制套接字所在位置：$XDG_RUNTIME_DIR/chime/chimed.sock")
        case .noColor: return ("when set, no colour on a terminal", "设置后，终端上不使用颜色")
        case .requestID: return ("a request id for a retried command: one already applied changes nothing again", "重试命令时使用的请求 id：已经执行过的请求不会再改动任何内容")
        case .databaseFile: return ("the database, with its -wal and -shm files, kept at mode 0600 in a 0700 directory", "数据库及其 -wal 和 -shm 文件，权限为 0600，位于权限为 0700 的目录中")
        case .controlSocket: return ("chimed's control socket", "chimed 的控制套接字")
        case .exitDone: return ("done", "完成")
        case .exitUsage: return ("usage: unknown command, option or setting key, missing or extra argument", "用法错误：未知的命令、选项或设置键，缺少或多余的参数")
        case .exitDataError: return ("bad data: a bad value, a conflict (a fast already runs, an id already names something else), or something that does not exist", "数据错误：无效的值、冲突（已有禁食在进行、id 已被别的东西使用），或所指的东西不存在")
        case .exitUnavailable: return ("unavailable: doctor found a problem, or the database cannot be used", "不可用：doctor 发现了问题，或数据库无法使用")
        case .exitSoftware: return ("a bug in Chime: please report it", "Chime 的缺陷：请报告给开发者")
        case .exitTryAgain: return ("try again: the database is locked for too long, the disk is full or the file system read-only", "请重试：数据库被锁定太久、磁盘已满或文件系统只读")
        }
    }
}
