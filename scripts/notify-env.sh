#!/usr/bin/env bash
# A private desktop-notification environment for Chime's tests and benchmarks:
# Xvfb + a private D-Bus session bus that activates nothing + dunst with a deterministic config.
#
#   eval "$(scripts/notify-env.sh start)"   # prints `export DISPLAY=... DBUS_SESSION_BUS_ADDRESS=...`
#   scripts/notify-env.sh stop              # stops what `start` started, removes the state directory
#   scripts/notify-env.sh stop-server       # stops only dunst (the bus stays: "no server" cases)
#   scripts/notify-env.sh start-server      # starts dunst again on the same bus (a server restart)
#   scripts/notify-env.sh server-pid        # dunst's pid (tests stop it with SIGSTOP)
#   scripts/notify-env.sh bus-away          # the bus goes away with everything on it; a new one
#                                           # starts unreachable yet, with the server (and xfconfd)
#                                           # on it; prints its address, where the state to be
#                                           # found at the return is set
#   scripts/notify-env.sh bus-return        # that bus takes the old address (a bus restart);
#                                           # prints the address
#   scripts/notify-env.sh env               # the export lines again
#
# Knobs: NOTIFY_ENV_DIR (state directory; default /tmp/chime-notify-env-$UID; one per instance),
#        NOTIFY_ENV_OWNER_PID (optional: when this process exits, the environment stops itself,
#        so a crashed test run leaves nothing behind),
#        NOTIFY_ENV_MARKUP (dunst's `markup`: full, the default, or no: a server without the
#        body-markup capability),
#        NOTIFY_ENV_SERVER (dunst, the default; notification-daemon: GNOME's reference server,
#        which answers CloseNotification of a vanished bubble with InvalidId; notify-osd:
#        Ubuntu's, with no actions and dialogs for never-expiring bubbles; plasma:
#        scripts/scripted-notify-server.py answering as KDE Plasma, with its `Inhibited`
#        do-not-disturb property; mako: the same script answering as mako, with mako's
#        fr.emersion.Mako object and its modes; gnome-shell: the same script answering as
#        GNOME Shell, whose do-not-disturb is the GSettings key show-banners; xfce4-notifyd:
#        Xfce's server, with its own xfconfd (settings kept in the state directory), whose
#        do-not-disturb is the xfconf property /do-not-disturb of the channel xfce4-notifyd, set with
#        `xfconf-query -c xfce4-notifyd -p /do-not-disturb -n -t bool -s true`; scripted: the
#        script answering as "Chime scripted server", with NOTIFY_ENV_NOTIFY_DELAY seconds before
#        it answers each Notify (the bubble appears then); `start` records it, `start-server`
#        reuses it).
#
# The daemons run in sessions of their own (setsid): a group orphaned while dunst is stopped
# (SIGSTOP) would otherwise get SIGHUP from the kernel. `stop` sends SIGCONT before SIGTERM.
#
# Context menu (`dunstctl context`): dunst pipes the actions to the `dmenu` program; ours answers
# with the first line containing the text in $NOTIFY_ENV_DIR/dmenu-choice, so a test picks a
# named action by writing its label there first.
set -euo pipefail
DIR="${NOTIFY_ENV_DIR:-/tmp/chime-notify-env-$(id -u)}"

# Close descriptors inherited from the caller (beyond 0-2, and bash's own 255): the daemons
# started below outlive this script, and a pipe one of them held open would keep the caller
# waiting for end-of-file (Foundation's Process.waitUntilExit hung exactly so).
for fd in /proc/$$/fd/*; do
  fd="${fd##*/}"
  if [ "$fd" -gt 2 ] && [ "$fd" -ne 255 ]; then eval "exec $fd>&-" 2>/dev/null || true; fi
done

die() { echo "notify-env: $*" >&2; exit 1; }

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

wait_for() { # wait_for <timeout-seconds> <command...>: polls an external process, 20 times a second
  local deadline=$(( $(now_ms) + $1 * 1000 )); shift
  until "$@" >/dev/null 2>&1; do
    (( $(now_ms) < deadline )) || return 1
    sleep 0.05
  done
}

