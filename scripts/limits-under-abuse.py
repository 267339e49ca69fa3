#!/usr/bin/env python3
"""What hostile or careless traffic costs the server: the checks that need a process of their
own (resident memory, /metrics of one process, its access log), so they are not in
`swift test`, whose suites share one process.

    python3 scripts/limits-under-abuse.py [PATH_TO_listdiff-server] [--quick]

Starts its own servers on free loopback ports and checks, printing each figure:

1. /metrics stays under 64 KiB after 40,000 requests with random method tokens (with and
   without a key, matched and unmatched paths), /healthz keeps answering, and an access-log
   line for an 8,000-byte method stays short.
2. 120 connections each announcing a 16 MiB body without a key get 401 on their head (429
   once their wrong keys pass --auth-failure-limit; with Expect: 100-continue, and without it
   while writing the whole body): resident memory
   during the burst stays within 64 MiB of before.
3. 120 connections with the key each sending a 16 MiB body: at most --max-buffered-body-bytes
   of bodies are held (the rest get 503 with Retry-After), and ~10 s after the burst resident
   memory is back within 50 MiB of before.
4. One session writing 12 versions of ~15 MB under --max-store-bytes 50 MB: the store never
   holds more than 50 MB (listdiff_store_bytes), with --max-session-bytes 50 MB and with the
   default per-session limit (half the store).
5. Readers that do not read, on a 4.1 MB snapshot: 93 event streams, then 80 plain GETs, each
   sending its request and never reading a byte (receive buffers of 4 KiB) for 5 s: resident
   memory stays within 50 MiB of before (the document is one buffer however many queue it,
   listdiff_buffered_response_bytes about one document), /healthz answers meanwhile, and
   memory is back within 50 MiB once they have gone.
6. With --max-buffered-response-bytes 32 MiB, 40 readers that do not read of two 12 MB
   snapshots (larger than the kernel's socket buffers): the server never holds more than the
   limit, a GET of a third gets 503 with Retry-After while /healthz answers, and the readers
   that stopped are closed so that a retry is answered.

Exits 1 on the first check that does not hold. --quick runs smaller bursts (for a laptop).
--only=NAME runs the checks whose function name contains NAME (e.g. --only=silent).
"""
import os
import random
import re
import socket
import string
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
QUICK = "--quick" in sys.argv
ONLY = next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--only=")), "")
ARGS = [a for a in sys.argv[1:] if not a.startswith("--")]
KEY = "abuse-test-key"
MIB = 1 << 20


def fail(message):
    print(f"FAIL: {message}")
    sys.exit(1)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_binary():
    if ARGS:
        return ARGS[0]
    path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT,
                          capture_output=True, text=True, check=True).stdout.strip()
    return os.path.join(path, "listdiff-server")


class Server:
    def __init__(self, *flags):
        self.port = free_port()
        self.log = tempfile.NamedTemporaryFile(prefix="listdiff-abuse-", suffix=".log", delete=False)
        self.process = subprocess.Popen([server_binary(), "--host", "127.0.0.1", "--port", str(self.port), *flags],
                                        stdout=subprocess.DEVNULL, stderr=self.log)
        for _ in range(100):
            try:
                if self.request("GET", "/healthz")[0] == 200:
                    return
            except OSError:
                time.sleep(0.05)
        fail("the server did not start")

    def rss(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
        return 0

    def request(self, method, path, body=b"", headers=(), timeout=10):
        with socket.create_connection(("127.0.0.1", self.port), timeout=timeout) as s:
            head = f"{method} {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\nContent-Length: {len(body)}\r\n"
            head += "".join(f"{name}: {value}\r\n" for name, value in headers)
            s.sendall(head.encode() + b"\r\n" + body)
            return parse_response(read_all(s))

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=20)
        self.log.close()
        with open(self.log.name, "rb") as log:
            text = log.read()
        os.unlink(self.log.name)
        return text


def read_all(s):
    chunks = []
    while True:
        try:
            chunk = s.recv(65536)
        except (ConnectionResetError, socket.timeout):
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks)


def parse_response(raw):
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1]) if lines and len(lines[0].split()) > 1 else 0
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers, body


