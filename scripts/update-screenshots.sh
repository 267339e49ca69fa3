#!/usr/bin/env bash
# Regenerates the playground's pictures from the page as it is, so they cannot go stale: runs
# scripts/browser-test.py (headless Chromium, every check) against a server built here and, when
# every check holds, writes the README's picture (Sources/ListDiffPlayground/Page/screenshot.png:
# diff mode mid-animation) and docs/images/playground-*.png (each mode; live mode while it
# follows a list being written). Commit the pictures that changed.
#
# usage: scripts/update-screenshots.sh [--skip-build]
#   --skip-build  use LISTDIFF_SERVER_BIN, or the debug listdiff-server already built
set -euo pipefail
cd "$(dirname "$0")/.."
skip_build=0
for arg in "$@"; do
  case "$arg" in
    --skip-build) skip_build=1 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "update-screenshots: unknown argument '$arg'" >&2; exit 2 ;;
  esac
done
# shellcheck source=lib/install.sh
. scripts/lib/install.sh
install_if_missing chromium chromium
if [ "$skip_build" = 0 ]; then swift build --product listdiff-server 2>&1 | tail -1; fi
server_bin="${LISTDIFF_SERVER_BIN:-$(swift build --show-bin-path)/listdiff-server}"
artifacts="$(mktemp -d /tmp/listdiff-screenshots.XXXXXX)"
trap 'rm -rf "$artifacts"' EXIT
python3 scripts/browser-test.py "$server_bin" --artifacts "$artifacts" \
  --screenshot Sources/ListDiffPlayground/Page/screenshot.png --docs-images docs/images
git status --short Sources/ListDiffPlayground/Page/screenshot.png docs/images
