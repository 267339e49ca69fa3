#!/usr/bin/env bash
# The followers benchmark: how many idle followers one release server (memory store)
# holds, what they cost, and how fast a write reaches its follower among them.
#
#   scripts/followers.sh [--followers N] [--mode polls|streams] [--rate W] [--seconds S]
#                        [--idle S] [--per-session K] [--instances I] [--kill-one] [--skip-build]
#                        [--check]
#
# It starts the server, then `listdiff-bench followers` load processes of at most 5,000
# followers each (a process may open at most 20,000 files on the machines it was built on), each from a
# loopback source address of its own (127.0.0.2, 127.0.0.3, …), one session per K followers.
# Once every follower is open it lets the ramp settle, reads the server's RSS (VmRSS), its CPU
# over an idle window of --idle seconds (10; utime + stime; long polls re-sent at their
# deadline, streams' heartbeats on: a window shorter than the heartbeat may hold one of each
# stream's or none), then tells the processes to write W PUTs a second in all, to random
# sessions, for S seconds, and waits until every follower holds its session's last version.
# One table: RSS after the ramp and per follower (over the RSS before the followers), idle
# CPU, delivery latency from the PUT's send (p50/p99/max) and p99 from its answer, server CPU
# per write (over idle), writes, answers or events checked, lost, out of order, errors. Exits
# 1 on any lost, out-of-order or failed delivery, or when no write was made or delivered.
# --instances I (> 1): I servers on one Redis (redis-server started here on a free port),
# every load process spreads its followers and writers over all of them; RSS and CPU are
# summed over the instances (Redis not included; its RSS is printed apart).
# --kill-one: halfway through the writes the first instance is killed (SIGKILL); its
# followers and writers move to the next instance (`listdiff-bench followers --failover`),
# streams resume by since= with no reset, and every write must still reach its follower.
# --check (CI): a few seconds of each phase, the same checks, no timing targets.
# LISTDIFF_SERVER_BIN is measured instead of a fresh build (scripts/lib/bench-common.sh);
# --skip-build takes listdiff-bench (and the server) from .build/release as built.
# LISTDIFF_FOLLOWERS_PERF=FILE records the server's idle window with `perf record -g` into FILE;
# LISTDIFF_FOLLOWERS_WRITE_PERF=FILE the first 10 s of the writes, system-wide (`perf record -a`).
# As root it raises `ulimit -n` to the hard limit (always) and widens
# net.ipv4.ip_local_port_range for the run (restored after); otherwise it says so.
set -euo pipefail
cd "$(dirname "$0")/.."

followers=10000 mode=polls rate=1000 seconds=20 per_session=1 skip_build=0 check=0
settle=5 idle=10 per_process=5000 instances=1 kill_one=0
while [ $# -gt 0 ]; do
    case "$1" in
        --followers) followers="$2"; shift ;;
        --mode) mode="$2"; shift ;;
        --rate) rate="$2"; shift ;;
        --seconds) seconds="$2"; shift ;;
        --idle) idle="$2"; shift ;;
        --per-session) per_session="$2"; shift ;;
        --instances) instances="$2"; shift ;;
        --kill-one) kill_one=1 ;;
        --skip-build) skip_build=1 ;;
        --check) check=1 ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "followers.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done
case "$mode" in polls|streams) ;; *) echo "followers.sh: --mode is polls or streams" >&2; exit 2 ;; esac
[ "$check" -eq 1 ] && { seconds=5; settle=2; idle=3; }
[ "$instances" -ge 1 ] || { echo "followers.sh: --instances is at least 1" >&2; exit 2; }
[ "$kill_one" -eq 0 ] || [ "$instances" -gt 1 ] || { echo "followers.sh: --kill-one needs --instances > 1" >&2; exit 2; }
[ "$((per_process % per_session))" -eq 0 ] || { echo "followers.sh: --per-session must divide $per_process" >&2; exit 2; }

work="$(mktemp -d /tmp/listdiff-followers.XXXXXX)"
# shellcheck source=lib/bench-common.sh
. scripts/lib/bench-common.sh
if [ "$skip_build" -eq 1 ]; then
    server_bin="${LISTDIFF_SERVER_BIN:-$(swift build -c release --show-bin-path)/listdiff-server}"
else
    build_server
    swift build -c release --product listdiff-bench 2>&1 | tail -1
fi
bench_bin="$(swift build -c release --show-bin-path)/listdiff-bench"

ulimit -n "$(ulimit -Hn)"
port_range_file=/proc/sys/net/ipv4/ip_local_port_range
old_port_range=""
if [ -w "$port_range_file" ]; then
    old_port_range="$(cat "$port_range_file")"
    echo "1024 65535" > "$port_range_file"
    echo "note: widened net.ipv4.ip_local_port_range (system-wide) from '$old_port_range' to '1024 65535' for this run; restored at its end"