class RSSSampler:
    """The largest resident size seen while it runs (every 20 ms)."""

    def __init__(self, server):
        self.server, self.peak, self.running = server, server.rss(), True
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        while self.running:
            self.peak = max(self.peak, self.server.rss())
            time.sleep(0.02)

    def stop(self):
        self.running = False
        self.thread.join()
        return self.peak


def burst(server, count, make_request):
    """Runs make_request(index) on `count` threads at once; returns their results."""
    results = [None] * count
    barrier = threading.Barrier(count)

    def run(index):
        barrier.wait()
        try:
            results[index] = make_request(index)
        except OSError as error:
            results[index] = ("error", repr(error))

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def body_request(server, body, headers, expect_continue):
    """Announces len(body) bytes; with Expect, waits for the interim answer before sending."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=60) as s:
        head = f"POST /v1/diff HTTP/1.1\r\nHost: t\r\nContent-Length: {len(body)}\r\n"
        head += "".join(f"{name}: {value}\r\n" for name, value in headers)
        if expect_continue:
            s.sendall((head + "Expect: 100-continue\r\n\r\n").encode())
            first = s.recv(65536)
            if not first.startswith(b"HTTP/1.1 100"):
                return parse_response(first + read_all(s))[0]
            s.sendall(body)
        else:
            s.sendall(head.encode() + b"\r\n")
            try:
                s.sendall(body)
            except (BrokenPipeError, ConnectionResetError):
                return "reset while sending"
        return parse_response(read_all(s))[0]


def metric(server, name):
    _, _, body = server.request("GET", "/metrics")
    match = re.search(rf"^{name} (\S+)$", body.decode(), re.M)
    return float(match.group(1)) if match else None


def check_metrics_and_log():
    server = Server("--api-keys", KEY, "--log-level", "info")
    requests = 4_000 if QUICK else 40_000
    alphabet = string.ascii_letters + string.digits + "!#$%&'*+-.^_`|~"
    started = time.time()
    per_connection = requests // 8

    def send_many(index):
        rng = random.Random(index)
        with socket.create_connection(("127.0.0.1", server.port), timeout=30) as s:
            received = []
            reader = threading.Thread(target=lambda: received.append(read_all(s)), daemon=True)
            reader.start()
            batch = []
            for n in range(per_connection):
                method = "".join(rng.choice(alphabet) for _ in range(rng.randint(3, 24)))
                path = "/v1/sessions/s" if n % 2 else f"/nowhere/{n}"
                key = f"Authorization: Bearer {KEY}\r\n" if n % 3 == 0 else ""
                batch.append(f"{method} {path} HTTP/1.1\r\nHost: t\r\n{key}\r\n")
                if len(batch) == 100:
                    s.sendall("".join(batch).encode())
                    batch = []
            s.sendall(("".join(batch) + "GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n").encode())
            reader.join()
            return received[0].count(b"HTTP/1.1 ")

    answered = sum(burst(server, 8, send_many))
    long_method = "X" * 8_000
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
        s.sendall(f"{long_method} /v1/diff HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n".encode())
        read_all(s)
    time.sleep(0.5)
    status, _, body = server.request("GET", "/metrics")
    health_started = time.time()
    health = server.request("GET", "/healthz")[0]
    health_ms = (time.time() - health_started) * 1000
    log = server.stop()
    longest = max((len(line) for line in log.splitlines() if line.startswith(b"ts=")), default=0)
    print(f"/metrics after {answered:,} requests with random methods ({time.time() - started:.1f} s): "
          f"{len(body):,} bytes; /healthz {health} in {health_ms:.1f} ms; longest access-log line {longest} bytes")
    if answered < requests:
        fail(f"only {answered} of {requests} requests were answered")
    if status != 200 or len(body) >= 64 * 1024:
        fail("/metrics is 64 KiB or more")
    if b'method="other"' not in body:
        fail("made-up methods are not counted as 'other'")
    if health != 200:
        fail("/healthz did not answer")
    if longest > 256 or b"method=other:XXXXXXXXXXXXXXXX..." not in log:
        fail("an access-log line for a long method is not bounded")


def body_burst_setup():
    """A server with a key, how many 16 MiB bodies to send at once, one such body, the resident
    size before, and a sampler of the peak already running."""
    server = Server("--api-keys", KEY, "--log-level", "warning")
    time.sleep(0.5)
    before = server.rss()
    return server, (24 if QUICK else 120), b" " * (16 * MIB), before, RSSSampler(server)


def check_unauthenticated_bodies():
    server, count, body, before, sampler = body_burst_setup()
    expected = burst(server, count, lambda i: body_request(server, body, [("Authorization", "Bearer wrong")], True))
    written = burst(server, count, lambda i: body_request(server, body, [] if i % 2 else [("Authorization", "Bearer wrong")], False))
    peak = sampler.stop()
    server.stop()
    print(f"{count} unauthenticated 16 MiB bodies, with Expect then written whole: statuses {sorted(set(map(str, expected)))} "
          f"and {sorted(set(map(str, written)))}; RSS {before / MIB:.0f} MiB before, peak {peak / MIB:.0f} MiB")
    # Past 20 wrong keys from this address, 429 (--auth-failure-limit): refused on the head too.
    if any(status not in (401, 429) for status in expected + written):
        fail("an unauthenticated body was not answered 401 or 429")
    if peak - before > 64 * MIB:
        fail("unauthenticated bodies took memory")


def check_authenticated_bodies():
    server, count, body, before, sampler = body_burst_setup()
    statuses = burst(server, count, lambda i: body_request(server, body, [("Authorization", f"Bearer {KEY}")], False))
    peak = sampler.stop()
    settled = []
    for _ in range(12):
        time.sleep(1)
        settled.append(server.rss())
    server.stop()
    counts = {status: statuses.count(status) for status in set(statuses)}
    print(f"{count} authenticated 16 MiB bodies: {counts} (400: buffered and read; 503: past the buffering limit); "
          f"RSS {before / MIB:.0f} MiB before, peak {peak / MIB:.0f} MiB, "
          f"after 1/5/10 s idle {settled[0] / MIB:.0f}/{settled[4] / MIB:.0f}/{settled[9] / MIB:.0f} MiB")
    if not set(statuses) <= {400, 503}:
        fail("a body was answered other than 400 (read) or 503 (refused before buffering)")
    if peak - before > 256 * MIB + 128 * MIB:
        fail("more than the buffering limit (256 MiB) of bodies was held")
    if settled[9] - before > 50 * MIB:
        fail("the memory the burst took was not returned within 10 s of idle")


def check_store_budget():
    budget = 50_000_000
    versions = 4 if QUICK else 12
    for label, flags in (("--max-session-bytes 50 MB", ["--max-session-bytes", str(budget)]), ("default per-session limit", [])):
        server = Server("--max-store-bytes", str(budget), "--log-level", "warning", *flags)
        largest, statuses = 0, []
        for version in range(versions):
            # ~15 MB: 100,000 items with 120 bytes of content each, all new every version.
            items = ",".join(f'{{"id":"v{version}i{n:06d}","content":{{"t":"{n:0120d}"}}}}' for n in range(100_000))
            body = f"[{items}]".encode()
            status = server.request("PUT", "/v1/sessions/greedy/snapshots/feed", body, timeout=60)[0]
            statuses.append(status)
            largest = max(largest, metric(server, "listdiff_store_bytes") or 0)
        server.stop()
        print(f"{versions} versions of {len(body) / 1e6:.1f} MB under --max-store-bytes 50 MB ({label}): "
              f"statuses {sorted(set(statuses))}; the store held at most {largest / 1e6:.1f} MB")
        if largest > budget:
            fail("the store passed its budget")
        if any(status not in (200, 201) for status in statuses):
            fail("a write that fits after dropping older versions was refused")


def big_snapshot(tag="", count=30_000):
    """A snapshot of `count` items with 100 bytes of content each: ~4.1 MB as GET answers it by default."""
    items = ",".join(f'{{"id":"{tag}i{n:06d}","content":{{"t":"{n:0100d}"}}}}' for n in range(count))
    return f"[{items}]".encode()


def silent_reader(server, path):
    """Sends a GET of `path` and never reads: a receive buffer of 4 KiB keeps the answer in the server."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.settimeout(10)
    s.connect(("127.0.0.1", server.port))
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: t\r\n\r\n".encode())
    return s


