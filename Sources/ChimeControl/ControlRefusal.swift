import ChimeCore

/// The sentences chimed sends with a refusal, in English and Simplified Chinese: one line per
/// message. The raw value travels as the error's `reason`, so `chime` writes the sentence in its
/// own reader's language whatever chimed's locale is.
package enum ControlRefusal: String, TextCatalog {
    case otherUser = "other_user"
    case tooManyConnections = "too_many_connections"
    case messageTooLarge = "message_too_large"
    case notARequest = "not_a_request"
    case unknownRequest = "unknown_request"
    case connectionOpenTooLong = "connection_open_too_long"
    case messageIncomplete = "message_incomplete"
    case changesUnreadable = "changes_unreadable"

    package var entry: (english: String, chinese: String) {
        switch self {
        case .otherUser: return ("chimed takes commands only from uid {uid}", "chimed 只接受 uid {uid} 的命令")
        case .tooManyConnections: return ("chimed has too many control connections open: try again", "chimed 打开的控制连接太多：请稍后再试")
        case .messageTooLarge: return ("a control message may hold at most {maximum} bytes, this one announced {length}", "一条控制消息最多 {maximum} 字节，这一条声明了 {length} 字节")
        case .notARequest: return ("a control message must be a JSON object such as {example}", "控制消息必须是 JSON 对象，例如 {example}")
        case .unknownRequest: return ("chimed does not know the request \"{type}\": update chimed to the version of chime", "chimed 不认识请求“{type}”：请把 chimed 更新到与 chime 相同的版本")
        case .connectionOpenTooLong: return ("the control connection stayed open longer than {seconds} s: send one request per connection", "控制连接保持打开超过 {seconds} 秒：每个连接只发送一个请求")
        case .messageIncomplete: return ("the control message did not arrive completely in time", "控制消息没有及时完整到达")
        case .changesUnreadable: return ("chimed could not read the store's changes ({reason}): it will retry by itself", "chimed 无法读取存储中的更改（{reason}）：它会自行重试")
        }
    }
}
