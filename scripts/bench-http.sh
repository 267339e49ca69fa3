#!/usr/bin/env bash
# Benchmarks listdiff-server against nginx on loopback with wrk -t1 -c32 -d10s, three rounds
# interleaved: GET /healthz on both (req/s and p99 ratios to nginx's static 200, per round and
# median), and a small POST /echo on ours (target: >= 23k req/s; mounted by --benchmark-routes on).
# Installs wrk and nginx-light with apt-get if missing.
#   scripts/bench-http.sh                    # access log off on both servers
#   BENCH_ACCESS_LOG=1 scripts/bench-http.sh # our access log on (to /dev/null)
set -euo pipefail
cd "$(dirname "$0")/.."
duration="${BENCH_DURATION:-10s}"
rounds="${BENCH_ROUNDS:-3}"
our_port="${BENCH_PORT:-18480}"
nginx_port="${BENCH_NGINX_PORT:-18481}"

work="$(mktemp -d /tmp/listdiff-bench.XXXXXX)"
# shellcheck source=lib/bench-common.sh
. scripts/lib/bench-common.sh
ensure_wrk_and_nginx
build_server

server_pid=""
nginx_pid=""
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2> /dev/null || true
    [ -n "$nginx_pid" ] && kill "$nginx_pid" 2> /dev/null || true
    wait 2> /dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

log_level=warning
[ -n "${BENCH_ACCESS_LOG:-}" ] && log_level=info
"$server_bin" --host 127.0.0.1 --port "$our_port" --log-level "$log_level" --benchmark-routes on 2> /dev/null &
server_pid=$!
start_nginx "$nginx_port" ""

echo '{"old":["a","b","c"],"new":["b","c","d"]}' > "$work/small.json"
post="$(post_script "$work/small.json")"
wait_for_port "$our_port"
wait_for_port "$nginx_port"

results="$work/results"
for round in $(seq "$rounds"); do
    echo "round $round/$rounds"
    echo "ours-get $(measure "http://127.0.0.1:$our_port/healthz")" >> "$results"
    echo "nginx-get $(measure "http://127.0.0.1:$nginx_port/healthz")" >> "$results"
    echo "ours-post $(measure -s "$post" "http://127.0.0.1:$our_port/echo")" >> "$results"
done

echo
printf '%-10s %12s %10s %10s\n' "run" "req/s" "p50" "p99"
while read -r name rps p50 p99 _; do printf '%-10s %12s %10s %10s\n' "$name" "$rps" "$p50" "$p99"; done < "$results"
echo
awk "$awk_functions"'
    { sum[$1] += $2; n[$1]++ }
    $1 == "ours-get" { ours[n[$1]] = $2; ours99[n[$1]] = ms($4) }
    $1 == "nginx-get" { ratio[n[$1]] = ours[n[$1]] / $2; tail[n[$1]] = ours99[n[$1]] / ms($4); rounds = n[$1] }
    END {
        get = sum["ours-get"] / n["ours-get"]; nginx = sum["nginx-get"] / n["nginx-get"]; post = sum["ours-post"] / n["ours-post"]
        line = ""; tails = ""
        for (i = 1; i <= rounds; i++) { line = line sprintf(" %.2f", ratio[i]); tails = tails sprintf(" %.2f", tail[i]) }
        printf "GET /healthz  listdiff-server %.0f req/s, nginx %.0f req/s (means)\n", get, nginx
        printf "              req/s ratio to nginx per round%s; median %.2f (target >= 0.90)\n", line, median(ratio, rounds)
        printf "              p99 ratio to nginx per round%s; median %.2f (target <= 2)\n", tails, median(tail, rounds)
        printf "POST /echo    listdiff-server %.0f req/s (mean; target >= 23000)\n", post
    }' "$results"
