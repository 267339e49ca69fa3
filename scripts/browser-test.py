"""The playground in a real browser: headless Chromium (Debian's package) driven over the
DevTools protocol against release servers started here.

    python3 scripts/browser-test.py BINARY [--screenshot FILE] [--artifacts DIR] [--cases N]

Checks, each printed ok/FAIL: the page loads with no console errors (CSP violations, failed
loads and exceptions included); in each mode only that mode's panel is rendered (computed
style and bounding boxes; a screenshot of each mode goes to --artifacts, and with
--docs-images to docs/images too), and the API-key button only when the server asks for a
key; the self-test diffs N seeded random cases (default 500)
through the server, applies each with listdiff.js and finds every result equal to the new
list, and every broken changeset is refused naming its rule; diff mode plays the chat preset
to the new list (a screenshot is taken mid-animation) and ends saying so, its changeset
shown one stage per block; the outline preset plays to the new outline's visible rows at
their levels; a refused list's error names its line and column in that list, and at 420 px
wide no mode scrolls sideways; live mode draws an outline's rows, and a row's triangle expands and collapses it
through the operations endpoint (a screenshot of the expansion); live mode follows a snapshot's
event stream through 20 writes, then another snapshot with a log of its own until it is deleted
(said once, no more asking), and with an API key long-polls, showing writes it cannot diff from
as resets; through two restarts (SIGTERM) of a server on Redis (LISTDIFF_REDIS_SERVER or
redis-server on PATH), writes made meanwhile through another instance, the page (a token as
access_token) and follow() (its first token expiring) resume their streams, with no reset
after one write and with one after two; under --api-keys the page asks for a key once and
keeps it out of the URL; under --token-keys it takes a token, and listdiff.js's follow()
refreshes an expired one; with --playground off there is no page. Prints the page's size and how long listdiff.js takes to
apply a 1,000-item changeset."""

import argparse, base64, glob, gzip, http.client, json, os, random, re, shutil, signal, socket, subprocess, sys, tempfile, time, urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "lib"))
from listdiff_checks import call, check, failures, start, wait_for_port  # noqa: E402

try:
    import websocket  # websocket-client, from PyPI
except ImportError:
    print("installing websocket-client from PyPI (python3 -m pip install websocket-client)")
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "websocket-client"], check=True)
    import websocket
if not (shutil.which("chromium") or shutil.which("chromium-browser")):
    sys.exit("browser-test.py needs Chromium: apt-get install chromium")


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
# Whether a person sees the element: displayed, with a box of some size.
VISIBLE = "(e => !!e && getComputedStyle(e).display !== 'none' && getComputedStyle(e).visibility !== 'hidden' && e.getBoundingClientRect().width > 0 && e.getBoundingClientRect().height > 0)(document.querySelector('{selector}'))"
MODES = ("diff", "live", "selftest")


def modes_shown(browser, base, artifacts):
    """Each mode renders its own panel and none of the others', and no key button on a server
    without keys; a screenshot of each mode is saved."""
    for mode in MODES:
        browser.go(f"{base}/playground?mode={mode}")
        if mode == "diff":
            browser.wait_for("document.querySelectorAll('#diff-view .ld-item').length > 0", 10)
        shown = [other for other in MODES if browser.evaluate(VISIBLE.format(selector=f"#{other}-mode"))]
        check(shown == [mode], f"mode {mode} renders its panel only (rendered: {', '.join(shown) or 'none'})")
        check(not browser.evaluate(VISIBLE.format(selector="#key-button")), f"mode {mode}: no API-key button on a server without keys")
        path = os.path.join(artifacts, f"playground-{mode}.png")
        browser.screenshot(path)
        check(os.path.getsize(path) > 10_000, f"mode {mode}: screenshot {path}")


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
    text = browser.evaluate("document.getElementById('selftest-result').textContent")
    check(browser.evaluate("document.getElementById('selftest-failures').hidden") is True and "0 failures." in text,
          "a clean self-test says '0 failures' and shows no empty failures box")


