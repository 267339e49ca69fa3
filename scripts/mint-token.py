#!/usr/bin/env python3
"""Mints a JWT (JWS compact form) for listdiff-server's --token-keys, independently of the
server's code: HS256 with Python's standard library only (hmac, hashlib, base64, json); EdDSA
(Ed25519) with PyPI's `cryptography` when --ed25519-private names a private key. Prints the
token. For tests, demos and the docs' examples; a real backend mints with its own JWT library.

usage: scripts/mint-token.py --kid K (--secret BASE64 | --ed25519-private BASE64) [options]
  --sessions 'user-42-*,lobby'  the sessions claim (comma-separated names or prefix*)
  --scope 'read'                the scope claim (space-separated: read, write, diff)
  --ttl 300                     exp = now + ttl seconds (default 300)
  --exp/--nbf/--iat SECONDS     absolute times instead (seconds since 1970)
  --aud AUDIENCE  --sub SUBJECT
  --alg ALG                     the header's alg as given (HS256 signs with --secret, EdDSA with
                                the private key, anything else signs nothing: an empty signature)
  --no-exp                      leave exp out (the server must refuse it)
  --claims JSON                 the payload exactly as given, instead of the options above
  --public-from-private BASE64  print the Ed25519 public key of a private key (raw, base64), then exit
  --new-ed25519                 print a new Ed25519 private key (raw 32 bytes, base64), then exit
  --batch                       read a JSON array from stdin, each {"kid", "claims" (the payload
                                as text), "alg", and "secret" or "private" (base64), optionally
                                "header" (the header as text)}; print one token a line (the
                                server's tests mint through this)"""

import argparse, base64, hashlib, hmac, json, sys, time


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def b64decode(text):
    text = text.replace("-", "+").replace("_", "/")
    return base64.b64decode(text + "=" * (-len(text) % 4))


def ed25519_private(raw):
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    return Ed25519PrivateKey.from_private_bytes(raw)


def raw_public(private):
    from cryptography.hazmat.primitives import serialization
    return private.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def mint(kid, claims, alg, secret=None, private=None, header=None):
    if header is None:
        header = json.dumps({"alg": alg, "kid": kid, "typ": "JWT"}, separators=(",", ":")).encode()
    payload = claims if isinstance(claims, bytes) else json.dumps(claims, separators=(",", ":")).encode()
    signing_input = (b64url(header) + "." + b64url(payload)).encode()
    if alg == "HS256":
        signature = hmac.new(secret, signing_input, hashlib.sha256).digest()
    elif alg == "EdDSA":
        signature = ed25519_private(private).sign(signing_input)
    else:
        signature = b""
    return signing_input.decode() + "." + b64url(signature)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kid", help="the key id: the --token-keys entry that verifies the token")
    parser.add_argument("--secret", help="an HS256 key's secret, base64 (as in --token-keys)")
    parser.add_argument("--ed25519-private", metavar="KEY", help="an Ed25519 private key, 32 bytes in base64: mints EdDSA")
    parser.add_argument("--sessions", default="", help="comma-separated session names or prefixes with a trailing * (claim 'sessions')")
    parser.add_argument("--scope", default="read", help="space-separated: read, write, diff (default read)")
    parser.add_argument("--ttl", type=float, default=300, help="seconds until 'exp' (default 300)")
    parser.add_argument("--exp", type=float, help="'exp' as seconds since 1970, instead of --ttl")
    parser.add_argument("--nbf", type=float, help="'nbf', seconds since 1970")
    parser.add_argument("--iat", type=float, help="'iat', seconds since 1970")
    parser.add_argument("--aud", help="'aud' (the server's --token-audience, when it sets one)")
    parser.add_argument("--sub", help="'sub': who the token is for (never logged by the server)")
    parser.add_argument("--alg", help="the header's alg (default HS256 with --secret, EdDSA with a private key): tests set others")
    parser.add_argument("--no-exp", action="store_true", help="leave 'exp' out (the server refuses such a token)")
    parser.add_argument("--claims", help="the payload as given, JSON text, instead of the claims above")
    parser.add_argument("--public-from-private", metavar="KEY", help="print the base64 public key of this Ed25519 private key and exit")
    parser.add_argument("--new-ed25519", action="store_true", help="print a new random Ed25519 private key (base64) and exit")
    parser.add_argument("--batch", action="store_true", help="mint each {kid, claims, alg, secret|private, header?} of a JSON array on stdin, one token a line")
    args = parser.parse_args()
    if args.batch:
        for item in json.load(sys.stdin):
            secret = b64decode(item["secret"]) if item.get("secret") else None
            private = b64decode(item["private"]) if item.get("private") else None
            header = item["header"].encode() if item.get("header") is not None else None
            print(mint(item["kid"], item["claims"].encode(), item["alg"], secret=secret, private=private, header=header))
        return
    if args.new_ed25519:
        import os
        print(base64.b64encode(os.urandom(32)).decode())
        return
    if args.public_from_private:
        print(base64.b64encode(raw_public(ed25519_private(b64decode(args.public_from_private)))).decode())
        return
    if not args.kid or not (args.secret or args.ed25519_private):
        parser.error("--kid and one of --secret or --ed25519-private are required")
    if args.claims is not None:
        claims = args.claims.encode()
    else:
        now = time.time()
        claims = {}
        if not args.no_exp:
            claims["exp"] = int(args.exp if args.exp is not None else now + args.ttl)
        for name in ("nbf", "iat"):
            if getattr(args, name) is not None:
                claims[name] = int(getattr(args, name))
        if args.aud: claims["aud"] = args.aud
        if args.sub: claims["sub"] = args.sub
        claims["sessions"] = [s for s in args.sessions.split(",") if s]
        claims["scope"] = args.scope
    alg = args.alg or ("HS256" if args.secret else "EdDSA")
    secret = b64decode(args.secret) if args.secret else None
    private = b64decode(args.ed25519_private) if args.ed25519_private else None
    print(mint(args.kid, claims, alg, secret=secret, private=private))


if __name__ == "__main__":
    main()
