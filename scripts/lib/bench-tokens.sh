# The token phase of scripts/bench-service.sh --tokens (sourced by it): one server with an API
# key and two token keys (HS256, Ed25519) of the same owner, a 20-item snapshot, and each
# round a GET of it with the API key, an HS256 token and an Ed25519 token side by side (wrk,
# the same connections). Tokens live an hour, so after the first request each is found in the
# verification cache: what a long-polling phone pays. Needs $work, $server_bin, $duration,
# $rounds and measure from the caller.

tokens_port="${BENCH_TOKENS_PORT:-18487}"
python3 -c "import cryptography" 2> /dev/null \
    || python3 -m pip install --quiet --disable-pip-version-check cryptography
secret="$(python3 -c 'import base64, os; print(base64.b64encode(os.urandom(32)).decode())')"
private="$(python3 scripts/mint-token.py --new-ed25519)"
public="$(python3 scripts/mint-token.py --public-from-private "$private")"
"$server_bin" --host 127.0.0.1 --port "$tokens_port" --log-level warning --api-keys a=alpha-key \
    --token-keys "h:hs256:$secret:a,e:ed25519:$public:a" 2> /dev/null &
stored_pids+=($!)
wait_for_port "$tokens_port"
snapshot="http://127.0.0.1:$tokens_port/v1/sessions/user-42-feed/snapshots/feed"
python3 -c "import json, sys; json.dump(json.load(open('$work/diff-20.json'))['old'], open('$work/tokens-20.json', 'w'))"
curl -fs -o /dev/null -X PUT -H 'Authorization: Bearer alpha-key' --data-binary "@$work/tokens-20.json" "$snapshot"
hs256="$(python3 scripts/mint-token.py --kid h --secret "$secret" --sessions 'user-42-*' --scope read --ttl 3600)"
ed25519="$(python3 scripts/mint-token.py --kid e --ed25519-private "$private" --sessions 'user-42-*' --scope read --ttl 3600)"
for credential in alpha-key "$hs256" "$ed25519"; do
    curl -fs -o /dev/null -H "Authorization: Bearer $credential" "$snapshot" || { echo "GET with a credential failed" >&2; exit 1; }
done

token_results="$work/token-results"
for round in $(seq "$rounds"); do
    echo "tokens round $round/$rounds"
    echo "api-key $(measure -H 'Authorization: Bearer alpha-key' "$snapshot")" >> "$token_results"
    echo "hs256 $(measure -H "Authorization: Bearer $hs256" "$snapshot")" >> "$token_results"
    echo "ed25519 $(measure -H "Authorization: Bearer $ed25519" "$snapshot")" >> "$token_results"
done
echo
printf '%-20s %12s %10s %10s %10s\n' "GET 20 items with" "req/s" "p50" "p99" "requests"
while read -r name rps p50 p99 requests; do
    printf '%-20s %12s %10s %10s %10s\n' "$name" "$rps" "$p50" "$p99" "$requests"
done < "$token_results"
# Ratios round by round (each token's run beside the key's of the same round).
awk "$awk_functions"'
    { runs[$1]++; rps[$1, runs[$1]] = $2 }
    function line(name,    i, values, low, high) {
        for (i = 1; i <= runs[name]; i++) values[i] = rps[name, i] / rps["api-key", i]
        low = values[1]; high = values[1]
        for (i = 2; i <= runs[name]; i++) { if (values[i] < low) low = values[i]; if (values[i] > high) high = values[i] }
        m = median(values, runs[name])
        printf "%-8s cached token: %.2f (%.2f-%.2f) x the API key'"'"'s req/s (target >= 0.90: %s)\n", name, m, low, high, (m >= 0.90 ? "target met" : "target MISSED")
    }
    END { line("hs256"); line("ed25519") }' "$token_results"
