#!/usr/bin/env bash
# Guards the engine, the wire and the service against decay: callgrind's instruction count
# per diff of scenarios c (no change, 10,000 items: the fixed cost of a call), d (10,000 items
# shuffled: the LIS and the symbol table), e and e2 (100 sections; e2 adds section changes
# that stage the changeset: its cost is at most 1.5× e's), per request of the 20-item
# POST /v1/diff (scripts/samples/diff-20.json, request-20) and of the 1,000-item one
# (scripts/samples/diff-1k.json, request-1k) served by the release listdiff-server — the event
# loop's and the worker's threads only: reading, parsing, routing, decoding, diffing, writing
# and sending — and the heap allocations (glibc malloc and its kin) per 20-item request
# (allocs-20), checked against the ceilings in scripts/instruction-ceilings.txt (10% above
# what was measured when they were set). Counts, not seconds, so a noisy machine cannot fail
# it. Per diff = (count of 11 diffs − count of 1) / 10 and per request = (count of 1,001
# requests − count of 1) / 1,000 (21 and 20 for request-1k), which leaves out one-time costs
# (the first call's metadata, the server's start). The wire's decode and bytes → changeset
# bytes on a-str are checked too, by ceiling and by ratio (below).
#
# usage: scripts/instruction-guard.sh [--skip-build] [--update] [--server PATH]
#   --update  rewrites the ceilings as this run's counts plus 10% (after a change that makes
#             the engine cheaper — or, said in the commit, dearer on purpose)
#   --server  the listdiff-server binary to measure (default: built here, as the Dockerfile
#             and CI build it: release, the Swift runtime linked in statically — in a build
#             folder of its own, .build/static, so plain release builds are not redone)
set -euo pipefail
cd "$(dirname "$0")/.."
skip_build=0
update=0
server=""
while [ $# -gt 0 ]; do
  case "$1" in
    --skip-build) skip_build=1 ;;
    --update) update=1 ;;
    --server) server="${2:?--server needs a path}"; shift ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) echo "instruction-guard: unknown argument '$1'" >&2; exit 2 ;;
  esac
  shift
done
# shellcheck source=lib/install.sh
. scripts/lib/install.sh
install_if_missing valgrind valgrind
[ "$skip_build" -eq 1 ] || swift build -c release --product listdiff-bench 2>&1 | tail -1
bench="$(swift build -c release --show-bin-path)/listdiff-bench"
if [ -z "$server" ]; then
  [ "$skip_build" -eq 1 ] || swift build -c release --static-swift-stdlib --scratch-path .build/static --product listdiff-server 2>&1 | tail -1
  server="$(swift build -c release --scratch-path .build/static --show-bin-path)/listdiff-server"
fi
# shellcheck source=lib/wait-for-port.sh
. scripts/lib/wait-for-port.sh
ceilings=scripts/instruction-ceilings.txt

count() {
  valgrind --tool=callgrind --toggle-collect='*InstructionDriver*' --callgrind-out-file=/dev/null \
    "$bench" --filter "$1" --diffs "$2" 2>&1 > /dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

# The instructions and the heap allocations ("instructions allocations") of the event loop's
# thread (one loop, so every request is on it) and the worker's (a large body is diffed there)
# while they serve $2 POST /v1/diff requests of the body file $1 on one keep-alive connection.
count_requests() {
  local port log="/tmp/listdiff-guard-$$.log" profile="/tmp/listdiff-guard-$$.callgrind" pid
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
  valgrind --tool=callgrind --toggle-collect='$s12ListDiffHTTP9EventLoopC3runyyF' \
    --toggle-collect='$s15ListDiffThreads*runJobs*' --callgrind-out-file="$profile" \
    "$server" --port "$port" --event-loops 1 --workers 1 --log-level warning > /dev/null 2> "$log" &
  pid=$!
  wait_for_port "$port" 60 || { kill "$pid"; cat "$log" >&2; return 1; }
  python3 scripts/lib/post_repeatedly.py "$port" /v1/diff "$1" "$2"
  kill -TERM "$pid"
  wait "$pid" || { cat "$log" >&2; return 1; }
  echo "$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$log") $(python3 scripts/lib/callgrind_allocations.py "$profile")"
  rm -f "$log" "$profile"
}

# "count_requests of $3 − count_requests of 1, divided by $3 − 1": instructions and
# allocations per request of the body file $1, into the variables named $2_instructions and
# $2_allocations.
per_request() {
  local one many
  one=$(count_requests "$1" 1)
  many=$(count_requests "$1" "$3")
  set -- "$2" "$3" $one $many
  printf -v "$1_instructions" '%s' $(( ($5 - $3) / ($2 - 1) ))
  printf -v "$1_allocations" '%s' $(( ($6 - $4) / ($2 - 1) ))
}

