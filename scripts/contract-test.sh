#!/usr/bin/env bash
# Contract test: runs Schemathesis against openapi.yaml and a freshly built release server.
# See --help.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: scripts/contract-test.sh [--help] [--skip-build]

Builds listdiff-server (release), starts it on a free loopback port (127.0.0.1), runs
Schemathesis (`st run`, installed from PyPI if missing) against openapi.yaml with every check
(`--checks all`) in every phase (examples, coverage, fuzzing, and stateful testing through the
document's OpenAPI links: POST /v1/sessions -> PUT snapshot -> GET snapshot / changes?since= the
returned version / operations with If-Match: the returned ETag / DELETE ...), stops the server
and prints a summary. Exits non-zero on any failure or error, or if the server dies.

The seed is ST_SEED, or one drawn at random each run; it is printed at the start and with the
verdict, with the command that runs the same draw again (Schemathesis generates the same cases
from the same seed and settings; the time budget may end the run at another case).

The event stream (GET .../events) is tested on a snapshot made before the run
(contract-events/followed, named in scripts/schemathesis.toml), each stream read up to its first
event: every event is checked against the schema openapi.yaml gives its type. openapi.yaml is
OpenAPI 3.1 and writes 3.2's `itemSchema` as `x-itemSchema`; Schemathesis reads the copy this
script makes with `itemSchema` (kept as ST_REPORT_DIR/openapi-schemathesis.yaml).

Departures from Schemathesis's defaults, each deliberate and documented:
- positive_data_acceptance also expects 400/412/422 (scripts/schemathesis.toml): the documented
  rules JSON Schema cannot express (unique identifiers, marks naming elements, integer literals),
  stale If-Match tags, operations that do not apply;
- use_after_free is excluded: a PUT of a snapshot creates the session it names (documented), so
  DELETE session -> PUT snapshot -> GET finds the session again; the smoke test checks that
  deleted sessions and snapshots answer 404;
- the server runs with --max-wait 1 so that long polls end quickly.

  --skip-build                   use the release binary already built

Environment: ST_MAX_EXAMPLES (default 40, per operation), ST_MAX_TIME (default 120 s, the
budget of the Schemathesis run), ST_SEED (default: a fresh one each run, printed), ST_WORKERS
(default 1), ST_REPORT_DIR (where the JUnit report and the document Schemathesis read are kept;
default /tmp/listdiff-contract-report),
LISTDIFF_SERVER_BIN (with --skip-build: the binary to test; default .build/release's).
Bounded: the whole script finishes in under 5 minutes on a 2-core machine (build included).
EOF
}

skip_build=0
for arg in "$@"; do
  case "$arg" in
    -h|--help) usage; exit 0 ;;
    --skip-build) skip_build=1 ;;
    *) echo "contract-test: unknown argument '$arg' (see --help)" >&2; exit 2 ;;
  esac
done

cd "$(dirname "$0")/.."
root=$(pwd)
max_examples=${ST_MAX_EXAMPLES:-40}
max_time=${ST_MAX_TIME:-120}
workers=${ST_WORKERS:-1}
# A fresh seed unless one is given: runs together cover more than one fixed draw, and each
# prints its seed, so a failure is run again with it.
seed=${ST_SEED:-$(( (RANDOM << 15) | RANDOM ))}
[[ $seed =~ ^[0-9]+$ ]] || { echo "contract-test: ST_SEED must be a number, not '$seed'" >&2; exit 2; }
rerun="ST_SEED=$seed ST_MAX_EXAMPLES=$max_examples ST_MAX_TIME=$max_time ST_WORKERS=$workers bash scripts/contract-test.sh"
if [[ $skip_build -eq 1 ]]; then
  rerun="${LISTDIFF_SERVER_BIN:+LISTDIFF_SERVER_BIN=$LISTDIFF_SERVER_BIN }$rerun --skip-build"
fi
# The report outlives the run's scratch folder, which is removed on exit.
report_dir=${ST_REPORT_DIR:-/tmp/listdiff-contract-report}
rm -rf "$report_dir"
mkdir -p "$report_dir"

