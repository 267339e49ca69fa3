#!/usr/bin/env bash
# listdiff.d.ts against listdiff.js and docs/web.md's TypeScript (CI runs it; needs tsc from
# Debian's node-typescript, 4.8, and node): every export of listdiff.js is declared and nothing
# else is, then usage.ts is type-checked against the declarations (strict; a type error fails).
set -euo pipefail
cd "$(dirname "$0")/../.."
page=Sources/ListDiffPlayground/Page
node --input-type=module - "$page/listdiff.js" "$page/listdiff.d.ts" <<'JS'
import { readFileSync } from "node:fs";
const [js, dts] = process.argv.slice(2);
const module = await import("data:text/javascript," + encodeURIComponent(readFileSync(js, "utf8")));
const exported = Object.keys(module).sort();
const declared = [...readFileSync(dts, "utf8").matchAll(/^export (?:function|class) (\w+)/gm)].map((m) => m[1]);
const unique = [...new Set(declared)].sort();
if (JSON.stringify(exported) !== JSON.stringify(unique)) {
  console.error(`listdiff.js exports ${exported.join(", ")}; listdiff.d.ts declares ${unique.join(", ")}`);
  process.exit(1);
}
console.log(`listdiff.d.ts declares the ${exported.length} exports of listdiff.js: ${exported.join(", ")}`);
JS
tsc --version
tsc -p scripts/web-types --noEmit --strict
echo "scripts/web-types/usage.ts type-checks against $page/listdiff.d.ts"