failed=0
measured=()
# Records count $2 of $1 (in unit $3) and checks it against its ceiling.
check_ceiling() {
  local ceiling
  measured+=("$1 $2")
  ceiling=$(awk -v s="$1" '$1 == s { print $2 }' "$ceilings" 2> /dev/null || true)
  if [ -z "$ceiling" ]; then
    echo "FAIL  $1: $2 $3; no ceiling in $ceilings"
    failed=1
  elif [ "$2" -le "$ceiling" ]; then
    echo "ok    $1: $2 $3 (ceiling $ceiling)"
  else
    echo "FAIL  $1: $2 $3, over the ceiling of $ceiling"
    failed=1
  fi
}
# A thousand small requests: the loop's once-a-second housekeeping (its statistics), which runs
# about fifty times as often per request under callgrind as it does at full speed, then adds
# tens of instructions a request, not the hundreds — varying with the machine's speed — that a
# hundred gave.
per_request scripts/samples/diff-20.json small 1001
per_request scripts/samples/diff-1k.json large 21
for scenario in c d e e2 request-20 allocs-20 request-1k; do
  if [ "$scenario" = request-20 ]; then
    per=$small_instructions
    unit="instructions per request"
  elif [ "$scenario" = allocs-20 ]; then
    per=$small_allocations
    unit="heap allocations per request"
  elif [ "$scenario" = request-1k ]; then
    per=$large_instructions
    unit="instructions per request"
  else
    one=$(count "$scenario" 1)
    many=$(count "$scenario" 11)
    per=$(( (many - one) / 10 ))
    unit="instructions per diff"
  fi
  check_ceiling "$scenario" "$per" "$unit"
done
# Issue 38's targets for the 20-item request, met since: at most 55,000 instructions and at most
# 20 heap allocations.
if [ "$small_instructions" -le 55000 ] && [ "$small_allocations" -le 20 ]; then
  echo "ok    request-20 target: $small_instructions instructions, $small_allocations allocations (at most 55,000 and 20)"
else
  echo "FAIL  request-20 target: $small_instructions instructions, $small_allocations allocations (at most 55,000 and 20)"
  failed=1
fi
# Staged changesets against single ones: e2 at most 1.5× e.
per_e=$(printf '%s\n' "${measured[@]}" | awk '$1 == "e" { print $2 }')
per_e2=$(printf '%s\n' "${measured[@]}" | awk '$1 == "e2" { print $2 }')
staged_ratio=$(awk -v a="$per_e2" -v b="$per_e" 'BEGIN { printf "%.2f", a / b }')
if [ $(( per_e2 * 2 )) -le $(( per_e * 3 )) ]; then
  echo "ok    e2 / e: ${staged_ratio}× (staged changeset over the single one; at most 1.5×)"
else
  echo "FAIL  e2 / e: ${staged_ratio}× (staged changeset over the single one), over 1.5×"
  failed=1
fi
# The wire on a-str (listdiff-bench's WireBodies.aString: 10,000 short string identifiers a
# side, half of them new): decoding by WireDecoder and by Foundation's JSONDecoder, bytes →
# changeset bytes, and the engine alone (scenario a-str). Per run = (count of 4 runs − count of 1) / 3: JSONDecoder is slow under callgrind.
# Each has a ceiling, and their ratios have bounds: JSONDecoder over decoding at least
# min_decoder_ratio, bytes → changeset bytes over the engine at most max_engine_percent: issue
# 38's targets, 15× and 130% (17.9× and 129% when set, since the diff matches a decoded
# request's items by their intern-table codes instead of hashing them again).
min_decoder_ratio=15
max_engine_percent=130
wire_count() {
  local one many
  one=$(count "$1" 1)
  many=$(count "$1" 4)
  echo $(( (many - one) / 3 ))
}
decode=$(wire_count wire-a-str)
foundation=$(wire_count wire-a-str-jsondecoder)
e2e=$(wire_count wire-e2e-a-str)
engine=$(wire_count a-str)
check_ceiling wire-a-str "$decode" "instructions per run"
check_ceiling wire-e2e-a-str "$e2e" "instructions per run"
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
if [ "$decode" -gt 0 ] && [ "$foundation" -ge $(( decode * min_decoder_ratio )) ]; then
  echo "ok    wire-a-str: JSONDecoder takes $(ratio "$foundation" "$decode")× its instructions ($foundation; at least ${min_decoder_ratio}×)"
else
  echo "FAIL  wire-a-str: JSONDecoder takes $(ratio "$foundation" "$decode")× its instructions ($foundation), under ${min_decoder_ratio}×"
  failed=1
fi
if [ $(( e2e * 100 )) -le $(( engine * max_engine_percent )) ]; then
  echo "ok    wire-e2e-a-str: $(ratio "$e2e" "$engine")× the engine's instructions ($engine; at most ${max_engine_percent}%)"
else
  echo "FAIL  wire-e2e-a-str: $(ratio "$e2e" "$engine")× the engine's instructions ($engine), over ${max_engine_percent}%"
  failed=1
fi
if [ "$update" -eq 1 ]; then
  {
    echo "# Instructions per diff (callgrind, listdiff-bench --diffs), per 20- and 1,000-item"
    echo "# POST /v1/diff (request-20, request-1k: the release server's event loop and worker), heap"
    echo "# allocations per 20-item one (allocs-20) and per wire run on a-str (wire-a-str: decoding;"
    echo "# wire-e2e-a-str: bytes → changeset bytes), 10% above the counts measured when set;"
    echo "# scripts/instruction-guard.sh checks them in CI and --update rewrites them."
    for line in "${measured[@]}"; do
      set -- $line
      echo "$1 $(( $2 * 11 / 10 ))"
    done
  } > "$ceilings"
  echo "ceilings written to $ceilings"
  exit 0
fi
exit "$failed"
