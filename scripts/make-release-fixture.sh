#!/usr/bin/env bash
# Writes a store made by a released Chime, and that release's answers about it, as a fixture for
# the tests that a newer Chime still reads such a store the same way (issue 19, "Migration"):
#   scripts/make-release-fixture.sh [COMMIT]      # COMMIT: the release (default 38fc83a)
# into Tests/EndToEndTests/Fixtures/release-MAJOR.MINOR-COMMIT/ (replacing what is there):
#   chime.db       the store, checkpointed: no -wal or -shm file is needed beside it
#   manifest.json  the instant T the answers were recorded at, the zone, each command with its
#                  answer file and exit status, and the row count of every table
#   answers/       what the release's `chime` printed for each command at T
#   transcript.txt every command that wrote the store, with its output, and chimed's log
#
# The release's programs are built from COMMIT, with the flags of `make build`: in this checkout
# when its Sources/ and Package.swift are COMMIT's, else in a temporary `git worktree`.
#
# Who wrote which rows. Everything in the store was written by the release's own programs; no
# row is written by anything else (sqlite3 only checkpoints the log and counts rows, on copies):
#   - Phase 1, real time: `chime` at the real clock, then `chimed --foreground --notifier stdout`
#     for about six minutes. chimed cannot run under libfaketime: its CLOCK_REALTIME timerfd
#     fails there (`timerfd_settime failed: Invalid argument`, faketime 0.9.10), so the rows only
#     chimed writes come from a real run at the real time of the run: the delivery history
#     (delivered, late, missed: a fast's nudge that expired while chimed was not yet running),
#     the occurrences of a nagging recurring reminder (done on time, done late, missed, open:
#     acknowledged with `chime done` while chimed ran), water reminders shown, a fast schedule's
#     next fast made when the end of one was shown, and the requests chimed re-derived.
#   - Phase 2, fixed instants: `chime` alone under libfaketime (`FAKETIME_FMT=%s faketime -f
#     EPOCH`, the clock standing still), at fixed local times from 2027-02-01 to T (2027-02-08
#     18:00 Europe/Berlin); chimed does not run. So every pending notification of phase 1 that
#     chimed did not show stays pending with its due instant in the past, as in a store whose
#     chimed stopped.
# Phase 1's instants depend on when the script runs, so it must run before phase 2's first
# instant; everything else is fixed, and ids are given with --id where the command takes one
# (fast schedules have no --id: theirs is random). The answers are recorded on copies of the
# finished store, each with a fresh copy, by the release's `chime` at T.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
commit="${1:-38fc83a}"
zone="Europe/Berlin"
# T: the instant every answer is recorded at.
answer_time="2027-02-08 18:00"
first_fixed_time="2027-02-01 07:00"
fail() { echo "make-release-fixture: $*" >&2; exit 1; }
say() { echo "make-release-fixture: $*" >&2; }

