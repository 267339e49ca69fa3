#!/usr/bin/env bash
# Benchmarks POST /v1/diff of listdiff-server against nginx on loopback (wrk -t1 -c32), three
# rounds interleaved: 20-, 1,000- and 10,000-item lists per side against nginx's static 200
# and its read-and-discard of the same bodies; prints req/s, p50/p99, the server's CPU time
# per request (from /proc), the ratios the service issue targets, and the p99 of GET /healthz
# while 50,000-item diffs run beside it. Installs wrk and nginx-light with apt-get if missing.
# With --redis, then stored snapshots: PUT and GET of 20- and 1,000-item snapshots on the memory
# store and on Redis side by side (Redis's req/s as a ratio to memory's), and Redis's memory
# per stored item (scripts/lib/bench-stored.sh; BENCH_REDIS_WORKERS sets that server's --workers).
# With --tokens, a 20-item GET with an API key, a cached HS256 token and a cached Ed25519 token
# side by side (scripts/lib/bench-tokens.sh).
#   scripts/bench-service.sh [--help] [--redis] [--tokens]
#   BENCH_DURATION=10s BENCH_ROUNDS=3 scripts/bench-service.sh
set -euo pipefail
if [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]; then
    sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
fi
cd "$(dirname "$0")/.."
stored=""
tokens=""
for argument in "$@"; do
    case "$argument" in
        --redis) stored=1 ;;
        --tokens) tokens=1 ;;
        *) echo "unknown argument $argument (see --help)" >&2; exit 2 ;;
    esac
done
duration="${BENCH_DURATION:-5s}"
rounds="${BENCH_ROUNDS:-3}"
our_port="${BENCH_PORT:-18482}"
nginx_port="${BENCH_NGINX_PORT:-18483}"

work="$(mktemp -d /tmp/listdiff-bench.XXXXXX)"
# shellcheck source=lib/bench-common.sh
. scripts/lib/bench-common.sh
ensure_wrk_and_nginx
build_server