def diff_mode(browser, base, screenshot):
    browser.go(f"{base}/playground?mode=diff&preset=1&duration=900")
    check(browser.wait_for("!document.getElementById('play-button').disabled", 10), "diff mode diffs the chat preset and can play it")
    browser.evaluate("document.getElementById('play-button').click()")
    time.sleep(1.3)
    browser.screenshot(screenshot)
    check(os.path.getsize(screenshot) > 10_000, f"a screenshot mid-animation is written to {screenshot}")
    check(browser.wait_for("document.getElementById('step-button').disabled && document.getElementById('stage-label').textContent.startsWith('done')", 30),
          "the changeset plays through its stages and updates, and says it is done")
    blocks = browser.evaluate("[...document.querySelectorAll('#changeset .stage-block h4')].map(e => e.textContent)")
    stages = int(blocks[0].rsplit(" ", 1)[-1]) if blocks and blocks[0].startswith("Stage 1 of ") else -1
    check(len(blocks) == stages + 1 and blocks[-1].startswith("Updates"),
          f"the changeset panel shows one block per stage, then the updates ({blocks})")
    expected = browser.evaluate("JSON.parse(document.getElementById('new-list').value).sections.flatMap(s => s.items.map(i => String(i.id ?? i)))")
    check(browser.evaluate(RENDERED.format(view="diff-view")) == expected, "the played list shows the new list, item by item")


ROWS = "[...document.querySelectorAll('#{view} .ld-item')].map(e => [e.dataset.id, Number(e.dataset.level ?? -1)])"


def outline_diff(browser, base):
    """The outline preset (expand, collapse, a subtree moved) plays to the new outline's
    visible rows, each at its level."""
    browser.go(f"{base}/playground?mode=diff")
    index = browser.evaluate("[...document.getElementById('preset').options].findIndex(o => o.text.startsWith('Outline'))")
    check(index >= 0, "diff mode has an outline preset")
    browser.go(f"{base}/playground?mode=diff&preset={index}&duration=200&play")
    check(browser.wait_for("document.getElementById('stage-label').textContent.startsWith('done')", 30), "the outline preset plays to its end")
    expected = [["docs", 0], ["photos", 0], ["cat.jpg", 1], ["dog.jpg", 1], ["live", 1], ["set1.mp3", 2], ["set2.mp3", 2], ["music", 0], ["song.mp3", 1]]
    check(browser.evaluate(ROWS.format(view="diff-view")) == expected, "…showing the new outline's visible rows at their levels")


def outline_live(browser, base, port, artifacts):
    """A row's triangle in live mode expands it through the operations endpoint, and the
    expansion comes back as a changeset the page animates; a screenshot shows it."""
    session = f"outline-{random.randrange(1 << 30)}"
    path = f"/v1/sessions/{session}/snapshots/files"
    tree = {"sections": [{"id": "files", "outline": True, "items": [
        {"id": "docs", "children": ["notes.md", {"id": "plan.md", "content": {"size": 12}}]},
        {"id": "music", "expanded": True, "children": ["song.mp3"]}]}]}
    status, answer, _ = call(port, "PUT", path, tree)
    browser.go(f"{base}/playground?mode=live&session={session}&snapshot=files")
    check(browser.wait_for(f"document.getElementById('live-status').dataset.version === '{answer['to']}'", 10), "live mode follows an outline")
    check(browser.evaluate(ROWS.format(view="live-view")) == [["docs", 0], ["music", 0], ["song.mp3", 1]], "…drawn as its visible rows at their levels")
    browser.evaluate("document.querySelector('#live-view .ld-item[data-id=\"docs\"] .ld-disclosure').click()")
    check(browser.wait_for(f"document.getElementById('live-status').dataset.version !== '{answer['to']}'", 10), "the triangle of a row expands it on the server")
    time.sleep(0.2)
    browser.screenshot(os.path.join(artifacts, "playground-outline-live.png"))
    expanded = [["docs", 0], ["notes.md", 1], ["plan.md", 1], ["music", 0], ["song.mp3", 1]]
    check(browser.wait_for(f"JSON.stringify({ROWS.format(view='live-view')}) === '{json.dumps(expanded, separators=(',', ':'))}'", 10),
          "…and the page shows its children")
    check(call(port, "GET", path)[1]["snapshot"]["sections"][0]["items"][0].get("expanded") is True, "…as the server holds it")
    browser.evaluate("document.querySelector('#live-view .ld-item[data-id=\"docs\"] .ld-disclosure').click()")
    collapsed = [["docs", 0], ["music", 0], ["song.mp3", 1]]
    check(browser.wait_for(f"JSON.stringify({ROWS.format(view='live-view')}) === '{json.dumps(collapsed, separators=(',', ':'))}'", 10),
          "clicking it again collapses it")


