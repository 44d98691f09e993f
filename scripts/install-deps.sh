#!/usr/bin/env bash
# Checks for a Swift 6 toolchain and installs the Debian packages Chime needs, when any is missing.
#   scripts/install-deps.sh          # build + run: libnotify, SQLite, libical, libdbus, pkg-config
#   scripts/install-deps.sh --package # also what `make deb` needs: dpkg-dev, binutils
#   scripts/install-deps.sh --test   # also every program the tests start (scripts/test-programs.txt)
# Exits 69 when no Swift 6.0 or newer toolchain is found (it cannot be installed from Debian).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

# The toolchain: $SWIFT (the Makefile passes its choice), else `swift` on PATH, else the
# documented place /opt/swift.
swift="${SWIFT:-$(command -v swift || true)}"
[ -n "$swift" ] || { [ -x /opt/swift/usr/bin/swift ] && swift=/opt/swift/usr/bin/swift; }
command -v "$swift" >/dev/null 2>&1 || swift=""
version=""
[ -n "$swift" ] && version="$("$swift" --version 2>/dev/null | sed -nE 's/.*Swift version ([0-9]+)\.([0-9]+).*/\1.\2/p' | head -1)"
if [ -z "$version" ] || [ "${version%%.*}" -lt 6 ]; then
  found="${version:+Swift $version at $swift is older}"
  echo "chime: building Chime needs a Swift 6.0 or newer toolchain, and ${found:-none was found (${SWIFT:+SWIFT=$SWIFT does not run, }swift is not on PATH nor at /opt/swift/usr/bin/swift)}: install Swift 6.x for Linux from swift.org and put its usr/bin on PATH, or unpack it at /opt/swift" >&2
  exit 69
fi

packages=(libnotify-dev libsqlite3-dev libical-dev libdbus-1-dev pkg-config)
if [ "${1:-}" = "--package" ]; then
  packages+=(dpkg-dev binutils)
fi
if [ "${1:-}" = "--test" ]; then
  # Every program a test starts comes from scripts/test-programs.txt (the check reads it too).
  while read -r program package _; do
    case "$program" in ''|\#*) continue ;; esac
    packages+=("$package")
  done < "$here/test-programs.txt"
  # The D-Bus daemon configuration and X server the notification tests run, the Python
  # modules the scripted notification server (scripts/scripted-notify-server.py) imports, and
  # the GSettings schema of GNOME's do-not-disturb (org.gnome.desktop.notifications), and
  # python-dbusmock, whose logind template stands in for logind (Sources/ChimeTestSupport/DBusMock.swift),
  # and python3-venv, in which scripts/calendar-oracle-venv.sh installs the calendar tests' oracle
  # (recurring-ical-events 3.8.2 from PyPI; Debian's 2.0.1 has no alarms).
  packages+=(dbus xvfb python3-dbus python3-gi gsettings-desktop-schemas python3-dbusmock python3-venv)
fi

missing=()
declare -A seen=()
for package in "${packages[@]}"; do
  [ -n "${seen[$package]:-}" ] && continue
  seen[$package]=1
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "chime: installing ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "chime: need root or sudo to install: ${missing[*]}" >&2; exit 69; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
