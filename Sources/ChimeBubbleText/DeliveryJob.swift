import ChimeCore
import FoundationEssentials

/// One request to show, as the daemon hands it to a ``Notifier``.
public struct DeliveryJob: Hashable, Sendable {
    /// What to show.
    public var request: NotificationRequest
    /// The instant of the delivery attempt; texts say how late it is relative to this.
    public var now: Date
    /// The zone in which times are written ("ends at 20:00").
    public var timeZone: TimeZone
    /// The server's id of a bubble this request may already have (known from the store after a
    /// crash), so that showing it again replaces that bubble instead of stacking a second one.
    public var replacesServerID: UInt32?
    /// The urgency the user chose for this kind of notification (the `notify.urgency.*`
    /// settings); `nil` keeps the kind's own (``NotificationRenderer/urgency(of:)``).
    public var urgency: RenderedNotification.Urgency?
    /// Whether the bubble is only to be shown again in place of ``replacesServerID`` (a restart
    /// taking over its buttons): where the server tells that bubble is gone (dunst's history),
    /// nothing is shown and the outcome is ``DeliveryOutcome/rejected(reason:)``.
    public var showsOnlyInPlace: Bool
    /// The language the user chose (the `language` setting); `nil` keeps the notifier's own,
    /// from chimed's locale.
    public var language: NotificationLanguage?
    /// The unit water amounts are written in (the `water.unit` setting); the request's
    /// arguments stay millilitres.
    public var waterUnit: WaterUnit
    /// How long a reminder's or calendar alarm's Snooze button puts it off (the `snooze`
    /// setting, ``SnoozeSetting``): its label says so.
    public var snooze: TimeSpan
    /// Whether the texts say how late the request is as of the moment its call goes to the
    /// server (``sent(afterWaiting:)``) rather than as of ``now``: a burst is worked through one call at a
    /// time, so the 300th of a burst can go out a minute and a half after its wake, and says so
    /// (`(due at 07:05, 1 min ago)`). Off for a bubble shown again in its own place, which keeps
    /// the words of its first showing.
    public var wordsLatenessWhenSent: Bool

    /// Makes a job.
    public init(
        request: NotificationRequest, now: Date, timeZone: TimeZone, replacesServerID: UInt32? = nil,
        urgency: RenderedNotification.Urgency? = nil, showsOnlyInPlace: Bool = false, language: NotificationLanguage? = nil,
        waterUnit: WaterUnit = .millilitres, snooze: TimeSpan = SnoozeSetting.defaultSpan, wordsLatenessWhenSent: Bool = true
    ) {
        self.waterUnit = waterUnit
        self.snooze = snooze
        self.request = request
        self.now = now
        self.timeZone = timeZone
        self.replacesServerID = replacesServerID
        self.urgency = urgency
        self.showsOnlyInPlace = showsOnlyInPlace
        self.language = language
        self.wordsLatenessWhenSent = wordsLatenessWhenSent
    }

    /// The job as its call goes to the server, `waited` seconds after it was handed over: its
    /// lateness taken then (when ``wordsLatenessWhenSent``). Counted from ``now`` on the
    /// notifier's own steady clock, so a caller's clock (a test's manual one) stays the base.
    public func sent(afterWaiting waited: TimeInterval) -> DeliveryJob {
        guard wordsLatenessWhenSent, waited > 0 else { return self }
        var sent = self
        sent.now = now.addingTimeInterval(waited)
        return sent
    }

    /// How long after its due time the request is being shown (never negative).
    public var lateness: TimeInterval { max(0, now.timeIntervalSince(request.due)) }

    /// Whether the texts say the notification comes late ("due 07:05, 47 s ago"): shown past
    /// the request's deadline (due plus tolerance), as ``MisfireResolver/isLate(_:at:slack:)``
    /// decides for the scheduler, however little.
    public var isLate: Bool {
        MisfireResolver.isLate(request, at: now)
    }
}