else
    echo "note: cannot widen $port_range_file (not root); each source address has its default range"
fi

server_pids=()
redis_pid=""
load_pids=()
go_fds=()
cleanup() {
    for pid in "${load_pids[@]}" "${server_pids[@]}" $redis_pid; do kill "$pid" 2> /dev/null || true; done
    wait 2> /dev/null || true
    [ -n "$old_port_range" ] && echo "$old_port_range" > "$port_range_file"
    rm -rf "$work"
}
trap cleanup EXIT

rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"; }
now_microseconds() { echo $(($(date +%s%N) / 1000)); }

processes=$(((followers + per_process - 1) / per_process))
sessions=$(((followers + per_session - 1) / per_session))
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg); $followers followers ($mode) in $processes processes on $instances instances, open files $(ulimit -n)"
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }
store=memory
if [ "$instances" -gt 1 ]; then
    command -v redis-server > /dev/null || { . scripts/lib/install.sh; install_if_missing redis-server redis-server; }
    redis_port=$(free_port)
    redis-server --port "$redis_port" --bind 127.0.0.1 --save "" --appendonly no --maxclients 10000 \
        > "$work/redis.log" 2>&1 &
    redis_pid=$!
    for _ in $(seq 50); do redis-cli -p "$redis_port" ping 2> /dev/null | grep -q PONG && break; sleep 0.1; done
    store="redis://127.0.0.1:$redis_port"
fi
ports=()
for index in $(seq 0 $((instances - 1))); do
    ports+=("$(free_port)")
    "$server_bin" --host 127.0.0.1 --port "${ports[$index]}" --log-level warning --store "$store" \
        --max-connections $((followers + 1000)) --max-sessions $((sessions + 1000)) 2> "$work/server.err.$index" &
    server_pids+=($!)
done
for port in "${ports[@]}"; do wait_for_port "$port"; done
port_list=$(IFS=,; echo "${ports[*]}")
rss_sum() { local sum=0 pid; for pid in "${server_pids[@]}"; do sum=$((sum + $(rss_kib "$pid" 2> /dev/null || echo 0))); done; echo "$sum"; }
cpu_sum() { local sum=0 pid; for pid in "${server_pids[@]}"; do sum=$((sum + $(cpu_microseconds "$pid" 2> /dev/null || echo 0))); done; echo "$sum"; }
rss_before=$(rss_sum)
failover=()
[ "$kill_one" -eq 1 ] && failover=(--failover)

for index in $(seq 0 $((processes - 1))); do
    count=$((followers - index * per_process))
    [ "$count" -gt "$per_process" ] && count=$per_process
    mkfifo "$work/go.$index"
    "$bench_bin" followers --ports "$port_list" "${failover[@]}" --mode "$mode" --followers "$count" \
        --per-session "$per_session" \
        --first-session $((index * per_process / per_session)) --sources "127.0.0.$((index + 2))" \
        --rate "$(awk -v r="$rate" -v n="$count" -v all="$followers" 'BEGIN { printf "%.3f", r * n / all }')" \
        --seconds "$seconds" --wait-for-go --samples "$work/samples.$index" \
        < "$work/go.$index" > "$work/out.$index" 2> "$work/err.$index" &
    load_pids+=($!)
    exec {go_fd}> "$work/go.$index"
    go_fds+=("$go_fd")
done

# Every process open, or one gone: the ramp ends.
ramp_start=$(now_microseconds)
while [ "$(cat "$work"/out.* | grep -c '^ready')" -lt "$processes" ]; do
    for pid in "${load_pids[@]}"; do
        kill -0 "$pid" 2> /dev/null || { echo "a load process ended during the ramp:" >&2; cat "$work"/err.* >&2; exit 1; }
    done
    sleep 0.2
done
ramp_seconds=$(awk -v us=$(($(now_microseconds) - ramp_start)) 'BEGIN { printf "%.1f", us / 1e6 }')
sleep "$settle"
rss_after=$(rss_sum)
idle_cpu_start=$(cpu_sum) idle_start=$(now_microseconds)
if [ -n "${LISTDIFF_FOLLOWERS_PERF:-}" ]; then
    perf record -F 999 -g -p "$(IFS=,; echo "${server_pids[*]}")" -o "$LISTDIFF_FOLLOWERS_PERF" -- sleep "$idle" 2> /dev/null
else
    sleep "$idle"
fi
idle_cpu=$(($(cpu_sum) - idle_cpu_start)) idle_wall=$(($(now_microseconds) - idle_start))

