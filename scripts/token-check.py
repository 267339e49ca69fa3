#!/usr/bin/env python3
"""Tokens against a release listdiff-server, minted independently of its code by
scripts/mint-token.py: HS256 with Python's hmac, EdDSA with PyPI's `cryptography` (installed if
missing). Starts its own server on a free loopback port with two named API keys and three token
keys (an HS256 and an Ed25519 key of tenant-a, an HS256 key of tenant-b), then checks what each
token reaches, how each is refused (RFC 6750's 400 and 401 included), that a forged token sent
again is not verified again, that a client past its limit of failed authentications gets 429
while its verified token still passes, /metrics' counts, that a malformed --trusted-proxies
refuses to start, and that the access log holds nothing of a token or its claims.

usage: scripts/token-check.py SERVER_BINARY
Exits non-zero on any failure."""

import base64, importlib.util, json, os, subprocess, sys, tempfile, time, urllib.error, urllib.request

try:
    import cryptography  # noqa: F401
except ModuleNotFoundError:
    print("token-check: installing cryptography from PyPI (pip install cryptography)", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "cryptography"], check=True)

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "lib"))
from listdiff_checks import free_port, wait_for_port  # noqa: E402

spec = importlib.util.spec_from_file_location("mint_token", os.path.join(here, "mint-token.py"))
mint_token = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mint_token)

secret_a, secret_b, ed_private = os.urandom(32), os.urandom(32), os.urandom(32)
ed_public = mint_token.raw_public(mint_token.ed25519_private(ed_private))
b64 = lambda raw: base64.b64encode(raw).decode()
failures = 0


def check(ok, name):
    global failures
    print(("ok   " if ok else "FAIL ") + name)
    failures += 0 if ok else 1


def token(kid, sessions, scope, ttl=300, **extra):
    claims = {"exp": int(time.time() + ttl), "sessions": sessions, "scope": scope, "sub": "subject-never-logged"}
    claims.update(extra)
    if kid == "a-ed":
        return mint_token.mint(kid, claims, "EdDSA", private=ed_private)
    return mint_token.mint(kid, claims, "HS256", secret=secret_b if kid == "b-hs" else secret_a)


