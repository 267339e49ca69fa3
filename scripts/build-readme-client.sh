#!/usr/bin/env bash
# Builds the documentation's Swift client example exactly as a newcomer pastes it: the
# Package.swift and main.swift blocks (marked `<!-- readme-client: … -->` in README.md or a
# docs/*.md file), as a package of their own beside a copy of this repository named ListDiff
# (the path that Package.swift names). Prints the built binary's path on its last line.
#   scripts/build-readme-client.sh [WORK_DIR]    (default: a temporary directory)
#   scripts/build-readme-client.sh --readme BASE_URL [WORK_DIR]
# With --readme, main.swift is instead README.md's Swift snippet (its one ```swift block), with
# its http://127.0.0.1:8080 replaced by BASE_URL. In a WORK_DIR that already built the example,
# that build compiles only the snippet.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
readme_base=""
if [ "${1:-}" = "--readme" ]; then
  readme_base="${2:?--readme needs a BASE_URL}"
  shift 2
fi
work="${1:-$(mktemp -d /tmp/listdiff-readme-client.XXXXXX)}"
mkdir -p "$work/MirrorDemo/Sources/MirrorDemo"
ln -sfn "$root" "$work/ListDiff"
python3 - "$work/MirrorDemo" "$readme_base" << 'PY'
import glob, re, sys
def block(name):
    marker = f"<!-- readme-client: {name} -->\n```swift\n"
    texts = [t for t in (open(p, encoding="utf-8").read() for p in ["README.md"] + sorted(glob.glob("docs/*.md"))) if marker in t]
    if len(texts) != 1:
        sys.exit(f"build-readme-client: expected one `<!-- readme-client: {name} -->` block in README.md and docs/*.md, found {len(texts)}")
    return texts[0].split(marker, 1)[1].split("\n```\n", 1)[0] + "\n"
def readme_snippet(base):
    snippets = re.findall(r"^```swift\n(.*?)^```$", open("README.md", encoding="utf-8").read(), re.S | re.M)
    if len(snippets) != 1:
        sys.exit(f"build-readme-client: expected one ```swift block in README.md, found {len(snippets)}")
    if "http://127.0.0.1:8080" not in snippets[0]:
        sys.exit("build-readme-client: README.md's Swift snippet names no http://127.0.0.1:8080 to replace")
    return snippets[0].replace("http://127.0.0.1:8080", base.rstrip("/"))
package, base = sys.argv[1], sys.argv[2]
open(f"{package}/Package.swift", "w").write(block("Package.swift"))
open(f"{package}/Sources/MirrorDemo/main.swift", "w").write(readme_snippet(base) if base else block("main.swift"))
PY
cd "$work/MirrorDemo"
swift build 2>&1 | tail -1
echo "$(swift build --show-bin-path)/MirrorDemo"
