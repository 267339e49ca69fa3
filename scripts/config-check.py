#!/usr/bin/env python3
"""Configurations listdiff-server must refuse to start with, and some it must start with, tried
on the real binary: Ed25519 token keys that would accept forged tokens (every small-order
encoding, with the sign bit clear and set: the identity, 0, p - 1, p, p + 1 and the two y of
order 8), one that is not canonical and one that is no point of the curve; API keys that do not
say one thing (one key for two names, one name for two keys, a name of digits, a key shaped like
a token beside --token-keys); a token key naming no API key; and protected mode, an address
other than loopback with no keys (by flag and, as the Dockerfile sets it, by LISTDIFF_HOST).
Each refusal must exit non-zero with a message naming the problem and no key; each accepted
configuration must answer /healthz.

usage: scripts/config-check.py SERVER_BINARY
Exits non-zero on any failure."""

import base64, os, subprocess, sys, tempfile, time, urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from listdiff_checks import check, failures, free_port  # noqa: E402

P = 2**255 - 19
# The small-order y values as libsodium lists them, written here from the list rather than from
# the server's source: 0, 1, the two of order 8 (little-endian bytes), p - 1, p, p + 1.
SMALL_ORDER = {
    "zero": (0).to_bytes(32, "little"),
    "identity": (1).to_bytes(32, "little"),
    "order-8-a": bytes.fromhex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05"),
    "order-8-b": bytes.fromhex("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a"),
    "p-minus-1": (P - 1).to_bytes(32, "little"),
    "p": P.to_bytes(32, "little"),
    "p-plus-1": (P + 1).to_bytes(32, "little"),
}
# RFC 8032 7.1's first test key, a point of large order.
GOOD_ED25519 = bytes.fromhex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")
SECRET = base64.b64encode(b"a secret of at least thirty-two bytes").decode()


def b64(raw):
    return base64.b64encode(raw).decode()


def with_sign_bit(raw):
    return raw[:31] + bytes([raw[31] | 0x80])


def environment(extra):
    env = {name: value for name, value in os.environ.items() if not name.startswith("LISTDIFF_")}
    env.update(extra)
    return env


def refused(binary, name, args, expected, env=None, hidden=()):
    """Starts the server, which must exit non-zero within 10 s with `expected` in its message
    and none of `hidden` (key values)."""
    port = free_port()
    command = [binary, "--port", str(port), "--log-level", "warning", *args]
    if "--host" not in args and not (env or {}).get("LISTDIFF_HOST"):
        command += ["--host", "127.0.0.1"]
    try:
        result = subprocess.run(command, env=environment(env or {}), capture_output=True, text=True, timeout=10,
                                cwd=tempfile.gettempdir())
    except subprocess.TimeoutExpired:
        check(False, f"refused: {name} (it kept running)")
        return
    message = result.stdout + result.stderr
    leaked = [value for value in hidden if value in message]
    check(result.returncode != 0 and expected in message and not leaked,
          f"refused: {name} (exit {result.returncode}: {message.strip()[:160]}{'; shows ' + str(leaked) if leaked else ''})")


