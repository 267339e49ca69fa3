#!/usr/bin/env python3
"""The checks of `scripts/cluster.sh --redis-cluster` (run by it, not by hand): three instances
behind nginx round-robin keep their snapshots in a Redis Cluster of three masters, each instance
given only two of them as seeds.

1. 24 sessions, each made through one instance, read through every instance at the version
   written and written again through every one (each write building on the last).
2. The sessions are spread over the three masters (their keys counted on each).
3. A long poll held by one instance is woken by a write through another (p50, p99 of 50).
4. Through nginx: a write and a read.
Exits 1 if a check fails."""

import argparse, subprocess, sys
from listdiff_checks import call, check, failures, long_poll_wakeups, percentile

parser = argparse.ArgumentParser()
parser.add_argument("--front", type=int, required=True)
parser.add_argument("--instances", type=int, nargs=3, required=True)
parser.add_argument("--masters", type=int, nargs=3, required=True)
options = parser.parse_args()
instances = options.instances

consistent = 0
for n in range(24):
    path = f"/v1/sessions/sharded-{n}/snapshots/feed"
    items = [f"s{n}-{k}" for k in range(3)]
    status, answer, _ = call(instances[n % 3], "PUT", path, items)
    good = status == 201
    for port in instances:
        read_status, read, _ = call(port, "GET", path)
        good = good and read_status == 200 and read["version"] == answer["to"] and read["snapshot"] == items
        items = items + [f"s{n}-by-{port}"]
        status, answer, _ = call(port, "PUT", path, items)
        good = good and status == 200 and answer["changeset"] is not None
    final = [call(port, "GET", path)[1] for port in instances]
    good = good and all(read["version"] == answer["to"] and read["snapshot"] == items for read in final)
    consistent += good
check(consistent == 24, f"{consistent} of 24 sessions made through one instance read through every instance and written through every one, ending alike everywhere")

keys = [int(subprocess.run(["redis-cli", "-p", str(port), "DBSIZE"], capture_output=True, text=True).stdout.strip() or 0) for port in options.masters]
check(all(count > 0 for count in keys) and sum(keys) == 24 * 4,
      f"the 24 sessions' keys are spread over the three masters: {keys} (4 keys a session, one hash tag each)")

latencies = long_poll_wakeups(instances[0], instances[2], "/v1/sessions/timed/snapshots/feed", 50)
check(latencies is not None, "50 long polls held by one instance, each answered by a write through another")
if latencies:
    print(f"      long poll woken across instances: p50 {percentile(latencies, 0.5):.1f} ms, p99 {percentile(latencies, 0.99):.1f} ms (50 writes)")

status, answer, _ = call(options.front, "PUT", "/v1/sessions/fronted/snapshots/feed", ["a", "b"])
read_status, read, _ = call(options.front, "GET", "/v1/sessions/fronted/snapshots/feed")
check(status == 201 and read_status == 200 and read["version"] == answer["to"], "through nginx: a write, then a read at its version")
sys.exit(1 if failures else 0)
