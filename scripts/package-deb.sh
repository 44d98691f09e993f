#!/usr/bin/env bash
# Builds the Debian package of Chime with dpkg-deb from a release build (`make deb` calls it):
#   scripts/package-deb.sh VERSION BUILD_DIR MAN_DIR OUTPUT.deb
# Programs go to /usr/bin, the user unit to /usr/lib/systemd/user, the manual pages (English,
# and Chinese in /usr/share/man/zh_CN/man1), the bash,
# zsh and fish completions to their vendor directories, README and copyright to
# /usr/share/doc/chime. Depends are computed by dpkg-shlibdeps from what the programs link, plus
# libdbus-1-3, which chime loads for `chime doctor`, and libical, which both load for calendars.
set -euo pipefail
version="$1" build="$2" man="$3" output="$4"
here="$(cd "$(dirname "$0")/.." && pwd)"
[ -n "$version" ] || { echo "package-deb: no version (Sources/ChimeCore/ChimeVersion.swift)" >&2; exit 65; }
for file in "$build/chime" "$build/chimed" "$man/chime.1" "$man/chimed.1" "$man/zh_CN/man1/chime.1" "$man/zh_CN/man1/chimed.1"; do
  [ -f "$file" ] || { echo "package-deb: $file is missing: run make deb" >&2; exit 66; }
done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
root="$work/chime"
doc="$root/usr/share/doc/chime"
install -d "$root/DEBIAN" "$root/usr/bin" "$root/usr/lib/systemd/user" "$root/usr/share/man/man1" "$root/usr/share/man/zh_CN/man1" "$doc" \
  "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
  "$root/usr/share/fish/vendor_completions.d"

# Stripped (Debian policy): the symbol table only serves debuggers, and halves the size.
for program in chime chimed; do
  install -m 0755 "$build/$program" "$root/usr/bin/$program"
  strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/$program"
done
sed 's|@BINDIR@|/usr/bin|g' "$here/Examples/systemd/chimed.service" > "$root/usr/lib/systemd/user/chimed.service"
for page in chime.1 chimed.1; do
  gzip -9n < "$man/$page" > "$root/usr/share/man/man1/$page.gz"
  gzip -9n < "$man/zh_CN/man1/$page" > "$root/usr/share/man/zh_CN/man1/$page.gz"
done
"$build/chime" completions bash > "$root/usr/share/bash-completion/completions/chime"
"$build/chime" completions zsh > "$root/usr/share/zsh/vendor-completions/_chime"
"$build/chime" completions fish > "$root/usr/share/fish/vendor_completions.d/chime.fish"
gzip -9n < "$here/README.md" > "$doc/README.md.gz"
install -m 0644 "$here/debian/copyright" "$doc/copyright"
# A native package's changelog: this release, dated by the last commit (reproducible).
date="$(git -C "$here" log -1 --format=%aD 2>/dev/null || date -R)"
printf 'chime (%s) unstable; urgency=medium\n\n  * Release %s.\n\n -- Chime developers <chime@users.noreply.github.com>  %s\n' \
  "$version" "$version" "$date" | gzip -9n > "$doc/changelog.gz"
find "$root" -type d -exec chmod 0755 {} +
find "$root/usr" -type f ! -path "$root/usr/bin/*" -exec chmod 0644 {} +

# dpkg-shlibdeps reads a source package's control file: give it a minimal one.
mkdir -p "$work/source/debian"
printf 'Source: chime\n\nPackage: chime\nArchitecture: amd64\n' > "$work/source/debian/control"
depends="$(cd "$work/source" && dpkg-shlibdeps -O -e"$root/usr/bin/chime" -e"$root/usr/bin/chimed" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')"
[ -n "$depends" ] || { echo "package-deb: dpkg-shlibdeps found no dependencies" >&2; exit 70; }
# Packed relative relocations (Package.swift) need the loader of glibc 2.36 (the programs name
# GLIBC_ABI_DT_RELR), which dpkg-shlibdeps does not count: libc6's minimum is raised to it.
versions="$(readelf -V "$root/usr/bin/chime" "$root/usr/bin/chimed")"
if grep -q GLIBC_ABI_DT_RELR <<<"$versions"; then
  libc_minimum="$(sed -nE 's/.*libc6 \(>= ([^)]*)\).*/\1/p' <<<"$depends")"
  if [ -z "$libc_minimum" ] || dpkg --compare-versions "$libc_minimum" lt 2.36; then
    depends="$(sed -E 's/libc6( \(>= [^)]*\))?/libc6 (>= 2.36)/' <<<"$depends")"
  fi
fi
# chime loads libdbus-1 with dlopen for `chime doctor` (linking it would load it at every start),
# so dpkg-shlibdeps cannot see it.
depends="$depends, libdbus-1-3"
# The dependency on a library loaded with dlopen, which dpkg-shlibdeps cannot see: its package and
# version as the installed library's shlibs file names them. Usage: loaded_depends FILE NAME SOVERSION DEV
loaded_depends() {
  local package found=""
  package="$(dpkg-query -S "$1" 2>/dev/null | cut -d: -f1)" || package=""
  [ -z "$package" ] || found="$(sed -nE "s/^$2[[:space:]]+$3[[:space:]]+(.+)\$/\\1/p" "$(dpkg-query --control-path "$package" shlibs)")"
  [ -n "$found" ] || { echo "package-deb: no installed package names $1 in its shlibs: install $4" >&2; exit 70; }
  depends="$depends, $found"
}
# Both programs load libical with dlopen when they read or write a calendar (CLibicalLoader):
# libical3 (>= 3.0.16).
loaded_depends /usr/lib/x86_64-linux-gnu/libical.so.3 libical 3 libical-dev
# Both programs load SQLite with dlopen when they open the store (CSQLite): libsqlite3-0.
loaded_depends /usr/lib/x86_64-linux-gnu/libsqlite3.so.0 libsqlite3 0 libsqlite3-dev

cat > "$root/DEBIAN/control" <<CONTROL
Package: chime
Version: $version
Architecture: amd64
Maintainer: Chime developers <chime@users.noreply.github.com>
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Recommends: dbus-user-session
Suggests: dunst | notification-daemon
Section: utils
Priority: optional
Description: fasting, water and reminder notifications for the Linux desktop
 Chime schedules desktop notifications from the terminal: the end of an
 intermittent fast (16:8, 18:6, OMAD, ...) with nudges before it, water
 reminders within active hours that stop once the day's goal is met, and
 one-off reminders.
 .
 chime records fasts, water schedules and reminders in a SQLite database;
 the user daemon chimed, run as a systemd user service, shows each
 notification on time through the desktop's notification server.
CONTROL
(cd "$root" && find usr -type f -exec md5sum {} + | sort -k2) > "$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
dpkg-deb --root-owner-group -Zxz --build "$root" "$output" >/dev/null
echo "package-deb: built $output ($(du -h "$output" | cut -f1))"
