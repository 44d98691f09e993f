#!/usr/bin/env bash
# Makes (once) the Python venv holding recurring-ical-events, the independent engine the calendar
# tests compare Chime's alarms with, and prints the path of its python. Idempotent; safe to run
# from parallel tests (a lock file serializes them).
#   scripts/calendar-oracle-venv.sh [VENV_DIR]     # default: .build/oracle-venv
# Debian's python3-recurring-ical-events (2.0.1) is too old: it has no alarms. PyPI's 3.8.2 has.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
venv="${1:-$here/.build/oracle-venv}"
version="3.8.2"
ready="$venv/.recurring-ical-events-$version"
mkdir -p "$(dirname "$venv")"
exec 9>"$venv.lock"
flock 9
if [ ! -f "$ready" ]; then
  rm -rf "$venv"
  python3 -m venv "$venv" >&2
  "$venv/bin/python3" -m pip install --quiet --disable-pip-version-check "recurring-ical-events==$version" >&2
  touch "$ready"
fi
echo "$venv/bin/python3"
