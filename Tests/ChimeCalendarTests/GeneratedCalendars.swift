import Foundation

/// Calendars written by the tests: zones with and without daylight saving, Lord Howe's
/// 30-minute change, floating and all-day items, overrides, EXDATE, REPEAT, to-dos and a
/// Windows zone defined by its VTIMEZONE. Each is one file's text, by name.
enum GeneratedCalendars {
    static func alarm(_ trigger: String, extra: String = "") -> String {
        "BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:x\nTRIGGER\(trigger)\n\(extra)END:VALARM\n"
    }

    /// Outlook's definition of Berlin's zone under its Windows name.
    static let westEurope = """
        BEGIN:VTIMEZONE
        TZID:W. Europe Standard Time
        BEGIN:STANDARD
        DTSTART:16010101T030000
        TZOFFSETFROM:+0200
        TZOFFSETTO:+0100
        RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10
        END:STANDARD
        BEGIN:DAYLIGHT
        DTSTART:16010101T020000
        TZOFFSETFROM:+0100
        TZOFFSETTO:+0200
        RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3
        END:DAYLIGHT
        END:VTIMEZONE

        """

    /// The calendars the oracle reads as well: no all-day alarms (its issue #234), no
    /// acknowledgements (it does not implement RFC 9074's), no alarm reaching across a clock
    /// change from an instant just after it (it adds durations on the wall clock).
    static let comparable: [(name: String, text: String)] = [
        ("utc-daily", """
            BEGIN:VEVENT
            UID:utc-daily
            SUMMARY:Stand-up
            DTSTART:20270101T070000Z
            DTEND:20270101T071500Z
            RRULE:FREQ=DAILY;COUNT=100
            \(alarm(":-PT15M"))END:VEVENT

            """),
        ("berlin-weekly", """
            BEGIN:VEVENT
            UID:berlin-weekly
            SUMMARY:Team
            DTSTART;TZID=Europe/Berlin:20270301T090000
            DTEND;TZID=Europe/Berlin:20270301T100000
            RRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20271231T230000Z
            EXDATE;TZID=Europe/Berlin:20270303T090000,20270308T090000
            \(alarm(":-PT30M", extra: "REPEAT:2\nDURATION:PT5M\n"))END:VEVENT
            BEGIN:VEVENT
            UID:berlin-weekly
            SUMMARY:Team (moved)
            RECURRENCE-ID;TZID=Europe/Berlin:20270310T090000
            DTSTART;TZID=Europe/Berlin:20270311T140000
            DTEND;TZID=Europe/Berlin:20270311T150000
            \(alarm(":-PT1H"))END:VEVENT

            """),
        ("berlin-gap", """
            BEGIN:VEVENT
            UID:berlin-spring
            SUMMARY:Night shift
            DTSTART;TZID=Europe/Berlin:20270325T023000
            DURATION:PT1H
            RRULE:FREQ=DAILY;COUNT=8
            \(alarm(":PT0S"))\(alarm(":-PT15M"))END:VEVENT
            BEGIN:VEVENT
            UID:berlin-autumn
            SUMMARY:Night shift
            DTSTART;TZID=Europe/Berlin:20271028T023000
            DURATION:PT1H
            RRULE:FREQ=DAILY;COUNT=7
            \(alarm(":PT0S"))\(alarm(":-PT15M"))END:VEVENT

            """),
        ("new-york-monthly", """
            BEGIN:VEVENT
            UID:new-york-monthly
            SUMMARY:Rent
            DTSTART;TZID=America/New_York:20270129T180000
            RRULE:FREQ=MONTHLY;BYDAY=-1FR
            \(alarm(":-P1D"))END:VEVENT

            """),
        ("lord-howe", """
            BEGIN:VEVENT
            UID:lord-howe-spring
            SUMMARY:Tide
            DTSTART;TZID=Australia/Lord_Howe:20270930T021500
            RRULE:FREQ=DAILY;COUNT=7
            \(alarm(":PT0S"))END:VEVENT
            BEGIN:VEVENT
            UID:lord-howe-autumn
            SUMMARY:Tide
            DTSTART;TZID=Australia/Lord_Howe:20270401T014500
            RRULE:FREQ=DAILY;COUNT=6
            \(alarm(":PT0S"))END:VEVENT

            """),
        ("kolkata-yearly", """
            BEGIN:VEVENT
            UID:kolkata-yearly
            SUMMARY:Diwali call
            DTSTART;TZID=Asia/Kolkata:20271029T193000
            RRULE:FREQ=YEARLY;COUNT=3
            \(alarm(":-PT2H"))END:VEVENT

            """),
        ("floating", """
            BEGIN:VEVENT
            UID:floating
            SUMMARY:Pills
            DTSTART:20270101T080000
            RRULE:FREQ=DAILY;INTERVAL=3;COUNT=40
            \(alarm(":-PT10M"))END:VEVENT

            """),
        ("todo", """
            BEGIN:VTODO
            UID:todo-end
            SUMMARY:Report
            DTSTART:20270601T090000Z
            DUE:20270601T170000Z
            RRULE:FREQ=WEEKLY;COUNT=4
            \(alarm(";RELATED=END:-PT1H"))END:VTODO

            """),
        ("windows", westEurope + """
            BEGIN:VEVENT
            UID:windows
            SUMMARY:Outlook meeting
            DTSTART;TZID=W. Europe Standard Time:20270301T090000
            DTEND;TZID=W. Europe Standard Time:20270301T093000
            RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=40
            \(alarm(":-PT15M"))END:VEVENT

            """),
        ("absolute", """
            BEGIN:VEVENT
            UID:absolute
            SUMMARY:Series with one absolute alarm
            DTSTART;TZID=Europe/Berlin:20270601T090000
            RRULE:FREQ=DAILY;COUNT=10
            \(alarm(";VALUE=DATE-TIME:20270603T060000Z", extra: "REPEAT:1\nDURATION:PT10M\n"))END:VEVENT

            """),
        ("this-and-future", """
            BEGIN:VEVENT
            UID:this-and-future
            SUMMARY:Course
            DTSTART;TZID=Europe/Berlin:20270503T100000
            DTEND;TZID=Europe/Berlin:20270503T110000
            RRULE:FREQ=WEEKLY;COUNT=8
            \(alarm(":-PT30M"))END:VEVENT
            BEGIN:VEVENT
            UID:this-and-future
            SUMMARY:Course (later)
            RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Berlin:20270524T100000
            DTSTART;TZID=Europe/Berlin:20270524T120000
            DTEND;TZID=Europe/Berlin:20270524T130000
            \(alarm(":-PT5M"))END:VEVENT

            """),
        // RANGE=THISANDFUTURE whose RECURRENCE-ID (a Thursday) names no instance of the Monday
        // series: an instance of its own there, and the Mondays after it moved by two hours.
        ("this-and-future-between", """
            BEGIN:VEVENT
            UID:this-and-future-between
            SUMMARY:Course
            DTSTART;TZID=Europe/Berlin:20270503T100000
            DTEND;TZID=Europe/Berlin:20270503T110000
            RRULE:FREQ=WEEKLY;COUNT=8
            \(alarm(":-PT30M"))END:VEVENT
            BEGIN:VEVENT
            UID:this-and-future-between
            SUMMARY:Course (later)
            RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Berlin:20270520T100000
            DTSTART;TZID=Europe/Berlin:20270520T120000
            DTEND;TZID=Europe/Berlin:20270520T130000
            \(alarm(":-PT5M"))END:VEVENT

            """),
    ]
}
