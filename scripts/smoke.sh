#!/usr/bin/env bash
# Smoke test of a running listdiff-server: every endpoint, its happy paths and its errors.
# See --help.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: scripts/smoke.sh [--help] [BASE_URL]

Exercises every endpoint of a running listdiff-server at BASE_URL (default
http://127.0.0.1:8080; loopback addresses only): GET /healthz, GET /openapi.yaml, POST /v1/diff,
POST /v1/sessions, GET/DELETE /v1/sessions/{session}, PUT/GET/DELETE
/v1/sessions/{session}/snapshots/{name}, GET .../changes (changes, reset, a long poll answered by
a write and one timing out) and POST .../operations, with their errors (malformed JSON,
duplicate identifiers, unknown session and snapshot, 412, 409, 422 operation, 304, bad names,
bad query parameters, 405, unknown path). Checks every status and the bodies and headers that
matter; versions are checked against the server's epoch and digests against their documented
values. Prints one line per step and `N passed, M failed`; exits 1 if any step failed.

Uses curl, python3 (JSON checks) and POSIX tools. Every request is bounded (curl --max-time);
the whole run takes 20 s to a minute (it waits out long polls). It creates its own session and deletes it. The server must
run without --api-keys, with the default --max-wait (at least 2 s) and limits.
EOF
}

base="http://127.0.0.1:8080"
for arg in "$@"; do
  case "$arg" in
    -h|--help) usage; exit 0 ;;
    http://*) base="${arg%/}" ;;
    *) echo "smoke: unknown argument '$arg' (see --help)" >&2; exit 2 ;;
  esac
done
case "$base" in
  http://127.*|http://localhost|http://localhost:*|http://\[::1\]*) ;;
  *) echo "smoke: BASE_URL must be a loopback address (127.x.x.x, localhost, [::1]), not '$base'" >&2; exit 2 ;;
esac

work=$(mktemp -d /tmp/listdiff-smoke.XXXXXX)
poll_pid=""
cleanup() {
  if [[ -n "$poll_pid" ]]; then kill "$poll_pid" 2>/dev/null || true; fi
  if [[ -n "${session:-}" ]]; then curl -s -o /dev/null --max-time 5 -X DELETE "$base/v1/sessions/$session" || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

passed=0
failed=0
step_name=""
step_ok=1
status=""

# request NAME METHOD PATH [curl args…]: sends it; status in $status, body in $work/body,
# headers (lower-cased names) in $work/headers.
request() {
  step_name="$1"; local method="$2" path="$3"; shift 3
  step_ok=1
  : >"$work/body"
  status=$(curl -s -S --max-time 15 -X "$method" -o "$work/body" -D "$work/headers.raw" -w '%{http_code}' "$@" "$base$path" 2>"$work/curl.err") || {
    status="curl-error: $(tr '\n' ' ' <"$work/curl.err")"
  }
  tr -d '\r' <"$work/headers.raw" | awk -F': ' 'NF>1{ printf "%s: %s\n", tolower($1), substr($0, length($1)+3) }' >"$work/headers" 2>/dev/null || true
}

fail() {
  if [[ $step_ok -eq 1 ]]; then step_ok=0; fi
  printf 'FAIL %-58s %s\n' "$step_name" "$*"
  printf '     body: %s\n' "$(head -c 600 "$work/body" 2>/dev/null | tr '\n' ' ')"
}

expect_status() {
  [[ "$status" == "$1" ]] || fail "expected status $1, got $status"
}

# expect_json 'PYTHON EXPRESSION over b (the parsed body)' [description]
# Remembers the version the last answer moved to (`to`) as $NAME, and as NAME in expect_json.
remember() {
  [[ $step_ok -eq 1 ]] || return 0
  local version
  version=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["to"])' "$work/body" 2>/dev/null) || return 0
  printf -v "$1" '%s' "$version"
  export "SMOKE_V_$1=$version"
}

