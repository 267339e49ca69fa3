#!/usr/bin/env bash
# Benchmarks POST /v1/diff of listdiff-server against nginx on loopback (wrk -t1 -c32), three
# rounds interleaved: 20-, 1,000- and 10,000-item lists per side against nginx's static 200
# and its read-and-discard of the same bodies; prints req/s, p50/p99, the server's CPU time
# per request (from /proc), the ratios the service issue targets, and the p99 of GET /healthz
# while 50,000-item diffs run beside it. Installs wrk and nginx-light with apt-get if missing.
# With --redis, then stored snapshots: PUT and GET of 20- and 1,000-item snapshots on the memory
# store and on Redis side by side (Redis's req/s as a ratio to memory's), and Redis's memory
# per stored item (scripts/lib/bench-stored.sh; BENCH_REDIS_WORKERS sets that server's --workers).
#   scripts/bench-service.sh [--help] [--redis]
#   BENCH_DURATION=10s BENCH_ROUNDS=3 scripts/bench-service.sh
set -euo pipefail
if [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]; then
    sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
fi
cd "$(dirname "$0")/.."
stored=""
for argument in "$@"; do
    case "$argument" in
        --redis) stored=1 ;;
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
awk -v diffs="$diffs_50k" "$awk_functions"'
    { runs[$1]++; rps[$1, runs[$1]] = $2; cpu[$1, runs[$1]] = $6; p99[$1] = ms($4) }
    function ratio(name, ruler,    i, values) {
        for (i = 1; i <= runs[name]; i++) values[i] = rps[name, i] / rps[ruler, i]
        return median(values, runs[name])
    }
    function cpu_median(name,    i, values) {
        for (i = 1; i <= runs[name]; i++) values[i] = cpu[name, i]
        return median(values, runs[name])
    }
    function verdict(met) { return met ? "target met" : "target MISSED" }
    END {
        r20 = ratio("ours-20", "nginx-static"); c20 = cpu_median("ours-20")
        r1k = ratio("ours-1k", "nginx-discard-1k"); c1k = cpu_median("ours-1k")
        c10k = cpu_median("ours-10k"); hz = p99["healthz-under-load"]
        printf "20 items:   %.2f x nginx static 200 (median of rounds; target >= 0.60: %s), %.0f us CPU per request\n", r20, verdict(r20 >= 0.60), c20
        printf "1k items:   %.2f x nginx read-and-discard (target >= 0.20: %s), %.0f us CPU per request (target <= 150: %s)\n", r1k, verdict(r1k >= 0.20), c1k, verdict(c1k <= 150)
        printf "10k items:  %.0f us CPU per request (target <= 2000: %s)\n", c10k, verdict(c10k <= 2000)
        printf "/healthz p99 beside %s 50,000-item diffs: %.2f ms (target <= 10: %s)\n", diffs, hz, verdict(hz <= 10)
        missed = (r20 < 0.60) + (r1k < 0.20) + (c1k > 150) + (c10k > 2000) + (hz > 10)
        printf "%s\n", missed ? missed " target(s) missed (on a busy machine, run again at a quiet moment; ratios are side by side, CPU per request is absolute)" : "every target met"
    }' "$results"
if [ -n "$stored" ]; then
    # shellcheck source=lib/bench-stored.sh
    . scripts/lib/bench-stored.sh
fi
