"""What the check scripts share (`scripts/cluster.sh`'s, browser-test.py, config-check.py,
routes-check.py): HTTP calls to an instance or to nginx, a check that prints ok/FAIL and counts
failures, a free loopback port, and processes started (and stopped) here."""

import atexit, http.client, json, shlex, signal, socket, subprocess, time

failures = []
_started = []


def call(port, method, path, body=None, headers=None, timeout=30):
    """(status, parsed JSON or None, headers) of one request to 127.0.0.1:port."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers or {})
        response = connection.getresponse()
        data = response.read()
        parsed = json.loads(data) if data and response.getheader("Content-Type", "").startswith("application") else None
        return response.status, parsed, dict(response.getheaders())
    finally:
        connection.close()


def check(condition, what):
    print(("ok    " if condition else "FAIL  ") + what, flush=True)
    if not condition:
        failures.append(what)


def start(command, cwd=None):
    """Starts `command` (a shell-quoted string) in `cwd`; it is killed when this script exits."""
    process = subprocess.Popen(shlex.split(command), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd)
    _started.append(process)
    return process


def free_port():
    """A loopback TCP port nothing listens on now."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    return port


def wait_for_port(port, seconds=20):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return True
        except OSError:
            time.sleep(0.05)
    return False


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else float("nan")


def long_poll_wakeups(holder, writer, path, rounds):
    """Milliseconds from each write through `writer` to the answer of a long poll held by
    `holder` on the same snapshot (the poll starts first; the write after 50 ms)."""
    import threading
    status, answer, _ = call(writer, "PUT", path, ["w-0"])
    version = answer["to"]
    latencies = []
    for n in range(1, rounds + 1):
        answered = {}

        def poll():
            status, answer, _ = call(holder, "GET", f"{path}/changes?since={version}&wait=10", timeout=15)
            answered["at"], answered["status"], answered["answer"] = time.monotonic(), status, answer

        poller = threading.Thread(target=poll)
        poller.start()
        time.sleep(0.05)
        written_at = time.monotonic()
        status, answer, _ = call(writer, "PUT", path, [f"w-{k}" for k in range(n + 1)])
        poller.join(15)
        if answered.get("status") != 200 or answered["answer"].get("to") != answer["to"]:
            return None
        latencies.append((answered["at"] - written_at) * 1000)
        version = answer["to"]
    return latencies


@atexit.register
def _stop_started():
    for process in _started:
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            process.wait()