expect_json() {
  [[ $step_ok -eq 1 ]] || return 0
  local out
  if ! out=$(python3 - "$work/body" "$1" <<'EOF' 2>&1
import json, sys
try:
    b = json.load(open(sys.argv[1], encoding="utf-8"))
except Exception as e:
    print(f"body is not JSON ({e})"); sys.exit(1)
env = {"b": b, "E": sys.argv[0]}
import os
env["E"] = os.environ.get("SMOKE_EPOCH", "")
# Versions remembered from earlier answers (remember NAME): V1, V2, … as full version texts.
env.update({name[len("SMOKE_V_"):]: value for name, value in os.environ.items() if name.startswith("SMOKE_V_")})
# A version's number: numbers grow with every write of the server, not per snapshot.
env["n"] = lambda version: int(version.split(".")[1])
try:
    ok = eval(sys.argv[2], {}, env)
except Exception as e:
    print(f"{type(e).__name__}: {e}"); sys.exit(1)
sys.exit(0 if ok else 1)
EOF
  ); then
    fail "expected ${2:-$1}${out:+ ($out)}"
  fi
}

# expect_body 'EXACT BODY'
expect_body() {
  [[ $step_ok -eq 1 ]] || return 0
  local got
  got=$(cat "$work/body")
  [[ "$got" == "$1" ]] || fail "expected body $1"
}

# expect_header NAME 'EXTENDED REGEX for the value'
expect_header() {
  [[ $step_ok -eq 1 ]] || return 0
  local value
  value=$(grep -i "^$1: " "$work/headers" | head -1 | cut -d' ' -f2-) || true
  printf '%s' "$value" | grep -Eq -- "$2" || fail "expected header $1 matching /$2/, got '${value}'"
}

done_step() {
  if [[ $step_ok -eq 1 ]]; then
    passed=$((passed + 1))
    printf 'ok   %-58s %s\n' "$step_name" "$status"
  else
    failed=$((failed + 1))
  fi
}

problem() { # problem TYPE-NAME: the body is that problem with its status
  expect_json "b['type'] == 'urn:listdiff:problem:$1' and b['status'] == $status and isinstance(b['detail'], str)" "a '$1' problem with status $status"
}

echo "smoke: $base"

# --- meta ---------------------------------------------------------------------------------
request "GET /healthz" GET /healthz
expect_status 200; expect_body "ok"; expect_header content-type '^text/plain'; done_step

request "GET /openapi.yaml" GET /openapi.yaml
expect_status 200; expect_header content-type '^application/yaml'
[[ $step_ok -eq 0 ]] || head -1 "$work/body" | grep -q '^openapi: 3\.1\.' || fail "expected the OpenAPI 3.1 document (started without it? run the server from the repository root or with --openapi)"
done_step

request "GET /nope (unknown path)" GET /nope
expect_status 404; expect_json "b['type'] == 'about:blank' and b['status'] == 404"; done_step

# --- POST /v1/diff ------------------------------------------------------------------------
request "POST /v1/diff flat batch" POST /v1/diff -d '{"old":["a","b","c"],"new":["c","a",{"id":"d","content":1}]}'
expect_status 200; expect_header content-type '^application/json'
expect_body '{"stages":[{"deletes":[1],"inserts":[2],"moves":[[2,0]]}],"updates":{"reloads":[],"reconfigures":[]}}'; done_step

request "POST /v1/diff flat sequential" POST '/v1/diff?format=sequential' -d '{"old":["a","b","c"],"new":["c","a",{"id":"d","content":1}]}'
expect_status 200
expect_body '{"operations":[{"op":"remove","at":1,"count":1},{"op":"move","from":1,"to":0},{"op":"insert","at":2,"count":1}]}'; done_step

sectioned='{"old":{"sections":[{"id":"s1","items":["a","b"]},{"id":"s2","items":["c"]}]},"new":{"sections":[{"id":"s2","items":["c","b"]},{"id":"s1","items":[{"id":"a","content":{"x":1}}]}],"reloaded":["c"]}}'
request "POST /v1/diff sectioned batch (two stages)" POST /v1/diff -d "$sectioned"
expect_status 200
expect_body '{"stages":[{"sections":{"deletes":[],"inserts":[],"moves":[[1,0]]},"items":{"deletes":[],"inserts":[],"moves":[]},"snapshot":{"sections":[{"id":"s2","items":["c"]},{"id":"s1","items":[{"id":"a","content":{"x":1}},"b"]}]}},{"sections":{"deletes":[],"inserts":[],"moves":[]},"items":{"deletes":[],"inserts":[],"moves":[[[1,1],[0,1]]]}}],"updates":{"sections":[],"reloads":[[0,0]],"reconfigures":[[1,0]]}}'; done_step

