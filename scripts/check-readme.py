#!/usr/bin/env python3
"""Runs the curl examples of README.md's "The API" section as a new user would paste them, in
order and in one shell (so `V=$(…)` carries over), against a running server, and checks each
answer against what the README says: the exact answer on the `# …` line after a command
(when that line is JSON, not a description), or the status named in a trailing `# 412…` comment; every
other command must exit 0 and answer without a problem. `localhost:8080` is replaced by the
server's address. Loopback only.

usage: scripts/check-readme.py [BASE_URL]   (default http://127.0.0.1:8080)
Also checks that the "The Swift client" section's code is the example target's (between its
README markers), and that the layout table names every module under Sources/ and every folder
in each. Prints one line per command and `N passed, M failed`; exits 1 on any failure."""

import json, re, subprocess, sys

base = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8080"
if not re.match(r"^http://(127\.|localhost\b|\[::1\])", base):
    sys.exit("check-readme: BASE_URL must be a loopback address")
host = base.split("//", 1)[1].rstrip("/")

text = open("README.md", encoding="utf-8").read()

# The Swift client section shows a package's Package.swift and main.swift; main.swift is
# Sources/listdiff-client-example/main.swift, character for character (CI builds the two as a
# package of their own with scripts/build-readme-client.sh, and runs the example).
def readme_block(name):
    return text.split(f"<!-- readme-client: {name} -->\n```swift\n", 1)[1].split("\n```\n", 1)[0] + "\n"
example = open("Sources/listdiff-client-example/main.swift", encoding="utf-8").read()
if readme_block("main.swift") != example:
    sys.exit("check-readme: the README's Swift client example differs from Sources/listdiff-client-example/main.swift")
print("ok    the README's Swift client example is Sources/listdiff-client-example/main.swift")

# The layout table names every module under Sources/, and each module's row names every folder in it.
import os
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
if missing:
    sys.exit("check-readme: the README's layout table does not name " + ", ".join(missing))
print("ok    the README's layout table names every module and folder under Sources/")
section = text.split("\n## The API\n", 1)[1].split("\n## ", 1)[0]

# Indented lines, continuations joined; a `# …` line belongs to the command before it.
commands = []  # [command, expectation]
pending = ""
for raw in section.splitlines():
    if not raw.startswith("    "):
        continue
    line = raw[4:]
    if line.lstrip().startswith("#"):
        if commands and commands[-1][1] is None:
            commands[-1][1] = line.lstrip()[1:].strip()
        continue
    pending += line.rstrip("\\").rstrip() + " " if line.endswith("\\") else line
    if not line.endswith("\\"):
        command = pending.replace("localhost:8080", host)
        trailing = re.search(r"\s#\s*(.+)$", command)
        commands.append([command, trailing.group(1) if trailing else None])
        pending = ""

script = ["set -u"]
for index, (command, _) in enumerate(commands):
    script += [f"echo '@@begin {index}'", command, f"echo; echo '@@end {index}' $?"]
script += ["wait", "echo '@@done'"]
run = subprocess.run(["bash", "-c", "\n".join(script)], capture_output=True, text=True, timeout=120)
outputs = {int(index): (body, int(code))
           for index, body, code in re.findall(r"@@begin (\d+)\n(.*?)\n@@end \1 (\d+)", run.stdout, re.S)}

def is_json(text):
    try:
        json.loads(text)
        return True
    except ValueError:
        return False


passed = failed = 0
for index, (command, expectation) in enumerate(commands):
    body, code = outputs.get(index, ("", -1))
    body = body.strip()
    problem = None
    if code != 0:
        problem = f"exit {code}"
    elif command.rstrip().endswith("&"):
        pass  # its answer arrives after a later command; checked below
    elif expectation and re.match(r"^\d{3}\b", expectation):
        status = int(expectation[:3])
        if f'"status":{status}' not in body:
            problem = f"expected a {status} problem, got {body[:160]}"
    elif expectation and is_json(expectation):
        if body != expectation:
            problem = f"expected {expectation}\n     got      {body}"
    elif '"status":4' in body or '"status":5' in body:
        problem = f"answered a problem: {body[:160]}"
    name = command if len(command) < 90 else command[:87] + "..."
    if problem:
        failed += 1
        print(f"FAIL {name}\n     {problem}")
    else:
        passed += 1
        print(f"ok   {name}")
if "@@done" not in run.stdout or '"to":' not in run.stdout.split("@@end", 1)[-1]:
    failed += 1
    print("FAIL the backgrounded long poll never answered with a changeset")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
