import ChimeCore

/// The language notification texts are written in: the one language of everything a user reads
/// (``UserLanguage``, whose rule of choice lives in ChimeCore).
public typealias NotificationLanguage = UserLanguage
