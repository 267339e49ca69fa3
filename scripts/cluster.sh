#!/usr/bin/env bash
# Three listdiff-server instances behind nginx, sharded by session with consistent hashing.
set -euo pipefail

if [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]; then
    cat << 'USAGE'
usage: scripts/cluster.sh [--help] [--skip-build] [--redis | --redis-cluster | --redis-failover]

Scaling out is nginx's job, not ours: this builds the release server (unless --skip-build),
starts three instances and an nginx in front of them on loopback ports (installing wrk-free
nginx-light with apt-get if missing), and routes with `hash $shard_key consistent`, where the
shard key is the session name in the path (`/v1/sessions/{session}/…`) and a fresh
`$request_id` otherwise. `POST /v1/sessions` passes that `$request_id` to the instance as
`X-ListDiff-Session-Name`, so a new session is made where its later requests will go;
stateless `POST /v1/diff` spreads by its random key. Then:

1. runs a load through nginx: 24 sessions made by POST, each written 5 versions, then asked
   for its changes, and 200 stateless diffs with scripts/load.sh;
2. checks that every session lives on exactly one instance, at the version its fifth write
   made, under that instance's epoch;
3. follows a snapshot's event stream through nginx and reads each write's event within
   two seconds (nginx passes it as it comes: the server answers X-Accel-Buffering: no);
4. stops the instance that owns the most sessions and shows what their clients see through
   nginx: the session is gone (404), and once they write again, the changes since their old
   version are a reset — never a changeset computed from a version that instance never had.

With --redis, the other design: the three instances keep their snapshots in one Redis
(redis-server from apt, started here with appendonly yes and appendfsync always) and nginx
spreads requests round-robin, with no affinity. scripts/lib/redis_shared_check.py then checks
that sessions written through any instance read through any other; that a follower
long-polling one snapshot through nginx keeps receiving changesets, never a reset, while a
writer writes it and one instance is killed with SIGKILL halfway, and that every acknowledged
write is there afterwards; that all three instances restarted serve the same sessions,
versions and digests; that Redis killed and restarted loses no acknowledged write; and that
with Redis stopped writes answer 503 with Retry-After at once and /readyz 503, recovering by
themselves when it is back. It times a long poll woken across instances.

With --redis-cluster, the same round-robin instances on a Redis Cluster of three masters
(formed with redis-cli --cluster create; each instance is given two of them as seeds), and
scripts/lib/redis_cluster_check.py checks 24 sessions read and written through every
instance, their keys spread over the three masters, and a long poll woken across instances.

With --redis-failover, the instances run with --store-min-replicas 1 on a Redis Cluster of
three masters with one replica each (redis-cli --cluster create --cluster-replicas 1, a node
timeout of 2 s), every node a seed. scripts/lib/redis_failover_check.py runs writers (If-Match,
retried on 503 as a careful client does) and long-poll followers, kills one master with SIGKILL
after 3 s, starts it again once its replica has taken over (it rejoins as that one's replica:
until then the new master's writes reach no replica, and are 503) and checks: only 503 while
the cluster is down (never a 404, never another 5xx),
/readyz 503 meanwhile, recovery without restarting listdiff-server, 0 acknowledged writes lost,
0 version tokens naming two contents (followers checked by digest); it prints the downtime, the
503s and the writes acknowledged.

Exits 1 if any check fails. Everything runs on 127.0.0.1 and stops when the script exits.
USAGE
    exit 0
fi
cd "$(dirname "$0")/.."
skip_build=""
redis=""
redis_cluster=""
failover=""
for argument in "$@"; do
    case "$argument" in
        --skip-build) skip_build=1 ;;
        --redis) redis=1 ;;
        --redis-cluster) redis=1; redis_cluster=1 ;;
        --redis-failover) redis=1; redis_cluster=1; failover=1 ;;
        *) echo "unknown argument $argument (see --help)" >&2; exit 2 ;;
    esac
done
ports=(18701 18702 18703)
front=18700
work="$(mktemp -d /tmp/listdiff-cluster.XXXXXX)"
# shellcheck source=lib/bench-common.sh
. scripts/lib/bench-common.sh
install_if_missing curl curl
if ! command -v nginx > /dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then install_if_missing nginx nginx-light; fi
nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"
if [ -n "$skip_build" ]; then
    server_bin="${LISTDIFF_SERVER_BIN:-$(swift build -c release --show-bin-path)/listdiff-server}"
