#!/usr/bin/env bash
# Type-checks the client's Apple-only helpers (Sources/ListDiffClient/Apple, behind
# canImport(UIKit)/canImport(AppKit)) on Linux, against the stand-in modules in
# scripts/apple-stubs: the real SDKs are not here, so this catches Swift errors in the helpers
# (types, optionals, isolation, availability), not SDK behaviour.
#
# usage: scripts/typecheck-apple-helpers.sh     (after `swift build` or `swift test`)
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d /tmp/listdiff-apple.XXXXXX)
trap 'rm -rf "$work"' EXIT
modules="$(swift build --show-bin-path)/Modules"
[ -d "$modules" ] || swift build --target ListDiffWire > /dev/null
for stub in UIKit AppKit; do
  swiftc -swift-version 6 -parse-as-library -emit-module -module-name "$stub" \
    -emit-module-path "$work/$stub.swiftmodule" "scripts/apple-stubs/$stub.swift"
done
# The helpers must be compiled in: a file that says so when both imports resolve.
printf '#if !canImport(UIKit) || !canImport(AppKit)\n#error("the stand-in modules were not found")\n#endif\n' > "$work/Probe.swift"
# -package-name: as SwiftPM compiles it, so the client's `package` declarations are visible within it.
swiftc -swift-version 6 -typecheck -warnings-as-errors -module-name ListDiffClient -package-name ListDiff \
  -I "$work" -I "$modules" \
  "$work/Probe.swift" $(find Sources/ListDiffClient -name '*.swift')
echo "Apple helpers type-check against the stand-ins: $(ls Sources/ListDiffClient/Apple | tr '\n' ' ')"