alive() { # running and not a zombie
  local state; state="$(sed 's/.*) //' /proc/"$1"/stat 2>/dev/null | cut -d' ' -f1)" || return 1
  [ -n "$state" ] && [ "$state" != Z ]
}

pid_of() { # pid_of <name>: the last pid recorded under that name, if still that program
  local name pid found=""
  [ -f "$DIR/pids" ] || return 1
  while read -r name pid; do
    [ "$name" = "$1" ] && found="$pid"
  done < "$DIR/pids"
  [ -n "$found" ] && alive "$found" && owned "$1" "$found" && echo "$found"
}

owned() { # owned <name> <pid>: guards against pid reuse, only signal what we started
  case "$1:$(cat /proc/"$2"/comm 2>/dev/null)" in
    xvfb:Xvfb|dbus:dbus-daemon|dunst:dunst|dunst:notification-da|dunst:notify-osd|dunst:python3|dunst:xfce4-notifyd|xfconf:xfconfd) return 0 ;;
    watch:bash) tr '\0' ' ' < /proc/"$2"/cmdline 2>/dev/null | grep -q "notify-env" ;;
    *) return 1 ;;
  esac
}

terminate() { # terminate <name> <pid>
  owned "$1" "$2" || { echo "notify-env: pid $2 is no longer $1, skipping" >&2; return 0; }
  kill -CONT "$2" 2>/dev/null || true   # a stopped process never handles TERM
  kill -TERM "$2" 2>/dev/null || true
  for _ in $(seq 1 100); do alive "$2" || return 0; sleep 0.02; done
  echo "notify-env: $1 ($2) ignored TERM, sending KILL" >&2
  kill -KILL "$2" 2>/dev/null || true
}

bus_has_server() {
  DBUS_SESSION_BUS_ADDRESS="$(cat "$DIR/bus_address")" dbus-send --session --print-reply \
    --dest=org.freedesktop.DBus / org.freedesktop.DBus.NameHasOwner \
    string:org.freedesktop.Notifications | grep -q 'boolean true'
}

write_dunstrc() {
  cat > "$DIR/dmenu.sh" <<SH
#!/bin/sh
choice="\$(cat '$DIR/dmenu-choice' 2>/dev/null)"
grep -F -m1 -- "\$choice"
SH
  chmod +x "$DIR/dmenu.sh"
  cat > "$DIR/dunstrc" <<RC
[global]
    monitor = 0
    follow = none
    width = 420
    height = 300
    origin = top-right
    offset = 10x40
    font = DejaVu Sans 11
    markup = ${NOTIFY_ENV_MARKUP:-full}
    format = "<b>%s</b>\n%b"
    # Xvfb always looks idle, and an idle dunst never expires notifications.
    idle_threshold = 0
    # Tests read everything back from the history: keep all of it, in order.
    history_length = 10000
    sticky_history = yes
    # Identical texts must stay separate notifications, or counts lie.
    stack_duplicates = false
    notification_limit = 0
    show_age_threshold = -1
    ignore_dbusclose = false
    browser = /bin/true
    dmenu = $DIR/dmenu.sh
[urgency_low]
    timeout = 600
[urgency_normal]
    timeout = 600
[urgency_critical]
    timeout = 0
RC
}

notify_osd_path() { # in the multiarch library directory, which differs by architecture
  dpkg -L notify-osd 2>/dev/null | grep -m1 '^/usr/lib/.*/notify-osd$' || echo /usr/lib/notify-osd
}

xfce_path() { # xfce_path PACKAGE PROGRAM: a program in Xfce's multiarch library directory
  local found # grep reads the whole list: stopping early would end dpkg with SIGPIPE (pipefail)
  found="$(dpkg -L "$1" 2>/dev/null | grep "^/usr/lib/.*/$2\$" || true)"
  if [ -n "$found" ]; then echo "${found%%$'\n'*}"; else echo "/usr/lib/xfce4/$2"; fi
}

bus_has_xfconf() {
  DBUS_SESSION_BUS_ADDRESS="$(cat "$DIR/bus_address")" dbus-send --session --print-reply \
    --dest=org.freedesktop.DBus / org.freedesktop.DBus.NameHasOwner \
    string:org.xfce.Xfconf | grep -q 'boolean true'
}