def live_mode(browser, base, port, artifacts):
    session, path = f"live-{random.randrange(1 << 30)}", None
    path = f"/v1/sessions/{session}/snapshots/feed"
    items = [f"m{n}" for n in range(8)]
    status, answer, _ = call(port, "PUT", path, items)
    # Short animations: over the stream each of the 20 writes is a changeset of its own to play.
    browser.go(f"{base}/playground?mode=live&session={session}&snapshot=feed&duration=100")
    check(browser.wait_for(f"document.getElementById('live-status').dataset.version === '{answer['to']}'", 10), "live mode shows the snapshot's version")
    transport, streams = browser.evaluate("document.getElementById('live-status').dataset.transport"), open_streams(port, 1)
    check(transport == "stream" and streams >= 1, f"…over the event stream (the page says {transport}; /metrics: {streams} open streams)")
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
    lines = browser.evaluate("[...document.querySelectorAll('#live-log li')].map(e => e.textContent)")
    described = [line for line in lines if re.search(r"→ \S+: (\d+ (sections )?(inserted|deleted|moved|reloaded|reconfigured)(, |$))+", line)]
    check(len(described) == int(shown.get("changesets", "-1")), f"the log says what each version changed ({lines[0] if lines else 'no lines'})")
    # The docs show live mode following a list, not the idle page modes_shown saw.
    path = os.path.join(artifacts, "playground-live.png")
    browser.screenshot(path)
    check(os.path.getsize(path) > 10_000, f"live mode following: screenshot {path}")
    live_switch_and_delete(browser, session, port)


def live_switch_and_delete(browser, session, port):
    """Following another snapshot starts a log of its own; that snapshot deleted, the page says
    it is gone once, clears its list and stops asking (its 404s are the only errors here)."""
    path = f"/v1/sessions/{session}/snapshots/other"
    version = call(port, "PUT", path, ["x", "y"])[1]["to"]
    browser.evaluate("document.getElementById('stop-button').click(); document.getElementById('live-snapshot').value = 'other'; "
                     "document.getElementById('follow-button').click()")
    check(browser.wait_for(f"{LIVE}.version === '{version}'", 10), "live mode switches to another snapshot")
    lines = browser.evaluate("[...document.querySelectorAll('#live-log li')].map(e => e.textContent)")
    check(lines == [f"showing {version}"], f"…its log has that snapshot's events only ({lines[:3]})")
    errors_before = len(browser.errors)
    check(call(port, "DELETE", path)[0] == 204, "the followed snapshot is deleted")
    gone = browser.wait_for(f"{LIVE.replace('.dataset', '.textContent')}.includes('is gone')", 10)
    not_found = lambda: [e for e in browser.errors[errors_before:] if "status of 404" in e]
    seen = len(not_found())
    time.sleep(2.5)
    lines = browser.evaluate("[...document.querySelectorAll('#live-log li')].map(e => e.textContent)")
    check(gone and sum("is gone" in line for line in lines) == 1 and browser.evaluate(RENDERED.format(view="live-view")) == []
          and not browser.evaluate("document.getElementById('follow-button').disabled"),
          f"…the page says it is gone, once, with its list cleared, and can follow again ({browser.evaluate(LIVE.replace('.dataset', '.textContent'))})")
    check(len(not_found()) == seen <= 2, f"…and asks no more: {seen} 404s when it went, {len(not_found())} 2.5 s later")
    browser.errors[errors_before:] = [e for e in browser.errors[errors_before:] if "status of 404" not in e]