else
    build_server
fi

pids=()
nginx_pid=""
# Every process started here is disowned as it starts: the checks kill some on purpose, and
# bash would report those as jobs that died ("Killed redis-server …"). So cleanup waits for
# them by polling, up to 5 s, before the next run may take their ports.
cleanup() {
    for pid in ${pids[@]+"${pids[@]}"} "$nginx_pid"; do [ -n "$pid" ] && kill "$pid" 2> /dev/null || true; done
    for pid in ${pids[@]+"${pids[@]}"} "$nginx_pid"; do
        for _ in $(seq 100); do [ -n "$pid" ] && kill -0 "$pid" 2> /dev/null || break; sleep 0.05; done
    done
    rm -rf "$work"
}
trap cleanup EXIT

# Redis modes: one Redis (or a Redis Cluster) the instances share, and nginx round-robin.
store_args=()
balancing=""
routing=""
if [ -n "$redis_cluster" ]; then
    install_if_missing redis-server redis-server
    masters=(18711 18712 18713)
    replicas=()
    # With --redis-failover, one replica each (redis-cli makes the first three given masters).
    [ -n "$failover" ] && replicas=(18714 18715 18716)
    declare -A redis_pid_of
    for port in "${masters[@]}" ${replicas[@]+"${replicas[@]}"}; do
        mkdir -p "$work/redis-$port"
        redis-server --port "$port" --bind 127.0.0.1 --save "" --appendonly no --cluster-enabled yes \
            --cluster-node-timeout 2000 --cluster-config-file "$work/redis-$port/nodes.conf" --dir "$work/redis-$port" > "$work/redis-$port.log" 2>&1 &
        redis_pid_of[$port]=$!
        pids+=($!)
        disown $!
    done
    for port in "${masters[@]}" ${replicas[@]+"${replicas[@]}"}; do for _ in $(seq 50); do redis-cli -p "$port" ping > /dev/null 2>&1 && break; sleep 0.1; done; done
    nodes=("${masters[@]}" ${replicas[@]+"${replicas[@]}"})
    redis-cli --cluster create "${nodes[@]/#/127.0.0.1:}" --cluster-replicas "$([ -n "$failover" ] && echo 1 || echo 0)" --cluster-yes > "$work/cluster-create.log" 2>&1
    for _ in $(seq 200); do
        formed=1
        for port in "${nodes[@]}"; do redis-cli -p "$port" cluster info | grep -q 'cluster_state:ok' || formed=""; done
        for port in ${replicas[@]+"${replicas[@]}"}; do redis-cli -p "$port" info replication | grep -q 'master_link_status:up' || formed=""; done
        [ -n "$formed" ] && break
        sleep 0.1
    done
    if [ -n "$failover" ]; then
        seeds=$(printf '127.0.0.1:%s,' "${nodes[@]}")
        store_args=(--store "redis-cluster://${seeds%,}" --store-min-replicas 1)
    else
        store_args=(--store "redis-cluster://127.0.0.1:${masters[0]},127.0.0.1:${masters[1]}")
    fi
elif [ -n "$redis" ]; then
    install_if_missing redis-server redis-server
    redis_port=18709
    redis_args=(--port "$redis_port" --bind 127.0.0.1 --save "" --appendonly yes --appendfsync always --dir "$work")
    redis_command="redis-server $(printf '%q ' "${redis_args[@]}")"
    redis-server "${redis_args[@]}" > "$work/redis.log" 2>&1 &
    redis_pid=$!
    disown $!
    pids+=("$redis_pid")
    for _ in $(seq 50); do redis-cli -p "$redis_port" ping > /dev/null 2>&1 && break; sleep 0.1; done
    store_args=(--store "redis://127.0.0.1:$redis_port")
