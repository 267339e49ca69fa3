#!/usr/bin/env python3
"""The checks of `scripts/cluster.sh --redis` (run by it, not by hand): three instances share one
Redis behind nginx round-robin, without session affinity.

usage: redis_cluster_check.py FRONT_PORT INSTANCE_PORT... -- KILL_PID

1. Sessions written through any instance read through any other, at the version written.
2. A follower long-polls one snapshot through nginx while a writer writes it through nginx;
   halfway, one instance is killed with SIGKILL. The follower must keep receiving changesets
   (never a reset), each starting where the last ended, and every write nginx acknowledged
   must be there afterwards, read through each surviving instance.
Exits 1 if a check fails."""

import http.client, json, os, signal, sys, threading, time

args = sys.argv[1:]
split = args.index("--")
front, instances, victim = int(args[0]), [int(p) for p in args[1:split]], int(args[split + 1])
failures = []


def call(port, method, path, body=None, headers=None, timeout=30):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers or {})
        response = connection.getresponse()
        data = response.read()
        return response.status, (json.loads(data) if data and response.getheader("Content-Type", "").startswith("application") else None)
    finally:
        connection.close()


def check(condition, what):
    print(("ok    " if condition else "FAIL  ") + what)
    if not condition:
        failures.append(what)


# 1. Written anywhere, read anywhere.
for index, writer in enumerate(instances):
    path = f"/v1/sessions/spread-{index}/snapshots/feed"
    status, answer = call(writer, "PUT", path, [f"item-{index}-{n}" for n in range(5)])
    version = answer["to"] if answer else None
    reads = [call(reader, "GET", path) for reader in instances]
    check(status == 201 and all(s == 200 and a["version"] == version for s, a in reads),
          f"a session written through :{writer} reads at {version} through every instance")

# 2. A follower and a writer through nginx; one instance killed halfway.
path = "/v1/sessions/followed/snapshots/feed"
items = ["item-0"]
status, answer = call(front, "PUT", path, items)
check(status == 201, "the followed snapshot is made through nginx")
start = answer["to"]
acknowledged = {start: list(items)}
writes_done = threading.Event()
seen = {"changesets": 0, "resets": 0, "gaps": 0, "errors": 0, "last": start}


def follow():
    since = start
    while not (writes_done.is_set() and since == seen.get("final")):
        try:
            status, answer = call(front, "GET", f"{path}/changes?since={since}&wait=2", timeout=10)
        except OSError:
            seen["errors"] += 1
            time.sleep(0.1)
            continue
        if status != 200:
            seen["errors"] += 1
            time.sleep(0.1)
            continue
        if answer.get("reset"):
            seen["resets"] += 1
            since = answer["to"]
            continue
        if answer["from"] != since:
            seen["gaps"] += 1
        if answer["to"] != since:
            seen["changesets"] += 1
        since = answer["to"]
        seen["last"] = since


follower = threading.Thread(target=follow, daemon=True)
follower.start()
unacknowledged = 0
for n in range(1, 61):
    if n == 30:
        os.kill(victim, signal.SIGKILL)
        print(f"      killed instance pid {victim} (SIGKILL) after 29 writes")
    items = items + [f"item-{n}"]
    try:
        status, answer = call(front, "PUT", path, items)
    except OSError:
        status, answer = 0, None
    if status in (200, 201):
        acknowledged[answer["to"]] = list(items)
        seen["final"] = answer["to"]
    else:
        unacknowledged += 1
        items = items[:-1]
    time.sleep(0.02)
writes_done.set()
follower.join(timeout=15)
final = seen.get("final")
check(len(acknowledged) - 1 >= 55, f"{len(acknowledged) - 1} of 60 writes acknowledged through nginx ({unacknowledged} not: nginx passes a PUT that met a dead instance to another)")
check(seen["resets"] == 0 and seen["gaps"] == 0,
      f"the follower received {seen['changesets']} changesets, {seen['resets']} resets, {seen['gaps']} gaps ({seen['errors']} failed polls retried)")
check(seen["last"] == final, f"the follower ends at the last acknowledged version {final}")
for port in instances:
    try:
        status, answer = call(port, "GET", path, timeout=5)
    except OSError:
        continue
    check(status == 200 and answer["version"] == final and answer["snapshot"] == acknowledged[final],
          f"instance :{port} serves the last acknowledged version with every acknowledged item ({len(acknowledged[final])})")
sys.exit(1 if failures else 0)