command -v faketime >/dev/null || fail "faketime is missing: install the Debian package faketime (scripts/install-deps.sh --test)"
command -v sqlite3 >/dev/null || fail "sqlite3 is missing: install the Debian package sqlite3 (scripts/install-deps.sh --test)"
full="$(git -C "$root" rev-parse --verify --quiet "$commit^{commit}")" || fail "no commit $commit in $root"
short="$(git -C "$root" rev-parse --short=7 "$full")"
version="$(git -C "$root" show "$full:Sources/ChimeCore/ChimeVersion.swift" | sed -nE 's/.*static let current = "([0-9]+\.[0-9]+)[^"]*".*/\1/p')"
[ -n "$version" ] || fail "cannot read the version of $short from Sources/ChimeCore/ChimeVersion.swift"
fixture="$root/Tests/EndToEndTests/Fixtures/release-$version-$short"
epoch() { TZ="$zone" date -d "$1" +%s; }
(( $(date +%s) + 3600 < $(epoch "$first_fixed_time") )) ||
  fail "phase 1 runs at the real time, which must come before phase 2's first fixed instant ($first_fixed_time $zone): move answer_time and the phase 2 times later"

work="$(mktemp -d /tmp/chime-release-fixture.XXXXXX)"
source_tree=""
chimed_pid=""
cleanup() {
  if [ -n "$chimed_pid" ]; then kill "$chimed_pid" 2>/dev/null || true; wait "$chimed_pid" 2>/dev/null || true; fi
  if [ -n "$source_tree" ]; then git -C "$root" worktree remove --force "$source_tree" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# --- The release's programs -------------------------------------------------------------------
swift="${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}"
if git -C "$root" diff --quiet "$full" -- Sources Package.swift &&
   [ -z "$(git -C "$root" status --porcelain --untracked-files=all -- Sources Package.swift)" ]; then
  source="$root"
  say "this checkout's Sources/ and Package.swift are $short's: building the release here"
else
  source_tree="$work/source"
  git -C "$root" worktree add --detach --quiet "$source_tree" "$full"
  source="$source_tree"
  say "building $short in a temporary worktree: a cold release build takes several minutes"
fi
for product in chime chimed; do
  (cd "$source" && "$swift" build -c release --static-swift-stdlib --product "$product" >&2)
done
bin="$source/.build/release"
say "using $("$bin/chime" --version) and $("$bin/chimed" --version) built from $short"

# --- A private home, as the end-to-end tests make one (Tests/EndToEndTests/CliProcessSupport.swift)
sandbox="$work/sandbox"
mkdir -p "$sandbox/data" "$sandbox/run"
chmod 0700 "$sandbox/run"
sandbox_env=(HOME="$sandbox" XDG_DATA_HOME="$sandbox/data" XDG_RUNTIME_DIR="$sandbox/run" TZ="$zone"
  PATH=/usr/bin:/bin NO_COLOR=1)
database="$sandbox/data/chime/chime.db"
transcript="$work/transcript.txt"
last="$work/last.out"
last_fixed_epoch=0

# chime_at WHEN ARGUMENTS...: runs the release's chime at WHEN ("now": the real clock; else a
# local time in $zone, as libfaketime's standing clock), into the transcript; stops the script
# when it fails. Its standard output is left in $last.
chime_at() {
  local when="$1" shown status=0
  shift
  if [ "$when" = now ]; then
    shown="$(TZ="$zone" date +'%Y-%m-%d %H:%M:%S %:z'), real time"
    env -i "${sandbox_env[@]}" "$bin/chime" "$@" >"$last" 2>"$work/last.err" || status=$?
  else
    # The store's history must run forward: each fixed instant comes after the one before.
    (( $(epoch "$when") >= last_fixed_epoch )) || fail "phase 2 goes back in time at $when"
    last_fixed_epoch="$(epoch "$when")"
    shown="$(TZ="$zone" date -d "$when" +'%Y-%m-%d %H:%M:%S %:z'), faketime"
    env -i "${sandbox_env[@]}" FAKETIME_FMT=%s FAKETIME_DONT_FAKE_MONOTONIC=1 \
      faketime -f "$(epoch "$when")" "$bin/chime" "$@" >"$last" 2>"$work/last.err" || status=$?
  fi
  { printf '[%s] $ chime' "$shown"; printf ' %q' "$@"; printf '\n'
    sed 's/^/  /' "$last"; sed 's/^/  stderr: /' "$work/last.err"; } >>"$transcript"
  [ "$status" -eq 0 ] || fail "chime $* at $when failed ($status): $(cat "$work/last.err")"
}

# await CONDITION SECONDS WHAT: waits, polling, until the function CONDITION succeeds; stops the
# script, naming WHAT, after SECONDS.
await() {
  local deadline=$(( $(date +%s) + $2 ))
  until "$1"; do
    (( $(date +%s) < deadline )) || fail "gave up after $2 s waiting for $3"
    sleep 0.2
  done
}
# The identifiers chimed showed so far, one a line, in order (nags repeat theirs).
shown_identifiers() { grep '"event":"shown"' "$work/chimed.out" 2>/dev/null | sed -nE 's/.*"identifier":"([^"]*)".*/\1/p'; }
# The Nth distinct occurrence of reminder pills that chimed showed (its nags repeat it).
pills_occurrence() {
  local seen=" " identifier
  local -a identifiers
  while read -r identifier; do
    [[ "$seen" == *" $identifier "* ]] || seen+="$identifier "
  done < <(shown_identifiers | grep '^remind/pills/' || true)
  read -r -a identifiers <<<"$seen"
  echo "${identifiers[$1 - 1]:-}"
}

# --- Phase 1: real time, chimed shows what comes due -------------------------------------------
say "phase 1: real time, about 7 minutes"
: >"$transcript"
echo "# Phase 1: real time; chimed starts about 135 s after the first command" >>"$transcript"
t0=$(date +%s)
chime_at now remind in 5s "stretch your legs" --id stretch
chime_at now fast start 2m:1m --id f-quick --remind-before 1m --tag "real time"
# Every 90 s from now, nagging every minute; the first shown occurrence is the one 90 s on.
chime_at now remind every "every 90s" "take the pills" --id pills --nag 1m --until "$(TZ="$zone" date -d "@$(( $t0 + 400 ))" +%Y-%m-%dT%H:%M:%S%:z)"
chime_at now water every 1m --from 00:00 --until 00:00 --amount 250 --id hydrate
# A fast schedule whose first fast starts once f-quick's eating window is over (whole minutes).
schedule_start=$(( ($t0 + 200 + 59) / 60 * 60 ))
chime_at now fast schedule 1m:1m "daily $(TZ="$zone" date -d "@$schedule_start" +%H:%M)"
first_scheduled="$(sed -nE 's/.*Fast (fs-[a-z0-9-]+\.[0-9]+-[0-9]+) .*/\1/p' "$last" | head -1)"
[ -n "$first_scheduled" ] || fail "the fast schedule named no first fast: $(cat "$last")"
# chimed starts late on purpose: the stretch reminder and f-quick's end are shown late, and
# f-quick's nudge (due 60 s in, pointless after its end at 120 s) is recorded missed.
sleep $(( $t0 + 135 - $(date +%s) ))
env -i "${sandbox_env[@]}" "$bin/chimed" --foreground --notifier stdout >"$work/chimed.out" 2>"$work/chimed.err" &
chimed_pid=$!
chimed_ready() { grep -q "ready:" "$work/chimed.err"; }
await chimed_ready 15 "chimed to be ready"
# Occurrence 1 (shown late at chimed's start): done before its first nag, so done on time.
first_pills_shown() { [ -n "$(pills_occurrence 1)" ]; }
await first_pills_shown 30 "the first occurrence of pills"
chime_at now done pills
water_shown() { shown_identifiers | grep -q '^water/hydrate/'; }
await water_shown 90 "a water reminder"
chime_at now water drink
# Occurrence 2: done after its nag came, so done late.
second_pills_nagged() { local o; o="$(pills_occurrence 2)"; [ -n "$o" ] && [ "$(shown_identifiers | grep -cxF "$o")" -ge 2 ]; }
await second_pills_nagged 180 "the nag of the second occurrence of pills"
chime_at now done pills
# Occurrence 3 is left alone: missed once occurrence 4 is shown, which stays open.
fourth_pills_shown() { [ -n "$(pills_occurrence 4)" ]; }
await fourth_pills_shown 180 "the fourth occurrence of pills"
scheduled_end_shown() { shown_identifiers | grep -qxF "fast/$first_scheduled/end"; }
await scheduled_end_shown 240 "the end of scheduled fast $first_scheduled"
# chimed records an outcome and makes the schedule's next fast in the transaction of a showing.
pills_recorded() {
  env -i "${sandbox_env[@]}" "$bin/chime" remind history pills --json >"$work/history.json" 2>/dev/null &&
    grep -q '"outcome": "done-on-time"' "$work/history.json" && grep -q '"outcome": "done-late"' "$work/history.json" &&
    grep -q '"outcome": "missed"' "$work/history.json" && grep -q '"outcome": "open"' "$work/history.json"
}
await pills_recorded 30 "pills' occurrences done on time, done late, missed and open in remind history"
next_scheduled_made() {
  env -i "${sandbox_env[@]}" "$bin/chime" fast schedule --json >"$work/schedule.json" 2>/dev/null &&
    grep -qE '"id": "fs-[^"]*\.[0-9]+-[0-9]+"' "$work/schedule.json" && ! grep -qF "\"$first_scheduled\"" "$work/schedule.json"
}
await next_scheduled_made 30 "the schedule's next fast after $first_scheduled"
kill -TERM "$chimed_pid"
wait "$chimed_pid" || fail "chimed ended with status $? on SIGTERM"
chimed_pid=""
{ echo "# chimed --foreground --notifier stdout: standard output"; cat "$work/chimed.out"
  echo "# chimed: log"; cat "$work/chimed.err"; } >>"$transcript"
chime_at now remind history --json
chime_at now fast schedule --json
phase1_end="$(TZ="$zone" date +'%Y-%m-%d %H:%M:%S %:z')"

# --- Phase 2: fixed instants, chime alone ------------------------------------------------------
say "phase 2: fixed instants from $first_fixed_time to $answer_time ($zone)"
echo "# Phase 2: fixed instants under libfaketime; chimed does not run" >>"$transcript"
# Mon 1 Feb: phase 1's fast schedule turned off (its time of day is the real one phase 1 ran at,
# which would leak into what follows: its fasts would take places among those below); settings, a
# one-off reminder for after T, a plain daily reminder (never shown, so its first occurrence stays
# pending), and a repeating 20:5 fast (cycles of 25 h, in real time).
chime_at "2027-02-01 06:55" fast schedule off
chime_at "2027-02-01 07:00" config set language en
chime_at "2027-02-01 07:00:10" config set fast.plan 18:6
chime_at "2027-02-01 07:00:20" config set fast.remind_before 1h
chime_at "2027-02-01 07:00:30" config set water.goal 2000
chime_at "2027-02-01 07:00:40" config set notify.urgency.water normal
chime_at "2027-02-01 07:05" remind at "2027-02-09 09:00" "renew the passport" --id passport
chime_at "2027-02-01 07:10" remind every "daily 21:00" "plan tomorrow" --id plan
chime_at "2027-02-01 08:00" fast start 20:5 --repeat --id f-roll --remind-before 30m --tag rolling
# Tue 2 Feb: water every hour from 08:00 to 22:00, goal 2000 ml (the schedule of phase 1, changed);
# glasses.
chime_at "2027-02-02 07:00" water every 1h --from 08:00 --until 22:00 --amount 300 --goal 2000
chime_at "2027-02-02 08:10" water drink
chime_at "2027-02-02 12:00" water drink 500
chime_at "2027-02-02 16:00" water drink --at 15:00
# The repeating fast stopped in its second cycle's fast (cycle 1: 2 Feb 09:00 to 3 Feb 05:00).
chime_at "2027-02-02 20:00" fast stop
# Wed 3 Feb: a fast of the fast.plan setting (18:6) stopped early; two glasses.
chime_at "2027-02-03 07:00" fast start --id f-early --tag weekday
chime_at "2027-02-03 09:00" water drink 250
chime_at "2027-02-03 13:00" water drink
chime_at "2027-02-03 15:00" fast stop
# Thu 4 Feb: a 16:8 fast recorded after it began (3 Feb 20:00), extended by an hour in the eating
# window and stopped within the extra time; then a 14:10 fast left to complete by itself.
chime_at "2027-02-04 12:10" fast start 16:8 --ago 16h10m --id f-ext
chime_at "2027-02-04 12:10:30" fast extend 1h
chime_at "2027-02-04 12:40" fast stop
chime_at "2027-02-04 14:00" fast start 14:10 --id f-done
# Fri 5 Feb: water up to the goal; the fast schedule of issue 19.
for time in 08:30 10:30 12:30 14:30; do chime_at "2027-02-05 $time" water drink; done
chime_at "2027-02-05 15:00" fast schedule 16:8 "daily 20:00"
schedule="$(sed -nE 's/.*(fs-[a-z0-9]+)\.20270205-2000.*/\1/p' "$last" | head -1)"
[ -n "$schedule" ] || fail "the fast schedule's first fast is not on 5 Feb at 20:00: $(cat "$last")"
for time in 16:30 18:30 20:30; do chime_at "2027-02-05 $time" water drink; done
# Sat 6 Feb: the fast of the 5th stopped early; the fast of the 6th stopped before it started
# ("cancelled before it started"); at 21:00 its end notification cancelled, which makes the
# fast of the 7th while the fast of the 6th runs on to complete unseen.
chime_at "2027-02-06 09:00" fast stop
chime_at "2027-02-06 19:30" fast stop
chime_at "2027-02-06 21:00" cancel "fast/$schedule.20270206-2000/end"
# Sun 7 Feb: a one-off reminder cancelled.
chime_at "2027-02-07 10:00" remind in 1h "call the plumber" --id plumber
chime_at "2027-02-07 10:05" cancel plumber
# Mon 8 Feb: the fast of the 7th stopped in its eating window (completed), which makes the fast of
# the 8th; a 16:8 fast started by hand takes that day's place, so the schedule waits for the 9th.
chime_at "2027-02-08 08:30" water drink
chime_at "2027-02-08 10:00" water drink
chime_at "2027-02-08 12:00" water drink 200
chime_at "2027-02-08 12:01" water undo
chime_at "2027-02-08 13:00" fast stop
chime_at "2027-02-08 14:00" fast start 16:8 --id f-now --remind-before 1h,15m --tag "after lunch"
chime_at "2027-02-08 14:30" water drink
chime_at "2027-02-08 17:00" remind every "weekdays 09:00" "stand-up" --count 3 --id standup
chime_at "2027-02-08 17:05" remind every "mon,thu 18:30" "leave for the train" --urgency critical --id train
chime_at "2027-02-08 17:30" water pause 2h
chime_at "2027-02-08 17:40" remind in 10m "tea is ready" --id tea
chime_at "2027-02-08 17:45" snooze tea 15m
chime_at "2027-02-08 17:50" remind in 45m "take the laundry out" --id laundry --nag 10m

# --- The store, checkpointed -------------------------------------------------------------------
[ ! -e "$database-wal" ] || sqlite3 "$database" "PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null
rm -f "$database-wal" "$database-shm"
[ "$(sqlite3 "$database" "PRAGMA user_version;")" -gt 0 ] || fail "the store has no schema version"
rm -f "$database-wal" "$database-shm"
rm -rf "$fixture"
mkdir -p "$fixture/answers"
cp "$database" "$fixture/chime.db"
cp "$transcript" "$fixture/transcript.txt"

# --- The answers at T, each from a fresh copy of the store ---------------------------------------
answer_epoch="$(epoch "$answer_time")"
reader="$work/reader"
entries=()
# record NAME FORMAT ARGUMENTS...: the release's answer to `chime ARGUMENTS` at T, into
# answers/NAME.FORMAT (json: compared as JSON values; txt: compared line by line).
record() {
  local name="$1" format="$2" status=0 arguments="" argument
  shift 2
  rm -rf "$reader" && mkdir -p "$reader/data/chime" "$reader/run" && chmod 0700 "$reader/run" "$reader/data/chime"
  cp "$fixture/chime.db" "$reader/data/chime/chime.db"
  env -i HOME="$reader" XDG_DATA_HOME="$reader/data" XDG_RUNTIME_DIR="$reader/run" TZ="$zone" PATH=/usr/bin:/bin NO_COLOR=1 \
    FAKETIME_FMT=%s FAKETIME_DONT_FAKE_MONOTONIC=1 faketime -f "$answer_epoch" "$bin/chime" "$@" \
    >"$fixture/answers/$name.$format" 2>"$work/answer.err" || status=$?
  [ "$status" -eq 0 ] || fail "chime $* at T failed ($status): $(cat "$work/answer.err")"
  [ ! -s "$work/answer.err" ] || fail "chime $* at T wrote to standard error: $(cat "$work/answer.err")"
  for argument in "$@"; do arguments+="${arguments:+, }\"$argument\""; done
  entries+=("    {\"name\": \"$name\", \"arguments\": [$arguments], \"format\": \"$format\", \"status\": $status, \"answer\": \"answers/$name.$format\"}")
}
record fast-status json fast status --json
record fast-status txt fast status
record fast-history json fast history --json --days 90
record fast-history txt fast history --days 90
record fast-schedule json fast schedule --json
record fast-schedule txt fast schedule
record list json list --json
record list txt list
record status json status --format json
record status-waybar json status --format waybar
record status txt status
record water-status json water status --json
record water-status txt water status
record remind-history json remind history --json --days 90
record remind-history txt remind history --days 90
for what in fasts water pending; do
  record "export-$what" json export --format json --what "$what"
  record "export-$what-csv" txt export --format csv --what "$what"
done
record config-list txt config list
# Each fast of the store on its own, as `fast status --id` tells it.
for id in $(sed -nE 's/^ *"id" *: *"([^"]+)",?$/\1/p' "$fixture/answers/export-fasts.json" | sort -u); do
  record "fast-status-$id" json fast status --json --id "$id"
  record "fast-status-$id" txt fast status --id "$id"
done

# --- The manifest --------------------------------------------------------------------------------
counts=()
cp "$fixture/chime.db" "$work/count.db"
for table in $(sqlite3 "$work/count.db" "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name;"); do
  counts+=("    \"$table\": $(sqlite3 "$work/count.db" "SELECT count(*) FROM \"$table\";")")
done
schema_version="$(sqlite3 "$work/count.db" "PRAGMA user_version;")"
join() { local separator="$1" first=1 item; shift; for item in "$@"; do ((first)) || printf '%s' "$separator"; printf '%s' "$item"; first=0; done; }
{
  echo "{"
  echo "  \"release\": \"$full\","
  echo "  \"version\": \"$("$bin/chime" --version | sed 's/^chime //')\","
  echo "  \"time_zone\": \"$zone\","
  echo "  \"answer_time\": \"$(TZ="$zone" date -d "@$answer_epoch" +%Y-%m-%dT%H:%M:%S%:z)\","
  echo "  \"answer_epoch\": $answer_epoch,"
  echo "  \"phase1_real_time\": \"$(TZ="$zone" date -d "@$t0" +'%Y-%m-%d %H:%M:%S %:z') to $phase1_end\","
  echo "  \"schema_version\": $schema_version,"
  echo "  \"table_rows\": {"
  join $',\n' "${counts[@]}"; echo
  echo "  },"
  echo "  \"commands\": ["
  join $',\n' "${entries[@]}"; echo
  echo "  ]"
  echo "}"
} >"$fixture/manifest.json"

# --- README.md -----------------------------------------------------------------------------------
cat >"$fixture/README.md" <<README
# A store written by Chime $version ($short)

\`chime.db\` was written by the programs of release $short (commit \`$full\`,
version $("$bin/chime" --version | sed 's/^chime //')), built with \`swift build -c release --static-swift-stdlib\` as \`make build\`
does, and every file here was made by

    scripts/make-release-fixture.sh $short

on $(date -u +%Y-%m-%d) (UTC). The answers under \`answers/\` are what that release's \`chime\` printed at
**T = $(TZ="$zone" date -d "@$answer_epoch" +'%Y-%m-%d %H:%M:%S %:z') ($zone), epoch $answer_epoch**, run under
libfaketime (\`FAKETIME_FMT=%s faketime -f $answer_epoch chime ...\`, \`TZ=$zone\`, no chimed), each on a
fresh copy of the store. \`manifest.json\` lists each command with its answer file and exit status, T,
the zone, the schema version ($schema_version) and the rows in each table; \`transcript.txt\` shows every
command that wrote the store, with what it printed, and chimed's output and log.

## What the store holds

Phase 1 ran at the real time of the run ($(TZ="$zone" date -d "@$t0" +'%Y-%m-%d %H:%M %:z'), about six minutes) with the
release's \`chimed --foreground --notifier stdout\` showing what came due (chimed cannot run under
libfaketime: its timerfd fails there). Phase 2 ran \`chime\` alone at fixed instants from
2027-02-01 07:00 to T. So all the rows chimed writes (the delivery history, the outcomes of a nagging
reminder's occurrences, a fast schedule's next fast made at a shown end) come from phase 1, and what
phase 1 left pending and chimed did not show stays pending, overdue, as in any store whose chimed stopped.

Fasts (\`fast history\`, \`export --what fasts\`, \`fast status --id ID\` for each):
- \`f-quick\` (2m:1m, phase 1): completed; chimed started late, so its nudge was recorded missed
  (expired) and its end shown late.
- The two fasts of a 1m:1m fast schedule set in phase 1 (\`fs-….YYYYMMDD-HHMM\`, at phase 1's date
  and time): the first one's start and end shown by chimed, whose showing of the end made the next
  one (the next day's, never shown: it is in the history as completed, and its start and end
  requests are still pending). That schedule was turned off at the start of phase 2.
- \`f-roll\`: a repeating 20:5 fast (cycles of 25 h in real time), its first cycle completed, stopped
  in its second cycle's fast.
- \`f-early\`: 18:6 from the \`fast.plan\` setting, stopped early, tag "weekday".
- \`f-ext\`: 16:8 recorded with \`--ago 16h10m\`, extended by 1 h in its eating window and stopped
  within the extra time: "completed (16:8, extended)" in the history, "stopped early" in \`fast status\`.
- \`f-done\`: 14:10, never stopped: completed.
- The fast schedule \`fast schedule 16:8 "daily 20:00"\` (set 2027-02-05 15:00; its id is random):
  the fast of the 5th stopped early; the fast of the 6th "cancelled before it started" by \`fast stop\`
  at 19:30, then run anyway, its end notification cancelled at 21:00 (which made the fast of the 7th);
  the fast of the 7th stopped in its eating window (completed); the fast of the 8th taken over by
  \`f-now\`; the fast of the 9th waiting at T.
- \`f-now\`: 16:8 started by hand at 14:00 on the 8th with nudges 1h and 15m and a tag, fasting at T.

Reminders (\`list\`, \`remind history\`):
- \`stretch\` (one-off, phase 1): shown late.
- \`pills\`: \`remind every "every 90s" --nag 1m --until ...\` (phase 1): occurrences done on time, done
  late (with \`chime done\`), missed, and open at T (its nag still pending).
- \`plan\`: \`every "daily 21:00"\`, plain, never shown (its first occurrence, 2027-02-01 21:00, pending).
- \`standup\`: \`every "weekdays 09:00" --count 3\`; \`train\`: \`every "mon,thu 18:30" --urgency critical\`.
- \`passport\` (one-off, after T), \`tea\` (snoozed to 18:05), \`laundry\` (one-off with \`--nag 10m\`),
  \`plumber\` (cancelled).

Water: the schedule \`hydrate\`, every minute all day in phase 1 (reminders shown on time and late, a
glass logged), changed to every hour 08:00-22:00, 300 ml a glass, goal 2000 ml, in phase 2; glasses on
2, 3, 5 (goal reached) and 8 February, one logged with \`--at\`, one undone, and reminders paused until
19:30 at T.

Settings: \`language en\`, \`fast.plan 18:6\`, \`fast.remind_before 1h\`, \`water.goal 2000\`,
\`notify.urgency.water normal\`.

## Who checks it

- \`Tests/EndToEndTests/ReleaseStoreFixtureTests.swift\`: this build's \`chime\`, on a copy of the store
  at T, gives every recorded answer (JSON compared as values, text line by line; a failure lists each
  difference by path or line).
- \`Tests/ChimeStoreTests/ReleaseFixtureOpeningTests.swift\`: \`Store(path:)\` on a copy migrates it to
  \`Store.schemaVersion\`, \`PRAGMA integrity_check\` is ok and every table keeps its rows.

Never record the answers again with a newer build: they are the release's. When a change means an
answer to change (issue 19 changes several on purpose), edit that answer file by hand and say why in
the commit.
README
say "wrote $fixture: $(du -k "$fixture/chime.db" | cut -f1) KiB store, ${#entries[@]} answers at $answer_time $zone"
