#!/usr/bin/env python3
"""The release listdiff-server's optional routes and the header on every answer: starts the
binary on a free loopback port without flags, then with `--benchmark-routes on`, and checks that
`POST /echo` is 404 without the flag and echoes with it, and that a sample of answers (the API,
probes, the playground, problems, HEAD, an event stream's head, /echo) each carry exactly one
`X-Content-Type-Options: nosniff`.

usage: scripts/routes-check.py SERVER_BINARY
Exits non-zero on any failure."""

import http.client, os, subprocess, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from listdiff_checks import check, failures, free_port, wait_for_port  # noqa: E402


def start(binary, *flags):
    port = free_port()
    server = subprocess.Popen(
        [binary, "--host", "127.0.0.1", "--port", str(port), "--log-level", "off", *flags],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if wait_for_port(port, seconds=5):
        return server, port
    server.kill()
    sys.exit(f"routes-check: the server did not listen on {port}")


def request(port, method, path, body=None, headers=None):
    """(status, every X-Content-Type-Options value, the body); a stream's body is not read."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    options = response.headers.get_all("X-Content-Type-Options") or []
    streamed = response.headers.get("Content-Type", "").startswith("text/event-stream")
    data = b"" if streamed else response.read()
    connection.close()
    return response.status, options, data


def stop(server):
    server.terminate()
    server.wait(timeout=10)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    binary = sys.argv[1]

    server, port = start(binary)
    try:
        status, options, _ = request(port, "POST", "/echo", b"<p>hi</p>", {"Content-Type": "text/html"})
        check(status == 404, f"POST /echo without --benchmark-routes is 404 (got {status})")
        check(options == ["nosniff"], f"the 404 says nosniff once ({options})")
        snapshot = "/v1/sessions/routes-check/snapshots/feed"
        samples = [
            ("PUT", snapshot, b'["a", "b"]', 201),
            ("GET", snapshot, None, 200),
            ("HEAD", snapshot, None, 200),
            ("POST", "/v1/diff", b'{"old": ["a"], "new": ["b"]}', 200),
            ("POST", "/v1/diff", b'{"old": [1, 2', 400),
            ("GET", "/healthz", None, 200),
            ("GET", "/readyz", None, 200),
            ("GET", "/metrics", None, 200),
            ("GET", "/playground", None, 200),
            ("GET", "/nowhere", None, 404),
            ("DELETE", "/healthz", None, 405),
            ("GET", snapshot + "/events", None, 200),
        ]
        for method, path, body, expected in samples:
            status, options, _ = request(port, method, path, body)
            check(status == expected and options == ["nosniff"],
                  f"{method} {path}: {expected} with one nosniff (got {status}, {options})")
    finally:
        stop(server)

    server, port = start(binary, "--benchmark-routes", "on")
    try:
        status, options, data = request(port, "POST", "/echo", b"<p>hi</p>", {"Content-Type": "text/html"})
        check(status == 200 and data == b"<p>hi</p>", f"POST /echo with --benchmark-routes on echoes (got {status})")
        check(options == ["nosniff"], f"the echo says nosniff once ({options})")
    finally:
        stop(server)

    if failures:
        sys.exit(f"routes-check: {len(failures)} failed")
    print("routes-check: all passed")


main()
