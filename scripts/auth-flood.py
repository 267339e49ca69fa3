#!/usr/bin/env python3
"""What a flood of forged tokens costs everyone else: a legitimate client's GET latency, quiet
and while 64 connections send EdDSA tokens with the server's real kid and a signature no key
made (each token different, so no cache answers it), pipelined, from another address.

usage: scripts/auth-flood.py SERVER_BINARY [--seconds S] [--connections N] [--depth D]
                             [--wrong-keys] [--repeat] [--server-arg=ARG ...]

Starts SERVER_BINARY (a release build) on a free loopback port with an API key and an Ed25519
token key, writes one snapshot, then measures the p50 and p99 of a keep-alive client's
`GET /v1/sessions/…/snapshots/…` (with the API key, from 127.0.0.1) for S seconds (default 5)
quiet and S seconds under the flood, D requests (default 4) pipelined on each of the flood's N
connections (default 64). The flood comes from 127.0.0.2 (Linux answers all of
127/8 on loopback), so that it has an address of its own. `--wrong-keys` floods with wrong API
keys instead of forged tokens; `--repeat` sends one credential over and over instead of a new
one each time; `--server-arg=--auth-failure-limit=0` (repeatable) passes flags
to the server. Prints the load average at the start, the latencies, the flood's answers by
status and the verifications /metrics counted. Needs only Python's standard library.
"""

import base64
import json
import multiprocessing
import os
import socket
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from listdiff_checks import free_port, wait_for_port  # noqa: E402

# RFC 8037 appendix A.1's Ed25519 public key: any real key will do, since no token is signed.
PUBLIC_KEY = "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"
API_KEY = "flood-check-key"
PATH = "/v1/sessions/flood/snapshots/list"


def b64url(raw):
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


HEADER = b64url(json.dumps({"alg": "EdDSA", "kid": "k-ed", "typ": "JWT"}).encode())
# R random, S random below 2^252 (under the group order): libcrypto refuses an S at or past the
# order at once, so a signature that is to cost a whole verification must be below it.
SIGNATURE = b64url(os.urandom(32) + os.urandom(31) + bytes([os.urandom(1)[0] & 0x0F]))


def forged_token(index):
    """A token no key signed, its payload (and so the token) different for each `index`."""
    expires = int(time.time()) + 3600
    claims = b64url(f'{{"exp":{expires},"sessions":["*"],"scope":"read","jti":{index}}}'.encode())
    return f"{HEADER}.{claims}.{SIGNATURE}"


def flood(port, connections, stop_at, wrong_keys, repeat, depth, first, counts):
    """Keeps `depth` pipelined requests in flight on each of `connections` sockets from 127.0.0.2
    until `stop_at`, then puts its answers by status in the shared `counts` under `first`. Each
    credential is new (numbered from `first`) unless `repeat`."""
    import selectors
    selector = selectors.DefaultSelector()
    cursor = first
    statuses = {}

    def requests(count):
        nonlocal cursor
        chunk = b"".join(
            f"GET {PATH} HTTP/1.1\r\nHost: flood\r\nAuthorization: Bearer {credential(cursor + i)}\r\n\r\n".encode()
            for i in range(count))
        cursor += count
        return chunk

    def credential(index):
        if repeat:
            index = 0
        return f"wrong-key-{index}" if wrong_keys else forged_token(index)

    def connect():
        sock = socket.socket()
        sock.bind(("127.0.0.2", 0))
        sock.connect(("127.0.0.1", port))
        sock.setblocking(False)
        selector.register(sock, selectors.EVENT_READ | selectors.EVENT_WRITE, {"pending": requests(depth), "tail": b""})

    for _ in range(connections):
        connect()
    while time.time() < stop_at:
        for key, events in selector.select(timeout=0.2):
            sock, state = key.fileobj, key.data
            try:
                if events & selectors.EVENT_WRITE and state["pending"]:
                    sent = sock.send(state["pending"])
                    state["pending"] = state["pending"][sent:]
                if events & selectors.EVENT_READ:
                    data = sock.recv(1 << 18)
                    if not data:
                        raise ConnectionError
                    text = state["tail"] + data
                    answered = 0
                    for part in text.split(b"HTTP/1.1 ")[1:]:
                        status = part[:3]
                        if status.isdigit():
                            statuses[status] = statuses.get(status, 0) + 1
                            answered += 1
                    state["tail"] = text[-12:]
                    # As many new requests as were answered: `depth` stay in flight.
                    state["pending"] += requests(answered)
            except (ConnectionError, OSError):
                selector.unregister(sock)
                sock.close()
                connect()
    counts[first] = {status.decode(): count for status, count in statuses.items()}


