enum ChimeCalendarPlaceholder {}
