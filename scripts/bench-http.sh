#!/usr/bin/env bash
# Benchmarks listdiff-server against nginx on loopback with wrk -t1 -c32 -d10s, three rounds
# interleaved: GET /healthz on both (req/s and p99 ratios to nginx's static 200, per round and
# median), and a small POST /echo on ours (target: >= 23k req/s). Installs wrk and nginx-light
# with apt-get if missing.
#   scripts/bench-http.sh                    # access log off on both servers
#   BENCH_ACCESS_LOG=1 scripts/bench-http.sh # our access log on (to /dev/null)
set -euo pipefail
cd "$(dirname "$0")/.."
duration="${BENCH_DURATION:-10s}"
rounds="${BENCH_ROUNDS:-3}"
our_port="${BENCH_PORT:-18480}"
nginx_port="${BENCH_NGINX_PORT:-18481}"

install_if_missing() {
    local command_name="$1" package="$2"
    command -v "$command_name" > /dev/null 2>&1 && return
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    if [ -z "${apt_updated:-}" ]; then $sudo apt-get update -qq; apt_updated=1; fi
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$package" > /dev/null
}
install_if_missing wrk wrk
if ! command -v nginx > /dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then install_if_missing nginx nginx-light; fi
nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"

echo "building listdiff-server (release)..."
swift build -c release --product listdiff-server 2>&1 | tail -1
server_bin="$(swift build -c release --show-bin-path)/listdiff-server"

work="$(mktemp -d /tmp/listdiff-bench.XXXXXX)"
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
"$server_bin" --host 127.0.0.1 --port "$our_port" --log-level "$log_level" 2> /dev/null &
server_pid=$!

mkdir -p "$work/temp"
cat > "$work/nginx.conf" << CONF
worker_processes $(nproc);
daemon off;
pid $work/nginx.pid;
error_log $work/error.log warn;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path $work/temp;
    proxy_temp_path $work/temp;
    fastcgi_temp_path $work/temp;
    uwsgi_temp_path $work/temp;
    scgi_temp_path $work/temp;
    keepalive_requests 1000000;
    server {
        listen 127.0.0.1:$nginx_port;
        location = /healthz { default_type text/plain; return 200 "ok\n"; }
    }
}
CONF
"$nginx_bin" -c "$work/nginx.conf" -e "$work/error.log" &
nginx_pid=$!

cat > "$work/post.lua" << 'LUA'
wrk.method = "POST"
wrk.body = '{"old":["a","b","c"],"new":["b","c","d"]}'
wrk.headers["Content-Type"] = "application/json"
LUA

for port in "$our_port" "$nginx_port"; do
    for _ in $(seq 50); do curl -fs "http://127.0.0.1:$port/healthz" > /dev/null 2>&1 && break; sleep 0.1; done
done

# Runs wrk and prints "req/s p50 p99" (latencies as wrk prints them).
measure() {
    wrk -t1 -c32 -d"$duration" --latency "$@" 2>&1 | awk '
        /Requests\/sec:/ { rps = $2 }
        /^ +50%/ { p50 = $2 }
        /^ +99%/ { p99 = $2 }
        END { printf "%s %s %s\n", rps, p50, p99 }'
}

results="$work/results"
for round in $(seq "$rounds"); do
    echo "round $round/$rounds"
    echo "ours-get $(measure "http://127.0.0.1:$our_port/healthz")" >> "$results"
    echo "nginx-get $(measure "http://127.0.0.1:$nginx_port/healthz")" >> "$results"
    echo "ours-post $(measure -s "$work/post.lua" "http://127.0.0.1:$our_port/echo")" >> "$results"
done

echo
printf '%-10s %12s %10s %10s\n' "run" "req/s" "p50" "p99"
while read -r name rps p50 p99; do printf '%-10s %12s %10s %10s\n' "$name" "$rps" "$p50" "$p99"; done < "$results"
echo
awk '
    function ms(text) {
        if (text ~ /us$/) return substr(text, 1, length(text) - 2) / 1000
        if (text ~ /ms$/) return substr(text, 1, length(text) - 2) + 0
        if (text ~ /s$/) return substr(text, 1, length(text) - 1) * 1000
        return text + 0
    }
    function median(values, count,    i, j, t, sorted) {
        for (i = 1; i <= count; i++) sorted[i] = values[i]
        for (i = 1; i <= count; i++) for (j = i + 1; j <= count; j++) if (sorted[j] < sorted[i]) { t = sorted[i]; sorted[i] = sorted[j]; sorted[j] = t }
        return count % 2 ? sorted[(count + 1) / 2] : (sorted[count / 2] + sorted[count / 2 + 1]) / 2
    }
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
