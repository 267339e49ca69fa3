#!/usr/bin/env bash
# Builds the libFuzzer target for the HTTP request parser (swiftc -sanitize=fuzzer,address)
# from the parser's own sources plus scripts/fuzz/HTTPParserFuzzEntry.swift, seeds a corpus
# with valid requests, and runs it.
#   RUNS=1000000 scripts/fuzz-http-parser.sh            # default: 1,000,000 inputs
#   scripts/fuzz-http-parser.sh -max_total_time=600      # extra flags go to libFuzzer
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${RUNS:-1000000}"
out="${FUZZ_OUT:-.build/fuzz}"
mkdir -p "$out/corpus"
swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name ListDiffHTTP \
    Sources/ListDiffHTTP/Parser/*.swift Sources/ListDiffHTTP/Message/*.swift \
    Sources/ListDiffHTTP/Config/HTTPLimits.swift scripts/fuzz/HTTPParserFuzzEntry.swift \
    -o "$out/fuzz-http-parser"
printf 'GET /healthz?x=%%41 HTTP/1.1\r\nHost: a\r\n\r\n' > "$out/corpus/get"
printf 'POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello' > "$out/corpus/post"
printf 'POST /e HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3;x\r\nabc\r\n0\r\nT: 1\r\n\r\n' > "$out/corpus/chunked"
printf 'POST /e HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nab' > "$out/corpus/expect"
printf 'GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\nGET http://h/p HTTP/1.1\r\nHost: b\r\n\r\n' > "$out/corpus/pipelined"
echo "fuzzing HTTPRequestParser for $runs inputs (corpus: $out/corpus)"
mkdir -p "$out/findings"
SWIFT_BACKTRACE=enable=no exec "$out/fuzz-http-parser" -runs="$runs" -max_len=4096 -print_final_stats=1 \
    -artifact_prefix="$out/findings/" "$@" "$out/corpus"
