#!/usr/bin/env bash
# Fails, naming them, when the tests start programs that scripts/install-deps.sh --test does not
# provide. It collects what the tests start from their sources:
#   - Swift (Tests/, Sources/ChimeTestSupport/, Sources/chime-bench/): absolute program paths
#     ("/usr/bin/zsh"), programs found through env ("/usr/bin/env", ["busctl", ...]) and tools a
#     notification environment runs (environment.run("dunstctl", [...]));
#   - the shell scripts the tests run (scripts/*.sh but the install scripts and
#     startup-symbol-order.sh, a developer's tool no test runs): words in command
#     position that are neither shell keywords, builtins nor the script's own functions.
# A program passes when scripts/test-programs.txt lists it and it is installed, or when it comes
# from an Essential Debian package (present on every Debian system).
#   scripts/check-test-programs.sh [ROOT]     # ROOT: the project's root (default: this checkout)
set -euo pipefail
root="${1:-$(cd "$(dirname "$0")/.." && pwd)}"
manifest="$root/scripts/test-programs.txt"

declare -A listed=()
while read -r program package _; do
  [[ -z "$program" || "$program" == \#* ]] && continue
  listed[$program]="$package"
done < "$manifest"

declare -A found=() # program -> first file that starts it
note() { [[ -n "${found[$1]:-}" ]] || found[$1]="$2"; }

swift_files=$(find "$root/Tests" "$root/Sources/ChimeTestSupport" "$root/Sources/chime-bench" -name '*.swift' 2>/dev/null || true)
for file in $swift_files; do
  while read -r name; do note "$name" "${file#"$root"/}"; done < <(
    # A pattern that finds nothing must not end the list (errexit holds in this subshell).
    grep -oE '"/(usr/)?s?bin/[A-Za-z0-9._+-]+"' "$file" | sed -E 's|"/(usr/)?s?bin/||; s|"$||' || true
    grep -oE '"/usr/bin/env", \["[A-Za-z0-9._+-]+"' "$file" | sed -E 's|.*\["||; s|"$||' || true
    grep -oE '\.run\("[A-Za-z0-9._+-]+", \[' "$file" | sed -E 's|\.run\("||; s|", \[$||' || true
  )
done

keywords=$(compgen -k; compgen -b)
without_heredocs() { # the script's command lines: no here-document bodies, no array literal lines
  awk '
    ending != "" { if ($0 == ending) ending = ""; next }
    depth > 0 { depth += gsub(/\(/, "(") - gsub(/\)/, ")"); next }
    {
      print
      if (match($0, /<<-?[ ]*["\047]?[A-Za-z_]+/)) { ending = substr($0, RSTART, RLENGTH); gsub(/[<\-"\047 ]/, "", ending) }
      if (match($0, /=\(/)) { rest = substr($0, RSTART + 1); depth = gsub(/\(/, "(", rest) - gsub(/\)/, ")", rest) }
    }
  ' "$1"
}
for script in "$root"/scripts/*.sh; do
  case "$(basename "$script")" in install-deps.sh|check-test-programs.sh|startup-symbol-order.sh) continue ;; esac
  functions=$(grep -oE '^[[:space:]]*[A-Za-z_][A-Za-z0-9_-]*\(\)' "$script" | tr -d ' \t()' || true)
  while read -r word; do
    [[ -z "$word" ]] && continue
    grep -qxF -- "$word" <<<"$keywords" && continue
    grep -qxF -- "$word" <<<"$functions" && continue
    note "$word" "${script#"$root"/}"
  done < <(without_heredocs "$script" | sed -E 's/#.*$//' |
    grep -oE '(^|[;&|(]|\$\(|\b(exec|setsid|then|do|else|timeout [0-9.]+))[[:space:]]*[A-Za-z][A-Za-z0-9._+-]*([[:space:]]|$)' |
    sed -E 's/[[:space:]]+$//; s/^.*[[:space:];&|(]//' | grep -E '^[A-Za-z]' | sort -u)
done

essential() { # essential PROGRAM: installed from a package that every Debian system has
  local path package
  path=$(type -P -- "$1" 2>/dev/null) || return 1 # the file, not a shell builtin of that name (echo)
  [[ "$path" == /* ]] || return 1
  local candidate
  for candidate in "$path" "$(readlink -f "$path")"; do # dpkg records /bin/sh as well as /usr/bin/dash
    for candidate in "$candidate" "${candidate#/usr}"; do
      package=$(dpkg -S "$candidate" 2>/dev/null | grep -v "^diversion" | head -1 | cut -d: -f1) && [[ -n "$package" ]] && break 2
    done
  done
  [[ -n "$package" && "$(dpkg-query -W -f='${Essential}' "$package" 2>/dev/null)" == yes ]]
}

problems=()
for program in "${!found[@]}"; do
  if [[ -n "${listed[$program]:-}" ]]; then
    command -v -- "$program" >/dev/null 2>&1 ||
      problems+=("$program (started by ${found[$program]}) is listed as package ${listed[$program]}, but is not installed: run scripts/install-deps.sh --test")
  elif ! essential "$program"; then
    problems+=("$program (started by ${found[$program]}) is not provided by scripts/install-deps.sh --test: add it and its Debian package to scripts/test-programs.txt")
  fi
done
if [[ ${#problems[@]} -gt 0 ]]; then
  printf 'check-test-programs: %s\n' "${problems[@]}" >&2
  exit 1
fi
echo "check-test-programs: the ${#found[@]} programs the tests start are all provided"
