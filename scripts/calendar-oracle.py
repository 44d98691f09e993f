#!/usr/bin/env python3
"""Prints every alarm firing recurring-ical-events finds in a window: one "FILE<TAB>UID<TAB>epoch" line each.

    calendar-oracle.py FROM UNTIL FILE_OR_FOLDER...   (FROM and UNTIL: seconds since 1970, UTC)

Run with the venv's python (scripts/calendar-oracle-venv.sh). The window is queried with
datetimes, never dates: between(date, date) under-reports alarms. Floating times are read in
the zone of TZ. A file the engine raises on prints "FILE<TAB>ERROR<TAB>message" instead.
"""
import datetime
import os
import sys

import icalendar
import recurring_ical_events


def firings(path, start, stop):
    with open(path, "rb") as handle:
        calendar = icalendar.Calendar.from_ical(handle.read())
    query = recurring_ical_events.of(calendar, components=["VALARM"])
    for component in query.between(start, stop):
        for alarm in component.walk("VALARM"):
            trigger = alarm["TRIGGER"].dt
            if isinstance(trigger, datetime.date) and not isinstance(trigger, datetime.datetime):
                trigger = datetime.datetime.combine(trigger, datetime.time())
            yield str(component["UID"]), int(trigger.timestamp())


def main():
    start = datetime.datetime.fromtimestamp(int(sys.argv[1]), datetime.timezone.utc)
    stop = datetime.datetime.fromtimestamp(int(sys.argv[2]), datetime.timezone.utc)
    paths = []
    for argument in sys.argv[3:]:
        if os.path.isdir(argument):
            paths += sorted(os.path.join(argument, name) for name in os.listdir(argument) if name.endswith(".ics"))
        else:
            paths.append(argument)
    for path in paths:
        try:
            for uid, instant in firings(path, start, stop):
                print(f"{path}\t{uid}\t{instant}")
        except Exception as error:  # noqa: BLE001 - reported to the test, which decides
            print(f"{path}\tERROR\t{type(error).__name__}: {error}".replace("\n", " "))


if __name__ == "__main__":
    main()
