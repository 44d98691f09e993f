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

    /// Reads `text`: with a `/` it is a request identifier (printable, without spaces; ids in it
    /// may be in any script, `remind/药`), otherwise an entity id checked by ``EntityID``.
    public init(parsing text: String) throws(DomainError) {
        guard text.contains("/") else {
            self = .group(try EntityID.validate(text))
            return
        }
        let normalized = text.composedCanonically
        let printable = normalized.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII ? scalar.value > 0x20 && scalar.value < 0x7F : !scalar.properties.isWhitespace && scalar.properties.generalCategory != .control
                && scalar.properties.generalCategory != .format
        }
        guard printable, normalized.utf8.count <= Self.maximumRequestLength else {
            throw DomainError(.invalidIdentifier, LocalizedText(CommandText.invalidRequestIdentifier, ["text": text]))
        }
        self = .request(normalized)
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
