#!/usr/bin/env bash
# A walkthrough of the session API against a running server, printing every request and answer.
set -euo pipefail

if [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]; then
    cat << 'USAGE'
usage: scripts/session-demo.sh [BASE_URL]     (default http://127.0.0.1:8080; loopback only)

Creates a session, PUTs three versions of a list, asks what changed since the first, applies
operations, makes a conditional write that gets 412, holds a long poll that a write wakes,
and deletes the session, printing each request and its answer. Needs curl and python3
(to read versions out of answers); every request is bounded by --max-time.
USAGE
    exit 0
fi
base="${1:-http://127.0.0.1:8080}"
base="${base%/}"
case "$base" in
    http://127.*|http://localhost|http://localhost:*|http://\[::1\]*) ;;
    *) echo "session-demo: BASE_URL must be a loopback address, not '$base'" >&2; exit 2 ;;
esac

# Prints the request as a command to paste, then the status line and body of the answer; the
# body is kept in $answer.
call() {
    local method="$1" path="$2" body="${3:-}"
    shift 3 || shift $#
    printf "\n\$ curl -X %s '%s'%s" "$method" "$base$path" "${body:+ -d '$body'}"
    for header in "$@"; do printf " -H '%s'" "$header"; done
    printf '\n'
    local args=(-s --max-time 15 -X "$method" -w '\n%{http_code}')
    for header in "$@"; do args+=(-H "$header"); done
    [ -z "$body" ] || args+=(-d "$body")
    local output
    output="$(curl "${args[@]}" "$base$path")"
    status="${output##*$'\n'}"
    answer="${output%$'\n'*}"
    printf '%s %s\n' "$status" "$answer"
}
field() { python3 -c "import json, sys; print(json.loads(sys.argv[1])['$1'])" "$answer"; }

echo "# A session: a name the server makes up (128 random bits)"
call POST /v1/sessions ""
session="$(field session)"
feed="/v1/sessions/$session/snapshots/feed"

echo; echo "# Three versions of a list; each answer is the changeset from the one before"
call PUT "$feed" '["a", "b", "c"]'
first="$(field to)"
call PUT "$feed" '["c", "a", {"id": "b", "content": {"title": "B"}}]'
call PUT "$feed" '["c", "b", "d"]'
third="$(field to)"

echo; echo "# What changed since the first version (a client that was away)"
call GET "$feed/changes?since=$first" ""

echo; echo "# Operations, applied all or nothing"
call POST "$feed/operations" '{"operations": [{"op": "appendItems", "items": ["e"]}, {"op": "moveItem", "item": "e", "before": "c"}]}'
current="$(field to)"

echo; echo "# A conditional write from a client holding an old version: 412, nothing changed"
call PUT "$feed" '["x"]' "If-Match: \"$third\""

echo; echo "# A long poll on the current version, woken by a write one second later"
( sleep 1; curl -s --max-time 5 -o /dev/null -X PUT -d '["e", "c", "b", "d", "f"]' "$base$feed" ) &
writer=$!
call GET "$feed/changes?since=$current&wait=10" ""
wait "$writer"

echo; echo "# The snapshot as stored now, and the session's listing"
call GET "$feed" ""
call GET "/v1/sessions/$session" ""

echo; echo "# Done: delete the session"
call DELETE "/v1/sessions/$session" ""
call GET "/v1/sessions/$session" ""
