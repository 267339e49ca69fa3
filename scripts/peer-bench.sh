#!/usr/bin/env bash
# peer-bench.sh: ListDiff against DifferenceKit and ListKit on the standard diff scenarios
# (a, a-str, a-str41, b, c, d, d2, e, e2, f, f2, g of docs/benchmarks.md), side by side in one
# process: for each scenario every library's median time (5 warm-ups + 15 timed runs, the
# libraries interleaved round by round), its operation counts (to show they solved the same
# problem) and ListDiff's median over the best peer's.
#
# Each scenario uses the peer API that solves the same problem: one section, DifferenceKit's
# flat diff, ListKit's Heckel diff and its sectioned diff of one section; several sections (e,
# e2), DifferenceKit's ArraySection diff and ListKit's sectioned diff; contents compared (g),
# DifferenceKit alone (ListKit does not compare contents).
#
# It assembles a throwaway package in a temporary directory: ListDiff (the checkout given) and
# DifferenceKit by local path, ListKit's diff sources (Sources/ListKit/Algorithm and Snapshot of
# Iron-Ham/Lists; its package needs iOS and fetches other packages) as a target beside the
# harness (scripts/peer-bench/), built release with cross-module optimisation. The peers' code
# is never part of this repository; CI does not run this (it has no internet for the peers).
#
# Usage:
#   bash scripts/peer-bench.sh --listdiff CHECKOUT --differencekit DIR --listkit DIR \
#       [--rounds N] [--scenarios a,c,...] [--work DIR] [--build-only] [-- HARNESS-ARGS]
#     --differencekit  a checkout of ra1028/DifferenceKit (measured at 02ca196)
#     --listkit        a checkout of Iron-Ham/Lists (measured at 2dd778b)
#     --work DIR       assemble and build in DIR and keep it (a later run rebuilds incrementally)
#     --build-only     build, print the binary's path, run nothing
#     --default-allocator  glibc's default malloc settings; otherwise those listdiff-server runs
#                      with (AllocatorTuning.retainFreedMemory: freed memory kept, blocks under
#                      4 MiB from the heap), for every library alike — with glibc's defaults a
#                      large diff's memory goes back to the kernel after it and the next diff,
#                      whichever library's, pays its page faults again
#   Anything after -- goes to the harness: `-- --peers "ListKit sectioned"` keeps only the peers
#   named (by prefix); `-- --profile c "ListKit sectioned" 11` runs one library's diff of one
#   scenario 11 times untimed (for callgrind or perf stat: N=11 minus N=1, over 10).
# Run it under the CPU lock on a shared machine, with the load noted:
#   cat /proc/loadavg; flock /tmp/listdiff-cpu.lock bash scripts/peer-bench.sh ... > out.txt 2>&1
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
listdiff="" differencekit="" listkit="" work="" build_only=0 default_allocator=0
harness_args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --listdiff) listdiff=$2; shift 2 ;;
        --differencekit) differencekit=$2; shift 2 ;;
        --listkit) listkit=$2; shift 2 ;;
        --rounds) harness_args+=(--rounds "$2"); shift 2 ;;
        --scenarios) harness_args+=(--scenarios "$2"); shift 2 ;;
        --work) work=$2; shift 2 ;;
        --build-only) build_only=1; shift ;;
        --default-allocator) default_allocator=1; shift ;;
        --) shift; harness_args+=("$@"); break ;;
        *) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2 ;;
    esac
done
for dir in "$listdiff/Package.swift" "$differencekit/Package.swift" "$listkit/Sources/ListKit/Algorithm"; do
    [ -e "$dir" ] || { echo "peer-bench: missing $dir (see --help)" >&2; exit 2; }
done
listdiff=$(cd "$listdiff" && pwd)
differencekit=$(cd "$differencekit" && pwd)
listkit=$(cd "$listkit" && pwd)

if [ -z "$work" ]; then
    work=$(mktemp -d /tmp/peer-bench.XXXXXX)
    trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work/Sources/peer-bench" "$work/Sources/ListKit"
# A package's identity is its directory's name, lower-cased.
identity() { basename "$1" | tr '[:upper:]' '[:lower:]'; }
sed -e "s|@LISTDIFF@|$listdiff|; s|@DIFFERENCEKIT@|$differencekit|" \
    -e "s|@LISTDIFF_ID@|$(identity "$listdiff")|g; s|@DIFFERENCEKIT_ID@|$(identity "$differencekit")|g" \
    "$here/peer-bench/Package.swift.in" > "$work/Package.swift"
ln -sfn "$listdiff/Sources/ListDiffScenarios" "$work/Sources/PeerScenarios"
ln -sfn "$listkit/Sources/ListKit/Algorithm" "$work/Sources/ListKit/Algorithm"
ln -sfn "$listkit/Sources/ListKit/Snapshot" "$work/Sources/ListKit/Snapshot"
cp "$here"/peer-bench/ListKit*.swift "$work/Sources/ListKit/"
cp "$here"/peer-bench/main.swift "$here"/peer-bench/Contenders.swift "$here"/peer-bench/Scenarios.swift \
    "$work/Sources/peer-bench/"

swift build -c release --package-path "$work" --product peer-bench -Xswiftc -cross-module-optimization >&2
binary="$work/.build/release/peer-bench"
# The commit of each checkout (its path when it is not a git checkout, e.g. a git archive).
revision() { git -C "$1" rev-parse --short HEAD 2>/dev/null || echo "$1"; }
echo "peer-bench: ListDiff $(revision "$listdiff"), DifferenceKit $(revision "$differencekit")," \
    "ListKit $(revision "$listkit"); $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | sed 's/^ //')"
if [ "$build_only" = 1 ]; then echo "$binary"; exit 0; fi
tunables="glibc.malloc.mmap_threshold=4194304:glibc.malloc.trim_threshold=2147483647:glibc.malloc.top_pad=16777216"
if [ "$default_allocator" = 1 ]; then tunables=""; fi
echo "peer-bench: allocator: ${tunables:-glibc defaults}"
GLIBC_TUNABLES=$tunables "$binary" ${harness_args[@]+"${harness_args[@]}"}