start_xfconfd() { # Xfce's settings daemon, once per environment (a server restart keeps it)
  pid_of xfconf >/dev/null && return 0
  mkdir -p "$DIR/xdg-config"
  DISPLAY="$(cat "$DIR/display_name")" DBUS_SESSION_BUS_ADDRESS="$(cat "$DIR/bus_address")" XDG_CONFIG_HOME="$DIR/xdg-config" \
    setsid "$(xfce_path xfconf xfconfd)" >>"$DIR/xfconfd.log" 2>&1 </dev/null &
  echo "xfconf $!" >> "$DIR/pids"
  wait_for 10 bus_has_xfconf || { cat "$DIR/xfconfd.log" >&2; die "xfconfd did not claim org.xfce.Xfconf"; }
}

# The notification server is recorded as "dunst" in $DIR/pids whichever program it is.
start_server() {
  [ -f "$DIR/bus_address" ] || die "no environment in $DIR: run '$0 start' first"
  pid_of dunst >/dev/null && die "the notification server is already running in $DIR"
  local server; server="$(cat "$DIR/server" 2>/dev/null || echo dunst)"
  NOTIFY_ENV_NOTIFY_DELAY="$(cat "$DIR/notify_delay" 2>/dev/null || echo 0)"
  local command=(dunst -config "$DIR/dunstrc")
  case "$server" in
    notification-daemon) command=(/usr/lib/notification-daemon/notification-daemon) ;;
    notify-osd) command=("$(notify_osd_path)") ;;
    plasma) command=(/usr/bin/python3 "$(dirname "$0")/scripted-notify-server.py" Plasma
                     actions body body-hyperlinks body-markup icon-static persistence inhibitions) ;;
    mako) command=(/usr/bin/python3 "$(dirname "$0")/scripted-notify-server.py" mako
                   actions body body-markup icon-static) ;;
    gnome-shell) command=(/usr/bin/python3 "$(dirname "$0")/scripted-notify-server.py" gnome-shell
                          actions body body-markup persistence sound) ;;
    scripted) command=(/usr/bin/python3 "$(dirname "$0")/scripted-notify-server.py"
                       --notify-delay "${NOTIFY_ENV_NOTIFY_DELAY:-0}" "Chime scripted server" actions body body-markup persistence) ;;
    xfce4-notifyd) start_xfconfd; command=("$(xfce_path xfce4-notifyd xfce4-notifyd)") ;;
  esac
  DISPLAY="$(cat "$DIR/display_name")" DBUS_SESSION_BUS_ADDRESS="$(cat "$DIR/bus_address")" XDG_CONFIG_HOME="$DIR/xdg-config" \
    setsid "${command[@]}" >>"$DIR/dunst.log" 2>&1 </dev/null &
  echo "dunst $!" >> "$DIR/pids"
  wait_for 10 ${NOTIFY_ENV_SERVER_READY:-bus_has_server} || { cat "$DIR/dunst.log" >&2; die "$server did not claim org.freedesktop.Notifications"; }
}

stop_server() {
  local pid
  pid="$(pid_of dunst)" || { echo "notify-env: dunst is not running in $DIR" >&2; return 0; }
  terminate dunst "$pid"
  wait_for 5 bus_has_no_server || true
}

bus_has_no_server() { ! bus_has_server; }

xvfb_ready() { # ready once it wrote the display number; fail early if it died
  test -s "$DIR/display" && return 0
  alive "$1" || return 2
  return 1
}

