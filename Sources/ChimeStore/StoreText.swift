import ChimeCore

/// The sentences of the store's most common errors, in English and Simplified Chinese: one line
/// per message. The rarer ones (a directory that is a link or another user's, a file system
/// call that failed) keep their English sentence, which names paths and system messages.
public enum StoreText: String, TextCatalog {
    case locked, diskFull, movedWhileOpen, ioError, outOfMemory, cannotOpen
    case glassGone, nothingPendingWithIdentifier, newerSchema, noHome

    /// The template of this message in `language`.
    public func template(_ language: UserLanguage) -> String {
        let (english, chinese) = entry
        return language == .english ? english : chinese
    }

    private var entry: (String, String) {
        switch self {
        case .locked: return ("the Chime database {path} stayed locked by another chime command or chimed for more than {timeout}, so nothing was saved: try again in a moment", "Chime 数据库 {path} 被另一个 chime 命令或 chimed 锁定超过 {timeout}，没有保存任何内容：请稍后再试")
        case .diskFull: return ("the disk holding {path} is full, so nothing was saved: free some space and try again", "{path} 所在的磁盘已满，没有保存任何内容：请腾出空间后再试")
        case .movedWhileOpen: return ("the Chime database {path} was moved or deleted while Chime had it open, so nothing was saved: try again", "Chime 数据库 {path} 在打开期间被移动或删除，没有保存任何内容：请再试一次")
        case .ioError: return ("reading or writing {path} failed with an I/O error, so nothing was saved: check the disk and try again", "读写 {path} 时发生 I/O 错误，没有保存任何内容：请检查磁盘后再试")
        case .outOfMemory: return ("Chime ran out of memory while using {path}, so nothing was saved: close other programs and try again", "Chime 使用 {path} 时内存不足，没有保存任何内容：请关闭其他程序后再试")
        case .cannotOpen: return ("cannot open the Chime database {path}: check that the file and its directory exist and belong to you", "无法打开 Chime 数据库 {path}：请检查文件及其目录是否存在且属于你")
        case .glassGone: return ("that glass is no longer logged, so nothing was undone: see 'chime water status'", "那一杯已不在记录中，没有撤销任何内容：见 'chime water status'")
        case .nothingPendingWithIdentifier: return ("nothing pending has the identifier \"{identifier}\", so nothing was cancelled: see 'chime list' for what is pending", "没有标识为“{identifier}”的待发通知，没有取消任何内容：见 'chime list' 中的待发通知")
        case .newerSchema: return ("the Chime database {path} was written by a newer version of Chime (schema {version}, this one knows up to {latest}), so it was left untouched: run the newer chime, or install it again", "Chime 数据库 {path} 由更新版本的 Chime 写入（模式 {version}，本版本最高只认识 {latest}），未做任何改动：请运行更新的 chime，或重新安装它")
        case .noHome: return ("cannot tell where to keep the Chime database: neither XDG_DATA_HOME nor HOME is set to an absolute path; set HOME (or XDG_DATA_HOME) and try again", "无法确定 Chime 数据库的位置：XDG_DATA_HOME 和 HOME 都没有设为绝对路径；请设置 HOME（或 XDG_DATA_HOME）后再试")
        }
    }
}
