import ChimeCore
import Foundation

/// What the notification session remembers about Notify calls answered late, confined to the
/// main-loop thread: the calls libnotify gave up on whose answer (and bubble) may still come,
/// and the ids the server gave late, which answer the retry of the same request.
final class LateAnswerBook {
    /// A Notify call whose answer (and bubble) may still come.
    struct Unanswered {
        let request: NotificationRequest
        /// The bubble it was sent for, kept so that its buttons and close can be matched.
        let bubble: NotificationBubble
        let sentAt: Date
        /// A later call for the same identifier was sent (the wait ran out): a bubble this one
        /// still makes is surplus.
        var superseded = false
    }

    /// How long a delivery whose call went unanswered keeps its identifier from being sent
    /// again: the server may still show it (a retry would add a second bubble). Past this the
    /// call is taken as lost; a bubble it makes after all is closed as surplus.
    static let patience: TimeInterval = 300

    /// The most late ids remembered; any one is forgotten beyond that.
    private let limit: Int
    private var answers: [String: (request: NotificationRequest, serverID: UInt32)] = [:]
    private var unanswered: [NotifyCallTracker.Token: Unanswered] = [:]

    /// A book remembering at most `limit` late ids.
    init(limit: Int) {
        self.limit = limit
    }

    /// The id the server gave `request` late, taken out of the book (a retry is answered with
    /// it once); `nil` when it has none (an id for another request of the identifier is dropped).
    func takeAnswer(for request: NotificationRequest) -> UInt32? {
        guard let late = answers.removeValue(forKey: request.identifier), late.request == request else { return nil }
        return late.serverID
    }

    /// Whether a call for `identifier` went unanswered less than ``patience`` ago: sending again
    /// would risk a second bubble. An older one is marked superseded.
    func isWaiting(for identifier: String, now: Date = Date()) -> Bool {
        guard let (token, waiting) = unanswered.first(where: { $0.value.request.identifier == identifier && !$0.value.superseded }) else {
            return false
        }
        if now.timeIntervalSince(waiting.sentAt) < Self.patience { return true }
        unanswered[token]?.superseded = true
        return false
    }

    /// Notes that libnotify gave up on the call of `token`, sent for `request` with `bubble`.
    func gaveUp(_ token: NotifyCallTracker.Token, request: NotificationRequest, bubble: NotificationBubble) {
        unanswered[token] = Unanswered(request: request, bubble: bubble, sentAt: Date())
    }

    /// The call of `token`, whose answer came: taken out of the book.
    func answered(_ token: NotifyCallTracker.Token) -> Unanswered? {
        unanswered.removeValue(forKey: token)
    }

    /// Remembers that the server showed `request` as `serverID` after its delivery was answered
    /// as failed: its retry is answered with this id (``takeAnswer(for:)``).
    func remember(_ request: NotificationRequest, shownAs serverID: UInt32) {
        if answers.count >= limit, let any = answers.keys.first {
            answers[any] = nil
        }
        answers[request.identifier] = (request, serverID)
    }

    /// Forgets every call still unanswered (the server went away: it answers nothing more).
    func forgetUnanswered() {
        unanswered.removeAll()
    }

    /// Forgets everything (another server, another bus: its ids mean other bubbles).
    func forgetAll() {
        answers.removeAll()
        unanswered.removeAll()
    }
}
