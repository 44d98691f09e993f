import ChimeCore

/// The sentences of the runtime errors `chime` shows (no daemon, a runtime directory it cannot
/// trust, a daemon that does not answer), in English and Simplified Chinese: one line per message.
package enum ControlText: String, TextCatalog {
    case runtimeParentMissing, noRuntimeDirectory, runtimeDirectoryLink, runtimeNotDirectory, runtimeOtherOwner, runtimeNoAccess
    case runtimeTakenByOtherUser
    case socketPathTooLong, nothingListens, daemonTimedOut, unreadableAnswer

    package var entry: (english: String, chinese: String) {
        switch self {
        case .runtimeParentMissing: return ("the parent of the runtime directory {path} does not exist: set XDG_RUNTIME_DIR to an existing private directory", "运行时目录 {path} 的上级目录不存在：请把 XDG_RUNTIME_DIR 设为一个已存在的私有目录")
        case .noRuntimeDirectory: return ("chimed is not running (there is no {path}): start it with `systemctl --user start chimed`", "chimed 没有运行（{path} 不存在）：用 `systemctl --user start chimed` 启动它")
        case .runtimeDirectoryLink: return ("the runtime directory {path} is a symbolic link: remove it so a private directory can be created", "运行时目录 {path} 是符号链接：请删除它，以便创建私有目录")
        case .runtimeNotDirectory: return ("the runtime directory {path} is not a directory: remove it so a private directory can be created", "运行时目录 {path} 不是目录：请删除它，以便创建私有目录")
        case .runtimeOtherOwner: return ("the runtime directory {path} belongs to uid {owner}, not to uid {user}: remove it or set XDG_RUNTIME_DIR to your own private directory", "运行时目录 {path} 属于 uid {owner}，而不是 uid {user}：请删除它，或把 XDG_RUNTIME_DIR 设为你自己的私有目录")
        case .runtimeTakenByOtherUser: return ("the runtime directory {path} belongs to uid {owner}: another user created it first, and it cannot hold your control socket; set XDG_RUNTIME_DIR to a private directory of yours (a desktop login sets /run/user/{user}), or ask an administrator to remove {path}", "运行时目录 {path} 属于 uid {owner}：另一个用户抢先创建了它，它不能存放你的控制套接字；请把 XDG_RUNTIME_DIR 设为你自己的私有目录（桌面登录会设为 /run/user/{user}），或请管理员删除 {path}")
        case .runtimeNoAccess: return ("you may not enter the directory {blocked} (its mode is {mode}), so chimed's control socket in {path} cannot be used: give yourself access with \"chmod u+rwx {blocked}\", or set XDG_RUNTIME_DIR to a private directory of your own", "你无权进入目录 {blocked}（权限为 {mode}），因此无法使用 {path} 中 chimed 的控制套接字：请用“chmod u+rwx {blocked}”给自己访问权限，或把 XDG_RUNTIME_DIR 设为你自己的私有目录")
        case .socketPathTooLong: return ("the control socket path {path} is too long for a Unix socket: set XDG_RUNTIME_DIR to a shorter directory", "控制套接字路径 {path} 对 Unix 套接字来说太长：请把 XDG_RUNTIME_DIR 设为更短的目录")
        case .nothingListens: return ("chimed is not running (nothing listens on {path}): start it with `systemctl --user start chimed`", "chimed 没有运行（没有进程在 {path} 上监听）：用 `systemctl --user start chimed` 启动它")
        case .daemonTimedOut: return ("chimed did not answer within {timeout}: check it with `systemctl --user status chimed`", "chimed 在 {timeout} 内没有应答：用 `systemctl --user status chimed` 检查")
        case .unreadableAnswer: return ("chimed's answer could not be read ({reason}): make sure chime and chimed are the same version", "无法读取 chimed 的应答（{reason}）：请确认 chime 和 chimed 版本相同")
        }
    }
}
