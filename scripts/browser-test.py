"""The playground in a real browser: headless Chromium (Debian's package) driven over the
DevTools protocol against release servers started here.

    python3 scripts/browser-test.py BINARY [--screenshot FILE] [--cases N]

Checks, each printed ok/FAIL: the page loads with no console errors (CSP violations, failed
loads and exceptions included); the self-test diffs N seeded random cases (default 500)
through the server, applies each with listdiff.js and finds every result equal to the new
list, and every broken changeset is refused naming its rule; diff mode plays the chat preset
to the new list (a screenshot is taken mid-animation); live mode follows a snapshot through
20 writes, and shows writes it cannot diff from as resets; under --api-keys the page asks for a key once and keeps it out of the URL; with
--playground off there is no page. Prints the page's size and how long listdiff.js takes to
apply a 1,000-item changeset."""

import argparse, base64, glob, gzip, json, os, random, shutil, socket, subprocess, sys, tempfile, time, urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "lib"))
from listdiff_checks import call, check, failures, start, wait_for_port  # noqa: E402
import websocket  # websocket-client, from PyPI  # noqa: E402


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Browser:
    """One headless Chromium page over the DevTools protocol, collecting console errors."""

    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="listdiff-chromium-")
        binary = shutil.which("chromium") or shutil.which("chromium-browser")
        flags = ["--headless=new", "--disable-gpu", "--no-first-run", "--no-default-browser-check", "--window-size=1280,900",
                 "--remote-debugging-port=0", f"--user-data-dir={self.profile}", "about:blank"]
        if os.geteuid() == 0:
            flags.insert(0, "--no-sandbox")
        self.process = subprocess.Popen([binary] + flags, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.monotonic() + 30
        while not os.path.exists(port_file) or not open(port_file).read().strip():
            if time.monotonic() > deadline:
                raise RuntimeError("Chromium did not open its DevTools port within 30 s")
            time.sleep(0.1)
        port = int(open(port_file).read().split()[0])
        pages = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list"))
        page = next(target for target in pages if target["type"] == "page")
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=60, suppress_origin=True)
        self.next_id = 0
        self.errors = []
        for domain in ("Page", "Runtime", "Log"):
            self.send(f"{domain}.enable")

    def send(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.note(message)

    def note(self, message):
        method, params = message.get("method"), message.get("params", {})
        if method == "Runtime.exceptionThrown":
            details = params["exceptionDetails"]
            self.errors.append(details.get("exception", {}).get("description") or details.get("text"))
        elif method == "Runtime.consoleAPICalled" and params["type"] in ("error", "assert"):
            self.errors.append(" ".join(str(arg.get("value", arg.get("description"))) for arg in params["args"]))
        elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
            self.errors.append(f"{params['entry']['text']} ({params['entry'].get('url', '')})")

    def go(self, url):
        self.send("Page.navigate", url=url)
        self.wait_for("document.readyState === 'complete'", 20)

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails'].get('text')}")
        return result["result"].get("value")

    def wait_for(self, expression, seconds):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.evaluate(f"Boolean({expression})"):
                return True
            time.sleep(0.1)
        return False

    def screenshot(self, path):
        data = self.send("Page.captureScreenshot", format="png")["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))

    def close(self):
        self.socket.close()
        self.process.terminate()
        self.process.wait(10)
        shutil.rmtree(self.profile, ignore_errors=True)


def serve(binary, *flags):
    """A server started away from the repository: the page must come from the binary itself."""
    port = free_port()
    start(f"{os.path.abspath(binary)} --host 127.0.0.1 --port {port} --log-level warning " + " ".join(flags), cwd=tempfile.gettempdir())
    if not wait_for_port(port):
        raise RuntimeError(f"listdiff-server {' '.join(flags)} did not open port {port}")
    return port


RENDERED = "[...document.querySelectorAll('#{view} .ld-item')].map(e => e.dataset.id)"


def self_test(browser, base, cases):
    browser.go(f"{base}/playground?mode=selftest&cases={cases}&seed=1&run")
    check(browser.wait_for("document.getElementById('selftest-result').dataset.state === 'done'", 300), "the self-test finishes")
    result = browser.evaluate("({...document.getElementById('selftest-result').dataset})")
    print(f"      self-test: {result.get('cases')} cases, {result.get('failures')} failures; {result.get('ruleCases')} broken changesets, "
          f"{result.get('ruleFailures')} not refused by their rule; a 1,000-item changeset applies in {result.get('applyMs')} ms (median)")
    if result.get("failures") != "0" or result.get("ruleFailures") != "0":
        print(browser.evaluate("document.getElementById('selftest-failures').textContent")[:3000])
    check(result.get("cases") == str(cases) and result.get("failures") == "0", f"{cases} seeded cases diffed by the server and applied by listdiff.js equal their new lists")
    check(result.get("ruleCases", "0") != "0" and result.get("ruleFailures") == "0", "every broken changeset is refused with the rule it breaks")


def diff_mode(browser, base, screenshot):
    browser.go(f"{base}/playground?mode=diff&preset=1&duration=900")
    check(browser.wait_for("!document.getElementById('play-button').disabled", 10), "diff mode diffs the chat preset and can play it")
    browser.evaluate("document.getElementById('play-button').click()")
    time.sleep(1.3)
    browser.screenshot(screenshot)
    check(os.path.getsize(screenshot) > 10_000, f"a screenshot mid-animation is written to {screenshot}")
    check(browser.wait_for("document.getElementById('step-button').disabled && document.getElementById('stage-label').textContent.startsWith('updates')", 30),
          "the changeset plays through its stages and updates")
    expected = browser.evaluate("JSON.parse(document.getElementById('new-list').value).sections.flatMap(s => s.items.map(i => String(i.id ?? i)))")
    check(browser.evaluate(RENDERED.format(view="diff-view")) == expected, "the played list shows the new list, item by item")


def live_mode(browser, base, port):
    session, path = f"live-{random.randrange(1 << 30)}", None
    path = f"/v1/sessions/{session}/snapshots/feed"
    items = [f"m{n}" for n in range(8)]
    status, answer, _ = call(port, "PUT", path, items)
    browser.go(f"{base}/playground?mode=live&session={session}&snapshot=feed")
    check(browser.wait_for(f"document.getElementById('live-status').dataset.version === '{answer['to']}'", 10), "live mode shows the snapshot's version")
    rng = random.Random(20)
    next_id = len(items)
    for _ in range(20):
        if rng.random() < 0.5 and len(items) > 3:
            items.pop(rng.randrange(len(items)))
        items.insert(rng.randrange(len(items) + 1), f"m{next_id}")
        next_id += 1
        moved = items.pop(rng.randrange(len(items)))
        items.insert(rng.randrange(len(items) + 1), moved)
        status, answer, _ = call(port, "PUT", path, [item if rng.random() < 0.7 else {"id": item, "content": rng.randrange(3)} for item in items])
        time.sleep(rng.uniform(0.05, 0.6))
    last = answer["to"]
    check(browser.wait_for(f"document.getElementById('live-status').dataset.version === '{last}'", 30), f"live mode follows 20 writes to {last}")
    shown = browser.evaluate("({...document.getElementById('live-status').dataset})")
    print(f"      live: {shown.get('changesets')} changesets animated (writes close together arrive as one), {shown.get('resets')} resets")
    check(browser.evaluate(RENDERED.format(view="live-view")) == items, "the followed list is the last one written, item by item")
    check(shown.get("resets") == "0", "following a kept version needs no reset")


def live_resets(browser, binary):
    """With one version kept, a version the page holds is gone once a second write follows:
    each round writes twice, 50 ms apart. The first answers the page's long poll (written
    while the old version is still there); the second lands while the page animates, so its
    next poll is a reset, which the page must show as one, ending on the last list."""
    port = serve(binary, "--versions-kept", "1")
    path = "/v1/sessions/resets/snapshots/feed"
    call(port, "PUT", path, ["a", "b"])
    browser.go(f"http://127.0.0.1:{port}/playground?mode=live&session=resets&snapshot=feed")
    check(browser.wait_for("document.getElementById('live-status').dataset.version !== undefined", 10), "live mode follows a server keeping one version")
    for first, second in ((["b", "a"], ["b", "a", "c"]), (["c", "a"], ["a", "d", "c"]), (["d"], ["e", "d"])):
        time.sleep(0.3)
        call(port, "PUT", path, first)
        time.sleep(0.05)
        status, answer, _ = call(port, "PUT", path, second)
        browser.wait_for(f"document.getElementById('live-status').dataset.version === '{answer['to']}'", 15)
    shown = browser.evaluate("({...document.getElementById('live-status').dataset})")
    check(shown.get("version") == answer["to"] and shown.get("resets") == "3" and shown.get("changesets") == "3",
          f"three rounds give three changesets and three resets ({shown.get('changesets')} and {shown.get('resets')})")
    check(browser.evaluate(RENDERED.format(view="live-view")) == ["e", "d"], "…ending on the last list")


def api_keys(browser, binary):
    """The page asks for a key when a call answers 401: that one 401 is the only error the
    browser may log here."""
    port = serve(binary, "--api-keys", "s3cret")
    errors_before = len(browser.errors)
    base = f"http://127.0.0.1:{port}"
    browser.go(f"{base}/playground?mode=selftest&cases=8&seed=2&run")
    check(browser.wait_for("document.getElementById('key-dialog').open", 10), "under --api-keys the page asks for a key")
    browser.evaluate("document.getElementById('key-input').value = 's3cret'; document.getElementById('key-save').click()")
    check(browser.wait_for("document.getElementById('selftest-result').dataset.state === 'done'", 60), "with the key the self-test runs")
    check(browser.evaluate("document.getElementById('selftest-result').dataset.failures") == "0", "…and passes")
    check(browser.evaluate("sessionStorage.getItem('listdiff-api-key')") == "s3cret" and "s3cret" not in browser.evaluate("location.href"),
          "the key is in session storage, not in the URL")
    unauthorized = [e for e in browser.errors[errors_before:] if "status of 401" in e]
    check(len(unauthorized) == 1, f"one call answered 401 before the key was given ({len(unauthorized)})")
    browser.errors[errors_before:] = [e for e in browser.errors[errors_before:] if "status of 401" not in e]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--screenshot", default="/tmp/listdiff-playground.png")
    parser.add_argument("--cases", type=int, default=500)
    args = parser.parse_args()
    port = serve(args.binary)
    base = f"http://127.0.0.1:{port}"
    names = ["index.html", "playground.css"] + [os.path.basename(p) for p in sorted(glob.glob(os.path.join(os.path.dirname(__file__), "../Sources/ListDiffPlayground/Page/*.js")))]
    bodies = [urllib.request.urlopen(f"{base}/playground" + ("" if name == "index.html" else f"/{name}")).read() for name in names]
    print(f"      the page: {len(names)} files, {sum(map(len, bodies)):,} bytes ({sum(len(gzip.compress(b)) for b in bodies):,} gzipped); "
          f"listdiff.js {len(bodies[names.index('listdiff.js')]):,} bytes")
    off = serve(args.binary, "--playground", "off")
    check(call(off, "GET", "/playground")[0] == 404, "--playground off serves no page")

    browser = Browser()
    try:
        browser.go(f"{base}/playground")
        check(browser.wait_for("document.querySelectorAll('#diff-view .ld-item').length > 0", 10), "the page loads and shows its first preset")
        self_test(browser, base, args.cases)
        diff_mode(browser, base, args.screenshot)
        live_mode(browser, base, port)
        live_resets(browser, args.binary)
        api_keys(browser, args.binary)
        check(not browser.errors, "no console errors" + ("".join(f"\n        {e}" for e in browser.errors[:10]) if browser.errors else ""))
    finally:
        browser.close()
    if failures:
        print(f"{len(failures)} browser checks failed", file=sys.stderr)
        sys.exit(1)
    print("every browser check holds")


main()