# A bus restart that clients cannot catch half done: the new bus listens on another path until
# `bus-return` renames its socket to the old one, so a client reconnecting finds the server and
# whatever state a test set meanwhile at once, and no change is ever announced to it.
bus_away() {
  [ -f "$DIR/session.conf" ] || die "no environment in $DIR: run '$0 start' first"
  local name pid old_owner holder
  old_owner="$(DBUS_SESSION_BUS_ADDRESS="$(cat "$DIR/bus_address")" dbus-send --session --print-reply \
    --dest=org.freedesktop.DBus / org.freedesktop.DBus.GetNameOwner string:org.freedesktop.Notifications \
    | sed -n 's/^ *string "\(.*\)"$/\1/p')" || true
  # The bus dies first (SIGKILL: no goodbye, no NameOwnerChanged for the names it held, as when
  # it crashes); the programs on it go after it.
  if pid="$(pid_of dbus)"; then
    kill -KILL "$pid"
    for _ in $(seq 1 100); do alive "$pid" || break; sleep 0.02; done
  fi
  for name in dunst xfconf; do
    if pid="$(pid_of "$name")"; then terminate "$name" "$pid"; fi
  done
  rm -f "$DIR/bus" "$DIR/bus.next"
  sed "s|<listen>unix:path=$DIR/bus</listen>|<listen>unix:path=$DIR/bus.next</listen>|" "$DIR/session.conf" > "$DIR/session-next.conf"
  dbus-daemon --config-file="$DIR/session-next.conf" --fork --print-address=3 --print-pid=4 \
    3>"$DIR/bus_address.raw" 4>"$DIR/bus_pid" </dev/null >>"$DIR/dbus.log" 2>&1 || die "dbus-daemon failed"
  head -n1 "$DIR/bus_address.raw" > "$DIR/bus_address"
  echo "dbus $(head -n1 "$DIR/bus_pid")" >> "$DIR/pids"
  [ "$(cat "$DIR/server")" = xfce4-notifyd ] && start_xfconfd
  # A bus started anew hands out the same unique names again: the server gets the one it had
  # (clients coming back in the same order), which only the bus's GUID tells apart.
  rm -f "$DIR/names-held"
  hold_names_before "${old_owner#:1.}" "$DIR/names-held" & holder=$!
  wait_for 10 test -e "$DIR/names-held" || die "could not take the names before $old_owner"
  NOTIFY_ENV_SERVER_READY="holder_done $holder" start_server
  wait "$holder" || die "the server did not claim org.freedesktop.Notifications on the new bus"
  cat "$DIR/bus_address"
}

# hold_names_before N READY: connects to the bus, takes the unique names before :1.N with
# connections of its own, creates READY, then waits on its first connection (no new name
# taken) until the notifications name has an owner.
hold_names_before() {
  /usr/bin/python3 - "$(cat "$DIR/bus_address")" "${1:-0}" "$2" <<'PY'
import sys, time
import dbus.bus
address, target, ready = sys.argv[1], int(sys.argv[2] or 0), sys.argv[3]
def number(connection):
    return int(connection.get_unique_name().rsplit(".", 1)[1])
held = [dbus.bus.BusConnection(address)]
while number(held[-1]) < target - 1:
    held.append(dbus.bus.BusConnection(address))
open(ready, "w").close()
deadline = time.monotonic() + 10
while not held[0].name_has_owner("org.freedesktop.Notifications"):
    if time.monotonic() > deadline:
        sys.exit(1)
    time.sleep(0.05)
PY
}

holder_done() { ! alive "$1"; }

bus_return() {
  [ -S "$DIR/bus.next" ] || die "no bus away in $DIR: run '$0 bus-away' first"
  mv "$DIR/bus.next" "$DIR/bus"
  sed "s|unix:path=$DIR/bus.next|unix:path=$DIR/bus|" "$DIR/bus_address" > "$DIR/bus_address.new"
  mv "$DIR/bus_address.new" "$DIR/bus_address"
  cat "$DIR/bus_address"
}

