// The playground page: diff mode (two lists, the changeset, played on a rendered list),
// live mode (follow a stored snapshot) and the self-test. No inline script: the page's
// Content-Security-Policy allows scripts from this server only.
import { apiKey, call, askForKey } from "./api.js";
import { changesetBlocks, counted } from "./changeset-text.js";
import { WrappedInput } from "./input-position.js";
import { applySteps, visibleRows } from "./listdiff.js";
import { LiveFollower } from "./live.js";
import { presets } from "./presets.js";
import { checkRules, runSelfTest, timeApply } from "./selftest.js";
import { ListView } from "./view.js";

const $ = (id) => document.getElementById(id);
const query = new URLSearchParams(location.search);
const mode = ["diff", "live", "selftest"].includes(query.get("mode")) ? query.get("mode") : "diff";

for (const panel of document.querySelectorAll("[data-mode-panel]")) panel.hidden = panel.dataset.modePanel !== mode;
for (const link of document.querySelectorAll("nav a")) link.toggleAttribute("aria-current", link.dataset.mode === mode);
// The key button shows once the server has asked for a key (a 401) or this tab holds one.
$("key-button").hidden = !apiKey();
$("key-button").addEventListener("click", () => askForKey());

// ---- Diff mode -----------------------------------------------------------------------

const diffView = new ListView($("diff-view"), { duration: Number(query.get("duration") ?? 380) });
let played = { steps: [], next: 0, old: null };

function showPreset(index) {
  const preset = presets[index];
  $("old-list").value = JSON.stringify(preset.old, null, 2);
  $("new-list").value = JSON.stringify(preset.new, null, 2);
}

function parse(id, what) {
  try {
    return JSON.parse($(id).value);
  } catch (error) {
    throw new Error(`${what} is not JSON: ${error.message}`);
  }
}

/** What the view shows: `playing` while step `next` animates, else what it has come to. */
function stageLabel({ playing = false } = {}) {
  const { steps, next } = played;
  if (next === 0) return `${counted(steps.length, "step")}; showing the old list`;
  const step = steps[next - 1];
  if (next === steps.length && !playing) return "done: showing the new list";
  const name = next === steps.length ? "updates (after the batch, final coordinates)" : `stage ${next} of ${steps.length - 1}`;
  return `${name}${step.snapshot ? " · its snapshot is shown below" : ""}`;
}

function showChangeset(changeset) {
  $("changeset").replaceChildren(
    ...changesetBlocks(changeset).map(({ title, text }) => {
      const block = document.createElement("div");
      block.className = "stage-block";
      const heading = document.createElement("h4");
      heading.textContent = title;
      const body = document.createElement("pre");
      body.textContent = text;
      block.append(heading, body);
      return block;
    }),
  );
}

function refreshControls() {
  const { steps, next } = played;
  $("step-button").disabled = next >= steps.length;
  $("play-button").disabled = next >= steps.length;
  $("rewind-button").disabled = steps.length === 0;
  $("stage-label").textContent = steps.length ? stageLabel() : "";
  const step = next > 0 ? steps[next - 1] : null;
  $("stage-snapshot-box").hidden = !step?.snapshot;
  $("stage-snapshot").textContent = step?.snapshot ? JSON.stringify(step.list) : "";
}

async function step() {
  if (played.next >= played.steps.length) return;
  const current = played.steps[played.next];
  played.next += 1;
  $("step-button").disabled = $("play-button").disabled = true;
  $("stage-label").textContent = stageLabel({ playing: true });
  await diffView.play(current);
  refreshControls();
}

async function play() {
  while (played.next < played.steps.length) await step();
}

function rewind() {
  played.next = 0;
  diffView.show(played.old);
  refreshControls();
}

async function diff() {
  $("diff-error").textContent = "";
  let input = null;
  try {
    const old = parse("old-list", "The old list");
    const next = parse("new-list", "The new list");
    input = new WrappedInput([["old", "The old list", $("old-list").value], ["new", "The new list", $("new-list").value]]);
    const format = $("format").value;
    const changeset = await call("POST", `v1/diff?format=${format}&updates=${$("updates").value}`, input.body);
    showChangeset(changeset);
    // Outline sections are shown, and diffed, as their visible rows.
    const [shown, target] = [visibleRows(old), visibleRows(next)];
    played = { steps: applySteps(shown, changeset, { newList: target }).steps, next: 0, old: shown };
    diffView.show(shown);
  } catch (error) {
    $("diff-error").textContent = input ? input.describe(error) : error.message;
    $("changeset").replaceChildren();
    played = { steps: [], next: 0, old: null };
  }
  refreshControls();
}

