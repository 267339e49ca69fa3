#!/usr/bin/env bash
# Starts listdiff-server with `ulimit -n 64`, opens 200 concurrent keep-alive connections that
# each send GET /healthz, and checks that every one is answered (200 or 503) or closed, that
# the server is still running, and that it serves a fresh request afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
port="${FD_TEST_PORT:-18490}"
connections="${FD_TEST_CONNECTIONS:-200}"
swift build -c "${FD_TEST_CONFIGURATION:-release}" --product listdiff-server 2>&1 | tail -1
bin="$(swift build -c "${FD_TEST_CONFIGURATION:-release}" --show-bin-path)/listdiff-server"
log="$(mktemp /tmp/listdiff-fd.XXXXXX)"
(ulimit -n 64 && exec "$bin" --host 127.0.0.1 --port "$port" --log-level warning --idle-timeout 30) 2> "$log" &
server_pid=$!
trap 'kill "$server_pid" 2> /dev/null || true; rm -f "$log"' EXIT
# shellcheck source=lib/wait-for-port.sh
. "$(dirname "$0")/lib/wait-for-port.sh"
wait_for_port "$port"

python3 - "$port" "$connections" << 'PY'
import socket, sys, collections
port, count = int(sys.argv[1]), int(sys.argv[2])
sockets = []
for _ in range(count):
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    sockets.append(s)
for s in sockets:
    try:
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    except OSError:
        pass
outcomes = collections.Counter()
for s in sockets:
    try:
        data = s.recv(4096)
        if data.startswith(b"HTTP/1.1 "):
            outcomes["answered " + data[9:12].decode()] += 1
        else:
            outcomes["closed" if not data else "unexpected bytes"] += 1
    except socket.timeout:
        outcomes["no answer within 10 s"] += 1
    except OSError as error:
        outcomes["reset (%s)" % error.__class__.__name__] += 1
print("outcomes of %d concurrent connections:" % count, dict(outcomes))
for s in sockets:
    s.close()
sys.exit(1 if outcomes["no answer within 10 s"] or outcomes["unexpected bytes"] else 0)
PY

kill -0 "$server_pid" || { echo "FAIL: the server died"; exit 1; }
status="$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/healthz")"
echo "after the burst: GET /healthz -> $status"
grep -c "out of file descriptors" "$log" | sed 's/^/descriptor-exhaustion warnings logged: /'
[ "$status" = 200 ] || { echo "FAIL: not serving after the burst"; exit 1; }
echo "PASS"