request "POST /v1/diff sectioned sequential updates=reload" POST '/v1/diff?format=sequential&updates=reload' -d "$sectioned"
expect_status 200
expect_body '{"operations":[{"op":"moveSection","from":1,"to":0},{"op":"moveItem","from":[1,1],"to":[0,1]},{"op":"reloadItems","section":0,"at":0,"count":1},{"op":"reloadItems","section":1,"at":0,"count":1}]}'; done_step

request "POST /v1/diff a kind change is a reload with updates=reconfigure" POST '/v1/diff?updates=reconfigure' -d '{"old":[{"id":"a","kind":"photo"},{"id":"b","content":1,"kind":"text"}],"new":[{"id":"a","kind":"video"},{"id":"b","content":2,"kind":"text"}]}'
expect_status 200
expect_body '{"stages":[],"updates":{"reloads":[0],"reconfigures":[1]}}'; done_step

request "POST /v1/diff an outline folder expanding: its row inserted, the folder reconfigured" POST /v1/diff -d '{"old":{"sections":[{"id":"f","outline":true,"items":[{"id":"d","children":["a"]},"n"]}]},"new":{"sections":[{"id":"f","outline":true,"items":[{"id":"d","expanded":true,"children":["a"]},"n"]}]}}'
expect_status 200
expect_body '{"stages":[{"sections":{"deletes":[],"inserts":[],"moves":[]},"items":{"deletes":[],"inserts":[[0,1]],"moves":[]}}],"updates":{"sections":[],"reloads":[],"reconfigures":[[0,0]]}}'; done_step

request "POST /v1/diff duplicate identifiers across two trees -> 400" POST /v1/diff -d '{"old":{"sections":[]},"new":{"sections":[{"id":"f","outline":true,"items":[{"id":"d","children":["a"]}]},{"id":"g","outline":true,"items":[{"id":"e","children":["a"]}]}]}}'
expect_status 400; problem invalid-body
expect_json "b['pointer'] == '/new/sections/1/items/0/children/0' and b['duplicates'] == ['a']"; done_step

request "POST /v1/diff malformed JSON -> 400" POST /v1/diff -d '{"old":[1,2'
expect_status 400; problem invalid-body
expect_json "b['title'] == 'Malformed JSON' and b['pointer'] == '/old/1' and b['offset'] == 11 and b['line'] == 1 and b['column'] == 12 and b['found'] == 'end of input'"; done_step

request "POST /v1/diff duplicate ids -> 400" POST /v1/diff -d '{"old":["a","a"],"new":[]}'
expect_status 400; problem invalid-body
expect_json "b['pointer'] == '/old/1' and 'duplicated item identifiers' in b['found'] and '\"a\"' in b['found']"; done_step

request "POST /v1/diff unknown member -> 400" POST /v1/diff -d '{"old":[],"new":[],"x":1}'
expect_status 400; problem invalid-body; expect_json "b['pointer'] == '/x'"; done_step

request "POST /v1/diff mixed forms -> 400" POST /v1/diff -d '{"old":[],"new":{"sections":[]}}'
expect_status 400; problem invalid-body; expect_json "b['pointer'] == '/new'"; done_step

request "POST /v1/diff?format=xml -> 400" POST '/v1/diff?format=xml' -d '{"old":[],"new":[]}'
expect_status 400; problem invalid-query; expect_json "b['parameter'] == 'format'"; done_step

request "POST /v1/diff?updates=never -> 400" POST '/v1/diff?updates=never' -d '{"old":[],"new":[]}'
expect_status 400; problem invalid-query; expect_json "b['parameter'] == 'updates'"; done_step

