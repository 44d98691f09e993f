#!/bin/bash
# Writes scripts/startup-symbol-order.txt: the functions a release `chime` runs for `--version` and
# for `status --format waybar`, which Package.swift asks lld to place side by side.
#
# Two sources, merged in first-seen order: the functions whose first call faulted in a page of
# code (perf page-fault samples), and the functions seen running (perf cpu-clock samples over many
# runs). Each round relinks with the list so far, since functions placed together hide each
# other's faults; a few rounds settle it. Needs perf (Debian: linux-perf) and a release build
# (make bench). Usage: scripts/startup-symbol-order.sh [rounds]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-4}
order=scripts/startup-symbol-order.txt
binary=.build/release/chime
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

command -v perf >/dev/null || { echo "perf is missing (apt-get install linux-perf)" >&2; exit 1; }
[ -x "$binary" ] || { echo "no $binary: build it first (make bench SUITE=cli)" >&2; exit 1; }

# A store like the cli benchmark's smallest, for the waybar path: a few reminders are enough to
# take every branch of the status.
store="$work/store"
mkdir -p "$store/data/chime"
run() { env -i XDG_DATA_HOME="$store/data" XDG_RUNTIME_DIR="$store/run" HOME="$store" TZ=UTC NO_COLOR=1 "$binary" "$@"; }
for n in 1 2 3; do run remind in "${n}h" "reminder $n" >/dev/null 2>&1; done

# Prints the functions of `binary` whose code pages faulted during one run of `run "$@"`.
faulting_functions() {
    perf record -q -o "$work/faults.data" -d -e page-faults -c 1 -- env -i XDG_DATA_HOME="$store/data" \
        XDG_RUNTIME_DIR="$store/run" HOME="$store" TZ=UTC NO_COLOR=1 "$binary" "$@" >/dev/null 2>&1
    perf script -i "$work/faults.data" --show-mmap-events -F addr 2>/dev/null >"$work/faults.txt"
    nm -n --defined-only "$binary" | awk '$2 ~ /^[tTwW]$/ {print $1, $3}' >"$work/functions.txt"
    python3 - "$binary" "$work/faults.txt" "$work/functions.txt" <<'PYTHON'
import bisect, re, sys
binary, faults, functions = sys.argv[1:]
starts, names = [], []
for line in open(functions):
    address, name = line.split()
    starts.append(int(address, 16)); names.append(name)
load = None
for line in open(faults):
    if load is None and "MMAP" in line and line.rstrip().endswith(binary.split("/")[-1]):
        match = re.search(r"\[(0x[0-9a-f]+)\((0x[0-9a-f]+)\) @ (0x[0-9a-f]+|0)", line)
        if match: load = int(match.group(1), 16) - int(match.group(3), 16)
        continue
    fields = line.split()
    if load is None or len(fields) != 1: continue
    offset = int(fields[0], 16) - load
    index = bisect.bisect_right(starts, offset) - 1
    if 0 <= index and starts[0] <= offset <= starts[-1] + 65536: print(names[index])
PYTHON
}

# Prints the functions of `binary` seen running over many runs of both commands.
running_functions() {
    perf record -q -o "$work/samples.data" -F 20000 -e cpu-clock -- bash -c '
        for _ in $(seq 100); do "$@" --version; "$@" status --format waybar; done >/dev/null' _ \
        env -i XDG_DATA_HOME="$store/data" XDG_RUNTIME_DIR="$store/run" HOME="$store" TZ=UTC NO_COLOR=1 "$binary" 2>/dev/null
    perf report -i "$work/samples.data" --comm chime --dsos chime --stdio --sort sym --no-demangle 2>/dev/null |
        sed -nE 's/.*\[\.\] ([^ ]+).*/\1/p'
}

touch "$order"
for round in $(seq "$rounds"); do
    { cat "$order"; faulting_functions --version; faulting_functions status --format waybar; running_functions; } |
        grep -vE '^0x|@plt$' | awk '!seen[$0]++' >"$work/order.txt"
    cp "$work/order.txt" "$order"
    echo "round $round: $(wc -l <"$order") functions" >&2
    # SwiftPM does not see the list as an input of the link: remove the binary to relink it.
    rm -f "$(readlink -f "$binary")"
    ${SWIFT:-swift} build -c release --static-swift-stdlib --product chime >/dev/null
done
