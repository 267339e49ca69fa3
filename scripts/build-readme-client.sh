#!/usr/bin/env bash
# Builds the documentation's Swift client example exactly as a newcomer pastes it: the
# Package.swift and main.swift blocks (marked `<!-- readme-client: … -->` in README.md or a
# docs/*.md file), as a package of their own beside a copy of this repository named ListDiff
# (the path that Package.swift names). Prints the built binary's path on its last line.
#   scripts/build-readme-client.sh [WORK_DIR]    (default: a temporary directory)
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
work="${1:-$(mktemp -d /tmp/listdiff-readme-client.XXXXXX)}"
mkdir -p "$work/MirrorDemo/Sources/MirrorDemo"
ln -sfn "$root" "$work/ListDiff"
python3 - "$work/MirrorDemo" << 'PY'
import glob, sys
def block(name):
    marker = f"<!-- readme-client: {name} -->\n```swift\n"
    texts = [t for t in (open(p, encoding="utf-8").read() for p in ["README.md"] + sorted(glob.glob("docs/*.md"))) if marker in t]
    if len(texts) != 1:
        sys.exit(f"build-readme-client: expected one `<!-- readme-client: {name} -->` block in README.md and docs/*.md, found {len(texts)}")
    return texts[0].split(marker, 1)[1].split("\n```\n", 1)[0] + "\n"
package = sys.argv[1]
open(f"{package}/Package.swift", "w").write(block("Package.swift"))
open(f"{package}/Sources/MirrorDemo/main.swift", "w").write(block("main.swift"))
PY
cd "$work/MirrorDemo"
swift build 2>&1 | tail -1
echo "$(swift build --show-bin-path)/MirrorDemo"
