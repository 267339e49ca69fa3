# The stored-snapshot phase of scripts/bench-service.sh --redis (sourced by it): a server on the
# memory store and one on a Redis store, side by side, each round measuring PUT and GET of 20-
# and 1,000-item snapshots on both; then Redis's memory per stored item. Needs $work,
# $server_bin, $duration, $rounds, measure and cpu_microseconds from the caller.

memory_port="${BENCH_MEMORY_PORT:-18484}"
redis_store_port="${BENCH_REDIS_STORE_PORT:-18485}"
redis_port="${BENCH_REDIS_PORT:-18486}"

install_if_missing redis-server redis-server
redis-server --port "$redis_port" --bind 127.0.0.1 --save "" --appendonly no > "$work/redis.log" 2>&1 &
stored_pids=($!)
for _ in $(seq 50); do redis-cli -p "$redis_port" ping > /dev/null 2>&1 && break; sleep 0.1; done
redis_workers=()
[ -n "${BENCH_REDIS_WORKERS:-}" ] && redis_workers=(--workers "$BENCH_REDIS_WORKERS")
"$server_bin" --host 127.0.0.1 --port "$memory_port" --log-level warning 2> /dev/null &
stored_pids+=($!)
memory_pid=$!
"$server_bin" --host 127.0.0.1 --port "$redis_store_port" --log-level warning --store "redis://127.0.0.1:$redis_port" ${redis_workers[@]+"${redis_workers[@]}"} 2> /dev/null &
stored_pids+=($!)
redis_store_pid=$!
stop_stored() { for pid in "${stored_pids[@]}"; do kill "$pid" 2> /dev/null || true; done; }
wait_for_port "$memory_port"
wait_for_port "$redis_store_port"

# Two versions of each list (the second deletes 5%, inserts 5% and moves 2%, as the diff
# bodies do), written in turn to 64 snapshots so that every PUT is a real change.
for n in 20 1000; do
    python3 -c "import json, sys; d = json.load(open('$work/diff-$n.json')); json.dump(d['old'], open('$work/put-$n-a.json', 'w')); json.dump(d['new'], open('$work/put-$n-b.json', 'w'))"
    cat > "$work/put-$n.lua" << LUA
local bodies = {}
for i, name in ipairs({"a", "b"}) do
    local file = io.open("$work/put-$n-" .. name .. ".json", "rb")
    bodies[i] = file:read("*a")
    file:close()
end
local count = 0
request = function()
    count = count + 1
    return wrk.format("PUT", "/v1/sessions/bench-$n-" .. (count % 64) .. "/snapshots/feed", {["Content-Type"] = "application/json"}, bodies[math.floor(count / 64) % 2 + 1])
end
LUA
    cat > "$work/get-$n.lua" << LUA
local count = 0
request = function()
    count = count + 1
    return wrk.format("GET", "/v1/sessions/bench-$n-" .. (count % 64) .. "/snapshots/feed")
end
LUA
    for port in "$memory_port" "$redis_store_port"; do
        for k in $(seq 0 63); do
            curl -fs -o /dev/null -X PUT --data-binary "@$work/put-$n-a.json" "http://127.0.0.1:$port/v1/sessions/bench-$n-$k/snapshots/feed"
        done
    done
done

# Like measure, but fails when any answer was not 2xx (a refused write is not a write).
measure_stored() {
    local output
    output="$(wrk -t1 -c"${connections:-32}" -d"$duration" --latency "$@" 2>&1)"
    if echo "$output" | grep -q "Non-2xx"; then
        echo "stored run $* had non-2xx answers:" >&2
        echo "$output" >&2
        exit 1
    fi
    echo "$output" | awk '/Requests\/sec:/ { rps = $2 } /^ +50%/ { p50 = $2 } /^ +99%/ { p99 = $2 } / requests in / { requests = $1 } END { printf "%s %s %s %s\n", rps, p50, p99, requests }'
}

stored_results="$work/stored-results"
for round in $(seq "$rounds"); do
    echo "stored round $round/$rounds"
    for n in 20 1000; do
        for method in put get; do
            for store in memory redis; do
                port="$memory_port"; pid="$memory_pid"
                [ "$store" = redis ] && port="$redis_store_port" && pid="$redis_store_pid"
                before="$(cpu_microseconds "$pid")"
                line="$(measure_stored -s "$work/$method-$n.lua" "http://127.0.0.1:$port")"
                after="$(cpu_microseconds "$pid")"
                echo "$method-$n-$store $line $(awk -v cpu=$((after - before)) -v requests="$(echo "$line" | awk '{ print $4 }')" 'BEGIN { printf "%.1f", (requests > 0) ? cpu / requests : 0 }')" >> "$stored_results"
            done
        done
    done
done

echo
echo "stored snapshots: the memory store and Redis (redis-server on :$redis_port), side by side"
printf '%-20s %12s %10s %10s %10s %12s\n' "run" "req/s" "p50" "p99" "requests" "cpu us/req"
while read -r name rps p50 p99 requests cpu; do
    printf '%-20s %12s %10s %10s %10s %12s\n' "$name" "$rps" "$p50" "$p99" "$requests" "$cpu"
done < "$stored_results"
awk "$awk_functions"'
    { runs[$1]++; rps[$1, runs[$1]] = $2 }
    END {
        missed = 0
        split("put-20 get-20 put-1000 get-1000", names, " ")
        for (k = 1; k <= 4; k++) {
            name = names[k]
            for (i = 1; i <= runs[name "-redis"]; i++) values[i] = rps[name "-redis", i] / rps[name "-memory", i]
            r = median(values, runs[name "-redis"])
            if (r < 0.5) missed++
            printf "%-9s Redis %.2f x the memory store (median of rounds; target >= 0.50: %s)\n", name, r, ((r >= 0.5) ? "target met" : "target MISSED")
        }
        printf "%s\n", missed ? missed " Redis target(s) missed" : "every Redis target met"
    }' "$stored_results"

python3 scripts/lib/redis_memory_per_item.py "$redis_store_port" "$redis_port"
stop_stored