def silent_readers(label, suffix, count):
    server = Server("--log-level", "warning")
    path = "/v1/sessions/silent/snapshots/big"
    if server.request("PUT", path, big_snapshot(), timeout=60)[0] not in (200, 201):
        fail("the 4.1 MB snapshot was not stored")
    size = len(server.request("GET", path, timeout=60)[2])
    time.sleep(1)
    before = server.rss()
    sampler = RSSSampler(server)
    readers = [silent_reader(server, path + suffix) for _ in range(count)]
    time.sleep(5)
    held = metric(server, "listdiff_buffered_response_bytes")
    health = server.request("GET", "/healthz")[0]
    for reader in readers:
        reader.close()
    peak = sampler.stop()
    settled = []
    for _ in range(10):
        time.sleep(1)
        settled.append(server.rss())
    server.stop()
    held_text = "unknown" if held is None else f"{held / MIB:.1f} MiB"
    print(f"{count} {label} of a {size / 1e6:.1f} MB snapshot that never read: RSS {before / MIB:.0f} MiB before, "
          f"peak {peak / MIB:.0f} MiB (+{(peak - before) / MIB:.0f}), {settled[-1] / MIB:.0f} MiB 10 s after they left; "
          f"response bytes held {held_text}; /healthz {health}")
    if health != 200:
        fail("/healthz did not answer while readers held answers")
    if peak - before > 50 * MIB:
        fail(f"{label} that do not read took more than 50 MiB")
    if held is None or held > 2 * size:
        fail("the shared document was not held once")
    if settled[-1] - before > 50 * MIB:
        fail("the memory readers held was not returned after they left")


