#!/usr/bin/env python3
"""The checks of `scripts/cluster.sh --redis` (run by it, not by hand): three instances share one
Redis (appendonly yes, appendfsync always) behind nginx round-robin, without session affinity.

1. Sessions written through any instance read through any other, at the version written.
2. A follower long-polls one snapshot through nginx while a writer writes it through nginx;
   halfway, one instance is killed with SIGKILL. The follower must keep receiving changesets
   (never a reset), each starting where the last ended, and every write nginx acknowledged
   must be there afterwards, read through each surviving instance.
3. All three instances restarted: the same sessions, versions and digests.
4. Redis killed (SIGKILL) and restarted from its append-only file: 0 acknowledged writes lost.
5. Redis stopped: writes answer 503 with Retry-After within the reply timeout, /readyz is 503,
   /healthz 200; Redis back: writes succeed again without restarting any instance.
A long poll held by one instance and woken by a write through another is timed (p50, p99).
Exits 1 if a check fails."""

import argparse, os, signal, sys, threading, time
from listdiff_checks import call, check, failures, long_poll_wakeups, percentile, start, wait_for_port

parser = argparse.ArgumentParser()
parser.add_argument("--front", type=int, required=True)
parser.add_argument("--instances", type=int, nargs=3, required=True)
parser.add_argument("--instance-pids", type=int, nargs=3, required=True)
parser.add_argument("--instance-command", required=True, help="the server's command line, {port} for its port")
parser.add_argument("--redis-port", type=int, required=True)
parser.add_argument("--redis-pid", type=int, required=True)
parser.add_argument("--redis-command", required=True)
options = parser.parse_args()
front, instances = options.front, options.instances
instance_pids = list(options.instance_pids)


def listing(port, session):
    status, answer, _ = call(port, "GET", f"/v1/sessions/{session}", timeout=5)
    return {s["name"]: (s["version"], s["digest"]) for s in answer["snapshots"]} if status == 200 else None


# 1. Written anywhere, read anywhere.
for index, writer in enumerate(instances):
    path = f"/v1/sessions/spread-{index}/snapshots/feed"
    status, answer, _ = call(writer, "PUT", path, [f"item-{index}-{n}" for n in range(5)])
    version = answer["to"] if answer else None
    reads = [call(reader, "GET", path) for reader in instances]
    check(status == 201 and all(s == 200 and a["version"] == version for s, a, _ in reads),
          f"a session written through :{writer} reads at {version} through every instance")

latencies = long_poll_wakeups(instances[0], instances[1], "/v1/sessions/timed/snapshots/feed", 50)
check(latencies is not None, "50 long polls held by one instance, each answered by a write through another")
if latencies:
    print(f"      long poll woken across instances: p50 {percentile(latencies, 0.5):.1f} ms, p99 {percentile(latencies, 0.99):.1f} ms (50 writes)")

# 2. A follower and a writer through nginx; one instance killed halfway.
path = "/v1/sessions/followed/snapshots/feed"
items = ["item-0"]
status, answer, _ = call(front, "PUT", path, items)
check(status == 201, "the followed snapshot is made through nginx")
start_version = answer["to"]
acknowledged = {start_version: list(items)}
writes_done = threading.Event()
seen = {"changesets": 0, "resets": 0, "gaps": 0, "errors": 0, "last": start_version}


def follow():
    since = start_version
    while not (writes_done.is_set() and since == seen.get("final")):
        try:
            status, answer, _ = call(front, "GET", f"{path}/changes?since={since}&wait=2", timeout=10)
        except OSError:
            status = 0
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
        os.kill(instance_pids[2], signal.SIGKILL)
        print(f"      killed instance :{instances[2]} (SIGKILL) after 29 writes")
    items = items + [f"item-{n}"]
    try:
        status, answer, _ = call(front, "PUT", path, items)
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
for port in instances[:2]:
    status, answer, _ = call(port, "GET", path, timeout=5)
    check(status == 200 and answer["version"] == final and answer["snapshot"] == acknowledged[final],
          f"instance :{port} serves the last acknowledged version with every acknowledged item ({len(acknowledged[final])})")

# 3. Every instance restarted.
sessions = [f"spread-{i}" for i in range(3)] + ["followed", "timed"]
before = {session: listing(instances[0], session) for session in sessions}
for pid in instance_pids[:2]:
    os.kill(pid, signal.SIGTERM)
time.sleep(0.3)
for port in instances:
    start(options.instance_command.format(port=port))
check(all(wait_for_port(port) for port in instances), "all three instances restarted")
after = {port: {session: listing(port, session) for session in sessions} for port in instances}
check(all(after[port] == before for port in instances) and all(before.values()),
      f"after the restart every instance serves the same {len(sessions)} sessions at the same versions and digests")

# 4. Redis killed and restarted from its append-only file.
writes = {}
for n in range(40):
    session = f"durable-{n % 8}"
    status, answer, _ = call(instances[n % 3], "PUT", f"/v1/sessions/{session}/snapshots/feed", [f"d-{k}" for k in range(n + 1)])
    if status in (200, 201):
        writes[session] = (answer["to"], answer["digest"])
os.kill(options.redis_pid, signal.SIGKILL)
time.sleep(0.2)
redis = start(options.redis_command)
check(wait_for_port(options.redis_port), "Redis restarted (appendonly yes, appendfsync always)")
time.sleep(0.5)
kept = {session: (listing(instances[0], session) or {}).get("feed") for session in writes}
lost = [session for session, version in writes.items() if kept[session] != version]
check(len(writes) == 8 and not lost, f"40 writes acknowledged over 8 sessions; after Redis was killed and restarted, {len(lost)} sessions lost their last acknowledged version")

# 5. Redis stopped, then back.
redis.send_signal(signal.SIGKILL)
redis.wait()
began = time.monotonic()
status, answer, headers = call(instances[1], "PUT", "/v1/sessions/durable-0/snapshots/feed", ["x"], timeout=10)
elapsed = time.monotonic() - began
check(status == 503 and answer.get("type") == "urn:listdiff:problem:store-unavailable" and "Retry-After" in headers and elapsed < 3,
      f"with Redis down a write answers {status} ({answer.get('type') if answer else None}, Retry-After {headers.get('Retry-After')}) in {elapsed * 1000:.0f} ms")


def answers_within(port, path, wanted, seconds=3):
    # An idle instance learns that its store is gone from the probe its first /readyz sends.
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if call(port, "GET", path)[0] == wanted:
            return True
        time.sleep(0.1)
    return False


check(all(answers_within(port, "/readyz", 503) and call(port, "GET", "/healthz")[0] == 200 for port in instances),
      "with Redis down every instance's /readyz turns 503 within 3 s (idle ones too) and /healthz stays 200")
start(options.redis_command)
wait_for_port(options.redis_port)
recovered_at = None
began = time.monotonic()
while time.monotonic() - began < 15:
    status, _, _ = call(instances[1], "PUT", "/v1/sessions/durable-0/snapshots/feed", ["x"], timeout=5)
    if status in (200, 201):
        recovered_at = time.monotonic() - began
        break
    time.sleep(0.2)
check(recovered_at is not None and all(answers_within(port, "/readyz", 200) for port in instances),
      f"Redis back: writes succeed again after {recovered_at or 0:.1f} s and every /readyz is 200, no instance restarted")
sys.exit(1 if failures else 0)