request "GET /v1/diff -> 405" GET /v1/diff
expect_status 405; expect_header allow '^POST$'; expect_json "b['type'] == 'about:blank'"; done_step

# --- sessions -----------------------------------------------------------------------------
request "POST /v1/sessions" POST /v1/sessions
expect_status 201; expect_json "len(b['session']) == 32 and all(c in '0123456789abcdef' for c in b['session'])" "a 32-hex-digit session"
session=""
if [[ $step_ok -eq 1 ]]; then session=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["session"])' "$work/body"); fi
expect_header location "^/v1/sessions/$session\$"; done_step
session=${session:-smoke-missing-session}
S="/v1/sessions/$session"

request "GET session (empty)" GET "$S"
expect_status 200; expect_body "{\"session\":\"$session\",\"snapshots\":[]}"; done_step

request "GET unknown session -> 404" GET "/v1/sessions/smoke-unknown-$$-$RANDOM"
expect_status 404; problem not-found; done_step

request "GET session bad name -> 400" GET '/v1/sessions/bad%20name'
expect_status 400; problem invalid-name; expect_json "b['name'] == 'bad name'"; done_step

request "DELETE unknown session -> 404" DELETE "/v1/sessions/smoke-unknown-$$-$RANDOM"
expect_status 404; problem not-found; done_step

# --- PUT / GET snapshots ------------------------------------------------------------------
first='{"sections":[{"id":"today","items":["a",{"id":"b","content":{"title":"B"}}]}]}'
request "PUT snapshot (created) -> 201" PUT "$S/snapshots/feed" -d "$first"
expect_status 201
expect_json "b['from'].endswith('.0') and len(b['from']) == 18 and b['to'].split('.')[0] == b['from'][:16] and int(b['to'].split('.')[1]) > 0 and b['to'].split('.')[2] == b['digest'][6:]" "from <epoch>.0 to <epoch>.<n>.<digest>"
epoch=""
if [[ $step_ok -eq 1 ]]; then epoch=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["to"].split(".")[0])' "$work/body"); fi
export SMOKE_EPOCH="$epoch"
remember V1
expect_json "b['digest'] == 'xxh64:7bc52bd2376a0d8d'" "the documented digest xxh64:7bc52bd2376a0d8d"
expect_json "b['changeset'] == {'stages':[{'sections':{'deletes':[],'inserts':[0],'moves':[]},'items':{'deletes':[],'inserts':[],'moves':[]}}],'updates':{'sections':[],'reloads':[],'reconfigures':[]}}"
expect_header etag "^\"$V1\"\$"; expect_header location "^$S/snapshots/feed\$"; done_step

request "PUT the same snapshot (no new version)" PUT "$S/snapshots/feed" -d "$first"
expect_status 200
expect_json "b['from'] == V1 and b['to'] == V1 and b['changeset'] == {'stages':[],'updates':{'sections':[],'reloads':[],'reconfigures':[]}}"
expect_header etag "^\"$V1\"\$"; done_step

second='{"sections":[{"id":"today","items":[{"id":"b","content":{"title":"B2"}},"a","c"]}]}'
request "PUT If-Match current, format=sequential -> 200" PUT "$S/snapshots/feed?format=sequential" -H "If-Match: \"$V1\"" -d "$second"
expect_status 200
remember V2
expect_json "b['from'] == V1 and n(b['to']) > n(V1) and b['digest'] == 'xxh64:99c238e14f5eaca5'"
expect_json "b['changeset'] == {'operations':[{'op':'moveItem','from':[0,1],'to':[0,0]},{'op':'insertItems','section':0,'at':2,'count':1},{'op':'reconfigureItems','section':0,'at':0,'count':1}]}"
expect_header etag "^\"$V2\"\$"; done_step

request "PUT If-Match stale -> 412" PUT "$S/snapshots/feed" -H "If-Match: \"$V1\"" -d '{"sections":[]}'
expect_status 412; problem version-mismatch; expect_json "b['currentVersion'] == V2"
expect_header etag "^\"$V2\"\$"; done_step