def check_silent_streams():
    silent_readers("event streams", "/events", 93)


def check_silent_gets():
    silent_readers("GETs", "", 80)


def check_response_budget():
    limit = 32 * MIB
    server = Server("--log-level", "warning", "--max-buffered-response-bytes", str(limit))
    paths = [f"/v1/sessions/budget/snapshots/big{n}" for n in range(3)]
    for n, path in enumerate(paths):
        if server.request("PUT", path, big_snapshot(f"v{n}", 90_000), timeout=60)[0] not in (200, 201):
            fail("a 12 MB snapshot was not stored")
    readers = [silent_reader(server, paths[n % 2]) for n in range(40)]
    time.sleep(0.5)
    held = metric(server, "listdiff_buffered_response_bytes")
    status, headers, _ = server.request("GET", paths[2], timeout=30)
    health = server.request("GET", "/healthz")[0]
    # Each refusal tells the loops to close the readers stalled for a second: a client that
    # retries after Retry-After soon fits.
    retried = status
    for _ in range(5):
        time.sleep(1)
        retried = server.request("GET", paths[2], timeout=30)[0]
        if retried == 200:
            break
    closes = metric(server, "listdiff_response_budget_closes_total")
    refusals = metric(server, "listdiff_response_budget_refusals_total")
    for reader in readers:
        reader.close()
    server.stop()
    print(f"40 silent readers of two 12 MB documents under --max-buffered-response-bytes 32 MiB: "
          f"{held / MIB:.1f} MiB held; a third document answered {status} (Retry-After {headers.get('retry-after')}), "
          f"/healthz {health}; {closes:.0f} stalled readers closed, {refusals:.0f} refused; the retry answered {retried}")
    if held > limit:
        fail("more than --max-buffered-response-bytes of responses were held")
    if status != 503 or headers.get("retry-after") != "1":
        fail("a large answer past the limit was not refused 503 with Retry-After")
    if health != 200:
        fail("a small answer was refused at the limit")
    if retried != 200 or not closes:
        fail("the readers that stopped reading were not closed to make room")


for check in (check_metrics_and_log, check_unauthenticated_bodies, check_authenticated_bodies, check_store_budget,
              check_silent_streams, check_silent_gets, check_response_budget):
    if ONLY in check.__name__:
        check()
print("limits under abuse: all checks hold")
