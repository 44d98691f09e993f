#!/usr/bin/env bash
# Checks the Debian package as a user gets it (`make package-test`, part of `make test`):
#   scripts/check-package.sh chime_VERSION_amd64.deb
# lintian reports no errors; it installs with apt-get; ldd of the installed programs names
# nothing from the Swift toolchain; and /usr/bin/chime --version, man chime, and chime doctor
# against the installed chimed and a private dunst work with a bare environment and the
# toolchain's library directory hidden.
set -euo pipefail
deb="$(realpath "$1")"
here="$(cd "$(dirname "$0")/.." && pwd)"
fail() { echo "check-package: $*" >&2; exit 1; }
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"

echo "check-package: lintian $deb"
report="$(lintian --fail-on error --tag-display-limit 0 "$deb" 2>&1)" || { echo "$report" >&2; fail "lintian reports errors on $deb"; }
grep -v "running with root privileges" <<<"$report" || true

# A machine that did not have Chime installed gets it removed again afterwards.
preinstalled="$(dpkg-query -W -f='${Status}' chime 2>/dev/null | grep -c "install ok installed" || true)"
work="$(mktemp -d)"
cleanup() {
  [ "$preinstalled" = 1 ] || $sudo dpkg --purge chime >/dev/null 2>&1 || true
  [ -f "$work/chimed.pid" ] && kill "$(cat "$work/chimed.pid")" 2>/dev/null || true
  NOTIFY_ENV_DIR="$work/notify" "$here/scripts/notify-env.sh" stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get install -y -qq --reinstall "$deb" >/dev/null || fail "apt-get cannot install $deb"
version="$(dpkg-query -W -f='${Version}' chime)"

swift="$(command -v swift || echo /opt/swift/usr/bin/swift)"
toolchain="$(cd "$(dirname "$(readlink -f "$swift")")/.." 2>/dev/null && pwd || echo /opt/swift/usr)"
for program in /usr/bin/chime /usr/bin/chimed; do
  libraries="$(ldd "$program")"
  if grep -qE "not found|$toolchain|libswift|libFoundation" <<<"$libraries"; then
    fail "$program still loads from the toolchain or misses a library: $(grep -E "not found|$toolchain|libswift|libFoundation" <<<"$libraries" | tr '\n' ' ')"
  fi
done
echo "check-package: ldd of /usr/bin/chime and /usr/bin/chimed names no library of the toolchain ($toolchain)"

# The rest runs with a bare environment; as root, in a mount namespace where the toolchain's
# libraries are hidden under an empty tmpfs, so nothing can be loaded from there.
mkdir -p "$work/home" "$work/run" && chmod 0700 "$work/run"
eval "$(NOTIFY_ENV_DIR="$work/notify" NOTIFY_ENV_OWNER_PID=$$ "$here/scripts/notify-env.sh" start)"
cat > "$work/installed.sh" <<SCRIPT
set -eu
if [ -d "$toolchain/lib" ] && [ "\$(id -u)" -eq 0 ] && command -v unshare >/dev/null; then
  mount -t tmpfs none "$toolchain/lib"
fi
[ -z "\$(ls -A "$toolchain/lib" 2>/dev/null)" ] && echo "check-package: the toolchain's libraries are hidden"
bare_env=(PATH=/usr/bin:/bin HOME="$work/home" XDG_RUNTIME_DIR="$work/run" TZ=Europe/Berlin
  DBUS_SESSION_BUS_ADDRESS="$DBUS_SESSION_BUS_ADDRESS")
bare() { env -i "\${bare_env[@]}" "\$@"; }
test "\$(bare /usr/bin/chime --version)" = "chime $version"
test "\$(bare /usr/bin/chimed --version)" = "chimed $version"
bare MANPAGER=cat man chime | grep -q "chime - fasting and water reminders" || { echo "check-package: man chime shows no page" >&2; exit 1; }
bare MANPAGER=cat man chimed | grep -q "chimed - the Chime scheduler daemon" || { echo "check-package: man chimed shows no page" >&2; exit 1; }
# A static chime knows named zones only through FoundationInternationalization, which it links
# because ChimeTimeZone refers to it: a debug build (dynamic) would never show it missing.
bare /usr/bin/chime config set time_zone Asia/Shanghai >/dev/null || { echo "check-package: the installed chime knows no named zone" >&2; exit 1; }
bare /usr/bin/chime config set time_zone system >/dev/null
# Started as a plain command, not through the function: then \$! is chimed itself (env execs it),
# and the kill below ends chimed rather than a subshell that would leave it running.
env -i "\${bare_env[@]}" /usr/bin/chimed --foreground > "$work/chimed.out" 2> "$work/chimed.err" &
echo \$! > "$work/chimed.pid"
for _ in \$(seq 100); do [ -S "$work/run/chime/chimed.sock" ] && break; sleep 0.1; done
bare /usr/bin/chime remind in 1h "from the package" >/dev/null
if ! bare /usr/bin/chime doctor > "$work/doctor.out" 2>&1; then
  cat "$work/doctor.out" "$work/chimed.err" >&2
  echo "check-package: the installed chime doctor found a problem" >&2
  exit 1
fi
kill \$(cat "$work/chimed.pid"); wait \$(cat "$work/chimed.pid") || true
# A chimed that stopped has removed its socket; one left running (killed the wrong process) has not.
if [ -S "$work/run/chime/chimed.sock" ]; then echo "check-package: the installed chimed did not stop" >&2; exit 1; fi
rm -f "$work/chimed.pid"
SCRIPT
if [ "$(id -u)" -eq 0 ] && command -v unshare >/dev/null; then
  unshare -m bash "$work/installed.sh"
else
  bash "$work/installed.sh"
fi
cat "$work/doctor.out"
echo "check-package: $deb installs, and the installed chime $version runs without the toolchain"