def accepted(binary, name, args, env=None):
    """Starts the server, which must answer /healthz on loopback, then stops it."""
    port = free_port()
    command = [binary, "--port", str(port), "--log-level", "warning", *args]
    log = tempfile.TemporaryFile()
    server = subprocess.Popen(command, env=environment(env or {}), stdout=log, stderr=log, cwd=tempfile.gettempdir())
    answered = False
    try:
        for _ in range(200):
            if server.poll() is not None:
                break
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as response:
                    answered = response.status == 200
                break
            except OSError:
                time.sleep(0.05)
    finally:
        server.terminate()
        server.wait(timeout=10)
    log.seek(0)
    message = log.read().decode(errors="replace").strip()
    check(answered, f"starts: {name}" + ("" if answered else f" (exit {server.returncode}: {message[:160]})"))


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    binary = os.path.abspath(sys.argv[1])
    for name, raw in SMALL_ORDER.items():
        for sign, key in (("", raw), (" with the sign bit", with_sign_bit(raw))):
            kid = f"k-{name}"
            refused(binary, f"the Ed25519 key {name}{sign}", ["--token-keys", f"{kid}:ed25519:{b64(key)}"],
                    f"--token-keys: key '{kid}' is an Ed25519 public key of small order")
    refused(binary, "the issue's identity key, by LISTDIFF_TOKEN_KEYS", [],
            "key 'k' is an Ed25519 public key of small order",
            env={"LISTDIFF_TOKEN_KEYS": "k:ed25519:AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="})
    refused(binary, "an Ed25519 key whose y is p + 2 (not canonical)",
            ["--token-keys", f"k-big:ed25519:{b64((P + 2).to_bytes(32, 'little'))}"],
            "key 'k-big' is not a canonical Ed25519 public key")
    refused(binary, "an Ed25519 key that is no point (y = 32 x 'k')", ["--token-keys", f"k-off:ed25519:{b64(b'k' * 32)}"],
            "key 'k-off' is not an Ed25519 public key (its 32 bytes decode to no point of the curve)")
    refused(binary, "one key for two names (c=same,d=same)", ["--api-keys", "c=k-shared-1f,d=k-shared-1f"],
            "entries 1 ('c') and 2 ('d') hold the same key", hidden=["k-shared-1f"])
    refused(binary, "one name for two keys (a=dup1,a=dup2)", ["--api-keys", "a=k-dup-one,a=k-dup-two"],
            "entries 1 and 2 are both named 'a'", hidden=["k-dup-one", "k-dup-two"])
    refused(binary, "a name of digits (2=k-one,k-two)",
            ["--api-keys", "2=k-one-7c,k-two-7c", "--token-keys", f"x:hs256:{SECRET}:2"],
            "entry 1 ('2') has a name made only of digits", hidden=["k-one-7c", "k-two-7c"])
    refused(binary, "a JWT-shaped API key beside --token-keys",
            ["--api-keys", "a=k-plain-3e,b=aa3e.bb.cc", "--token-keys", f"x:hs256:{SECRET}:a"],
            "the key of entry 2 ('b') has the shape of a token", hidden=["aa3e.bb.cc", SECRET])
    refused(binary, "a token key naming no API key", ["--api-keys", "a=k-one-9d", "--token-keys", f"x:hs256:{SECRET}:b"],
            "key 'x' names owner 'b', which is no API key's name or number", hidden=["k-one-9d", SECRET])
    anonymous = "is not a loopback address and neither --api-keys nor --token-keys is set"
    refused(binary, "--host 0.0.0.0 without keys", ["--host", "0.0.0.0"], anonymous)
    refused(binary, "--host :: without keys", ["--host", "::"], anonymous)
    refused(binary, "LISTDIFF_HOST=0.0.0.0 without keys (the Dockerfile's)", [], anonymous,
            env={"LISTDIFF_HOST": "0.0.0.0"})
    refused(binary, "--host 0.0.0.0 --allow-anonymous off", ["--host", "0.0.0.0", "--allow-anonymous", "off"], anonymous)
    refused(binary, "--allow-anonymous yes (on or off only)", ["--allow-anonymous", "yes"],
            "invalid value 'yes' for --allow-anonymous")

    accepted(binary, "--host 0.0.0.0 --allow-anonymous on", ["--host", "0.0.0.0", "--allow-anonymous", "on"])
    accepted(binary, "LISTDIFF_HOST=0.0.0.0 LISTDIFF_ALLOW_ANONYMOUS=on", [],
             env={"LISTDIFF_HOST": "0.0.0.0", "LISTDIFF_ALLOW_ANONYMOUS": "on"})
    accepted(binary, "--host 0.0.0.0 with --api-keys", ["--host", "0.0.0.0", "--api-keys", "a=k-good-1,b=k-good-2"])
    accepted(binary, "LISTDIFF_HOST=0.0.0.0 with LISTDIFF_API_KEYS", [],
             env={"LISTDIFF_HOST": "0.0.0.0", "LISTDIFF_API_KEYS": "k-good-1"})
    accepted(binary, "--host 0.0.0.0 with a good Ed25519 key",
             ["--host", "0.0.0.0", "--token-keys", f"k:ed25519:{b64(GOOD_ED25519)}"])
    accepted(binary, "named API keys, a token key owned by name and one by number",
             ["--host", "127.0.0.1", "--api-keys", "a=k-good-1,b2=k-good-2",
              "--token-keys", f"x:ed25519:{b64(GOOD_ED25519)}:a,y:hs256:{SECRET}:2"])
    accepted(binary, "--host 127.0.0.1 without keys", ["--host", "127.0.0.1"])
    accepted(binary, "--host localhost without keys", ["--host", "localhost"])
    print(f"config-check: {'all passed' if not failures else f'{len(failures)} failed'}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