def diff_error_position(browser, base):
    """A list the server refuses is reported at its line and column in that list, not in the
    request body the page wrapped it in."""
    browser.go(f"{base}/playground?mode=diff")
    browser.wait_for("!document.getElementById('play-button').disabled", 10)
    errors_before = len(browser.errors)
    new = '["b", "b"]'
    browser.evaluate(f"""document.getElementById('old-list').value = '["a"]';
      document.getElementById('new-list').value = {json.dumps(new)}; document.getElementById('diff-button').click()""")
    browser.wait_for("document.getElementById('diff-error').textContent", 10)
    message = browser.evaluate("document.getElementById('diff-error').textContent")
    found = re.search(r"line (\d+), column (\d+)", message)
    check(message.startswith("The new list") and found and found.group(1) == "1" and found.group(2) == str(new.index('"b"', 2) + 1),
          f"a duplicate in the new list is reported at its column there, within the {len(new)} characters typed ({message})")
    # The refusal (400) is the only error here.
    browser.errors[errors_before:] = [e for e in browser.errors[errors_before:] if "status of 400" not in e]


def narrow_window(browser, base):
    """At 420 px wide no mode scrolls sideways, and the text areas fit."""
    browser.send("Emulation.setDeviceMetricsOverride", width=420, height=900, deviceScaleFactor=1, mobile=False)
    try:
        for mode in MODES:
            browser.go(f"{base}/playground?mode={mode}")
            if mode == "diff":
                browser.wait_for("document.querySelectorAll('#changeset pre').length > 0", 10)
            widths = browser.evaluate("[document.scrollingElement.scrollWidth, document.scrollingElement.clientWidth, "
                                      "Math.max(0, ...[...document.querySelectorAll('textarea')].map(e => e.getBoundingClientRect().right))]")
            check(widths[0] <= widths[1] and widths[2] <= widths[1],
                  f"mode {mode} at 420 px: no sideways scroll, text areas within the window (scroll width {widths[0]}, window {widths[1]}, text areas end at {widths[2]:.0f})")
    finally:
        browser.send("Emulation.clearDeviceMetricsOverride")


def live_resets(browser, binary):
    """Live mode long-polls when the page holds an API key (an EventSource cannot send one,
    and a key never goes in a URL). With one version kept, a version the page holds is gone
    once a second write follows: each round writes twice, 50 ms apart. The first answers the
    page's long poll (written while the old version is still there); the second lands while
    the page animates, so its next poll is a reset, which the page must show as one, ending on
    the last list."""
    port = serve(binary, "--versions-kept", "1", "--api-keys", "s3cret")
    key = {"Authorization": "Bearer s3cret"}
    path = "/v1/sessions/resets/snapshots/feed"
    call(port, "PUT", path, ["a", "b"], key)
    browser.go(f"http://127.0.0.1:{port}/playground?mode=selftest")
    browser.evaluate("sessionStorage.setItem('listdiff-api-key', 's3cret')")
    browser.go(f"http://127.0.0.1:{port}/playground?mode=live&session=resets&snapshot=feed")
    check(browser.wait_for("document.getElementById('live-status').dataset.version !== undefined", 10), "live mode follows a server keeping one version")
    transport = browser.evaluate("document.getElementById('live-status').dataset.transport")
    check(transport == "long-poll" and "long-polling" in browser.evaluate("document.getElementById('live-status').textContent"),
          f"…with long polls, holding an API key, and says so ({transport})")
    for first, second in ((["b", "a"], ["b", "a", "c"]), (["c", "a"], ["a", "d", "c"]), (["d"], ["e", "d"])):
        time.sleep(0.3)
        call(port, "PUT", path, first, key)
        time.sleep(0.05)
        status, answer, _ = call(port, "PUT", path, second, key)
        browser.wait_for(f"document.getElementById('live-status').dataset.version === '{answer['to']}'", 15)
    shown = browser.evaluate("({...document.getElementById('live-status').dataset})")
    check(shown.get("version") == answer["to"] and shown.get("resets") == "3" and shown.get("changesets") == "3",
          f"three rounds give three changesets and three resets ({shown.get('changesets')} and {shown.get('resets')})")
    check(browser.evaluate(RENDERED.format(view="live-view")) == ["e", "d"], "…ending on the last list")
    browser.evaluate("sessionStorage.removeItem('listdiff-api-key')")


