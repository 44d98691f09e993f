import ChimeNotify
import Foundation

/// How the daemon's log writes instants, durations and the notifier's outcomes, so every line
/// reads the same.
enum LogFormat {
    /// `date` as the log writes it: local time with its offset (`2026-03-10T20:00:00.000+01:00`),
    /// so that it reads like the clock on the wall and is never mistaken for UTC.
    static func instant(_ date: Date, in zone: TimeZone = .current) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZoneSeparator: .colon, includingFractionalSeconds: true, timeZone: zone))
    }

    /// A wait or a lateness in seconds: to the millisecond under 10 s (`0.250 s`), whole above (`60 s`).
    static func seconds(_ interval: TimeInterval) -> String {
        interval < 10 ? String(format: "%.3f s", interval) : String(format: "%.0f s", interval)
    }

    /// A short lateness in milliseconds, never negative (`7.3 ms`).
    static func milliseconds(_ interval: TimeInterval) -> String {
        String(format: "%.1f ms", max(0, interval) * 1000)
    }

    /// What became of a close, as a phrase.
    static func describe(_ outcome: CloseOutcome) -> String {
        switch outcome {
        case .closed: return "closed"
        case .serverUnavailable(let reason): return reason.description
        case .serverBusy: return "an earlier call to the notification server is still hanging"
        case .timedOut: return "the notification server did not answer in time"
        case .failed(let message): return message
        }
    }

    /// Why a delivery waits for room (its last error while it waits).
    static let serverFull = "the notification server is full: it shows no more bubbles until one closes"

    /// What became of a delivery, as a phrase.
    static func describe(_ outcome: DeliveryOutcome) -> String {
        switch outcome {
        case .shown(let serverID): return "shown as \(serverID)"
        case .serverUnavailable(let reason): return reason.description
        case .serverBusy: return "an earlier call to the notification server is still hanging"
        case .timedOut: return "the notification server did not answer in time"
        case .serverFull: return serverFull
        case .rejected(let reason): return "rejected: \(reason)"
        case .failed(let message): return message
        }
    }
}
