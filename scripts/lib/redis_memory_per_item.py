#!/usr/bin/env python3
"""Redis's memory per stored item (scripts/bench-service.sh --redis runs it): writes 10,000
snapshots of 1,000 items (1,000 sessions of 10) through a server on a Redis store, and compares
Redis's `used_memory` before and after with the canonical JSON of what was stored (target: at
most 2x). usage: redis_memory_per_item.py SERVER_PORT REDIS_PORT"""

import http.client, json, subprocess, sys

server_port, redis_port = int(sys.argv[1]), int(sys.argv[2])


def used_memory():
    info = subprocess.run(["redis-cli", "-p", str(redis_port), "INFO", "memory"], capture_output=True, text=True).stdout
    return int(next(line.split(":")[1] for line in info.splitlines() if line.startswith("used_memory:")))


before = used_memory()
connection = http.client.HTTPConnection("127.0.0.1", server_port, timeout=30)
canonical = 0
for session in range(1_000):
    for snapshot in range(10):
        items = [f"item-{session:04d}-{snapshot}-{k:04d}" for k in range(1_000)]
        body = json.dumps(items, separators=(",", ":"))
        canonical += len(body)
        connection.request("PUT", f"/v1/sessions/memory-{session}/snapshots/s{snapshot}", body=body, headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        response.read()
        if response.status != 201:
            sys.exit(f"PUT answered {response.status}")
after = used_memory()
items = 10_000 * 1_000
ratio = (after - before) / canonical
print(f"Redis memory: {(after - before) / items:.1f} bytes per stored item over 10,000 snapshots of 1,000 items "
      f"(canonical JSON {canonical / items:.1f}): {ratio:.2f} x the JSON (target <= 2.00: {'target met' if ratio <= 2 else 'target MISSED'})")