def open_streams(port, wanted):
    """The server's listdiff_open_streams gauge, once it reads `wanted` or more (it may lag the
    first event by a few hundred milliseconds), or after 3 s."""
    deadline = time.monotonic() + 3
    while True:
        text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics").read().decode()
        found = re.search(r"^listdiff_open_streams (\S+)$", text, re.MULTILINE)
        value = float(found.group(1)) if found else -1
        if value >= wanted or time.monotonic() > deadline:
            return value
        time.sleep(0.1)


def first_visit(binary):
    """What a new user meets: the start-up log names the playground's URL, and the server's
    bare address redirects there."""
    port = free_port()
    log = tempfile.NamedTemporaryFile(prefix="listdiff-start-", suffix=".log", delete=False)
    process = subprocess.Popen([os.path.abspath(binary), "--host", "127.0.0.1", "--port", str(port), "--log-level", "info"],
                               stdout=log, stderr=log, cwd=tempfile.gettempdir())
    try:
        wait_for_port(port)
        time.sleep(0.2)
        lines = open(log.name).read()
        check(f"http://127.0.0.1:{port}/playground" in lines, f"the start-up log names the playground's URL ({lines.splitlines()[-1] if lines else 'nothing logged'})")
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        connection.request("GET", "/")
        answer = connection.getresponse()
        check(answer.status == 302 and answer.getheader("Location") == "/playground", f"/ redirects to /playground ({answer.status} {answer.getheader('Location')})")
        connection.close()
    finally:
        process.terminate()
        process.wait(10)
        os.unlink(log.name)


def api_keys(browser, binary):
    """The page asks for a key when a call answers 401: that one 401 is the only error the
    browser may log here."""
    port = serve(binary, "--api-keys", "s3cret")
    errors_before = len(browser.errors)
    base = f"http://127.0.0.1:{port}"
    browser.go(f"{base}/playground?mode=selftest&cases=8&seed=2&run")
    check(browser.wait_for("document.getElementById('key-dialog').open", 10), "under --api-keys the page asks for a key")
    check(browser.evaluate(VISIBLE.format(selector="#key-button")), "…and shows its API-key button")
    browser.evaluate("document.getElementById('key-input').value = 's3cret'; document.getElementById('key-save').click()")
    check(browser.wait_for("document.getElementById('selftest-result').dataset.state === 'done'", 60), "with the key the self-test runs")
    check(browser.evaluate("document.getElementById('selftest-result').dataset.failures") == "0", "…and passes")
    check(browser.evaluate("sessionStorage.getItem('listdiff-api-key')") == "s3cret" and "s3cret" not in browser.evaluate("location.href"),
          "the key is in session storage, not in the URL")
    unauthorized = [e for e in browser.errors[errors_before:] if "status of 401" in e]
    check(len(unauthorized) == 1, f"one call answered 401 before the key was given ({len(unauthorized)})")
    browser.errors[errors_before:] = [e for e in browser.errors[errors_before:] if "status of 401" not in e]


def mint(secret, *options):
    """A token from scripts/mint-token.py (Python's hmac: independent of the server's code)."""
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mint-token.py")
    return subprocess.run([sys.executable, script, "--kid", "k", "--secret", secret, *options],
                          check=True, capture_output=True, text=True).stdout.strip()


