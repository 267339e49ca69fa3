#!/usr/bin/env python3
"""An event stream through a proxy arrives as it is written, not when a buffer fills: opens
`…/events` of a snapshot through the proxy on PORT, writes a new version of it, and checks
that its `changes` event (a few hundred bytes, far below any proxy buffer) is read within
two seconds, then the same for a second version (a proxy that buffers would hold both).

usage: stream_through_proxy_check.py PORT SESSION"""

import http.client, json, socket, sys, time

port, session = int(sys.argv[1]), sys.argv[2]
path = f"/v1/sessions/{session}/snapshots/live"


def put(items):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.request("PUT", path, body=json.dumps(items))
    answer = connection.getresponse()
    body = json.loads(answer.read())
    connection.close()
    if answer.status not in (200, 201):
        sys.exit(f"FAIL  PUT {path} answered {answer.status}: {body}")
    return body["to"]


put(["a", "b"])
stream = socket.create_connection(("127.0.0.1", port), timeout=2)
stream.sendall(f"GET {path}/events HTTP/1.1\r\nHost: proxy\r\nAccept: text/event-stream\r\n\r\n".encode())
received = b""


def read_until(marker, deadline):
    global received
    while marker not in received:
        stream.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            chunk = stream.recv(65536)
        except socket.timeout:
            return False
        if not chunk:
            return False
        received += chunk
    return True


if not read_until(b"event: snapshot", time.monotonic() + 2):
    sys.exit(f"FAIL  no snapshot event through the proxy within 2 s: {received[:300]!r}")
for items in (["b", "c"], ["c"]):
    version = put(items)
    started = time.monotonic()
    if not read_until(f"id: {version}".encode(), started + 2):
        sys.exit(f"FAIL  the changes event to {version} did not come through the proxy within 2 s (buffered?)")
    print(f"ok    the changes event to {version} came through the proxy {1000 * (time.monotonic() - started):.1f} ms after the write's answer")