request "PUT If-Match unquoted -> 400" PUT "$S/snapshots/feed" -H "If-Match: $V2" -d '{"sections":[]}'
expect_status 400; problem invalid-header; expect_json "b['header'] == 'If-Match'"; done_step

request "PUT If-None-Match * on an existing snapshot -> 412" PUT "$S/snapshots/feed" -H "If-None-Match: *" -d '{"sections":[]}'
expect_status 412; problem version-mismatch; expect_json "b['currentVersion'] == V2"; done_step

request "PUT flat list onto a sectioned snapshot -> 409" PUT "$S/snapshots/feed" -d '["x","y"]'
expect_status 409; problem form-mismatch; done_step

request "PUT malformed JSON -> 400" PUT "$S/snapshots/feed" -d '{"sections":[{"id":"s",]}'
expect_status 400; problem invalid-body; expect_json "b['title'] == 'Malformed JSON' and b['pointer'].startswith('/sections/0')"; done_step

request "PUT duplicate section ids -> 400" PUT "$S/snapshots/feed" -d '{"sections":[{"id":"s"},{"id":"s"}]}'
expect_status 400; problem invalid-body; expect_json "b['pointer'] == '/sections/1/id' or b['pointer'].startswith('/sections/1')"; done_step

request "PUT bad snapshot name -> 400" PUT "$S/snapshots/bad%24name" -d '[]'
expect_status 400; problem invalid-name; expect_json "b['name'] == 'bad\$name'"; done_step

request "PUT flat snapshot 'list' -> 201" PUT "$S/snapshots/list" -d '["x","y"]'
remember L1
expect_status 201; expect_json "n(b['to']) > n(V2) and b['digest'] == 'xxh64:558d15912bf8c4cf'"; done_step

request "GET flat snapshot" GET "$S/snapshots/list"
expect_status 200; expect_json "b == {'version': L1, 'digest': 'xxh64:558d15912bf8c4cf', 'snapshot': ['x','y']}"; done_step

request "POST appendSections on a flat snapshot -> 409" POST "$S/snapshots/list/operations" -d '{"operations":[{"op":"appendSections","sections":[{"id":"s"}]}]}'
expect_status 409; problem form-mismatch; expect_json "b['operationIndex'] == 0"; done_step

request "GET snapshot" GET "$S/snapshots/feed"
expect_status 200
expect_json "b == {'version': V2, 'digest': 'xxh64:99c238e14f5eaca5', 'snapshot': {'sections':[{'id':'today','items':[{'id':'b','content':{'title':'B2'}},'a','c']}]}}"
expect_header etag "^\"$V2\"\$"; done_step

request "GET snapshot If-None-Match current -> 304" GET "$S/snapshots/feed" -H "If-None-Match: \"$V2\""
expect_status 304; expect_header etag "^\"$V2\"\$"
[[ ! -s "$work/body" ]] || fail "expected no body"; done_step

request "GET snapshot If-None-Match old -> 200" GET "$S/snapshots/feed" -H "If-None-Match: \"$V1\""
expect_status 200; done_step

request "GET unknown snapshot -> 404" GET "$S/snapshots/ghost"
expect_status 404; problem not-found; done_step

request "PATCH snapshot -> 405" PATCH "$S/snapshots/feed"
expect_status 405; expect_header allow 'PUT' ; expect_header allow 'GET'; expect_header allow 'DELETE'; done_step

# --- changes ------------------------------------------------------------------------------
request "GET changes since=<v1>" GET "$S/snapshots/feed/changes?since=$V1"
expect_status 200
expect_json "b == {'from': V1, 'to': V2, 'digest': 'xxh64:99c238e14f5eaca5', 'changeset': {'stages':[{'sections':{'deletes':[],'inserts':[],'moves':[]},'items':{'deletes':[],'inserts':[[0,2]],'moves':[[[0,1],[0,0]]]}}],'updates':{'sections':[],'reloads':[],'reconfigures':[[0,0]]}}}"
expect_header etag "^\"$V2\"\$"; done_step