else
    # The session in the path picks the instance; without one, a fresh random key does. A new
    # session is named by the same key that routed it, so it is made where its later requests go.
    balancing="hash \$shard_key consistent;"
    routing=$(cat << 'CONF'
    map $uri $session_in_path {
        "~^/v1/sessions/(?<name>[^/]+)" $name;
        default "";
    }
    map $session_in_path $shard_key {
        "" $request_id;
        default $session_in_path;
    }
CONF
)
fi
instance_pids=()
for port in "${ports[@]}"; do
    "$server_bin" --host 127.0.0.1 --port "$port" --log-level warning --trusted-proxies 127.0.0.1 ${store_args[@]+"${store_args[@]}"} 2> "$work/server-$port.log" &
    instance_pids+=($!)
    disown $!
done
pids+=("${instance_pids[@]}")
upstreams=""
for port in "${ports[@]}"; do upstreams+="server 127.0.0.1:$port max_fails=1 fail_timeout=30s; "; done
new_session=""
[ -z "$redis" ] && new_session='location = /v1/sessions { proxy_set_header X-ListDiff-Session-Name $request_id; proxy_pass http://listdiff; }'
{
nginx_prologue 1
cat << CONF
$routing
    upstream listdiff {
        $balancing
        $upstreams
        keepalive 16;
    }
    server {
        listen 127.0.0.1:$front;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
        proxy_read_timeout 90s;
        $new_session
        location / { proxy_pass http://listdiff; }
    }
}
CONF
} > "$work/nginx.conf"
"$nginx_bin" -c "$work/nginx.conf" -e "$work/error.log" &
nginx_pid=$!
disown $!
for port in "${ports[@]}"; do wait_for_port "$port"; done
wait_for_port "$front"

if [ -n "$failover" ]; then
    echo "redis failover mode: three instances (--store-min-replicas 1) on a Redis Cluster of three masters (:${masters[*]}) with a replica each (:${replicas[*]})"
    first="${masters[0]}"
    python3 scripts/lib/redis_failover_check.py --instances "${ports[@]}" --masters "${masters[@]}" --replicas "${replicas[@]}" \
        --master-pids "${redis_pid_of[${masters[0]}]}" "${redis_pid_of[${masters[1]}]}" "${redis_pid_of[${masters[2]}]}" \
        --restart-command "redis-server --port $first --bind 127.0.0.1 --save '' --appendonly no --cluster-enabled yes --cluster-node-timeout 2000 --cluster-config-file $work/redis-$first/nodes.conf --dir $work/redis-$first"
    echo "cluster (redis failover): every check passed"
    exit 0
fi
if [ -n "$redis_cluster" ]; then
    echo "redis cluster mode: three instances on a Redis Cluster (:${masters[*]}), nginx round-robin on :$front"
    grep -o 'Master\[[0-9]\] -> Slots.*' "$work/cluster-create.log" | sed 's/^/   /'
    python3 scripts/lib/redis_cluster_check.py --front "$front" --instances "${ports[@]}" --masters "${masters[@]}"
    echo "cluster (redis cluster): every check passed"
    exit 0
fi
if [ -n "$redis" ]; then
    echo "redis mode: three instances on one Redis (:$redis_port, appendfsync always), nginx round-robin on :$front"
    python3 scripts/lib/redis_shared_check.py --front "$front" --instances "${ports[@]}" --instance-pids "${instance_pids[@]}" \
        --instance-command "$server_bin --host 127.0.0.1 --port {port} --log-level warning ${store_args[*]}" \
        --redis-port "$redis_port" --redis-pid "$redis_pid" --redis-command "$redis_command"
    echo "cluster (redis): every check passed"
    exit 0
fi

failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
json() { python3 -c "import json, sys; print(json.load(sys.stdin)$1)"; }

echo "1. load through nginx on 127.0.0.1:$front"
sessions=()
for _ in $(seq 24); do
    sessions+=("$(curl -fs --max-time 5 -X POST "http://127.0.0.1:$front/v1/sessions" | json "['session']")")
done
# The version each session's last write made (numbers come from one counter per instance,
# so a session's five versions are not 1 to 5).
declare -A written
for session in "${sessions[@]}"; do
    for version in 1 2 3 4 5; do
        items=$(python3 -c "import json; print(json.dumps(['item-%d' % i for i in range($version, $version + 20)]))")
        status=$(curl -s --max-time 5 -o "$work/written" -w '%{http_code}' -X PUT -d "$items" "http://127.0.0.1:$front/v1/sessions/$session/snapshots/feed")
        case "$status" in 200|201) written[$session]=$(json "['to']" < "$work/written") ;; *) fail "PUT version $version of session $session answered $status" ;; esac
    done
