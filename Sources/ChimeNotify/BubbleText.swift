// ChimeNotify speaks in ChimeBubbleText's values (the rendered notification, the delivery job,
// the server probe): whoever imports ChimeNotify sees them as before the split.
@_exported import ChimeBubbleText
