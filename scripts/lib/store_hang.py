#!/usr/bin/env python3
"""The measurement of `scripts/store-hang.sh` (run by it, not by hand): `--clients` threads do
PUT, GET, `changes` and long polls (`changes?wait=1`) against a listdiff-server on a Redis store;
after `--before` seconds Redis is stopped (SIGSTOP) for `--stop-seconds`, the clients stop just
before it goes on (SIGCONT), and the server is watched `--after` seconds more. Reports the
slowest answer of the requests that overlapped the stop (a long poll's counted from the end of
its wait, its wake), answers by status, the server's threads (/proc/<pid>/status) before,
during and after, and the store calls run after their request was answered: the server's
round trips (listdiff_store_round_trips_total) ended after every request had been answered,
and the store commands Redis executed from just after SIGCONT until `--after` seconds later
(INFO commandstats). Exits 1 if an answer overlapping the stop took longer than the deadline
plus 0.5 s, was a 503 without Retry-After or missing, or Redis ran a store command after SIGCONT."""

import argparse, http.client, json, os, random, signal, socket, sys, threading, time

parser = argparse.ArgumentParser()
parser.add_argument("--port", type=int, required=True)
parser.add_argument("--server-pid", type=int, required=True)
parser.add_argument("--redis-port", type=int, required=True)
parser.add_argument("--redis-pid", type=int, required=True)
parser.add_argument("--clients", type=int, default=150)
parser.add_argument("--stop-seconds", type=float, default=10)
parser.add_argument("--before", type=float, default=3)
parser.add_argument("--after", type=float, default=3)
parser.add_argument("--store-timeout", type=float, default=2)
options = parser.parse_args()
WAIT = 1  # seconds of each long poll
SNAPSHOTS = 30


