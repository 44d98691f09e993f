import ChimeCore
import ChimeDesk

/// An argument of `cancel` or `snooze`: a request identifier as `list` prints it, or the id of a
/// fast, water schedule or reminder (meaning every pending request of that group).
public enum PendingReference: Hashable, Sendable, CustomStringConvertible {
    /// A request identifier such as `fast/f-3k9/end` (identifiers always contain a `/`).
    case request(String)
    /// An entity id such as `f-3k9` (ids never contain a `/`).
    case group(String)

    /// The longest request identifier accepted.
    public static let maximumRequestLength = 200

    /// Reads `text`: with a `/` it is a request identifier (printable ASCII without spaces),
    /// otherwise an entity id checked by ``EntityID``.
    public init(parsing text: String) throws(DomainError) {
        guard text.contains("/") else {
            self = .group(try EntityID.validate(text))
            return
        }
        let printable = text.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && $0.value < 0x7F }
        guard printable, text.utf8.count <= Self.maximumRequestLength else {
            throw DomainError(.invalidIdentifier, LocalizedText(CommandText.invalidRequestIdentifier, ["text": text]))
        }
        self = .request(text)
    }

    /// The identifier or id as typed.
    public var description: String {
        switch self {
        case .request(let identifier): return identifier
        case .group(let id): return id
        }
    }

    /// The reference as the desk takes it.
    var deskReference: Desk.Reference {
        switch self {
        case .request(let identifier): return .request(identifier)
        case .group(let id): return .group(id)
        }
    }
}
