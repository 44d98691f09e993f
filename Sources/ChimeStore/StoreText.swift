import ChimeCore

/// The sentences of the store's errors, in English and Simplified Chinese: one line per message.
/// Paths and the system's own words (`strerror`) are values, the same in every language.
package enum StoreText: String, TextCatalog {
    case locked, diskFull, movedWhileOpen, ioError, outOfMemory, cannotOpen, sqliteMissing
    case glassGone, nothingPendingWithIdentifier, newerSchema, noHome
    case corrupt, damaged, notSQLite, otherProgram, cannotCreate, cannotCreateFilesIn, directoryNotWritable, databaseNotWritable
    case sidecarNotWritable, readOnlyFileSystem, missingLog, filesReadOnly, refusedValue, unexpectedError, notADirectory
    case directoryIsLink, directoryOfAnotherUser, directoryShared, notARegularFile, callFailedNoSpace, callFailedTryAgain, callFailed
    case fileIsLink, fileNotRegular, kindFIFO, kindSocket, kindDirectory, kindCharacterDevice, kindBlockDevice, kindUnknown
    case networkFileSystem, migratedFasts, migratedWaterSchedules, migratedKeptReminder, migratedKeptWaterSchedule
    case actionWrite, actionCreateDirectory, actionWriteInDirectory, actionCreateOrOpen, actionInspect, actionOpen, actionRead

    package var entry: (english: String, chinese: String) {
        switch self {
        case .locked: return ("the Chime database {path} stayed locked by another chime command or chimed for more than {timeout}, so nothing was saved: try again in a moment", "Chime 数据库 {path} 被另一个 chime 命令或 chimed 锁定超过 {timeout}，没有保存任何内容：请稍后再试")
        case .diskFull: return ("the disk holding {path} is full, so nothing was saved: free some space and try again", "{path} 所在的磁盘已满，没有保存任何内容：请腾出空间后再试")
        case .movedWhileOpen: return ("the Chime database {path} was moved or deleted while Chime had it open, so nothing was saved: try again", "Chime 数据库 {path} 在打开期间被移动或删除，没有保存任何内容：请再试一次")
        case .ioError: return ("reading or writing {path} failed with an I/O error, so nothing was saved: check the disk and try again", "读写 {path} 时发生 I/O 错误，没有保存任何内容：请检查磁盘后再试")
        case .outOfMemory: return ("Chime ran out of memory while using {path}, so nothing was saved: close other programs and try again", "Chime 使用 {path} 时内存不足，没有保存任何内容：请关闭其他程序后再试")
        case .sqliteMissing: return ("cannot load SQLite ({reason}), so the Chime database {path} was not opened: install it (sudo apt-get install libsqlite3-0) and try again", "无法加载 SQLite（{reason}），没有打开 Chime 数据库 {path}：请安装它（sudo apt-get install libsqlite3-0）后再试")
        case .cannotOpen: return ("cannot open the Chime database {path}: check that the file and its directory exist and belong to you", "无法打开 Chime 数据库 {path}：请检查文件及其目录是否存在且属于你")
        case .glassGone: return ("that glass is no longer logged, so nothing was undone: see 'chime water status'", "那一杯已不在记录中，没有撤销任何内容：见 'chime water status'")
        case .nothingPendingWithIdentifier: return ("nothing pending or on screen has the identifier \"{identifier}\", so nothing was cancelled: see 'chime list' for what is pending", "没有标识为“{identifier}”的待发或在屏幕上的通知，没有取消任何内容：见 'chime list' 中的待发通知")
        case .newerSchema: return ("the Chime database {path} was written by a newer version of Chime (schema {version}, this one knows up to {latest}), so it was left untouched: run the newer chime, or install it again", "Chime 数据库 {path} 由更新版本的 Chime 写入（结构版本 {version}，本版本最高只支持 {latest}），因此未做任何改动：请运行新版的 chime，或重新安装它")
        case .corrupt: return ("{path} {problem}, so Chime left it untouched: move it aside (mv '{path}' '{path}.broken') and run the command again to start an empty database, or restore a backup", "{path} {problem}，Chime 未做任何改动：请把它移开（mv '{path}' '{path}.broken'）后再运行命令以新建空数据库，或恢复备份")
        case .damaged: return ("is damaged or not a Chime database", "已损坏或不是 Chime 数据库")
        case .notSQLite: return ("is not an SQLite database", "不是 SQLite 数据库")
        case .otherProgram: return ("is an SQLite database of another program, not Chime's", "是其他程序的 SQLite 数据库，不是 Chime 的")
        case .cannotCreate: return ("cannot create {path}", "无法创建 {path}")
        case .cannotCreateFilesIn: return ("cannot create files in {path}", "无法在 {path} 中创建文件")
        case .directoryNotWritable: return ("{what}: you may not write in {directory}, and the Chime database {path} needs it (SQLite keeps its -wal and -shm files beside it), so nothing was saved: make the directory writable for you (chmod u+rwx '{directory}'; chown it first if it is another user's) and try again", "{what}：你不能写入 {directory}，而 Chime 数据库 {path} 需要它（SQLite 把 -wal 和 -shm 文件放在旁边），没有保存任何内容：请让你可以写这个目录（chmod u+rwx '{directory}'；若属于其他用户，先 chown）后再试")
        case .databaseNotWritable: return ("the Chime database {path} is not writable for you, so nothing was saved: make it readable and writable for you (chmod u+rw '{file}'; chown it first if it is another user's) and try again", "你不能写 Chime 数据库 {path}，没有保存任何内容：请让你可以读写它（chmod u+rw '{file}'；若属于其他用户，先 chown）后再试")
        case .sidecarNotWritable: return ("{file}, beside the Chime database {path}, is not writable for you, so nothing was saved: make it readable and writable for you (chmod u+rw '{file}'; chown it first if it is another user's) and try again", "你不能写 Chime 数据库 {path} 旁边的 {file}，没有保存任何内容：请让你可以读写它（chmod u+rw '{file}'；若属于其他用户，先 chown）后再试")
        case .readOnlyFileSystem: return ("cannot {action} {path}: the file system is read-only, so nothing was saved; remount it read-write (or set XDG_DATA_HOME to a writable place) and try again", "无法{action} {path}：文件系统是只读的，没有保存任何内容；请以读写方式重新挂载（或把 XDG_DATA_HOME 设为可写的位置）后再试")
        case .missingLog: return ("the Chime database {path} is in WAL mode and its index {path}-shm exists, but its write-ahead log {path}-wal is missing, so Chime neither read nor changed it (the latest changes may be in that log): if you moved or copied the database, put its -wal file back beside it; or, to use the database as it is without what the log held, remove {path}-shm; then try again", "Chime 数据库 {path} 处于 WAL 模式，索引 {path}-shm 存在，但预写日志 {path}-wal 不见了，Chime 没有读取也没有改动它（最新的更改可能在那个日志里）：如果你移动或复制了数据库，请把 -wal 文件放回旁边；或者，若要不含日志内容地使用数据库，请删除 {path}-shm；然后再试")
        case .filesReadOnly: return ("the Chime database {path} cannot be written: it, or its {path}-wal or {path}-shm file, is read-only for you, so nothing was saved: make them readable and writable for you (chmod u+rw on each that exists; chown first any that is another user's) and try again", "无法写入 Chime 数据库 {path}：它或它的 {path}-wal、{path}-shm 文件对你是只读的，没有保存任何内容：请让你可以读写它们（对存在的每个文件 chmod u+rw；属于其他用户的先 chown）后再试")
        case .refusedValue: return ("the Chime database {path} refused a value, so nothing was saved: please report this as a bug", "Chime 数据库 {path} 拒绝了一个值，没有保存任何内容：请报告这个缺陷")
        case .unexpectedError: return ("the Chime database {path} reported an unexpected error, so nothing was saved: please report this as a bug", "Chime 数据库 {path} 报告了意外错误，没有保存任何内容：请报告这个缺陷")
        case .notADirectory: return ("{path} is not a directory, so Chime cannot keep its database under it: move it aside or choose another path", "{path} 不是目录，Chime 无法把数据库放在其下：请把它移开或选择其他路径")
        case .directoryIsLink: return ("the directory of the Chime database, {path}, is a symbolic link to {target}, so Chime will not keep its database there or change its permissions: replace the link with a directory of your own (move what it holds into it) and run the command again", "Chime 数据库所在的目录 {path} 是指向 {target} 的符号链接，Chime 不会把数据库放在那里，也不会改动其权限：请用你自己的目录替换该链接（把其中内容移进去）后再运行命令")
        case .directoryOfAnotherUser: return ("the directory of the Chime database, {path}, belongs to another user (uid {owner}, you are {user}), so Chime will not keep its database there or change its permissions: have it given to you (chown) or set XDG_DATA_HOME to a directory of your own", "Chime 数据库所在的目录 {path} 属于其他用户（uid {owner}，你是 {user}），Chime 不会把数据库放在那里，也不会改动其权限：请把它交给你（chown），或把 XDG_DATA_HOME 设为你自己的目录")
        case .directoryShared: return ("the directory of the Chime database, {path}, is shared (it has the sticky bit, like /tmp), so Chime will not keep its database there or change its permissions: use a directory of its own", "Chime 数据库所在的目录 {path} 是共享的（有粘滞位，像 /tmp），Chime 不会把数据库放在那里，也不会改动其权限：请使用专用的目录")
        case .notARegularFile: return ("{path} is not a regular file, so Chime cannot keep its database there: remove it or choose another path", "{path} 不是普通文件，Chime 无法把数据库放在那里：请删除它或选择其他路径")
        case .callFailedNoSpace: return ("cannot {action} {path}: {reason}, so nothing was saved; free some space and try again", "无法{action} {path}：{reason}，没有保存任何内容；请腾出空间后再试")
        case .callFailedTryAgain: return ("cannot {action} {path}: {reason}; try again in a moment", "无法{action} {path}：{reason}；请稍后再试")
        case .callFailed: return ("cannot {action} {path}: {reason}; check the path and its permissions", "无法{action} {path}：{reason}；请检查路径及其权限")
        case .fileIsLink: return ("{path} is a symbolic link to {target}, so {user} will not use it or change it: put the file itself there instead of the link (or remove the link) and try again", "{path} 是指向 {target} 的符号链接，{user} 不会使用或改动它：请把文件本身放在那里代替链接（或删除链接）后再试")
        case .fileNotRegular: return ("{path} is not a regular file (it is {kind}), so {user} will not use it or change it: remove it and try again", "{path} 不是普通文件（而是{kind}），{user} 不会使用或改动它：请删除它后再试")
        case .kindFIFO: return ("a FIFO", "FIFO 管道")
        case .kindSocket: return ("a socket", "套接字")
        case .kindDirectory: return ("a directory", "目录")
        case .kindCharacterDevice: return ("a character device", "字符设备")
        case .kindBlockDevice: return ("a block device", "块设备")
        case .kindUnknown: return ("of an unknown type", "未知类型")
        case .networkFileSystem: return ("the Chime database {path} is on a network file system ({name}): SQLite's locking is not reliable there and the database can be damaged; set XDG_DATA_HOME to a directory on a local disk", "Chime 数据库 {path} 位于网络文件系统（{name}）：SQLite 的锁在那里不可靠，数据库可能损坏；请把 XDG_DATA_HOME 设为本地磁盘上的目录")
        case .migratedFasts: return ("the Chime database {path} had {count} repeating fasts running at once, which Chime no longer allows: kept {kept} (started last) and stopped {stopped} now, cancelling their pending notifications; they stay in the history", "Chime 数据库 {path} 中同时有 {count} 个重复禁食在进行，Chime 已不再允许：保留了 {kept}（最后开始的），现在结束了 {stopped} 并取消其待发通知；它们仍留在历史中")
        case .migratedWaterSchedules: return ("the Chime database {path} had {count} water schedules on at once, which Chime no longer allows: kept {kept} (set up last) and turned off {off}, cancelling their pending reminders; their intake stays logged", "Chime 数据库 {path} 中同时开启了 {count} 个喝水计划，Chime 已不再允许：保留了 {kept}（最后设置的），关闭了 {off} 并取消其待发提醒；喝水记录保留")
        case .migratedKeptReminder: return ("the Chime database {path} had a water schedule and a pending reminder both named {id}, which Chime no longer allows (an id names one thing): kept reminder {id} (changed last) and turned off water schedule {id}", "Chime 数据库 {path} 中喝水计划和待发提醒都叫 {id}，Chime 已不再允许（一个 id 只指一样东西）：保留了提醒 {id}（最后更改的），关闭了喝水计划 {id}")
        case .migratedKeptWaterSchedule: return ("the Chime database {path} had a water schedule and a pending reminder both named {id}, which Chime no longer allows (an id names one thing): kept water schedule {id} (changed last) and cancelled reminder {id}", "Chime 数据库 {path} 中喝水计划和待发提醒都叫 {id}，Chime 已不再允许（一个 id 只指一样东西）：保留了喝水计划 {id}（最后更改的），取消了提醒 {id}")
        case .actionWrite: return ("write", "写入")
        case .actionCreateDirectory: return ("create the directory", "创建目录")
        case .actionWriteInDirectory: return ("write in the directory", "写入目录")
        case .actionCreateOrOpen: return ("create or open", "创建或打开")
        case .actionInspect: return ("inspect", "查看")
        case .actionOpen: return ("open", "打开")
        case .actionRead: return ("read", "读取")
        case .noHome: return ("cannot tell where to keep the Chime database: neither XDG_DATA_HOME nor HOME is set to an absolute path; set HOME (or XDG_DATA_HOME) and try again", "无法确定 Chime 数据库的位置：XDG_DATA_HOME 和 HOME 都没有设为绝对路径；请设置 HOME（或 XDG_DATA_HOME）后再试")
        }
    }
}
