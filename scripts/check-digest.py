#!/usr/bin/env python3
"""A reference implementation of the snapshot digest exactly as openapi.yaml defines it
(XXH64, seed 0, of the canonical JSON), checked against a running server: each case is PUT to
a scratch session and the server's digest compared with this one. Needs the `xxhash` module,
which it installs from PyPI when it is missing (pip install xxhash). Loopback only.

usage: scripts/check-digest.py [BASE_URL]   (default http://127.0.0.1:8080)
Exits non-zero on any mismatch."""

import json, sys, re, subprocess, urllib.request
from decimal import Decimal

try:
    import xxhash
except ModuleNotFoundError:
    # The one dependency: the reference XXH64. Installed from PyPI, as the other scripts do.
    print("check-digest: installing the xxhash module from PyPI (pip install xxhash)", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "xxhash"], check=True)
    import xxhash

def esc(s):
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch == '"': out.append('\\"')
        elif ch == '\\': out.append('\\\\')
        elif ch == '\b': out.append('\\b')
        elif ch == '\f': out.append('\\f')
        elif ch == '\n': out.append('\\n')
        elif ch == '\r': out.append('\\r')
        elif ch == '\t': out.append('\\t')
        elif o < 0x20: out.append('\\u%04x' % o)
        else: out.append(ch)
    out.append('"')
    return ''.join(out).encode()

def num(lit):
    neg = lit.startswith('-'); body = lit.lstrip('-')
    m = re.fullmatch(r'(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?', body)
    ip, fp, ex = m.group(1), m.group(2) or '', int(m.group(3) or 0)
    digits = ip + fp
    d = digits.lstrip('0')
    if not d: return b'0'
    t = d.rstrip('0'); tz = len(d) - len(t)
    scale = ex - len(fp) + tz
    return (('-' if neg else '') + t + ('e%d' % scale if scale else '')).encode()

class Lit(str): pass
class Obj(list): pass

def canon(v):
    if isinstance(v, Lit): return num(v)
    if v is True: return b'true'
    if v is False: return b'false'
    if v is None: return b'null'
    if isinstance(v, str): return esc(v)
    if isinstance(v, list) and not isinstance(v, Obj): return b'[' + b','.join(canon(x) for x in v) + b']'
    members = sorted(((esc(k), canon(x)) for k, x in v), key=lambda kv: (kv[0], kv[1]))
    return b'{' + b','.join(k + b':' + x for k, x in members) + b'}'

def parse(text):  # keep number literals and duplicate members
    return json.loads(text, parse_float=Lit, parse_int=Lit, object_pairs_hook=lambda p: Obj(p))

def ident(v):
    return esc(str(int(v)) if isinstance(v, Lit) else v)

def snapshot_canon(doc):
    if not isinstance(doc, Obj): sections = [[('id', ''), ('items', doc)]]
    else:
        d = dict(doc)
        sections = d['sections'] if 'sections' in d else [[('id', ''), ('items', d['items'])]]
    out = []
    for sec in sections:
        s = dict(sec)
        part = b'{"id":' + ident(s['id'])
        if s.get('content') is not None: part += b',"content":' + canon(s['content'])
        outline = s.get('outline') is True
        if outline: part += b',"outline":true'
        out.append(part + b',"items":[' + b','.join(item_canon(it, outline) for it in s.get('items', [])) + b']}')
    return b'{"sections":[' + b','.join(out) + b']}'

def item_canon(it, outline):
    if not isinstance(it, Obj): return ident(it)
    i = dict(it)
    expanded = outline and i.get('expanded') is True
    children = i.get('children', []) if outline else []
    if i.get('content') is None and 'kind' not in i and not expanded and not children: return ident(i['id'])
    item = b'{"id":' + ident(i['id'])
    if i.get('content') is not None: item += b',"content":' + canon(i['content'])
    if 'kind' in i: item += b',"kind":' + esc(i['kind'])
    if expanded: item += b',"expanded":true'
    if children: item += b',"children":[' + b','.join(item_canon(c, True) for c in children) + b']'
    return item + b'}'

base = sys.argv[1].rstrip("/") if len(sys.argv) > 1 else "http://127.0.0.1:8080"
if not re.match(r"^http://(127\.|localhost|\[::1\])", base):
    sys.exit("check-digest: BASE_URL must be a loopback address")
failures = 0
cases = [
    '{"sections":[{"id":"today","items":["a",{"id":"b","content":{"title":"B"}}]}]}',
    '["x","y"]',
    '{"sections":[{"id":7,"content":{"z":-0.0,"a!":1,"a":[1.50,-1.50,100,0.25,1e0,10e-1,-0]},"items":[{"id":-0,"content":null},{"id":"q\\u0001\\/\\"\\u2028é","content":{"k":"line\\nnext\\u001f","k":"dup","é":{"b":true,"a":null}}}]},{"id":"s2"}]}',
    '[{"id":12345678901234567890123,"content":1}]',
    '["a",{"id":"b","kind":"photo"},{"kind":"te\\"xt\\u0001","content":{"n":1.0},"id":"c"},{"id":"d","content":null,"kind":"k"}]',
    '{"sections":[{"outline":true,"id":"files","items":[{"children":["a.txt",{"id":"img","children":[],"expanded":false,"content":{"w":2}}],"expanded":true,"id":"docs"},{"id":"readme","expanded":true},"notes"]},{"id":"flat","outline":false,"items":["f"]}]}',
]
for i, text in enumerate(cases):
    req = urllib.request.Request(f"{base}/v1/sessions/digestcheck/snapshots/c{i}", data=text.encode(), method="PUT")
    try:
        body = json.load(urllib.request.urlopen(req, timeout=5))
    except urllib.error.HTTPError as e:
        print("case", i, "server answered", e.code, e.read()[:200].decode(errors="replace"), "(expected: integer identifiers must fit 64 bits)" if i == 3 else ""); failures += i != 3; continue
    mine = "xxh64:%016x" % xxhash.xxh64_intdigest(snapshot_canon(parse(text)), seed=0)
    print("case", i, "server", body["digest"], "reference", mine, "MATCH" if mine == body["digest"] else "MISMATCH", snapshot_canon(parse(text)).decode())
    failures += mine != body["digest"]
urllib.request.urlopen(urllib.request.Request(f"{base}/v1/sessions/digestcheck", method="DELETE"), timeout=5)
print(f"{len(cases)} cases, {failures} failures")
sys.exit(1 if failures else 0)
