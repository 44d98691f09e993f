#!/usr/bin/env bash
# Installs the Debian packages Chime needs to build, run and test, when any is missing.
#   scripts/install-deps.sh          # build + run: libnotify, SQLite, pkg-config
#   scripts/install-deps.sh --test   # also what the tests need: dunst, Xvfb, D-Bus tools
set -euo pipefail

packages=(libnotify-dev libsqlite3-dev pkg-config)
if [ "${1:-}" = "--test" ]; then
  packages+=(dunst notification-daemon notify-osd python3-dbus python3-gi xvfb dbus dbus-x11 dbus-bin libglib2.0-bin systemd procps sqlite3)
fi

missing=()
for package in "${packages[@]}"; do
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