write_cpu_start=$(cpu_sum) write_start=$(now_microseconds)
for fd in "${go_fds[@]}"; do echo go >&"$fd"; done
if [ -n "${LISTDIFF_FOLLOWERS_WRITE_PERF:-}" ]; then
    # Every process (servers, Redis, the load tool, the kernel's share): where a write's cost goes.
    perf record -a -F 499 -g -o "$LISTDIFF_FOLLOWERS_WRITE_PERF" -- sleep "$(awk -v s="$seconds" 'BEGIN { print (s < 10 ? s : 10) }')" > /dev/null 2>&1 &
fi
killed_cpu=0
if [ "$kill_one" -eq 1 ]; then
    sleep "$(awk -v s="$seconds" 'BEGIN { print s / 2 }')"
    killed_cpu=$(cpu_microseconds "${server_pids[0]}")
    kill -9 "${server_pids[0]}"
    wait "${server_pids[0]}" 2> /dev/null || true
    echo "killed instance 0 (port ${ports[0]}) $(($(now_microseconds) - write_start)) us into the writes"
    server_pids=("${server_pids[@]:1}")
fi
failed=0
for pid in "${load_pids[@]}"; do wait "$pid" || failed=1; done
load_pids=()
write_cpu=$(($(cpu_sum) + killed_cpu - write_cpu_start)) write_wall=$(($(now_microseconds) - write_start))
for pid in "${server_pids[@]}"; do
    kill -0 "$pid" 2> /dev/null || { echo "a server died:" >&2; cat "$work"/server.err.* >&2; exit 1; }
done
[ -n "$redis_pid" ] && echo "redis RSS $(rss_kib "$redis_pid") KiB"

cat "$work"/err.* >&2
echo "run took ${SECONDS} s"
cat "$work"/samples.* 2> /dev/null | sort -n -k1,1 > "$work/from-send"
cut -d' ' -f2 "$work/from-send" | sort -n > "$work/from-answer"
percentile() { awk -v p="$2" '{ v[NR] = $1 } END { if (NR == 0) { print "-"; exit } i = int(NR * p + 0.999999); if (i < 1) i = 1; printf "%.2f", v[i] / 1000 }' "$1"; }
cat "$work"/out.* | awk \
    -v mode="$mode" -v followers="$followers" -v per_session="$per_session" -v rss_before="$rss_before" -v rss_after="$rss_after" \
    -v idle_cpu="$idle_cpu" -v idle_wall="$idle_wall" -v write_cpu="$write_cpu" -v write_wall="$write_wall" \
    -v p50="$(percentile "$work/from-send" 0.5)" -v p99="$(percentile "$work/from-send" 0.99)" \
    -v max="$(percentile "$work/from-send" 1)" -v p99_answer="$(percentile "$work/from-answer" 0.99)" \
    -v ramp="$ramp_seconds" -v failed="$failed" '
    /^result / { for (i = 2; i <= NF; i++) { split($i, kv, "="); sum[kv[1]] += kv[2] } }
    END {
        idle_share = idle_cpu / idle_wall
        per_write = sum["writes"] > 0 ? (write_cpu - idle_share * write_wall) / sum["writes"] / 1000 : 0
        printf "%-8s %9s %9s %10s %8s %8s %8s %8s %10s %9s %7s %9s %6s %6s %6s\n", "mode", "followers", "RSS MiB", "KiB/follow", "idle %", "p50 ms", "p99 ms", "max ms", "p99 ans ms", "CPU/w ms", "writes", "checked", "lost", "order", "errors"
        printf "%-8s %9d %9.1f %10.2f %8.2f %8s %8s %8s %10s %9.3f %7d %9d %6d %6d %6d\n", mode, followers, rss_after / 1024, (rss_after - rss_before) / followers, 100 * idle_share, p50, p99, max, p99_answer, per_write, sum["writes"], sum["checked"], sum["lost"], sum["out-of-order"], sum["errors"]
        printf "ramp %s s; RSS %d KiB before the followers; deliveries %d; reconnects %d; refused (503, retried) %d; heartbeats read %d; writes behind the rate %d\n", ramp, rss_before, sum["deliveries"], sum["reconnects"], sum["refusals"], sum["heartbeats"], sum["behind"]
        bad = sum["lost"] + sum["out-of-order"] + sum["errors"]
        if (failed || bad > 0 || sum["writes"] == 0 || sum["deliveries"] != sum["writes"] * per_session) {
            printf "FAILED: %d lost, %d out of order, %d errors, %d writes, %d deliveries (%d expected)%s\n", sum["lost"], sum["out-of-order"], sum["errors"], sum["writes"], sum["deliveries"], sum["writes"] * per_session, failed ? "; a load process failed" : ""
            exit 1
        }
    }'