def request(method, path, credential=None, body=None, authorization=None):
    headers = {"Authorization": f"Bearer {credential}"} if credential else {}
    if authorization is not None:
        headers["Authorization"] = authorization
    data = body.encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=5) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def main():
    global base
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    keys = f"a-hs:hs256:{b64(secret_a)}:tenant-a,a-ed:ed25519:{b64(ed_public)}:tenant-a,b-hs:hs256:{b64(secret_b)}:tenant-b"
    log = tempfile.TemporaryFile()
    server = subprocess.Popen(
        [sys.argv[1], "--host", "127.0.0.1", "--port", str(port), "--log-level", "info",
         "--api-keys", "tenant-a=alpha-key,tenant-b=beta-key", "--token-keys", keys, "--token-audience", "listdiff",
         "--auth-failure-window", "60"],
        stdout=log, stderr=log)
    try:
        wait_for_port(port, seconds=5)
        path = "/v1/sessions/user-42-lists/snapshots/todo"
        check(request("PUT", path, "alpha-key", '["milk"]')[0] == 201, "the backend writes with its API key")
        minted = []
        hs = token("a-hs", ["user-42-*"], "read", aud="listdiff")
        ed = token("a-ed", ["user-42-lists"], "read", aud="listdiff")
        minted += [hs, ed]
        for name, credential in [("HS256", hs), ("EdDSA", ed)]:
            status, _, body = request("GET", path, credential)
            check(status == 200 and json.loads(body)["snapshot"] == ["milk"], f"an {name} token reads its session")
            check(request("GET", path, credential)[0] == 200, f"the {name} token again (from the cache)")
        refusals = {
            "token-expired": token("a-hs", ["*"], "read", ttl=-120, aud="listdiff"),
            "token-wrong-audience": token("a-hs", ["*"], "read", aud="elsewhere"),
            "token-unknown-key": mint_token.mint("nobody", {"exp": int(time.time()) + 60}, "HS256", secret=secret_a),
            "token-wrong-algorithm": mint_token.mint("a-ed", {"exp": int(time.time()) + 60}, "HS256", secret=ed_public),
            "token-bad-signature": mint_token.mint("a-hs", {"exp": int(time.time()) + 60}, "HS256", secret=secret_b),
        }
        minted += refusals.values()
        for kind, credential in refusals.items():
            status, headers, body = request("GET", path, credential)
            challenge = headers.get("WWW-Authenticate", "")
            check(status == 401 and json.loads(body)["type"] == f"urn:listdiff:problem:{kind}"
                  and 'error="invalid_token"' in challenge and "error_description=" in challenge, f"401 {kind}")
        status, headers, _ = request("PUT", path, hs, '["bread"]')
        check(status == 403 and 'error="insufficient_scope"' in headers.get("WWW-Authenticate", ""),
              "a read token writing: 403 insufficient_scope")
        other = token("b-hs", ["*"], "write", aud="listdiff")
        minted.append(other)
        check(request("GET", path, other)[0] == 404, "tenant-b's token does not reach tenant-a's session")
        check(request("GET", "/v1/sessions/user-43/snapshots/todo", hs)[0] == 404, "a token for other sessions: 404")
        for value in ["Bearer", "Bearer    "]:
            status, headers, body = request("GET", path, authorization=value)
            check(status == 400 and headers.get("WWW-Authenticate") == 'Bearer realm="listdiff", error="invalid_request"'
                  and json.loads(body)["type"] == "urn:listdiff:problem:invalid-authorization",
                  f"'Authorization: {value}': 400 invalid_request")
        status, headers, _ = request("GET", path, authorization="Basic YWxwaGEta2V5Og==")
        check(status == 401 and headers.get("WWW-Authenticate") == 'Bearer realm="listdiff"',
              "another scheme: 401 without an error code")
        forged = ".".join(ed.split(".")[:2] + ["A" * 86])
        for _ in range(3):
            status, _, body = request("GET", path, forged)
            check(status == 401 and json.loads(body)["type"] == "urn:listdiff:problem:token-bad-signature",
                  "a forged EdDSA token with the real kid: 401 token-bad-signature")
        metrics = request("GET", "/metrics")[2].decode()
        counts = {line.split('"')[1]: float(line.split()[-1]) for line in metrics.splitlines()
                  if line.startswith("listdiff_token_verifications_total{")}
        check(counts.get("valid", 0) >= 3 and counts.get("cached", 0) >= 2 and counts.get("expired") == 1
              and counts.get("bad_signature") == 2 and counts.get("cached_refusal") == 2,
              f"/metrics counts verifications by outcome, the forged token verified once: {counts}")
        # 5 refused tokens, 3 forged ones so far; the default limit is 20 (here within 60 s).
        statuses = [request("GET", path, "wrong-key")[0] for _ in range(14)]
        status, headers, body = request("GET", path, "alpha-key")
        check(statuses == [401] * 12 + [429] * 2 and status == 429 and 1 <= int(headers.get("Retry-After", 0)) <= 60
              and json.loads(body)["type"] == "urn:listdiff:problem:too-many-failed-authentications",
              f"past 20 failed authentications: 429 with Retry-After, even for a valid key ({statuses}, {status})")
        check(request("GET", path, hs)[0] == 200, "a token verified before still passes from that address")
        metrics = request("GET", "/metrics")[2].decode()
        check("listdiff_auth_failure_limit_refusals_total 3" in metrics, "/metrics counts the 429s")
    finally:
        server.terminate()
        server.wait(timeout=10)
    refused = subprocess.run([sys.argv[1], "--port", "0", "--trusted-proxies", "10.0.0.0/33"],
                             capture_output=True, text=True, timeout=10)
    check(refused.returncode == 2 and "--trusted-proxies" in refused.stderr,
          f"a malformed --trusted-proxies refuses to start ({refused.returncode}: {refused.stderr.strip()})")
    log.seek(0)
    logged = log.read().decode(errors="replace")
    leaks = [t for t in minted for part in t.split(".") if part and part in logged] + \
        (["sub"] if "subject-never-logged" in logged else [])
    check(logged.count("\n") >= 10 and not leaks, f"the access log ({logged.count(chr(10))} lines) holds no token or claim")
    print(f"token-check: {'all passed' if failures == 0 else f'{failures} failed'}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
