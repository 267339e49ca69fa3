#!/usr/bin/env python3
"""Checks the examples of README.md and of every docs/*.md file against a running server and
against the code, as a new user would paste them. Loopback only.

usage: scripts/check-readme.py [BASE_URL]   (default http://127.0.0.1:8080)

- curl: every ```sh block that runs curl is run whole — each file's blocks in order, in one
  shell per file (so `V=$(…)` carries over from block to block) — with `localhost:8080` and
  `127.0.0.1:8080` replaced by the server's address. A `# …` comment on a command's line, or
  on the line after it, says what it answers: a JSON value is the exact answer; a JSON value
  with `…` (any text), `<epoch>` (a version's epoch), `<n>` (a number) or `<digest>` (a version's
  16 hex digits) in it is a pattern the
  whole answer must match; a status (`# 412 …`) is a problem with that status; anything else
  is a description, and the command must then answer without a 4xx or 5xx problem. Every
  command must exit 0. A command sent to the background (`… &`) is checked once the file's
  commands are done; if it is a long poll, a later command must have woken it (from ≠ to); if
  it is an event stream, it must have sent the snapshot and then changes.
  Before a file runs, the sessions its commands name are deleted, so it can run again. A
  curl command anywhere but in a ```sh block is an error: it would go unchecked.
- Swift: the block after `<!-- readme-client: main.swift -->` is
  Sources/listdiff-client-example/main.swift, character for character; the one after
  `<!-- readme-client: Package.swift -->` is built with it by scripts/build-readme-client.sh
  (CI does, and runs the example). Every other ```swift block is type-checked with swiftc
  against the package's modules as `swift build` (or `swift test`) left them; README.md's one
  is also built and run by CI (`scripts/build-readme-client.sh --readme`).
- The layout table in docs/architecture.md names every module under Sources/ and every folder
  in each; relative links between these files point at files and headings that exist.

Prints one line per check and `N passed, M failed`; exits 1 on any failure."""

import glob, json, os, re, subprocess, sys, tempfile, urllib.error, urllib.request

base = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8080"
if not re.match(r"^http://(127\.|localhost\b|\[::1\])", base):
    sys.exit("check-readme: BASE_URL must be a loopback address")
base = base.rstrip("/")
host = base.split("//", 1)[1]
os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

FILES = ["README.md"] + sorted(glob.glob("docs/*.md"))
LAYOUT = "docs/architecture.md"
EXAMPLE = "Sources/listdiff-client-example/main.swift"
passed = failed = 0


