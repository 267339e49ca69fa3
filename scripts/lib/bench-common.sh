# Shared by the benchmark scripts (sourced, not run): installing wrk and nginx, building and
# starting the release server, an nginx on an unprivileged port, and measuring with wrk.
# Callers set `work` (a temp dir) and source this after `cd` to the repository root.

# shellcheck source=install.sh
. scripts/lib/install.sh

# Installs wrk and nginx-light if missing; sets nginx_bin.
ensure_wrk_and_nginx() {
    install_if_missing wrk wrk
    if ! command -v nginx > /dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then install_if_missing nginx nginx-light; fi
    nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"
}

# Builds the release server; sets server_bin. With LISTDIFF_SERVER_BIN set, that binary is
# measured instead, unbuilt (an older commit's, to compare before and after in one sitting).
build_server() {
    if [ -n "${LISTDIFF_SERVER_BIN:-}" ]; then
        server_bin="$LISTDIFF_SERVER_BIN"
        echo "measuring $server_bin"
        return
    fi
    echo "building listdiff-server (release)..."
    swift build -c release --product listdiff-server 2>&1 | tail -1
    server_bin="$(swift build -c release --show-bin-path)/listdiff-server"
}

# Prints the start of an nginx config whose state lives in $work, with `worker_processes` $1,
# up to and inside the open `http {` block (the caller writes the rest and the closing brace).
nginx_prologue() {
    mkdir -p "$work/temp"
    cat << CONF
worker_processes $1;
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
CONF
}

# Starts nginx on port $1 with the server block's extra locations in $2; sets nginx_pid.
start_nginx() {
    local port="$1" locations="$2"
    {
        nginx_prologue "$(nproc)"
        cat << CONF
    keepalive_requests 1000000;
    client_max_body_size 64m;
    client_body_buffer_size 64m;
    server {
        listen 127.0.0.1:$port;
        location = /healthz { default_type text/plain; return 200 "ok\\n"; }
        $locations
    }
}
CONF
    } > "$work/nginx.conf"
    "$nginx_bin" -c "$work/nginx.conf" -e "$work/error.log" &
    nginx_pid=$!
}

# shellcheck source=wait-for-port.sh
. "$(dirname "${BASH_SOURCE[0]}")/wait-for-port.sh"

# A wrk script that POSTs the file $1 as JSON; prints its path.
post_script() {
    local body="$1" script="$work/post-$(basename "$1").lua"
    cat > "$script" << LUA
wrk.method = "POST"
local file = io.open("$body", "rb")
wrk.body = file:read("*a")
file:close()
wrk.headers["Content-Type"] = "application/json"
LUA
    echo "$script"
}

# Runs wrk with "$@" (connections from $connections, default 32) and prints
# "req/s p50 p99 requests" (latencies as wrk prints them).
measure() {
    wrk -t1 -c"${connections:-32}" -d"$duration" --latency "$@" 2>&1 | awk '
        /Requests\/sec:/ { rps = $2 }
        /^ +50%/ { p50 = $2 }
        /^ +99%/ { p99 = $2 }
        / requests in / { requests = $1 }
        END { printf "%s %s %s %s\n", rps, p50, p99, requests }'
}

# CPU time (user + system) of process $1 so far, in microseconds.
cpu_microseconds() {
    awk -v ticks="$(getconf CLK_TCK)" '{ printf "%d\n", ($14 + $15) * 1000000 / ticks }' "/proc/$1/stat"
}

# awk functions for summaries: ms("512.00us") → 0.512; median(values, count).
# shellcheck disable=SC2034
awk_functions='
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
'