server_pid=""
nginx_pid=""
load_pid=""
stored_pids=()
cleanup() {
    for pid in "$load_pid" "$server_pid" "$nginx_pid" ${stored_pids[@]+"${stored_pids[@]}"}; do [ -n "$pid" ] && kill "$pid" 2> /dev/null || true; done
    wait 2> /dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

"$server_bin" --host 127.0.0.1 --port "$our_port" --log-level warning 2> /dev/null &
server_pid=$!
start_nginx "$nginx_port" 'location = /discard { return 200 "ok\n"; }'

# Diff bodies: n items per side; the new side deletes 5%, inserts 5% and moves 2% of them.
python3 - "$work" << 'PY'
import json, random, sys
work = sys.argv[1]
random.seed(7)
for n in (20, 1000, 10000, 50000):
    old = [f"item-{k:06d}" for k in range(n)]
    new = [i for i in old if random.random() > 0.05]
    for k in range(max(1, n // 20)):
        new.insert(random.randrange(len(new) + 1), f"new-{k:06d}")
    for _ in range(max(1, n // 50)):
        new.insert(random.randrange(len(new)), new.pop(random.randrange(len(new))))
    with open(f"{work}/diff-{n}.json", "w") as out:
        json.dump({"old": old, "new": new}, out, separators=(",", ":"))
PY
wait_for_port "$our_port"
wait_for_port "$nginx_port"
for n in 20 1000 10000 50000; do
    declare "post_$n=$(post_script "$work/diff-$n.json")"
    curl -fs -o /dev/null -X POST --data-binary "@$work/diff-$n.json" "http://127.0.0.1:$our_port/v1/diff" \
        || { echo "POST /v1/diff with $n items failed" >&2; exit 1; }
done

# Runs wrk against our server and appends "name req/s p50 p99 requests cpu_us_per_request".
ours() {
    local name="$1"
    shift
    local before after line
    before="$(cpu_microseconds "$server_pid")"
    line="$(measure "$@")"
    after="$(cpu_microseconds "$server_pid")"
    echo "$name $line $(awk -v cpu=$((after - before)) -v requests="$(echo "$line" | awk '{ print $4 }')" 'BEGIN { printf "%.1f", (requests > 0) ? cpu / requests : 0 }')" >> "$results"
}

results="$work/results"
for round in $(seq "$rounds"); do
    echo "round $round/$rounds"
    # shellcheck disable=SC2154
    ours ours-20 -s "$post_20" "http://127.0.0.1:$our_port/v1/diff"
    echo "nginx-static $(measure "http://127.0.0.1:$nginx_port/healthz") -" >> "$results"
    # shellcheck disable=SC2154
    ours ours-1k -s "$post_1000" "http://127.0.0.1:$our_port/v1/diff"
    echo "nginx-discard-1k $(measure -s "$post_1000" "http://127.0.0.1:$nginx_port/discard") -" >> "$results"
    # shellcheck disable=SC2154
    ours ours-10k -s "$post_10000" "http://127.0.0.1:$our_port/v1/diff"
done

echo "healthz beside 50,000-item diffs"
# shellcheck disable=SC2154
wrk -t1 -c2 -d"$duration" -s "$post_50000" "http://127.0.0.1:$our_port/v1/diff" > "$work/load.txt" 2>&1 &
load_pid=$!
sleep 0.5
echo "healthz-under-load $(connections=4 measure "http://127.0.0.1:$our_port/healthz") -" >> "$results"
wait "$load_pid" || true
load_pid=""
diffs_50k="$(awk '/ requests in / { print $1 }' "$work/load.txt")"

echo
printf '%-20s %12s %10s %10s %10s %12s\n' "run" "req/s" "p50" "p99" "requests" "cpu us/req"
while read -r name rps p50 p99 requests cpu; do
    printf '%-20s %12s %10s %10s %10s %12s\n' "$name" "$rps" "$p50" "$p99" "$requests" "$cpu"
done < "$results"
echo
# The targets of the performance issue (#22): each figure is the median of the rounds, its
# range beside it; ratios are taken round by round (our run and nginx's side by side).
awk -v diffs="$diffs_50k" "$awk_functions"'
    { runs[$1]++; rps[$1, runs[$1]] = $2; cpu[$1, runs[$1]] = $6; p99[$1, runs[$1]] = ms($4) }
    function ratios(name, ruler, values,    i) {
        for (i = 1; i <= runs[name]; i++) values[i] = (ruler == "") ? cpu[name, i] : rps[name, i] / rps[ruler, i]
        return runs[name]
    }
    function summary(count, values, format,    i, low, high) {
        low = values[1]; high = values[1]
        for (i = 2; i <= count; i++) { if (values[i] < low) low = values[i]; if (values[i] > high) high = values[i] }
        return sprintf(format " (" format "-" format ")", median(values, count), low, high)
    }
    function verdict(met) { return met ? "target met" : "target MISSED" }
    END {
        n = ratios("ours-20", "nginx-static", r20); m20 = median(r20, n)
        ratios("ours-20", "", c20); mc20 = median(c20, n)
        for (i = 1; i <= n; i++) t99[i] = p99["ours-20", i] / p99["nginx-static", i]
        m99 = median(t99, n)
        ratios("ours-1k", "nginx-discard-1k", r1k); m1k = median(r1k, n)
        ratios("ours-1k", "", c1k); mc1k = median(c1k, n)
        ratios("ours-10k", "", c10k); mc10k = median(c10k, n)
        hz = p99["healthz-under-load", 1]
        printf "20 items:  %s x nginx static 200 (target >= 0.80: %s)\n", summary(n, r20, "%.2f"), verdict(m20 >= 0.80)
        printf "           %s us CPU per request (target <= 15: %s)\n", summary(n, c20, "%.0f"), verdict(mc20 <= 15)
        printf "           p99 %s x nginx static p99 (target <= 2: %s)\n", summary(n, t99, "%.1f"), verdict(m99 <= 2)
        printf "1k items:  %s x nginx read-and-discard (target >= 0.30: %s)\n", summary(n, r1k, "%.2f"), verdict(m1k >= 0.30)
        printf "           %s us CPU per request (target <= 100: %s)\n", summary(n, c1k, "%.0f"), verdict(mc1k <= 100)
        printf "10k items: %s us CPU per request (target <= 1000: %s)\n", summary(n, c10k, "%.0f"), verdict(mc10k <= 1000)
        printf "/healthz p99 beside %s 50,000-item diffs: %.2f ms (target <= 10: %s)\n", diffs, hz, verdict(hz <= 10)
        missed = (m20 < 0.80) + (mc20 > 15) + (m99 > 2) + (m1k < 0.30) + (mc1k > 100) + (mc10k > 1000) + (hz > 10)
        printf "%s\n", missed ? missed " target(s) missed (on a busy machine, run again at a quiet moment; ratios are side by side, CPU per request is absolute)" : "every target met"
    }' "$results"
if [ -n "$stored" ]; then
    # shellcheck source=lib/bench-stored.sh
    . scripts/lib/bench-stored.sh
fi
if [ -n "$tokens" ]; then
    # shellcheck source=lib/bench-tokens.sh
    . scripts/lib/bench-tokens.sh
fi