request "GET changes since=<current> (empty)" GET "$S/snapshots/feed/changes?since=$V2&format=sequential"
expect_status 200; expect_json "b == {'from': V2, 'to': V2, 'digest': 'xxh64:99c238e14f5eaca5', 'changeset': {'operations': []}}"; done_step

request "GET changes since=<other epoch> -> reset" GET "$S/snapshots/feed/changes?since=0000000000000000.1"
expect_status 200
expect_json "b == {'reset': True, 'to': V2, 'digest': 'xxh64:99c238e14f5eaca5', 'snapshot': {'sections':[{'id':'today','items':[{'id':'b','content':{'title':'B2'}},'a','c']}]}}"; done_step

request "GET changes since=<V2 without its digest> -> reset" GET "$S/snapshots/feed/changes?since=${V2%.*}"
expect_status 200; expect_json "b['reset'] == True and b['to'] == V2"; done_step

request "GET changes without since -> 400" GET "$S/snapshots/feed/changes"
expect_status 400; problem invalid-query; expect_json "b['parameter'] == 'since'"; done_step

request "GET changes since=nodot -> 400" GET "$S/snapshots/feed/changes?since=nodot"
expect_status 400; problem invalid-query; expect_json "b['parameter'] == 'since'"; done_step

request "GET changes wait=x -> 400" GET "$S/snapshots/feed/changes?since=$V2&wait=x"
expect_status 400; problem invalid-query; expect_json "b['parameter'] == 'wait'"; done_step

request "GET changes of unknown snapshot -> 404" GET "$S/snapshots/ghost/changes?since=$V1"
expect_status 404; problem not-found; done_step

started=$(date +%s%N)
request "GET changes long poll wait=1 (times out)" GET "$S/snapshots/feed/changes?since=$V2&wait=1"
elapsed_ms=$(( ($(date +%s%N) - started) / 1000000 ))
expect_status 200
expect_json "b == {'from': V2, 'to': V2, 'digest': 'xxh64:99c238e14f5eaca5', 'changeset': {'stages':[],'updates':{'sections':[],'reloads':[],'reconfigures':[]}}}"
if [[ $elapsed_ms -lt 900 || $elapsed_ms -gt 5000 ]]; then fail "expected an answer after about 1 s, got one after ${elapsed_ms} ms"; fi
done_step

# A long poll answered by a write (operations).
curl -s --max-time 15 -o "$work/poll.body" -w '%{http_code}' "$base$S/snapshots/feed/changes?since=$V2&wait=10&format=sequential" >"$work/poll.status" 2>/dev/null &
poll_pid=$!
sleep 0.5
ops='{"operations":[{"op":"appendSections","sections":[{"id":"later","items":["d"]}]},{"op":"moveItem","item":"a","after":"d"},{"op":"reloadItems","items":["c"]}]}'
started=$(date +%s%N)
request "POST operations (answers the long poll)" POST "$S/snapshots/feed/operations" -H "If-Match: \"$V2\"" -d "$ops"
expect_status 200
remember V3
# "a" moves into the inserted section "later": a second stage, after the data source shows
# the first stage's snapshot, so its cell is kept (not deleted and inserted).
expect_json "b == {'from': V2, 'to': V3, 'digest': 'xxh64:b10c399ae592190e', 'changeset': {'stages':[{'sections':{'deletes':[],'inserts':[1],'moves':[]},'items':{'deletes':[],'inserts':[],'moves':[]},'snapshot':{'sections':[{'id':'today','items':[{'id':'b','content':{'title':'B2'}},'a','c']},{'id':'later','items':['d']}]}},{'sections':{'deletes':[],'inserts':[],'moves':[]},'items':{'deletes':[],'inserts':[],'moves':[[[0,1],[1,1]]]}}],'updates':{'sections':[],'reloads':[[0,1]],'reconfigures':[]}}}"
expect_header etag "^\"$V3\"\$"; done_step