start() {
  command -v Xvfb >/dev/null && command -v dbus-daemon >/dev/null && command -v dunst >/dev/null \
    || die "need Xvfb, dbus-daemon and dunst: run scripts/install-deps.sh --test"
  [ -e "$DIR/pids" ] && die "$DIR/pids exists: already running? run '$0 stop' first"
  case "${NOTIFY_ENV_MARKUP:-full}" in full|strip|no) ;; *) die "NOTIFY_ENV_MARKUP must be full, strip or no" ;; esac
  case "${NOTIFY_ENV_SERVER:-dunst}" in
    dunst) ;;
    notification-daemon) [ -x /usr/lib/notification-daemon/notification-daemon ] \
      || die "need notification-daemon: run scripts/install-deps.sh --test" ;;
    notify-osd) [ -x "$(notify_osd_path)" ] || die "need notify-osd: run scripts/install-deps.sh --test" ;;
    plasma|mako|gnome-shell|scripted) /usr/bin/python3 -c 'import dbus, gi' 2>/dev/null || die "need python3-dbus and python3-gi: run scripts/install-deps.sh --test" ;;
    xfce4-notifyd) [ -x "$(xfce_path xfce4-notifyd xfce4-notifyd)" ] && [ -x "$(xfce_path xfconf xfconfd)" ] \
      || die "need xfce4-notifyd and xfconf: run scripts/install-deps.sh --test" ;;
    *) die "NOTIFY_ENV_SERVER must be dunst, notification-daemon, notify-osd, plasma, mako, gnome-shell, xfce4-notifyd or scripted" ;;
  esac
  mkdir -p "$DIR"; chmod 700 "$DIR"; : > "$DIR/pids"
  echo "${NOTIFY_ENV_SERVER:-dunst}" > "$DIR/server"
  echo "${NOTIFY_ENV_NOTIFY_DELAY:-0}" > "$DIR/notify_delay"

  # 1. Xvfb picks a free display and writes its number once it accepts connections.
  setsid Xvfb -screen 0 1280x800x24 -nolisten tcp -displayfd 3 3>"$DIR/display" >"$DIR/xvfb.log" 2>&1 </dev/null &
  local xpid=$!; echo "xvfb $xpid" >> "$DIR/pids"
  local rc deadline=$(( $(now_ms) + 10000 ))
  while rc=0; xvfb_ready "$xpid" || rc=$?; [ "$rc" -eq 1 ] && (( $(now_ms) < deadline )); do sleep 0.02; done
  [ "$rc" -eq 0 ] || { cat "$DIR/xvfb.log" >&2; stop; die "Xvfb did not start"; }
  echo ":$(head -n1 "$DIR/display")" > "$DIR/display_name"

  # 2. A private session bus without <servicedir>: nothing is D-Bus-activated behind our back.
  cat > "$DIR/session.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path=$DIR/bus</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
CONF
  dbus-daemon --config-file="$DIR/session.conf" --fork --print-address=3 --print-pid=4 \
    3>"$DIR/bus_address.raw" 4>"$DIR/bus_pid" </dev/null >"$DIR/dbus.log" 2>&1 || { stop; die "dbus-daemon failed"; }
  head -n1 "$DIR/bus_address.raw" > "$DIR/bus_address"
  echo "dbus $(head -n1 "$DIR/bus_pid")" >> "$DIR/pids"

  # 3. dunst.
  write_dunstrc
  start_server || { stop; exit 1; }

  # 4. Optional: stop everything once the owner is gone (a test process that crashed).
  if [ -n "${NOTIFY_ENV_OWNER_PID:-}" ]; then
    ( trap '' HUP
      while kill -0 "$NOTIFY_ENV_OWNER_PID" 2>/dev/null; do sleep 1; done
      sed -i '/^watch /d' "$DIR/pids" 2>/dev/null && NOTIFY_ENV_DIR="$DIR" "$0" stop
    ) >/dev/null 2>&1 </dev/null &
    echo "watch $!" >> "$DIR/pids"
  fi

  { echo "export DISPLAY='$(cat "$DIR/display_name")'"
    echo "export DBUS_SESSION_BUS_ADDRESS='$(cat "$DIR/bus_address")'"
    echo "export NOTIFY_ENV_DIR='$DIR'"; } | tee "$DIR/env"
}

stop() {
  [ -f "$DIR/pids" ] || { echo "notify-env: nothing to stop in $DIR" >&2; return 0; }
  local name pid
  # The watcher first (it would run `stop` itself), then reverse start order.
  while read -r name pid; do
    [ -n "$pid" ] && alive "$pid" || continue
    if [ "$name" = watch ]; then owned watch "$pid" && kill -TERM "$pid" 2>/dev/null; continue; fi
    terminate "$name" "$pid"
  done < <(grep '^watch ' "$DIR/pids" || true; grep -v '^watch ' "$DIR/pids" | tac)
  rm -rf "$DIR"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  env) cat "$DIR/env" ;;
  start-server) start_server ;;
  stop-server) stop_server ;;
  server-pid) pid_of dunst || die "dunst is not running in $DIR" ;;
  bus-away) bus_away ;;
  bus-return) bus_return ;;
  *) echo "usage: $0 start|stop|env|start-server|stop-server|server-pid|bus-away|bus-return" >&2; exit 64 ;;
esac
