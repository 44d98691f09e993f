import FoundationEssentials

/// Decides, at a wake-up, which due requests to show and which to drop, and why.
///
/// A request woken by its deadline is on time. One whose deadline passed (downtime, suspend, a
/// clock jump) follows its ``MisfirePolicy``.
public enum MisfireResolver {
    /// How far past its deadline a request still counts as on time.
    ///
    /// The daemon's timer may be armed at a request's deadline (a zero-tolerance request, or
    /// one whose window ends where a later one falls due), so such a request is handled a
    /// little after it (timer latency, reading the store). That is not a misfire: without this
    /// slack a `.drop` request would be dropped on ordinary wake-ups.
    public static let onTimeSlack: TimeInterval = 1

    /// Why a due request is not shown.
    public enum DropReason: String, Hashable, Codable, Sendable {
        /// It was late beyond its grace period (or its target, for a nudge).
        case expired
        /// Several reminders of one group were due at once and collapsed into the newest.
        case collapsed
        /// A missed water reminder whose active window has closed.
        case outsideWindow = "outside-window"
        /// Its policy never delivers late.
        case late
    }

    /// A request to show now.
    public struct Delivery: Hashable, Sendable {
        /// The request.
        public let request: NotificationRequest
        /// How long after its due instant it is shown (zero or more).
        public let lateness: TimeInterval
        /// Whether it missed its deadline (the text then says when it was due).
        public let isLate: Bool
    }

    /// A request not to show.
    public struct Drop: Hashable, Sendable {
        /// The request.
        public let request: NotificationRequest
        /// Why.
        public let reason: DropReason
    }

    /// The outcome for one batch of due requests.
    public struct Decision: Hashable, Sendable {
        /// To show, in the order given.
        public var deliveries: [Delivery] = []
        /// Not to show, each with its reason.
        public var drops: [Drop] = []
    }

    /// Sorts `due` (requests whose due instant is at or before `now`) into deliveries and drops.
    ///
    /// Whether `request` handled at `now` is late: more than `slack` past its deadline (due plus
    /// tolerance). The one rule for both what is done with it and how its texts are worded.
    public static func isLate(_ request: NotificationRequest, at now: Date, slack: TimeInterval = onTimeSlack) -> Bool {
        request.deadline.addingTimeInterval(slack) < now
    }

    /// A request is late once `now` is more than `slack` past its deadline.
    public static func resolve(_ due: [NotificationRequest], now: Date, slack: TimeInterval = onTimeSlack) -> Decision {
        var decision = Decision()
        // Of each collapsing group, only the newest request due now may be shown, whether it is
        // on time or missed: several reminders of one schedule never make several bubbles.
        var newestCollapsed: [String: NotificationRequest] = [:]
        for request in due {
            if case .collapse = request.misfirePolicy {
                if let kept = newestCollapsed[request.group], kept.due >= request.due { continue }
                newestCollapsed[request.group] = request
            }
        }
        for request in due {
            let lateness = max(0, now.timeIntervalSince(request.due))
            if case .collapse = request.misfirePolicy, newestCollapsed[request.group]?.identifier != request.identifier {
                decision.drops.append(Drop(request: request, reason: .collapsed))
                continue
            }
            guard isLate(request, at: now, slack: slack) else {
                decision.deliveries.append(Delivery(request: request, lateness: lateness, isLate: false))
                continue
            }
            switch request.misfirePolicy {
            case .deliverLate(let until):
                if now < until {
                    decision.deliveries.append(Delivery(request: request, lateness: lateness, isLate: true))
                } else {
                    decision.drops.append(Drop(request: request, reason: .expired))
                }
            case .collapse(let until):
                if now < until {
                    decision.deliveries.append(Delivery(request: request, lateness: lateness, isLate: true))
                } else {
                    decision.drops.append(Drop(request: request, reason: .outsideWindow))
                }
            case .drop:
                decision.drops.append(Drop(request: request, reason: .late))
            }
        }
        return decision
    }
}