work=$(mktemp -d /tmp/listdiff-contract.XXXXXX)
server_pid=""
cleanup() {
  if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

step() { printf '[contract-test] %s\n' "$*"; }
step "seed $seed  --  this draw again: $rerun"

# 1. Schemathesis (idempotent: installs only when missing).
if ! command -v st >/dev/null 2>&1 || ! python3 -c 'import schemathesis' 2>/dev/null; then
  step "installing schemathesis from PyPI"
  python3 -m pip install --quiet schemathesis
fi
st_bin=$(command -v st || true)
if [[ -z "$st_bin" ]]; then st_bin="$(python3 -c 'import sys,os;print(os.path.join(os.path.dirname(sys.executable),"st"))')"; fi
step "$("$st_bin" --version 2>/dev/null | head -1)"

# 2. The release server.
if [[ $skip_build -eq 0 ]]; then
  step "building listdiff-server (release)"
  swift build -c release --product listdiff-server 2>&1 | tail -1
fi
binary="$(swift build -c release --show-bin-path)/listdiff-server"
if [[ $skip_build -eq 1 && -n "${LISTDIFF_SERVER_BIN:-}" ]]; then binary=$LISTDIFF_SERVER_BIN; fi
[[ -x "$binary" ]] || { echo "contract-test: no server binary at $binary" >&2; exit 1; }

# 3. A free loopback port, the server, and its health.
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
base="http://127.0.0.1:$port"
"$binary" --host 127.0.0.1 --port "$port" --log-level warning --max-wait 1 \
  --openapi "$root/openapi.yaml" >"$work/server.log" 2>&1 &
server_pid=$!
# shellcheck source=lib/wait-for-port.sh
. "$root/scripts/lib/wait-for-port.sh"
wait_for_port "$port" 10 || { echo "contract-test: the server did not start:" >&2; cat "$work/server.log" >&2; exit 1; }
step "server pid $server_pid at $base"

# 4. The document Schemathesis reads: openapi.yaml with OpenAPI 3.2's `itemSchema` for the event
# stream's `x-itemSchema` (3.1 has no `itemSchema`; Schemathesis reads it in 3.1 documents too),
# line for line, kept beside the report.
spec="$report_dir/openapi-schemathesis.yaml"
sed 's/^\( *\)x-itemSchema:/\1itemSchema:/' "$root/openapi.yaml" >"$spec"
grep -q '^ *itemSchema:' "$spec" || { echo "contract-test: no x-itemSchema in openapi.yaml: the event stream's events would go unchecked" >&2; exit 1; }

# 5. The snapshot whose event stream Schemathesis follows (scripts/schemathesis.toml names it):
# each case reads its stream up to the first event (`snapshot`, or `reset` from a version of
# another epoch), checked against its type's schema. Its other events (`changes`, `deleted`,
# `reconnect`) are checked by Tests/ListDiffServiceTests/EventStream*Tests.swift and, in the
# document's examples, by scripts/check-openapi.py.
curl -fsS -o /dev/null -X PUT "$base/v1/sessions/contract-events/snapshots/followed" \
  -d '{"sections": [{"id": "today", "content": {"title": "Today"}, "items": [{"id": "a", "content": {"n": 1}, "kind": "row"}, "b"]}, {"id": "later", "items": ["c"]}]}' ||
  { echo "contract-test: could not write the followed snapshot" >&2; exit 1; }

# 6. Schemathesis.
step "st run: --checks all, up to $max_examples examples per operation, ${max_time}s budget, $workers worker(s), seed $seed"
set +e
cd "$work"   # Schemathesis keeps its state in ./.schemathesis: keep it out of the repository
timeout --kill-after=10 $((max_time + 90)) "$st_bin" --config-file "$root/scripts/schemathesis.toml" run "$spec" \
  --url "$base" \
  --checks all \
  --exclude-checks use_after_free \
  --phases examples,coverage,fuzzing,stateful \
  --max-examples "$max_examples" \
  --max-time "$max_time" \
  --workers "$workers" \
  --request-timeout 10 \
  --generation-database none \
  --no-color \
  --report junit --report-dir "$report_dir" \
  --seed "$seed" >"$work/st.log" 2>&1
st_status=$?
set -e
cd "$root"

server_alive=1
kill -0 "$server_pid" 2>/dev/null && curl -fsS --max-time 2 "$base/healthz" >/dev/null 2>&1 || server_alive=0

# 7. Summary.
if [[ $st_status -ne 0 ]]; then
  awk '/^=+ (ERRORS|FAILURES) =+$/ { show = 1 } /^=+ SUMMARY =+$/ { show = 0 } show' "$work/st.log" | head -400
fi
grep -E '^ *(✅|❌|🚫|⏭) +(Examples|Coverage|Fuzzing|Stateful) \(in|^ +(Scenarios|API Links):|^ +✅ [0-9]+ passed' "$work/st.log" || true
sed -n '/^=* SUMMARY =*$/,$p' "$work/st.log"
echo
# Every file the summary names outlives this script, whose scratch folder is removed on exit.
if sed -n '/^=* SUMMARY =*$/,$p' "$work/st.log" | grep -qF "$work"; then
  step "FAIL: the summary names a file in $work, which is removed when this script exits"
  exit 1
fi
if [[ -f "$report_dir/junit.xml" ]]; then step "JUnit report: $report_dir/junit.xml"; fi
step "checks: all but use_after_free (not_a_server_error, status_code_conformance, content_type_conformance, response_headers_conformance, response_schema_conformance, negative_data_rejection, positive_data_acceptance [+400/412/422, scripts/schemathesis.toml], missing_required_header, unsupported_method, allow_header_conformance, ensure_resource_availability, ignored_auth, object_level_authorization)"
if [[ $server_alive -eq 0 ]]; then
  step "FAIL: the server is no longer answering; its log (the crash, if it crashed):"
  if grep -q 'crashed' "$work/server.log"; then
    grep -m1 'Program crashed' "$work/server.log" || true
    grep -A14 '^Thread [0-9]* crashed:' "$work/server.log" | head -16
  else
    tail -30 "$work/server.log"
  fi
fi
if [[ $st_status -ne 0 || $server_alive -eq 0 ]]; then
  step "FAILED (schemathesis exit $st_status, server alive: $server_alive), seed $seed"
  step "this draw again: $rerun"
  exit 1
fi
step "PASSED (seed $seed)"