step_name="long poll wait=10 answered by the write"; step_ok=1
wait "$poll_pid" || true
poll_pid=""
elapsed_ms=$(( ($(date +%s%N) - started) / 1000000 ))
status=$(cat "$work/poll.status" 2>/dev/null || echo none)
cp "$work/poll.body" "$work/body" 2>/dev/null || : >"$work/body"
expect_status 200
# The sequential form keeps "a"'s cell too: "later" arrives with only "d", then "a" moves in.
expect_json "b == {'from': V2, 'to': V3, 'digest': 'xxh64:b10c399ae592190e', 'changeset': {'operations':[{'op':'insertSections','at':1,'count':1},{'op':'moveItem','from':[0,1],'to':[1,1]},{'op':'reloadItems','section':0,'at':1,'count':1}]}}"
if [[ $elapsed_ms -gt 3000 ]]; then fail "expected the poll to end with the write, it took ${elapsed_ms} ms"; fi
done_step

request "POST operations, one fails -> 422" POST "$S/snapshots/feed/operations" -d '{"operations":[{"op":"deleteItems","items":["a"]},{"op":"moveSection","section":"nope","before":"today"}]}'
expect_status 422; problem operation-failed; expect_json "b['pointer'] == '/operations/1' and b['operationIndex'] == 1 and 'nope' in b['detail']"; done_step

request "GET snapshot after the 422 (nothing applied)" GET "$S/snapshots/feed"
expect_status 200; expect_json "b['version'] == V3 and b['digest'] == 'xxh64:b10c399ae592190e'"; done_step

request "POST operations unknown op -> 400" POST "$S/snapshots/feed/operations" -d '{"operations":[{"op":"frob"}]}'
expect_status 400; problem invalid-body; expect_json "b['pointer'] == '/operations/0/op'"; done_step

request "POST operations before and after -> 400" POST "$S/snapshots/feed/operations" -d '{"operations":[{"op":"moveItem","item":"a","before":"c","after":"d"}]}'
expect_status 400; problem invalid-body; expect_json "b['pointer'] == '/operations/0'"; done_step

request "POST operations If-Match stale -> 412" POST "$S/snapshots/feed/operations" -H "If-Match: \"$V2\"" -d '{"operations":[]}'
expect_status 412; problem version-mismatch; expect_json "b['currentVersion'] == V3"; done_step

request "POST operations unknown snapshot -> 404" POST "$S/snapshots/ghost/operations" -d '{"operations":[]}'
expect_status 404; problem not-found; done_step

request "POST operations format=csv -> 400" POST "$S/snapshots/feed/operations?format=csv" -d '{"operations":[]}'
expect_status 400; problem invalid-query; expect_json "b['parameter'] == 'format'"; done_step

request "GET session (lists both snapshots)" GET "$S"
expect_status 200
expect_json "b == {'session': '$session', 'snapshots': [{'name':'feed','version':V3,'digest':'xxh64:b10c399ae592190e','items':4,'flat':False},{'name':'list','version':L1,'digest':'xxh64:558d15912bf8c4cf','items':2,'flat':True}]}"; done_step

# --- deletes ------------------------------------------------------------------------------
request "DELETE snapshot -> 204" DELETE "$S/snapshots/list"
expect_status 204; done_step

request "DELETE snapshot again -> 404" DELETE "$S/snapshots/list"
expect_status 404; problem not-found; done_step

request "GET deleted snapshot -> 404" GET "$S/snapshots/list"
expect_status 404; problem not-found; done_step

request "PUT the deleted snapshot again: a version never issued before" PUT "$S/snapshots/list" -d '["z"]'
expect_status 201; expect_json "b['from'] == E + '.0' and n(b['to']) > n(V3) and b['to'] != L1"; done_step

request "GET changes since its version from before the delete -> reset" GET "$S/snapshots/list/changes?since=$L1"
expect_status 200; expect_json "b['reset'] == True and b['snapshot'] == ['z']"; done_step

request "DELETE with an encoded '/' in the name -> 400 (not another path)" DELETE "$S%2Fsnapshots%2Flist"
expect_status 400; problem invalid-name; done_step

request "DELETE session -> 204" DELETE "$S"
expect_status 204; done_step

request "GET deleted session -> 404" GET "$S"
expect_status 404; problem not-found; done_step
[[ $failed -ne 0 ]] || session=""

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
