/// The fixed words of a manual page (the headings every page has, the header's title), in
/// English and Simplified Chinese: one line per message.
public enum ManualText: String, TextCatalog {
    case userCommands, name, synopsis, description, commands, options, environment, files, exitStatus, seeAlso

    public var entry: (english: String, chinese: String) {
        switch self {
        case .userCommands: return ("User Commands", "用户命令")
        case .name: return ("NAME", "名称")
        case .synopsis: return ("SYNOPSIS", "概述")
        case .description: return ("DESCRIPTION", "描述")
        case .commands: return ("COMMANDS", "命令")
        case .options: return ("OPTIONS", "选项")
        case .environment: return ("ENVIRONMENT", "环境变量")
        case .files: return ("FILES", "文件")
        case .exitStatus: return ("EXIT STATUS", "退出状态")
        case .seeAlso: return ("SEE ALSO", "参见")
        }
    }
}