def tokens(browser, binary):
    """Under --token-keys the key dialog takes a token and the self-test runs with it; and
    listdiff.js's follow() follows a snapshot with a token, asking its provider again when
    the server says the first one expired. The expired token's 401 is the only error here."""
    secret = base64.b64encode(bytes(range(32))).decode()
    port = serve(binary, "--token-keys", f"k:hs256:{secret}")
    errors_before = len(browser.errors)
    base = f"http://127.0.0.1:{port}"
    token = mint(secret, "--sessions", "*", "--scope", "read write diff", "--ttl", "600")
    browser.go(f"{base}/playground?mode=selftest&cases=8&seed=3&run")
    check(browser.wait_for("document.getElementById('key-dialog').open", 10), "under --token-keys the page asks for a key or token")
    browser.evaluate(f"document.getElementById('key-input').value = '{token}'; document.getElementById('key-save').click()")
    check(browser.wait_for("document.getElementById('selftest-result').dataset.state === 'done'", 60), "with a token the self-test runs")
    check(browser.evaluate("document.getElementById('selftest-result').dataset.failures") == "0", "…and passes")
    # A token may delete snapshots, never a session: the self-test's last clean-up is refused and
    # its (empty) session left to --session-ttl.
    forbidden = [e for e in browser.errors[errors_before:] if "status of 403" in e]
    check(len(forbidden) == 1 and "/v1/sessions/selftest-" in forbidden[0],
          f"the token's one refusal is the self-test's session delete ({forbidden})")
    browser.errors[errors_before:] = [e for e in browser.errors[errors_before:] if "status of 403" not in e]

    writer = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    feed = "/v1/sessions/phone-7/snapshots/feed"
    check(call(port, "PUT", feed, {"items": ["a", "b", "c"]}, writer)[0] in (200, 201), "a write token writes the feed")
    now = int(time.time())
    expired = mint(secret, "--sessions", "phone-*", "--scope", "read", "--exp", str(now - 120), "--iat", str(now - 400))
    fresh = mint(secret, "--sessions", "phone-*", "--scope", "read", "--ttl", "300")
    browser.evaluate(f"""window.followed = {{ asked: 0, lists: [], transports: [], error: null }};
      import("/playground/listdiff.js").then(async ({{ follow }}) => {{
        const provider = () => [{json.dumps(expired)}, {json.dumps(fresh)}][Math.min(window.followed.asked++, 1)];
        for await (const state of follow(location.origin + {json.dumps(feed)}, {{ token: provider, wait: 10 }})) {{
          window.followed.lists.push((state.list.items ?? state.list).map(String));
          window.followed.transports.push(state.transport);
          if (window.followed.lists.length === 2) break;
        }}
      }}).catch((error) => {{ window.followed.error = String(error); }}); true""")
    check(browser.wait_for("window.followed.lists.length === 1 || window.followed.error", 10),
          f"follow() with an expired token's provider reads the feed ({browser.evaluate('window.followed.error')})")
    check(call(port, "PUT", feed, {"items": ["c", "a", "d"]}, writer)[0] == 200, "the feed is written again")
    check(browser.wait_for("window.followed.lists.length === 2 || window.followed.error", 15), "…and follow() yields the new version")
    followed = browser.evaluate("window.followed")
    check(followed["lists"] == [["a", "b", "c"], ["c", "a", "d"]] and followed["asked"] == 2,
          f"follow() applied the change, asking its provider twice (first token expired): {followed}")
    check(followed["transports"] == ["stream", "stream"], f"…over the event stream, its token as access_token ({followed['transports']})")
    unauthorized = [e for e in browser.errors[errors_before:] if "status of 401" in e]
    check(len(unauthorized) == 3, f"three calls answered 401: the page's before the token; follow()'s expired token to its stream, "
          f"and to follow()'s look at why that failed (an EventSource does not say) ({len(unauthorized)})")
    browser.errors[errors_before:] = [e for e in browser.errors[errors_before:] if "status of 401" not in e]


def redis_server():
    """A throwaway redis-server (LISTDIFF_REDIS_SERVER, else from PATH) on a free port, or None."""
    binary = os.environ.get("LISTDIFF_REDIS_SERVER") or shutil.which("redis-server")
    if not binary:
        return None
    port = free_port()
    start(f"{binary} --bind 127.0.0.1 --port {port} --save '' --appendonly no")
    return port if wait_for_port(port) else None


LIVE = "document.getElementById('live-status').dataset"