def measure(port, seconds):
    """Latencies in ms of sequential GETs on one keep-alive connection from 127.0.0.1."""
    sock = socket.create_connection(("127.0.0.1", port))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    request = f"GET {PATH} HTTP/1.1\r\nHost: legit\r\nAuthorization: Bearer {API_KEY}\r\n\r\n".encode()
    latencies = []
    stop_at = time.time() + seconds
    while time.time() < stop_at:
        started = time.perf_counter()
        sock.sendall(request)
        data = b""
        while b"\r\n\r\n" not in data:
            data += sock.recv(65536)
        head, _, body = data.partition(b"\r\n\r\n")
        length = int(next(line.split(b":")[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")))
        while len(body) < length:
            body += sock.recv(65536)
        latencies.append((time.perf_counter() - started) * 1000)
        if not head.startswith(b"HTTP/1.1 200"):
            sys.exit(f"auth-flood: the legitimate GET was answered {head.splitlines()[0].decode()}")
    sock.close()
    latencies.sort()
    return latencies[len(latencies) // 2], latencies[int(len(latencies) * 0.99)], len(latencies)


def http(port, method, path, body=None, key=API_KEY):
    sock = socket.create_connection(("127.0.0.1", port))
    payload = body.encode() if body else b""
    sock.sendall(f"{method} {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\nAuthorization: Bearer {key}\r\n"
                 f"Content-Length: {len(payload)}\r\n\r\n".encode() + payload)
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    sock.close()
    return data.decode(errors="replace")


def verification_counts(port):
    metrics = http(port, "GET", "/metrics")
    counts = {}
    for line in metrics.splitlines():
        if line.startswith("listdiff_token_verifications_total{") or line.startswith("listdiff_auth_failure"):
            name = line.split('"')[1] if '"' in line else line.split()[0]
            counts[name] = int(float(line.split()[-1]))
    return counts


def main():
    arguments = sys.argv[1:]
    if not arguments or arguments[0].startswith("--"):
        sys.exit(__doc__)
    binary = arguments[0]
    seconds = float(arguments[arguments.index("--seconds") + 1]) if "--seconds" in arguments else 5.0
    connections = int(arguments[arguments.index("--connections") + 1]) if "--connections" in arguments else 64
    wrong_keys = "--wrong-keys" in arguments
    repeat = "--repeat" in arguments
    depth = int(arguments[arguments.index("--depth") + 1]) if "--depth" in arguments else 4
    server_args = [a.split("=", 1)[1] for a in arguments if a.startswith("--server-arg=")]
    port = free_port()
    public = base64.b64encode(base64.urlsafe_b64decode(PUBLIC_KEY + "=")).decode()
    server = subprocess.Popen(
        [binary, "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning", "--api-keys", f"o={API_KEY}",
         "--token-keys", f"k-ed:ed25519:{public}:o", *server_args],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_port(port, seconds=5)
        items = json.dumps([f"item-{i}" for i in range(20)])
        http(port, "PUT", PATH, items)
        measure(port, 1)  # warm-up
        print(f"auth-flood: load average {os.getloadavg()[0]:.2f} at the start; server args {server_args or 'none'}")
        quiet = measure(port, seconds)
        before = verification_counts(port)
        counts = multiprocessing.Manager().dict()
        stop_at = time.time() + seconds + 1.5
        flooders = [multiprocessing.Process(
            target=flood, args=(port, connections // 2, stop_at, wrong_keys, repeat, depth, n << 40, counts))
            for n in range(2)]
        for process in flooders:
            process.start()
        time.sleep(1)
        flooded = measure(port, seconds)
        for process in flooders:
            process.join()
        after = verification_counts(port)
        kind = ("one wrong API key" if repeat else "wrong API keys") if wrong_keys else \
            ("one forged EdDSA token" if repeat else "forged EdDSA tokens, each different")
        print(f"quiet:   p50 {quiet[0]:.3f} ms, p99 {quiet[1]:.3f} ms ({quiet[2]} GETs)")
        print(f"flooded: p50 {flooded[0]:.3f} ms, p99 {flooded[1]:.3f} ms ({flooded[2]} GETs) "
              f"— {connections} connections of {kind}, {depth} pipelined on each, from 127.0.0.2")
        print(f"ratio:   p50 {flooded[0] / quiet[0]:.2f}x")
        answers = {}
        for process_counts in counts.values():
            for status, count in process_counts.items():
                answers[status] = answers.get(status, 0) + count
        print(f"flood answers: {dict(sorted(answers.items()))}")
        delta = {k: after.get(k, 0) - before.get(k, 0) for k in after if after.get(k, 0) != before.get(k, 0)}
        print(f"/metrics during the flood: {delta}")
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