done
echo '{"old": ["a", "b", "c"], "new": ["c", "a", "d"]}' > "$work/diff.json"
scripts/load.sh -n 200 -c 8 -D "$work/diff.json" "http://127.0.0.1:$front/v1/diff" | sed 's/^/   /' || fail "stateless diffs through nginx"

echo "2. every session on exactly one instance, at its fifth write's version under that instance's epoch"
declare -A owner
declare -A version_of
declare -A owned
for port in "${ports[@]}"; do owned[$port]=0; done
for session in "${sessions[@]}"; do
    holders=()
    for port in "${ports[@]}"; do
        listing=$(curl -s --max-time 5 "http://127.0.0.1:$port/v1/sessions/$session" || true)
        if echo "$listing" | grep -q '"snapshots"'; then
            holders+=("$port")
            version=$(echo "$listing" | json "['snapshots'][0]['version']")
            [ "$version" = "${written[$session]:-}" ] || fail "session $session on $port is at version $version, not its fifth write's ${written[$session]:-}"
            [ "$(echo "$listing" | json "['snapshots'][0]['items']")" = 20 ] || fail "session $session on $port does not hold 20 items"
            version_of[$session]="$version"
        fi
    done
    if [ "${#holders[@]}" -ne 1 ]; then fail "session $session is on ${#holders[@]} instances (${holders[*]:-none})"; continue; fi
    owner[$session]="${holders[0]}"
    owned[${holders[0]}]=$((owned[${holders[0]}] + 1))
done
for port in "${ports[@]}"; do echo "   instance $port holds ${owned[$port]} sessions"; done

echo "3. an event stream through nginx comes as written (the server's X-Accel-Buffering: no)"
python3 scripts/lib/stream_through_proxy_check.py "$front" "${sessions[0]}" | sed 's/^/   /' || fail "an event stream through nginx"

victim="${ports[0]}"
for port in "${ports[@]}"; do [ "${owned[$port]}" -gt "${owned[$victim]}" ] && victim="$port"; done
echo "4. stopping instance $victim; what its clients see through nginx"
for index in "${!ports[@]}"; do [ "${ports[$index]}" = "$victim" ] && kill "${pids[$index]}"; done
sleep 0.5
checked=0
for session in "${sessions[@]}"; do
    [ "${owner[$session]:-}" = "$victim" ] || continue
    old_version="${version_of[$session]}"
    status=$(curl -s --max-time 5 -o "$work/answer" -w '%{http_code}' "http://127.0.0.1:$front/v1/sessions/$session/snapshots/feed/changes?since=$old_version")
    [ "$status" = 404 ] || fail "session $session after its instance stopped: changes answered $status, not 404"
    curl -s --max-time 5 -o /dev/null -X PUT -d '["item-5", "item-6"]' "http://127.0.0.1:$front/v1/sessions/$session/snapshots/feed"
    answer=$(curl -s --max-time 5 "http://127.0.0.1:$front/v1/sessions/$session/snapshots/feed/changes?since=$old_version")
    echo "$answer" | grep -q '"reset":true' || fail "session $session: changes since its old version were not a reset: $answer"
    if [ "$checked" -eq 0 ]; then
        echo "   changes?since=<old version> before writing again: $status $(cut -c1-100 "$work/answer")"
        echo "   after writing again: $(echo "$answer" | cut -c1-100)…"
    fi
    checked=$((checked + 1))
done
echo "   $checked sessions of the stopped instance: 404, then a reset; never a changeset"
[ "$checked" -gt 0 ] || fail "the stopped instance held no session"
status=$(curl -s --max-time 5 -o /dev/null -w '%{http_code}' -X POST -d @"$work/diff.json" "http://127.0.0.1:$front/v1/diff")
[ "$status" = 200 ] || fail "stateless diff after the stop answered $status"

if [ "$failures" -gt 0 ]; then echo "cluster: $failures checks failed" >&2; exit 1; fi
echo "cluster: every check passed"