presets.forEach((preset, index) => $("preset").append(new Option(preset.name, String(index))));
$("preset").addEventListener("change", () => {
  showPreset(Number($("preset").value));
  diff();
});
$("diff-button").addEventListener("click", diff);
$("step-button").addEventListener("click", step);
$("play-button").addEventListener("click", play);
$("rewind-button").addEventListener("click", rewind);
$("format").addEventListener("change", diff);
$("updates").addEventListener("change", diff);
if (mode === "diff") {
  const preset = Math.min(Math.max(Number(query.get("preset") ?? 1), 0), presets.length - 1);
  $("preset").value = String(preset);
  showPreset(preset);
  diff().then(() => {
    if (query.has("play")) play();
  });
}

// ---- Live mode -----------------------------------------------------------------------

const follower = new LiveFollower({
  view: new ListView($("live-view"), { duration: Number(query.get("duration") ?? 380) }),
  status: $("live-status"),
  log: $("live-log"),
  onError: (error) => {
    $("live-error").textContent = error.message;
    stopped();
  },
  onEnd: stopped,
});

function stopped() {
  $("follow-button").disabled = false;
  $("stop-button").disabled = true;
}

function follow() {
  $("live-error").textContent = "";
  $("follow-button").disabled = true;
  $("stop-button").disabled = false;
  const url = new URL(location.href);
  url.searchParams.set("session", $("live-session").value);
  url.searchParams.set("snapshot", $("live-snapshot").value);
  history.replaceState(null, "", url);
  follower.follow($("live-session").value, $("live-snapshot").value).catch((error) => follower.onError(error));
}

$("follow-button").addEventListener("click", follow);
$("stop-button").addEventListener("click", () => {
  follower.stop();
  $("live-status").textContent = "Not following.";
  stopped();
});
$("live-session").value = query.get("session") ?? "demo";
$("live-snapshot").value = query.get("snapshot") ?? "feed";
if (mode === "live" && query.has("session") && query.has("snapshot")) follow();

// ---- Self-test -----------------------------------------------------------------------

async function selfTest() {
  const result = $("selftest-result");
  const cases = Number($("selftest-cases").value);
  const seed = Number($("selftest-seed").value);
  $("selftest-button").disabled = true;
  result.dataset.state = "running";
  try {
    const rules = checkRules();
    const run = await runSelfTest({
      cases, seed, call,
      onProgress: (done, failed) => (result.textContent = `${done} of ${cases} cases, ${failed} failed…`),
    });
    const timing = await timeApply({ call });
    Object.assign(result.dataset, {
      state: "done", cases: run.cases, failures: run.failures.length,
      ruleCases: rules.cases, ruleFailures: rules.failures.length, applyMs: timing.median.toFixed(3),
    });
    result.textContent = `${run.cases} cases (seed ${seed}): ${counted(run.failures.length, "failure")}. ` +
      `${rules.cases} broken changesets: ${rules.failures.length} applied or misnamed. ` +
      `Applying a changeset of ${timing.items} items: ${timing.median.toFixed(3)} ms (median of ${timing.runs} batches of 20).`;
    const failures = [...run.failures, ...rules.failures];
    // The box shows the first few failures, and is not there when there are none.
    $("selftest-failures").hidden = failures.length === 0;
    $("selftest-failures").textContent = failures.slice(0, 5).map((f) => JSON.stringify(f)).join("\n");
  } catch (error) {
    result.dataset.state = "error";
    result.textContent = `The self-test could not run: ${error.message}`;
  }
  $("selftest-button").disabled = false;
}

$("selftest-button").addEventListener("click", selfTest);
if (query.has("cases")) $("selftest-cases").value = query.get("cases");
if (query.has("seed")) $("selftest-seed").value = query.get("seed");
if (mode === "selftest" && query.has("run")) selfTest();
