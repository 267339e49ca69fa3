#!/usr/bin/env bash
# Guards the engine against decay: callgrind's instruction count per diff of scenarios c (no
# change, 10,000 items: the fixed cost of a call) and d (10,000 items shuffled: the LIS and
# the symbol table), checked against the ceilings in scripts/instruction-ceilings.txt (10%
# above what was measured when they were set). Counts, not seconds, so a noisy machine cannot
# fail it. Per diff = (count of 11 diffs − count of 1) / 10, which leaves out the first call's
# one-time costs; building the scenario is never counted (listdiff-bench --diffs).
#
# usage: scripts/instruction-guard.sh [--skip-build] [--update]
#   --update  rewrites the ceilings as this run's counts plus 10% (after a change that makes
#             the engine cheaper — or, said in the commit, dearer on purpose)
set -euo pipefail
cd "$(dirname "$0")/.."
skip_build=0
update=0
for arg in "$@"; do
  case "$arg" in
    --skip-build) skip_build=1 ;;
    --update) update=1 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "instruction-guard: unknown argument '$arg'" >&2; exit 2 ;;
  esac
done
# shellcheck source=lib/install.sh
. scripts/lib/install.sh
install_if_missing valgrind valgrind
[ "$skip_build" -eq 1 ] || swift build -c release --product listdiff-bench 2>&1 | tail -1
bench="$(swift build -c release --show-bin-path)/listdiff-bench"
ceilings=scripts/instruction-ceilings.txt

count() {
  valgrind --tool=callgrind --toggle-collect='*InstructionDriver*' --callgrind-out-file=/dev/null \
    "$bench" --filter "$1" --diffs "$2" 2>&1 > /dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

failed=0
measured=()
for scenario in c d; do
  one=$(count "$scenario" 1)
  eleven=$(count "$scenario" 11)
  per=$(( (eleven - one) / 10 ))
  measured+=("$scenario $per")
  ceiling=$(awk -v s="$scenario" '$1 == s { print $2 }' "$ceilings" 2> /dev/null || true)
  if [ -z "$ceiling" ]; then
    echo "FAIL  $scenario: $per instructions per diff; no ceiling in $ceilings"
    failed=1
  elif [ "$per" -le "$ceiling" ]; then
    echo "ok    $scenario: $per instructions per diff (ceiling $ceiling)"
  else
    echo "FAIL  $scenario: $per instructions per diff, over the ceiling of $ceiling"
    failed=1
  fi
done
if [ "$update" -eq 1 ]; then
  {
    echo "# Instructions per diff (callgrind, listdiff-bench --diffs), 10% above the counts measured"
    echo "# when set; scripts/instruction-guard.sh checks them in CI and --update rewrites them."
    for line in "${measured[@]}"; do
      set -- $line
      echo "$1 $(( $2 * 11 / 10 ))"
    done
  } > "$ceilings"
  echo "ceilings written to $ceilings"
  exit 0
fi
exit "$failed"