def stream_restarts(browser, binary):
    """Followers over the event stream through restarts of their server, whose snapshots Redis
    holds: SIGTERM ends each stream with a `reconnect` event, and writes go through another
    instance while it is down. The playground (its token as access_token) and follow() (whose
    first token expires meanwhile, so its provider is asked again) resume from the version they
    hold with no reset; after a second outage with two writes (two versions kept: the one
    they hold is gone), with one. The snapshot deleted ends follow() with a FollowError 404.
    The expired token's 401s (its stream's, and follow()'s look at why that failed) and the
    page's asking again for the deleted snapshot are the only errors here."""
    redis = redis_server()
    check(redis is not None, "a redis-server for the restarts (LISTDIFF_REDIS_SERVER, or redis-server on PATH)")
    if redis is None:
        return
    secret = base64.b64encode(bytes(range(32, 64))).decode()
    flags = f"--store redis://127.0.0.1:{redis} --token-keys k:hs256:{secret} --token-leeway 0 --versions-kept 2"
    writer, port = serve(binary, *flags.split()), free_port()

    def instance():
        process = start(f"{os.path.abspath(binary)} --host 127.0.0.1 --port {port} --log-level warning {flags}", cwd=tempfile.gettempdir())
        if not wait_for_port(port):
            raise RuntimeError(f"listdiff-server did not open port {port}")
        return process

    errors_before = len(browser.errors)
    server = instance()
    token = mint(secret, "--sessions", "*", "--scope", "read write diff", "--ttl", "600")
    expires = int(time.time()) + 3
    short = mint(secret, "--sessions", "*", "--scope", "read", "--exp", str(expires))
    key = {"Authorization": f"Bearer {token}"}
    path = "/v1/sessions/restarts/snapshots/feed"
    lists = [["a", "b", "c"], ["c", "a", "d"], ["d"], ["e", "d", "f"]]
    version = call(writer, "PUT", path, lists[0], key)[1]["to"]
    browser.go(f"http://127.0.0.1:{port}/playground?mode=selftest")
    browser.evaluate(f"sessionStorage.setItem('listdiff-api-key', {json.dumps(token)})")
    browser.go(f"http://127.0.0.1:{port}/playground?mode=live&session=restarts&snapshot=feed")
    browser.evaluate(f"""window.followed = {{ asked: 0, states: [], error: null }};
      import("/playground/listdiff.js").then(({{ follow }}) => follow(location.origin + {json.dumps(path)}, {{
        token: () => [{json.dumps(short)}, {json.dumps(token)}][Math.min(window.followed.asked++, 1)],
        onChange: (state) => window.followed.states.push({{ list: state.list, reset: state.reset, transport: state.transport }}),
      }})).catch((error) => {{ window.followed.error = String(error); }}); true""")
    check(browser.wait_for(f"{LIVE}.version === '{version}' && window.followed.states.length === 1", 10),
          "the playground and follow() (with onChange) follow a snapshot held in Redis")
    streams, transport = open_streams(port, 2), browser.evaluate(f"{LIVE}.transport")
    check(streams >= 2 and transport == "stream", f"…both over event streams, their tokens as access_token ({streams} open; the page says {transport})")
    time.sleep(max(0, expires + 0.2 - time.time()))  # follow()'s first token has expired
    rounds = ((lists[1:2], False, "one write while it was down: both resume with no reset"),
              (lists[2:4], True, "two writes while it was down, two versions kept: both show a reset"))
    for number, (written, reset, what) in enumerate(rounds, start=1):
        started = time.monotonic()
        server.send_signal(signal.SIGTERM)
        check(server.wait(15) == 0, f"restart {number}: SIGTERM ends the server, its streams told to reconnect")
        for items in written:
            version = call(writer, "PUT", path, items, key)[1]["to"]
        server = instance()
        resumed = browser.wait_for(f"{LIVE}.version === '{version}' && window.followed.states.length === {number + 1}", 15)
        shown, followed = browser.evaluate(f"({{...{LIVE}}})"), browser.evaluate("window.followed")
        last = followed["states"][-1] if followed["states"] else {}
        check(resumed and shown.get("resets") == str(int(reset)) and browser.evaluate(RENDERED.format(view="live-view")) == written[-1]
              and last.get("reset") == reset and last.get("list") == written[-1] and last.get("transport") == "stream",
              f"restart {number}, {what} ({time.monotonic() - started:.1f} s; page: {shown.get('changesets')} changesets, "
              f"{shown.get('resets')} resets; follow(): {followed['states'][1:]}, {followed['error']})")
    check(browser.evaluate("window.followed.asked") == 2, "follow() asked its provider again once its first token had expired")
    unauthorized = [e for e in browser.errors[errors_before:] if "status of 401" in e]
    check(len(unauthorized) == 2, f"…its expired token answered 401 twice: to its stream, and to follow()'s look at why ({len(unauthorized)})")
    browser.errors[errors_before:] = [e for e in browser.errors[errors_before:] if "status of 401" not in e]
    check(call(writer, "DELETE", path, None, key)[0] == 204, "the snapshot is deleted through the other instance")
    check(browser.wait_for("window.followed.error", 5) and browser.evaluate("window.followed.error").startswith("FollowError: 404")
          and browser.wait_for(f"{LIVE.replace('.dataset', '.textContent')}.includes('is gone')", 5),
          f"…ending follow() with a FollowError 404 ({browser.evaluate('window.followed.error')}), and the page says it is gone")
    browser.evaluate("sessionStorage.removeItem('listdiff-api-key')")
    browser.go("about:blank")
    # follow()'s and the page's look at why the stream ended.
    browser.errors[errors_before:] = [e for e in browser.errors[errors_before:] if not ("status of 404" in e and f"{path}/events?" in e)]
    server.terminate()
    server.wait(10)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--screenshot", default="/tmp/listdiff-playground.png")
    parser.add_argument("--artifacts", default="/tmp/listdiff-browser-test", help="folder for the screenshot of each mode")
    parser.add_argument("--docs-images", help="when every check holds, copy the screenshots there (docs/images)")
    parser.add_argument("--cases", type=int, default=500)
    args = parser.parse_args()
    os.makedirs(args.artifacts, exist_ok=True)
    port = serve(args.binary)
    base = f"http://127.0.0.1:{port}"
    names = ["index.html", "playground.css"] + [os.path.basename(p) for p in sorted(glob.glob(os.path.join(os.path.dirname(__file__), "../Sources/ListDiffPlayground/Page/*.js")))]
    bodies = [urllib.request.urlopen(f"{base}/playground" + ("" if name == "index.html" else f"/{name}")).read() for name in names]
    print(f"      the page: {len(names)} files, {sum(map(len, bodies)):,} bytes ({sum(len(gzip.compress(b)) for b in bodies):,} gzipped); "
          f"listdiff.js {len(bodies[names.index('listdiff.js')]):,} bytes")
    off = serve(args.binary, "--playground", "off")
    check(call(off, "GET", "/playground")[0] == 404, "--playground off serves no page")
    first_visit(args.binary)

    browser = Browser()
    try:
        browser.go(f"{base}/playground")
        check(browser.wait_for("document.querySelectorAll('#diff-view .ld-item').length > 0", 10), "the page loads and shows its first preset")
        modes_shown(browser, base, args.artifacts)
        self_test(browser, base, args.cases)
        diff_mode(browser, base, args.screenshot)
        outline_diff(browser, base)
        diff_error_position(browser, base)
        narrow_window(browser, base)
        live_mode(browser, base, port, args.artifacts)
        outline_live(browser, base, port, args.artifacts)
        live_resets(browser, args.binary)
        stream_restarts(browser, args.binary)
        api_keys(browser, args.binary)
        tokens(browser, args.binary)
        check(not browser.errors, "no console errors" + ("".join(f"\n        {e}" for e in browser.errors[:10]) if browser.errors else ""))
    finally:
        browser.close()
    if failures:
        print(f"{len(failures)} browser checks failed", file=sys.stderr)
        sys.exit(1)
    if args.docs_images:
        for name in [f"playground-{mode}.png" for mode in MODES] + ["playground-outline-live.png"]:
            shutil.copy(os.path.join(args.artifacts, name), os.path.join(args.docs_images, name))
        print(f"screenshots copied to {args.docs_images}")
    print("every browser check holds")


main()
