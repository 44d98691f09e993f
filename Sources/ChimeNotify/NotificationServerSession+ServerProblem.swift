import ChimeCore

/// What is known of the server, and why it cannot be used right now.
extension NotificationServerSession {
    /// One server process: its unique name on the bus with this GUID.
    struct ServerIdentity: Equatable {
        var busGUID: String
        var name: String
    }

    /// The server found on the bus, with what it is sent.
    struct ServerState {
        var busName: String
        var capabilities: [String]
        var profile: ServerProfile
    }

    /// Why the server cannot be used right now.
    enum ServerProblem: Error {
        case unavailable(ServerUnavailability)
        case timedOut
        case full
        case failed(String)

        init(_ error: GLibError) {
            if error.meansServerFull {
                self = .full
            } else if error.meansNoServer {
                self = .unavailable(.noServer)
            } else if error.meansConnectionClosed {
                self = .unavailable(.busUnreachable(error.message))
            } else if error.meansTimeout {
                self = .timedOut
            } else {
                self = .failed(error.message)
            }
        }

        var deliveryOutcome: DeliveryOutcome {
            switch self {
            case .unavailable(let reason): return .serverUnavailable(reason)
            case .timedOut: return .timedOut
            case .full: return .serverFull
            case .failed(let message): return .failed(message: message)
            }
        }

        var closeOutcome: CloseOutcome {
            switch self {
            case .unavailable(let reason): return .serverUnavailable(reason)
            case .timedOut: return .timedOut
            case .full: return .failed(message: Self.fullMessage)
            case .failed(let message): return .failed(message: message)
            }
        }

        static let fullMessage = "the notification server shows as many notifications as it takes"

        func probe(busAddress: String?) -> ServerProbe {
            switch self {
            case .full: return ServerProbe(status: .failed, busAddress: busAddress, detail: Self.fullMessage)
            case .unavailable(let reason): return ServerProbe(status: .unavailable(reason), busAddress: busAddress, detail: reason.description)
            case .timedOut: return ServerProbe(status: .timedOut, busAddress: busAddress, detail: "the notification server did not answer in time")
            case .failed(let message): return ServerProbe(status: .failed, busAddress: busAddress, detail: message)
            }
        }
    }
}
