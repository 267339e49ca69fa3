#!/usr/bin/env bash
# A load generator in curl alone, with the flags hey and ab users expect.
set -euo pipefail

usage() {
    cat << 'USAGE'
usage: scripts/load.sh [-n REQUESTS] [-c CONCURRENCY] [-m METHOD] [-H HEADER]... [-D BODY_FILE]
                       [--expect STATUS] [--max-time SECONDS] URL

Sends REQUESTS requests (default 200) to URL, CONCURRENCY at a time (default 10), with
`curl --parallel`, and prints the rate, the count of each status, and the p50/p90/p99/max
latency (curl's time_total). Exits 1 if any answer's status is not STATUS (default 200) or a
request failed. Loopback addresses only; every request is bounded by --max-time (default 30).

  -n REQUESTS         how many requests (1 to 1000000)
  -c CONCURRENCY      how many at once (1 to 1000)
  -m METHOD           GET (default), POST, PUT, DELETE, ...
  -H 'Name: value'    a request header (repeatable)
  -D BODY_FILE        the request body, sent as is (implies -m POST unless -m is given)
  --expect STATUS     the status every answer must have (default 200)

example:
  scripts/load.sh -n 2000 -c 20 -D scripts/samples/diff-20.json http://127.0.0.1:8080/v1/diff
  (scripts/samples/diff-20.json is a diff request of two 20-item lists: deletes, inserts, a move)
USAGE
}

requests=200
concurrency=10
method=""
body=""
expect=200
max_time=30
url=""
headers=()
while [ $# -gt 0 ]; do
    case "$1" in
        -h|--help) usage; exit 0 ;;
        -n) requests="$2"; shift 2 ;;
        -c) concurrency="$2"; shift 2 ;;
        -m) method="$2"; shift 2 ;;
        -H) headers+=("$2"); shift 2 ;;
        -D) body="$2"; shift 2 ;;
        --expect) expect="$2"; shift 2 ;;
        --max-time) max_time="$2"; shift 2 ;;
        -*) echo "load: unknown flag $1 (see --help)" >&2; exit 2 ;;
        *) url="$1"; shift ;;
    esac
done
[ -n "$url" ] || { usage >&2; exit 2; }
case "$url" in
    http://127.*|http://localhost|http://localhost[:/]*|http://\[::1\]*) ;;
    *) echo "load: URL must be a loopback address, not '$url'" >&2; exit 2 ;;
esac
[[ "$requests" =~ ^[0-9]+$ ]] && [ "$requests" -ge 1 ] && [ "$requests" -le 1000000 ] || { echo "load: -n must be 1 to 1000000" >&2; exit 2; }
[[ "$concurrency" =~ ^[0-9]+$ ]] && [ "$concurrency" -ge 1 ] && [ "$concurrency" -le 1000 ] || { echo "load: -c must be 1 to 1000" >&2; exit 2; }
[ -z "$body" ] || [ -r "$body" ] || { echo "load: cannot read body file $body" >&2; exit 2; }
[ -n "$method" ] || { [ -n "$body" ] && method=POST || method=GET; }

work="$(mktemp -d /tmp/listdiff-load.XXXXXX)"
trap 'rm -rf "$work"' EXIT

# One config entry per request: curl --parallel runs them CONCURRENCY at a time on reused
# connections, and writes one "status seconds" line per answer.
{
    for _ in $(seq "$requests"); do
        printf 'url = "%s"\noutput = "/dev/null"\n' "$url"
    done
} > "$work/requests.conf"
options=(--silent --show-error --no-progress-meter --parallel --parallel-max "$concurrency" --max-time "$max_time"
         --request "$method" --write-out '%{http_code} %{time_total}\n' --config "$work/requests.conf")
for header in ${headers[@]+"${headers[@]}"}; do options+=(--header "$header"); done
[ -z "$body" ] || options+=(--data-binary "@$body")

started=$(date +%s%N)
curl "${options[@]}" > "$work/results" 2> "$work/errors" || true
elapsed_ns=$(( $(date +%s%N) - started ))

answered=$(wc -l < "$work/results")
failed=$(( requests - answered ))
sort -k2 -g "$work/results" | awk -v expect="$expect" -v elapsed="$elapsed_ns" -v total="$requests" -v failed="$failed" '
    { status[$1]++; latency[NR] = $2 }
    END {
        printf "%d requests in %.2f s: %.0f req/s\n", total, elapsed / 1e9, NR / (elapsed / 1e9)
        for (code in status) printf "  status %s: %d%s\n", code, status[code], code == expect ? "" : "  (unexpected)"
        if (failed > 0) printf "  failed (no answer): %d\n", failed
        if (NR > 0) {
            split("50 90 99", ranks, " ")
            line = "  latency"
            for (i = 1; i <= 3; i++) { index_ = int(NR * ranks[i] / 100 + 0.999999); if (index_ < 1) index_ = 1; line = line sprintf(" p%s %.2f ms", ranks[i], latency[index_] * 1000) }
            printf "%s max %.2f ms\n", line, latency[NR] * 1000
        }
    }'
if [ -s "$work/errors" ]; then sed 's/^/  curl: /' "$work/errors" | sort | uniq -c | head -5; fi
unexpected=$(awk -v expect="$expect" '$1 != expect' "$work/results" | wc -l)
if [ "$unexpected" -gt 0 ] || [ "$failed" -gt 0 ]; then
    echo "FAIL: $unexpected answers other than $expect, $failed requests without an answer" >&2
    exit 1
fi
