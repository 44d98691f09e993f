import ChimeCore
import ChimeNotify
import Foundation

/// How the store's settings say notifications are sent: each kind's urgency and the language of
/// the texts; read once per wake and given to every delivery of it (first showings, bubbles shown
/// again after a restart, the summary of held water reminders alike).
struct DeliveryStyle {
    /// The urgency of each kind (a reminder's own urgency wins).
    let urgencies: UrgencySettings
    /// The language fixed by the `language` setting; `nil` leaves it to chimed's locale.
    let language: NotificationLanguage?
    /// The unit water amounts are written in (`water.unit`).
    let waterUnit: WaterUnit
    /// How long Snooze puts a reminder or calendar alarm off (`snooze`).
    let snooze: TimeSpan

    /// The style `settings` (the store's settings) describe.
    init(settings: [String: String]) {
        urgencies = UrgencySettings(settings: settings)
        language = NotificationLanguage.chosen(bySetting: settings[NotificationLanguage.settingKey])
        waterUnit = WaterUnit.chosen(bySetting: settings[WaterUnit.settingKey])
        snooze = SnoozeSetting.span(bySetting: settings[SnoozeSetting.settingKey])
    }

    /// Whether `request` goes out critical (its own urgency, else its kind's setting, else its
    /// kind's own).
    func isCritical(_ request: NotificationRequest) -> Bool {
        (urgencies.urgency(for: request) ?? NotificationRenderer.urgency(of: request.kind)) == .critical
    }

    /// A delivery of `request` in this style.
    func job(
        _ request: NotificationRequest, now: Date, timeZone: TimeZone,
        replacesServerID: UInt32? = nil, showsOnlyInPlace: Bool = false
    ) -> DeliveryJob {
        DeliveryJob(
            request: request, now: now, timeZone: timeZone, replacesServerID: replacesServerID,
            urgency: urgencies.urgency(for: request), showsOnlyInPlace: showsOnlyInPlace, language: language, waterUnit: waterUnit, snooze: snooze,
            // Shown again in its place, a bubble keeps its first words.
            wordsLatenessWhenSent: !showsOnlyInPlace
        )
    }
}