def report(ok, name, problem=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok   {name}")
    else:
        failed += 1
        print(f"FAIL {name}\n     {problem}")


def blocks(path):
    """The fenced code blocks of a Markdown file: (language, text, first line, marker), where the
    marker is an `<!-- … -->` comment on the line before the fence; and the curl commands
    outside ```sh blocks, as (line number, line)."""
    found, stray = [], []
    lines = open(path, encoding="utf-8").read().split("\n")
    index = 0
    while index < len(lines):
        opening = re.match(r"^```(\w*)\s*$", lines[index])
        if not opening:
            if lines[index].strip().startswith("curl "):
                stray.append((index + 1, lines[index].strip()))
            index += 1
            continue
        marker = lines[index - 1].strip() if index > 0 and lines[index - 1].strip().startswith("<!--") else None
        end = index + 1
        while end < len(lines) and lines[end] != "```":
            end += 1
        body = lines[index + 1:end]
        if opening.group(1) != "sh":
            stray += [(index + 2 + n, line.strip()) for n, line in enumerate(body) if line.strip().startswith("curl ")]
        found.append((opening.group(1), "\n".join(body) + "\n", index + 2, marker))
        index = end + 1
    return found, stray


# --- the Swift client example, and every other Swift block type-checked ----------------------

example = open(EXAMPLE, encoding="utf-8").read()
client_blocks = {}
typechecked = []
for path in FILES:
    for language, text, line, marker in blocks(path)[0]:
        if language != "swift":
            continue
        client = re.match(r"<!-- readme-client: (\S+) -->", marker or "")
        if client:
            client_blocks.setdefault(client.group(1), []).append((path, line, text))
        else:
            typechecked.append((path, line, text))
for name in ("main.swift", "Package.swift"):
    places = client_blocks.get(name, [])
    report(len(places) == 1, f"one `<!-- readme-client: {name} -->` block",
           f"found {len(places)}: {[f'{p}:{l}' for p, l, _ in places]}; scripts/build-readme-client.sh needs exactly one")
# SwiftPM names a path dependency after its folder: the clone the page tells a reader to make
# must be in the folder the Package.swift block names, or the build says "cannot be accessed".
for path, line, text in client_blocks.get("Package.swift", []):
    folder = re.search(r'\.package\(path: "\.\./([^"]+)"\)', text)
    clone = folder and re.search(rf"^git clone .+ {re.escape(folder.group(1))}$", open(path, encoding="utf-8").read(), re.M)
    report(bool(clone), f"{path}:{line}: the page clones the repository into the folder its Package.swift names",
           f"no `git clone <url> {folder.group(1) if folder else '…'}` on the page: a clone named after the URL is another folder")
for path, line, text in client_blocks.get("main.swift", []):
    report(text == example, f"{path}:{line}: the Swift client example is {EXAMPLE}",
           f"it differs from {EXAMPLE}; copy the file into the block")

if typechecked:
    bin_path = subprocess.run(["swift", "build", "--show-bin-path"], capture_output=True, text=True).stdout.strip()
    modules = os.path.join(bin_path, "Modules")
    with tempfile.TemporaryDirectory(prefix="listdiff-readme-swift.") as work:
        for path, line, text in typechecked:
            name = f"{path}:{line}: Swift example type-checks"
            imported = re.findall(r"^import (\w+)", text, re.M)
            absent = [m for m in imported if m.startswith("ListDiff") and not os.path.exists(os.path.join(modules, f"{m}.swiftmodule"))]
            if absent:
                report(False, name, f"no module {', '.join(absent)} in {modules}: run `swift build` (or `swift test`) first")
                continue
            source = os.path.join(work, "main.swift")
            open(source, "w", encoding="utf-8").write(text)
            run = subprocess.run(["swiftc", "-typecheck", "-swift-version", "6", "-I", modules, source],
                                 capture_output=True, text=True, timeout=300)
            errors = "\n     ".join(l for l in run.stderr.splitlines() if "error:" in l)
            report(run.returncode == 0, name, errors or run.stderr.strip()[:400])

# --- the layout table, and links ------------------------------------------------------------

text = open(LAYOUT, encoding="utf-8").read()
rows = {m.group(1): m.group(2) for m in re.finditer(r"^\| `Sources/([^/`]+)/` \| (.*) \|$", text, re.M)}
missing = []
for module in sorted(os.listdir("Sources")):
    if not os.path.isdir(os.path.join("Sources", module)):
        continue
    if module not in rows:
        missing.append(f"Sources/{module}/")
        continue
    for folder in sorted(os.listdir(os.path.join("Sources", module))):
        if os.path.isdir(os.path.join("Sources", module, folder)) and f"`{folder}/`" not in rows[module]:
            missing.append(f"Sources/{module}/{folder}/")
report(not missing, f"{LAYOUT}'s layout table names every module and folder under Sources/",
       "it does not name " + ", ".join(missing))


def anchors(path):
    """GitHub's heading anchors of a Markdown file."""
    names = set()
    for heading in re.findall(r"^#+ (.+)$", open(path, encoding="utf-8").read(), re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", "")).replace(" ", "-")
        names.add(slug)
    return names


broken = []
for path in FILES + ["CONTRIBUTING.md"]:
    if not os.path.exists(path):
        broken.append(f"{path} is missing")
        continue
    source = open(path, encoding="utf-8").read()
    source = re.sub(r"```.*?```", "", source, flags=re.S)
    for target in re.findall(r"\]\(([^)\s]+)\)", source):
        if re.match(r"^[a-z]+:", target):
            continue
        file, _, anchor = target.partition("#")
        resolved = os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path
        if not os.path.exists(resolved):
            broken.append(f"{path}: ({target}) names no file")
        elif anchor and resolved.endswith(".md") and anchor not in anchors(resolved):
            broken.append(f"{path}: ({target}) names no heading of {resolved}")
report(not broken, "relative links in README.md, CONTRIBUTING.md and docs/ resolve", "\n     ".join(broken))

# --- the curl examples, one shell per file --------------------------------------------------


def is_json(value):
    try:
        json.loads(value)
        return True
    except ValueError:
        return False


def pattern(expectation):
    """A regular expression for an answer written with `…`, `<epoch>`, `<n>` and `<digest>`, else None."""
    if not re.match(r"^[\[{]", expectation) or not re.search(r"…|<epoch>|<n>|<digest>", expectation):
        return None
    parts = re.split(r"(…|<epoch>|<n>|<digest>)", expectation)
    wildcard = {"…": ".*?", "<epoch>": r"[0-9A-Za-z_-]+", "<n>": r"\d+", "<digest>": r"[0-9a-f]{16}"}
    return re.compile("".join(wildcard.get(part, re.escape(part)) for part in parts), re.S)


def commands_of(path):
    """The file's curl commands in order: [command, expectation, line]."""
    commands = []
    code_blocks, stray = blocks(path)
    for number, line in stray:
        report(False, f"{path}:{number}: a curl command outside a ```sh block", "put it in a ```sh block, where it is run and checked")
    for language, text, first, _ in code_blocks:
        if language != "sh" or not re.search(r"(^|\$\()curl ", text, re.M):
            continue
        pending = ""
        for offset, line in enumerate(text.splitlines()):
            if not line.strip():
                continue
            if line.lstrip().startswith("#"):
                if commands and commands[-1][1] is None and not pending:
                    commands[-1][1] = line.lstrip()[1:].strip()
                continue
            if line.endswith("\\"):
                pending += line[:-1].rstrip() + " "
                continue
            command = (pending + line).replace("localhost:8080", host).replace("127.0.0.1:8080", host)
            pending = ""
            trailing = re.search(r"\s#\s*(.+)$", command)
            commands.append([command, trailing.group(1) if trailing else None, first + offset])
    return commands


def delete_sessions(commands):
    for name in sorted({m for c, _, _ in commands for m in re.findall(r"/v1/sessions/([A-Za-z0-9._~-]+)", c)}):
        request = urllib.request.Request(f"{base}/v1/sessions/{name}", method="DELETE")
        try:
            urllib.request.urlopen(request, timeout=10).read()
        except urllib.error.HTTPError:
            pass  # 404: not there


def check_answer(command, expectation, body, code, backgrounded):
    if code != 0:
        return f"exit {code}"
    if expectation and re.match(r"^\d{3}\b", expectation):
        status = int(expectation[:3])
        return None if f'"status":{status}' in body else f"expected a {status} problem, got {body[:200]}"
    if expectation and pattern(expectation):
        return None if pattern(expectation).fullmatch(body) else f"expected {expectation}\n     got      {body}"
    if expectation and is_json(expectation):
        return None if body == expectation else f"expected {expectation}\n     got      {body}"
    if backgrounded and "/events" in command and body.startswith("retry:"):
        # An event stream: its events in order, and its last one may be a problem (`deleted`).
        kinds = re.findall(r"^event: (\w+)$", body, re.M)
        return None if kinds[:1] == ["snapshot"] and "changes" in kinds else f"expected a snapshot, then changes: {body[:300]}"
    if re.search(r'"status":[45]\d\d', body):
        return f"answered a problem: {body[:200]}"
    if backgrounded and "wait=" in command and is_json(body):
        answer = json.loads(body)
        if isinstance(answer, dict) and "from" in answer and answer.get("from") == answer.get("to"):
            return f"the long poll timed out instead of being woken by a later write: {body[:200]}"
    return None


for path in FILES:
    commands = commands_of(path)
    if not commands:
        continue
    delete_sessions(commands)
    script = ["set -u", 'work="$(mktemp -d /tmp/listdiff-readme-curl.XXXXXX)"']
    backgrounded = []
    for index, (command, _, _) in enumerate(commands):
        core = re.sub(r"\s#[^'\"]*$", "", command).rstrip()
        if core.endswith("&"):
            backgrounded.append(index)
            script += [f'{{ {core[:-1].rstrip()} ; }} > "$work/{index}" & background_{index}=$!']
        else:
            script += [f"echo '@@begin {index}'", command, f"code=$?; echo; echo \"@@end {index} $code\""]
    for index in backgrounded:
        script += [f"wait $background_{index}; code=$?", f"echo '@@begin {index}'", f'cat "$work/{index}"',
                   f"echo; echo \"@@end {index} $code\""]
    script += ['rm -rf "$work"', "echo '@@done'"]
    run = subprocess.run(["bash", "-c", "\n".join(script)], capture_output=True, text=True, timeout=180)
    outputs = {int(i): (body, int(code)) for i, body, code in re.findall(r"@@begin (\d+)\n(.*?)\n@@end \1 (\d+)", run.stdout, re.S)}
    for index, (command, expectation, line) in enumerate(commands):
        body, code = outputs.get(index, ("", -1))
        problem = check_answer(command, expectation, body.strip(), code, index in backgrounded)
        shown = command if len(command) < 80 else command[:77] + "..."
        report(problem is None, f"{path}:{line}: {shown}", problem or "")
    if "@@done" not in run.stdout:
        report(False, f"{path}: its shell ran to the end", run.stderr.strip()[:400])

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
