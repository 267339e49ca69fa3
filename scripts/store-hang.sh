#!/usr/bin/env bash
# Stops a Redis store under load and measures what clients see: the
# release listdiff-server on a real redis-server, 150 clients doing PUT, GET, changes and long
# polls; Redis stopped (SIGSTOP) for 10 s. Prints the slowest answer (a long poll's from its
# wake), answers by status, the server's threads before, during and after, and the store calls
# run after their request was answered (scripts/lib/store_hang.py). Installs redis-server with
# apt-get if missing. Exits 1 if an answer took longer than --store-timeout plus 0.5 s, or Redis
# ran a store command after it was let go on (SIGCONT).
#   scripts/store-hang.sh [--help]
#   HANG_CLIENTS=150 HANG_STOP_SECONDS=10 HANG_STORE_TIMEOUT=2 scripts/store-hang.sh
set -euo pipefail
if [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]; then
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
fi
cd "$(dirname "$0")/.."
# shellcheck source=lib/install.sh
. scripts/lib/install.sh
# shellcheck source=lib/wait-for-port.sh
. scripts/lib/wait-for-port.sh
install_if_missing redis-server redis-server
clients="${HANG_CLIENTS:-150}"
stop_seconds="${HANG_STOP_SECONDS:-10}"
store_timeout="${HANG_STORE_TIMEOUT:-2}"
port="${HANG_PORT:-18492}"
redis_port="${HANG_REDIS_PORT:-18493}"

echo "building listdiff-server (release)..."
swift build -c release --product listdiff-server 2>&1 | tail -1
server_bin="$(swift build -c release --show-bin-path)/listdiff-server"

redis_pid=""
server_pid=""
cleanup() {
    [ -n "$redis_pid" ] && kill -CONT "$redis_pid" 2> /dev/null || true
    for pid in "$server_pid" "$redis_pid"; do [ -n "$pid" ] && kill "$pid" 2> /dev/null || true; done
    wait 2> /dev/null || true
}
trap cleanup EXIT

redis-server --port "$redis_port" --bind 127.0.0.1 --save "" --appendonly no > /dev/null &
redis_pid=$!
for _ in $(seq 50); do (echo > "/dev/tcp/127.0.0.1/$redis_port") 2> /dev/null && break; sleep 0.1; done
"$server_bin" --host 127.0.0.1 --port "$port" --log-level warning --store "redis://127.0.0.1:$redis_port" \
    --store-timeout "$store_timeout" 2> /dev/null &
server_pid=$!
wait_for_port "$port" 10
python3 scripts/lib/store_hang.py --port "$port" --server-pid "$server_pid" --redis-port "$redis_port" \
    --redis-pid "$redis_pid" --clients "$clients" --stop-seconds "$stop_seconds" --store-timeout "$store_timeout"
