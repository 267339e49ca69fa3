# Waits until GET /healthz answers on 127.0.0.1:$1, at most $2 seconds (default 5); says so
# and returns 1 otherwise. Sourced by the scripts that start a server (and by .ci/run).
wait_for_port() {
    local tries=$(( ${2:-5} * 10 ))
    for _ in $(seq "$tries"); do curl -fs --max-time 1 "http://127.0.0.1:$1/healthz" > /dev/null 2>&1 && return 0; sleep 0.1; done
    echo "nothing answers GET /healthz on port $1" >&2
    return 1
}
