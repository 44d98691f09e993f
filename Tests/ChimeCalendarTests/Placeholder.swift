enum ChimeCalendarTestsPlaceholder {}