def threads():
    with open(f"/proc/{options.server_pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("Threads:"))


def redis_commands():
    """Calls Redis executed, by command, from INFO commandstats (over a raw socket)."""
    with socket.create_connection(("127.0.0.1", options.redis_port), timeout=5) as connection:
        connection.sendall(b"INFO commandstats\r\n")
        data = b""
        while b"\r\n" not in data:
            data += connection.recv(65536)
        length = int(data[1:data.index(b"\r\n")])
        header = data.index(b"\r\n") + 2
        while len(data) < header + length:
            data += connection.recv(65536)
    counts = {}
    for line in data[header:header + length].decode().splitlines():
        if line.startswith("cmdstat_"):
            name, fields = line[len("cmdstat_"):].split(":", 1)
            counts[name] = int(dict(field.split("=") for field in fields.split(","))["calls"])
    return counts


def store_commands(counts):
    """Commands a store call sends: all but the ones this script and probes send."""
    return sum(calls for name, calls in counts.items() if name not in ("info", "ping", "subscribe", "psubscribe"))


def metric(name):
    connection = http.client.HTTPConnection("127.0.0.1", options.port, timeout=5)
    connection.request("GET", "/metrics")
    text = connection.getresponse().read().decode()
    connection.close()
    return sum(float(line.split()[-1]) for line in text.splitlines() if line.startswith(name + " ") or line.startswith(name + "{"))


def request(method, path, body=None, timeout=60):
    connection = http.client.HTTPConnection("127.0.0.1", options.port, timeout=timeout)
    try:
        connection.request(method, path, body=None if body is None else json.dumps(body))
        response = connection.getresponse()
        data = response.read()
        return response.status, data, dict(response.getheaders())
    finally:
        connection.close()


versions = {}
versions_lock = threading.Lock()
records = []  # (kind, started, ended, status, has Retry-After)
records_lock = threading.Lock()
stop_clients = threading.Event()
bad_sample = []


def client(index):
    rng = random.Random(index)
    step = 0
    while not stop_clients.is_set():
        name = f"s{rng.randrange(SNAPSHOTS)}"
        path = f"/v1/sessions/hang/snapshots/{name}"
        kind = ("PUT", "GET", "changes", "poll")[(index + step) % 4]
        step += 1
        with versions_lock:
            since = versions.get(name)
        if kind in ("changes", "poll") and since is None:
            kind = "PUT"
        started = time.monotonic()
        try:
            if kind == "PUT":
                status, data, headers = request("PUT", path, [f"item-{k}" for k in sorted(rng.sample(range(40), 20))])
                if status in (200, 201):
                    with versions_lock:
                        versions[name] = json.loads(data)["to"]
            elif kind == "GET":
                status, data, headers = request("GET", path)
            else:
                wait = f"&wait={WAIT}" if kind == "poll" else ""
                status, data, headers = request("GET", f"{path}/changes?since={since}{wait}")
            retry = "Retry-After" in headers
            if status == 400 and not bad_sample:
                bad_sample.append(f"{kind} {since}: {data[:300]!r}")
        except Exception as error:  # no answer: a timeout or a reset
            status, retry = type(error).__name__, False
        ended = time.monotonic()
        with records_lock:
            records.append((kind, started, ended, status, retry))
        time.sleep(0.02)


threads_idle = threads()
for n in range(SNAPSHOTS):
    status, data, _ = request("PUT", f"/v1/sessions/hang/snapshots/s{n}", ["a", "b"])
    versions[f"s{n}"] = json.loads(data)["to"]
workers = [threading.Thread(target=client, args=(i,), daemon=True) for i in range(options.clients)]
for worker in workers:
    worker.start()
time.sleep(options.before)
threads_loaded = threads()
os.kill(options.redis_pid, signal.SIGSTOP)
stopped_at = time.monotonic()
threads_during = 0
# The clients stop early enough for every answer to be in while Redis is still stopped.
while time.monotonic() < stopped_at + options.stop_seconds - options.store_timeout - 2:
    threads_during = max(threads_during, threads())
    time.sleep(0.2)
stop_clients.set()
for worker in workers:
    worker.join()
answered_at = time.monotonic()
round_trips_answered = metric("listdiff_store_round_trips_total")
refused = metric("listdiff_store_calls_refused_total")
timeline = []
while time.monotonic() < stopped_at + options.stop_seconds:
    time.sleep(0.5)
    timeline.append(metric("listdiff_store_round_trips_total") - round_trips_answered)
print("round trips since the answers, every 0.5 s while Redis is still stopped:", timeline)
print("waiters now:", metric("listdiff_long_poll_waiters"), "queued jobs:", metric("listdiff_queued_jobs"))
os.kill(options.redis_pid, signal.SIGCONT)
resumed_at = time.monotonic()
commands_resumed = redis_commands()
after_timeline = []
for _ in range(int(options.after * 2)):
    time.sleep(0.5)
    after_timeline.append(metric("listdiff_store_round_trips_total") - round_trips_answered)
print("round trips since the answers, every 0.5 s after SIGCONT:", after_timeline)
commands_after = redis_commands()
round_trips_after = metric("listdiff_store_round_trips_total")
threads_after = threads()
status, _, _ = request("GET", "/v1/sessions/hang/snapshots/s0")

overlapping = [r for r in records if r[2] > stopped_at and r[1] < resumed_at]
def lateness(record):
    kind, started, ended, status, _ = record
    # A long poll whose wait ran out is woken then: its store call's deadline counts from there.
    return ended - started - (WAIT if kind == "poll" and ended - started >= WAIT else 0)
slowest = max(overlapping, key=lateness)
by_status = {}
for record in overlapping:
    by_status[str(record[3])] = by_status.get(str(record[3]), 0) + 1
bad = [r for r in overlapping if r[3] == 503 and not r[4]] + [r for r in overlapping if not isinstance(r[3], int)]
limit = options.store_timeout + 0.5
late = [r for r in overlapping if lateness(r) > limit]
after_answers = round_trips_after - round_trips_answered
commands_after_resume = store_commands(commands_after) - store_commands(commands_resumed)

print(f"Redis stopped {options.stop_seconds:g} s, {options.clients} clients, --store-timeout {options.store_timeout:g}")
print(f"requests overlapping the stop: {len(overlapping)}; by status: {json.dumps(by_status, sort_keys=True)}")
print(f"slowest answer (a long poll's from its wake): {lateness(slowest):.3f} s ({slowest[0]}, {slowest[3]}); over {limit:g} s: {len(late)}")
print(f"503 without Retry-After, or no answer: {len(bad)}")
print(f"server threads: {threads_idle} idle, {threads_loaded} under load, {threads_during} at most while Redis was stopped, {threads_after} after")
print(f"store calls refused by the server (deadline, full queue, client gone): {refused:g}")
print(f"store round trips ended after every request was answered (begun before: wakes of long polls): {after_answers:g}")
print(f"store commands Redis executed from just after SIGCONT to {options.after:g} s later: {commands_after_resume}",
      {name: calls - commands_resumed.get(name, 0) for name, calls in commands_after.items() if calls != commands_resumed.get(name, 0)})
if bad_sample:
    print("first 400:", bad_sample)
print(f"GET after Redis came back: {status}")
sys.exit(1 if late or bad or commands_after_resume or status != 200 else 0)
