// listdiff.js — apply ListDiff changesets to your own lists in the browser.
//
//   import { applyChangeset } from "/playground/listdiff.js";
//   const next = applyChangeset(list, answer.changeset, { values: answer.values });
//
// `list` is a snapshot as the server writes it: a flat list (an array of items, or
// `{items}`) or `{sections: [{id, content?, items}]}`; an item is an identifier or
// `{id, content}`. The answer is a new list of the same shape; `list` is not changed.
// New items come from `values` (ask with `include=values`) or, when you already hold the
// new list (a `/v1/diff` you sent), from `{newList}`. A changeset that breaks one of
// UIKit's batch-update rules is refused with a ChangesetError naming the rule (R1–R11 of
// docs/batch-update-rules.md); a list is never corrupted silently.
//
// Outline sections (`"outline": true`): changesets count their visible rows, so apply them to
// `visibleRows(list)` (a stage's snapshot and `values` give outline sections as rows too). A
// row is `{id, content?, kind?, level, hasChildren, expanded}`: what a view draws.
//
// `follow(url, { token, onChange, onReset })` follows one snapshot over its event stream (an
// EventSource; long polls with an API key) and gives each version's list, applied; `token` may
// be a function, asked again when a short-lived token expires.
//
// Cost: O(n + c) for n items and c changes (Sets and arrays, no sorting of the list).

/** A changeset that cannot apply: `rule` is "R1"…"R11", `message` says what and where. */
export class ChangesetError extends Error {
  constructor(rule, message) {
    super(`${rule}: ${message}`);
    this.name = "ChangesetError";
    this.rule = rule;
  }
}

/** An item's identifier as the server writes it (a string). */
export function itemId(item) {
  return typeof item === "object" && item !== null ? String(item.id) : String(item);
}

/** `list` after `changeset`; see the top of this file. Throws ChangesetError. */
export function applyChangeset(list, changeset, source = {}) {
  return applySteps(list, changeset, source).result;
}

/**
 * Like applyChangeset, but also each step on the way, for animating it: per batch stage
 * (and one for `updates`, one for a whole sequential changeset) the list after it and the
 * identifiers it moved, reloaded and reconfigured. `snapshot` is true when a stage's state
 * is a snapshot the server sent (every stage but the last).
 */
export function applySteps(list, changeset, source = {}) {
  const start = normalize(list, "list");
  const fill = new ValueSource(source, start.flat);
  let state = start.sections;
  const steps = [];
  if (Array.isArray(changeset?.operations)) {
    const step = applySequential(state, changeset.operations, start.flat, fill);
    state = step.sections;
    steps.push(step);
  } else if (Array.isArray(changeset?.stages) && changeset.updates) {
    changeset.stages.forEach((stage, index) => {
      const last = index === changeset.stages.length - 1;
      if (!last && stage.snapshot === undefined) {
        throw new ChangesetError("R11", `stage ${index} is not the last but carries no snapshot`);
      }
      const step = applyStage(state, stage, start.flat, index, last ? fill : new ValueSource({ newList: stage.snapshot }, start.flat));
      if (!last) checkAgainstSnapshot(step.sections, normalize(stage.snapshot, `stage ${index}'s snapshot`).sections, index);
      step.snapshot = !last;
      state = step.sections;
      steps.push(step);
    });
    const step = applyUpdates(state, changeset.updates, start.flat, fill);
    state = step.sections;
    steps.push(step);
  } else {
    throw new ChangesetError("R11", "a changeset has `stages` and `updates` (format=batch) or `operations` (format=sequential)");
  }
  checkUnique(state);
  return { result: denormalize(state, start.flat), steps: steps.map((step) => ({ ...step, list: denormalize(step.sections, start.flat) })) };
}

// ---- Following a snapshot ---------------------------------------------------------------

/** A follow() call the server refused: `status` and the RFC 9457 `problem` it answered. */
export class FollowError extends Error {
  constructor(status, problem) {
    super(problem?.detail ? `${status}: ${problem.detail}` : `HTTP ${status}`);
    this.name = "FollowError";
    this.status = status;
    this.problem = problem;
  }
}

const TOKEN_EXPIRED = "urn:listdiff:problem:token-expired";
// What the server takes for a token (three base64url segments); anything else is an API key.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*$/;
// How long to wait before opening a stream again after a refusal that may pass (a 5xx).
const RETRY_MS = 1000;

/**
 * Follows the snapshot at `url` (`…/v1/sessions/{session}/snapshots/{name}`): the snapshot as
 * it is, then each new version, each as `{version, digest, list, changeset?, reset, transport}`
 * with `list` already applied (outline sections as their visible rows); `reset` when the server
 * no longer held the version followed, so `list` is the whole snapshot again.
 *
 * `transport` says how: "stream", the server-sent events of `…/events?include=values` read by
 * an EventSource, which cannot send headers, so a token goes as `access_token`; or
 * "long-poll" (`changes?wait=`), taken when the bearer is an API key (never put in a URL) or
 * the server has no event stream. A dropped stream (a `reconnect` event: the server stopping)
 * resumes from the last version it brought: the browser's own `Last-Event-ID`, or `since=` when
 * follow() opens a new stream (with a fresh token, or after a 5xx refusal).
 *
 * `token` is a bearer value (a token from your backend, or an API key on a trusted page) or a
 * function giving one (it may return a Promise); a function is asked again, given the server's
 * problem, when the server answers that the token expired (`token-expired`). Ends when `signal`
 * aborts; any other refusal throws a FollowError (a 404 when the snapshot is not there, or is
 * deleted while followed).
 *
 * Without callbacks the answer is an async iterator of the states. With `onChange` (called with
 * each state but resets) and `onReset` (resets; `onChange` has them when there is no `onReset`)
 * it is a Promise that settles when following ends; a callback's Promise (an animation, say) is
 * awaited before the next state. `wait` is a long poll's seconds (30).
 *
 *   for await (const state of follow(`${base}/v1/sessions/${session}/snapshots/feed`, { token: fetchToken })) render(state.list);
 *   follow(url, { token: fetchToken, onChange: (s) => render(s.list), onReset: (s) => rebuild(s.list), signal }).catch(show);
 */
export function follow(url, options = {}) {
  const states = followStates(url, options);
  const { onChange, onReset } = options;
  if (!onChange && !onReset) return states;
  return (async () => {
    for await (const state of states) await (state.reset && onReset ? onReset : onChange)?.(state);
  })();
}

async function* followStates(url, { token, wait = 30, signal } = {}) {
  const credential = { value: await (typeof token === "function" ? token() : token) };
  // Asks a provider again when the server says its token expired; true when it was asked.
  credential.renew = async (problem) => {
    if (typeof token !== "function" || problem?.type !== TOKEN_EXPIRED) return false;
    credential.value = await token(problem);
    return true;
  };
  let state = null;
  if (typeof EventSource === "function" && (!credential.value || TOKEN_SHAPE.test(credential.value))) {
    const fallback = yield* streamStates(url, credential, signal);
    if (!fallback) return;
    state = fallback.state;
  }
  yield* pollStates(url, state, credential, wait, signal);
}

/**
 * The states an event stream brings, until `signal` aborts. Returns `{state}` (the last state
 * yielded, or null) when the server has no event stream, for long polls to go on from.
 */
async function* streamStates(url, credential, signal) {
  const events = [];
  let wake = null;
  const push = (event) => {
    events.push(event);
    wake?.();
  };
  const next = async () => {
    while (!events.length) await new Promise((resolve) => (wake = resolve));
    return events.shift();
  };
  const aborted = () => push({ type: "abort" });
  signal?.addEventListener("abort", aborted);
  let state = null;
  let source = null;
  try {
    for (let renewed = false; !signal?.aborted; ) {
      const address = eventsAddress(url, credential.value, state?.version);
      source = new EventSource(address);
      for (const type of ["open", "error", "snapshot", "changes", "reset", "deleted", "reconnect"]) source.addEventListener(type, push);
      let open = true;
      while (open) {
        const event = await next();
        if (event.type === "abort") return null;
        if (event.target !== source) continue; // queued before its stream was closed
        const answer = event.data === undefined ? null : JSON.parse(event.data);
        switch (event.type) {
          case "open":
            renewed = false;
            break;
          case "error": {
            // While CONNECTING the browser reconnects by itself, with Last-Event-ID.
            if (source.readyState !== EventSource.CLOSED) break;
            open = false;
            const refusal = await refusalOf(address, signal);
            if (refusal?.status === 404 && refusal.problem?.type === "about:blank") return { state };
            if (refusal?.status === 401 && !renewed && (await credential.renew(refusal.problem))) {
              renewed = true;
            } else if (refusal && refusal.status < 500) {
              throw new FollowError(refusal.status, refusal.problem);
            } else {
              await pause(RETRY_MS, signal);
            }
            break;
          }
          case "snapshot":
            state = { version: answer.version, digest: answer.digest, list: visibleRows(answer.snapshot), reset: false, transport: "stream" };
            yield state;
            break;
          case "reset":
            state = { version: answer.to, digest: answer.digest, list: visibleRows(answer.snapshot), reset: true, transport: "stream" };
            yield state;
            break;
          case "changes":
            // A changeset applies to the version it is from only: open a stream from ours.
            if (answer.from !== state?.version) {
              open = false;
              break;
            }
            state = {
              version: answer.to, digest: answer.digest, list: applyChangeset(state.list, answer.changeset, { values: answer.values }),
              changeset: answer.changeset, reset: false, transport: "stream",
            };
            yield state;
            break;
          case "deleted":
            throw new FollowError(answer.status ?? 404, answer);
          case "reconnect":
            // The server is stopping or its store failed, and ends the stream: the browser
            // reconnects by itself (`retry:` later, with Last-Event-ID), here or elsewhere.
            break;
        }
      }
      source.close();
    }
    return null;
  } finally {
    source?.close();
    signal?.removeEventListener("abort", aborted);
  }
}

/** The stream's address: changesets with their values, from `since`, a token as access_token. */
function eventsAddress(url, bearer, since) {
  const address = new URL(`${url}/events`, globalThis.location?.href);
  address.searchParams.set("include", "values");
  if (since) address.searchParams.set("since", since);
  if (bearer) address.searchParams.set("access_token", bearer);
  return address.href;
}

/**
 * Why the server refuses a stream (an EventSource only says that it failed): `{status,
 * problem}`, or null when it opens now or cannot be reached. An opened stream is closed at once.
 */
async function refusalOf(address, signal) {
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal?.addEventListener("abort", abort);
  try {
    const response = await fetch(address, { signal: controller.signal });
    if (response.ok) return null;
    return { status: response.status, problem: await response.json().catch(() => ({})) };
  } catch {
    return null;
  } finally {
    controller.abort();
    signal?.removeEventListener("abort", abort);
  }
}

function pause(ms, signal) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/** The states long polls bring, from `state` (or the snapshot first, when null). */
async function* pollStates(url, state, credential, wait, signal) {
  const get = async (path) => {
    for (let renewed = false; ; renewed = true) {
      const headers = credential.value ? { Authorization: `Bearer ${credential.value}` } : {};
      const response = await fetch(path, { headers, signal });
      const answer = await response.json().catch(() => ({}));
      if (response.ok) return answer;
      if (response.status === 401 && !renewed && (await credential.renew(answer))) continue;
      throw new FollowError(response.status, answer);
    }
  };
  if (!state) {
    const first = await get(url);
    state = { version: first.version, digest: first.digest, list: visibleRows(first.snapshot), reset: false, transport: "long-poll" };
    yield state;
  }
  while (!signal?.aborted) {
    const answer = await get(`${url}/changes?since=${encodeURIComponent(state.version)}&wait=${wait}&include=values`);
    if (answer.from === answer.to && !answer.reset) continue;
    state = answer.reset
      ? { version: answer.to, digest: answer.digest, list: visibleRows(answer.snapshot), reset: true, transport: "long-poll" }
      : {
          version: answer.to, digest: answer.digest, list: applyChangeset(state.list, answer.changeset, { values: answer.values }),
          changeset: answer.changeset, reset: false, transport: "long-poll",
        };
    yield state;
  }
}

// ---- Lists ---------------------------------------------------------------------------

/**
 * What a list view shows of `list`: every outline section as its visible rows (items without
 * a collapsed ancestor, in pre-order, each `{id, content?, kind?, level, hasChildren,
 * expanded}`), flat sections as they are. Changesets of outline sections count these rows. O(n).
 */
export function visibleRows(list) {
  if (!list || !Array.isArray(list.sections)) return list;
  const rows = (items, level, into) => {
    for (const item of items) {
      const { children, expanded, ...fields } = typeof item === "object" && item !== null ? item : { id: item };
      const hasChildren = Array.isArray(children) && children.length > 0;
      into.push({ ...fields, level, hasChildren, expanded: hasChildren && Boolean(expanded) });
      if (expanded && hasChildren) rows(children, level + 1, into);
    }
    return into;
  };
  return { ...list, sections: list.sections.map((s) => (s.outline ? { ...s, items: rows(s.items ?? [], 0, []) } : s)) };
}

/** A row as the server writes it (`{item, level, hasChildren, expanded, parent?}`) as a view row. */
function outlineRow({ item, level, hasChildren, expanded }) {
  const fields = typeof item === "object" && item !== null ? item : { id: item };
  return { ...fields, level, hasChildren: Boolean(hasChildren), expanded: Boolean(expanded) };
}

const isRow = (value) => typeof value === "object" && value !== null && "item" in value && "level" in value;

/** A section's items; an outline's rows as the server writes them (a stage's `rows`, the
 * `items` of a fresh section in `values`: `{item, level, …}`) become their items. */
function sectionItems(section) {
  const items = section.rows ?? section.items ?? [];
  if (!section.outline) return items.slice();
  return items.map((row) => (isRow(row) ? outlineRow(row) : row));
}

function normalize(list, what) {
  if (Array.isArray(list)) return { flat: true, sections: [{ id: "", items: list.slice() }] };
  if (list && Array.isArray(list.items)) return { flat: true, sections: [{ id: "", items: list.items.slice() }] };
  if (list && Array.isArray(list.sections)) {
    return { flat: false, sections: list.sections.map(({ rows, ...s }) => ({ ...s, id: String(s.id), items: sectionItems({ ...s, rows }) })) };
  }
  throw new TypeError(`${what} is neither a flat list (an array, or {items}) nor {sections: [...]}`);
}

function denormalize(sections, flat) {
  if (flat) return sections.length ? sections[0].items.slice() : [];
  return { sections: sections.map((s) => ({ ...s, items: s.items.map((item) => settled(item, s.outline)) })) };
}

/**
 * An item as its section shows it: a row of an outline (an item moved in from a flat section
 * is a leaf at level 0, which the server does not reconfigure), a plain item elsewhere (a
 * row moved out of an outline leaves its row fields behind).
 */
function settled(item, outline) {
  const isObject = typeof item === "object" && item !== null;
  if (outline) return isObject && item.level !== undefined ? item : { ...(isObject ? item : { id: item }), level: 0, hasChildren: false, expanded: false };
  if (!isObject || item.level === undefined) return item;
  const { level, hasChildren, expanded, ...fields } = item;
  return Object.keys(fields).length === 1 ? fields.id : fields;
}

function checkUnique(sections) {
  const sectionIds = new Set();
  const ids = new Set();
  for (const section of sections) {
    if (sectionIds.has(section.id)) throw new ChangesetError("R1", `section "${section.id}" appears twice in the result`);
    sectionIds.add(section.id);
    for (const item of section.items) {
      const id = itemId(item);
      if (ids.has(id)) throw new ChangesetError("R1", `item "${id}" appears twice in the result`);
      ids.add(id);
    }
  }
}

function checkAgainstSnapshot(built, snapshot, stage) {
  if (built.length !== snapshot.length) {
    throw new ChangesetError("R11", `stage ${stage} leaves ${built.length} sections; its snapshot has ${snapshot.length}`);
  }
  built.forEach((section, s) => {
    if (section.id !== snapshot[s].id) throw new ChangesetError("R11", `stage ${stage} puts section "${section.id}" at ${s}; its snapshot has "${snapshot[s].id}"`);
    if (section.items.length !== snapshot[s].items.length) {
      throw new ChangesetError("R11", `stage ${stage} leaves ${section.items.length} items in section ${s}; its snapshot has ${snapshot[s].items.length}`);
    }
    section.items.forEach((item, i) => {
      if (itemId(item) !== itemId(snapshot[s].items[i])) {
        throw new ChangesetError("R11", `stage ${stage} puts "${itemId(item)}" at [${s},${i}]; its snapshot has "${itemId(snapshot[s].items[i])}"`);
      }
    });
  });
}

/** Where new items and sections come from: the answer's `values`, or a new list. */
class ValueSource {
  constructor({ values, newList }, flat) {
    this.flat = flat;
    if (values) {
      this.items = new Map((values.items ?? []).map((v) => [Array.isArray(v.at) ? `${v.at[0]},${v.at[1]}` : `0,${v.at}`, isRow(v) ? outlineRow(v) : v.item]));
      this.sections = new Map((values.sections ?? []).map((v) => [v.at, v.section]));
    } else if (newList !== undefined) {
      this.list = normalize(newList, "newList").sections;
    }
  }
  item(s, i) {
    const value = this.list ? this.list[s]?.items[i] : this.items?.get(`${s},${i}`);
    if (value === undefined) throw new ChangesetError("R11", `no value for the new item at ${path(s, i, this.flat)}: ask with include=values, or pass {newList}`);
    return value;
  }
  section(s) {
    const value = this.list ? this.list[s] : this.sections?.get(s);
    if (value === undefined) throw new ChangesetError("R11", `no value for the new section at ${s}: ask with include=values, or pass {newList}`);
    const { rows, ...section } = value;
    return { ...section, id: String(value.id), items: sectionItems(value) };
  }
}

const path = (s, i, flat) => (flat ? `${i}` : `[${s},${i}]`);

/**
 * A place whose value comes from the value source once its final position is known: an
 * inserted item or section (no identifier expected), or a reloaded or changed item (which
 * keeps its identifier).
 */
class Hole {
  constructor(expectedId) { this.expectedId = expectedId; }
  filled(value, where) {
    if (this.expectedId !== undefined && itemId(value) !== this.expectedId) {
      throw new ChangesetError("R11", `the reload of "${this.expectedId}" brings "${itemId(value)}" at ${where} (a reload keeps the identifier)`);
    }
    return value;
  }
}

// ---- One batch stage (UIKit's performBatchUpdates) ------------------------------------

function indexes(list, what) {
  if (!Array.isArray(list)) throw new ChangesetError("R2", `${what} is not a list of indexes`);
  return list;
}

function firstRepeat(keys) {
  const seen = new Set();
  return keys.find((key) => (seen.has(key) ? true : (seen.add(key), false)));
}

/** UIKit's target of a reload: shifted by deletes and inserts, never by moves. */
function shifted(index, deletes, inserts) {
  let target = index - deletes.filter((d) => d < index).length;
  for (const insert of [...inserts].sort((a, b) => a - b)) if (insert <= target) target += 1;
  return target;
}

function stageParts(stage, flat) {
  const sections = stage.sections ?? { deletes: [], inserts: [], moves: [] };
  if (!flat) return { sections, items: stage.items ?? { deletes: [], inserts: [], moves: [] } };
  const at = (i) => [0, i];
  return {
    sections,
    items: {
      deletes: indexes(stage.deletes, "deletes").map(at),
      inserts: indexes(stage.inserts, "inserts").map(at),
      moves: indexes(stage.moves, "moves").map(([from, to]) => [at(from), at(to)]),
      reloads: (stage.reloads ?? []).map(at),
    },
  };
}

function applyStage(before, stage, flat, index, fill) {
  const { sections: sectionOps, items: itemOps } = stageParts(stage, flat);
  const where = `stage ${index}`;
  const plan = planSections(before, sectionOps, where);
  const after = plan.slots.map((slot, s) => (slot instanceof Hole ? fill.section(s) : slot.section));
  const p = (pair) => path(pair[0], pair[1], flat);

  const deletes = indexes(itemOps.deletes, `${where} item deletes`);
  const inserts = indexes(itemOps.inserts, `${where} item inserts`);
  const reloads = indexes(itemOps.reloads ?? [], `${where} item reloads`);
  const moves = indexes(itemOps.moves, `${where} item moves`);
  const sources = moves.map((m) => m[0]);
  const targets = moves.map((m) => m[1]);
  const inBefore = ([s, i]) => s >= 0 && s < before.length && i >= 0 && i < before[s].items.length;
  for (const [kind, list] of [["delete", deletes], ["reload", reloads], ["move", sources]]) {
    const bad = list.find((pair) => !inBefore(pair));
    if (bad) throw new ChangesetError("R2", `${where}: attempt to ${kind} item ${p(bad)}, which is not in the list before the update`);
    const gone = list.find(([s]) => plan.gone.has(s));
    if (gone) throw new ChangesetError("R6", `${where}: attempt to ${kind} item ${p(gone)} inside section ${gone[0]}, which is itself deleted or reloaded`);
    const moved = list.find(([s]) => plan.movedOld.has(s));
    if (moved) throw new ChangesetError("R7", `${where}: attempt to ${kind} item ${p(moved)} inside section ${moved[0]}, which is itself moved`);
  }
  for (const [kind, list] of [["insert", inserts], ["move", targets]]) {
    const bad = list.find(([s]) => !(s >= 0 && s < after.length));
    if (bad) throw new ChangesetError("R2", `${where}: attempt to ${kind} item ${p(bad)}, but there are only ${after.length} sections after the update`);
    const fresh = list.find(([s]) => plan.fresh.has(s));
    if (fresh) throw new ChangesetError("R6", `${where}: attempt to ${kind} item ${p(fresh)} into section ${fresh[0]}, which is itself inserted or reloaded`);
    const moved = list.find(([s]) => plan.movedNew.has(s));
    if (moved) throw new ChangesetError("R7", `${where}: attempt to ${kind} item ${p(moved)} into section ${moved[0]}, which is itself moved`);
  }
  for (const [kind, list] of [["delete", deletes], ["insert", inserts], ["reload", reloads], ["move from", sources], ["move to", targets]]) {
    const repeated = firstRepeat(list.map((pair) => `${pair[0]},${pair[1]}`));
    if (repeated !== undefined) throw new ChangesetError("R3", `${where}: attempt to ${kind} ${p(repeated.split(",").map(Number))} more than once`);
  }
  const key = (pair) => `${pair[0]},${pair[1]}`;
  const deleteSet = new Set(deletes.map(key));
  const reloadSet = new Set(reloads.map(key));
  const sourceSet = new Set(sources.map(key));
  const insertSet = new Set(inserts.map(key));
  const targetSet = new Set(targets.map(key));
  for (const pair of sources) {
    if (deleteSet.has(key(pair))) throw new ChangesetError("R4", `${where}: attempt to delete and move the same item ${p(pair)}`);
    if (reloadSet.has(key(pair))) throw new ChangesetError("R5", `${where}: attempt to reload and move the same item ${p(pair)}`);
  }
  for (const pair of reloads) if (deleteSet.has(key(pair))) throw new ChangesetError("R4", `${where}: attempt to delete and reload the same item ${p(pair)}`);
  for (const pair of inserts) if (targetSet.has(key(pair))) throw new ChangesetError("R4", `${where}: attempt to insert and move to the same item ${p(pair)}`);

  // Per new section: slot → a Hole (filled from the source) or the item moved there; counts checked as UIKit does (R10).
  const fixed = new Map();
  const fix = (s, i, value) => (fixed.get(s) ?? fixed.set(s, new Map()).get(s)).set(i, value);
  const reloadedIds = new Set();
  for (const [s, i] of reloads) {
    const id = itemId(before[s].items[i]);
    const newSection = plan.oldToNew[s];
    const here = (list, section) => list.filter((pair) => pair[0] === section).map((pair) => pair[1]);
    const target = [newSection, shifted(i, here(deletes, s), here(inserts, newSection))];
    if (targetSet.has(key(target))) throw new ChangesetError("R5", `${where}: the reload of ${p([s, i])} lands on ${p(target)}, which an item is moved to (a reload's target ignores moves)`);
    if (insertSet.has(key(target))) throw new ChangesetError("R4", `${where}: the reload of ${p([s, i])} lands on ${p(target)}, which is also inserted`);
    fix(target[0], target[1], new Hole(id));
    reloadedIds.add(id);
  }
  for (const [s, i] of inserts) fix(s, i, new Hole());
  const movedIds = new Set();
  for (const [from, to] of moves) {
    const item = before[from[0]].items[from[1]];
    fix(to[0], to[1], item);
    movedIds.add(itemId(item));
  }
  const leaving = new Set([...deleteSet, ...reloadSet, ...sourceSet]);
  after.forEach((section, s) => {
    const old = plan.newToOld[s];
    if (old === undefined) return;
    const slots = fixed.get(s) ?? new Map();
    const staying = before[old].items.filter((_, i) => !leaving.has(`${old},${i}`));
    const count = staying.length + slots.size;
    const outside = [...slots.keys()].find((i) => i < 0 || i >= count);
    if (outside !== undefined) {
      throw new ChangesetError("R10", `${where}: attempt to insert or move item ${p([s, outside])}, but section ${s} holds ${count} items after the update (before, plus inserted and moved in, minus deleted and moved out)`);
    }
    let next = 0;
    section.items = Array.from({ length: count }, (_, i) => {
      const slot = slots.get(i);
      if (slot instanceof Hole) return slot.filled(fill.item(s, i), path(s, i, flat));
      return slot !== undefined ? slot : staying[next++];
    });
  });
  return { sections: after, moved: movedIds, movedSections: plan.movedIds, reloaded: reloadedIds, reloadedSections: plan.reloadedIds, reconfigured: new Set() };
}

/** The section half of a stage (R2–R6, R8, R9): where every section goes and comes from. */
function planSections(before, ops, where) {
  const deletes = indexes(ops.deletes, `${where} section deletes`);
  const inserts = indexes(ops.inserts, `${where} section inserts`);
  const reloads = indexes(ops.reloads ?? [], `${where} section reloads`);
  const moves = indexes(ops.moves, `${where} section moves`);
  const count = before.length - new Set(deletes).size + new Set(inserts).size;
  for (const [kind, list] of [["delete", deletes], ["reload", reloads], ["move", moves.map((m) => m[0])]]) {
    const bad = list.find((s) => !(s >= 0 && s < before.length));
    if (bad !== undefined) throw new ChangesetError("R2", `${where}: attempt to ${kind} section ${bad}, but there are only ${before.length} sections before the update`);
  }
  for (const [kind, list] of [["insert", inserts], ["move", moves.map((m) => m[1])]]) {
    const bad = list.find((s) => !(s >= 0 && s < count));
    if (bad !== undefined) throw new ChangesetError("R9", `${where}: attempt to ${kind} section ${bad}, but there are only ${count} sections after the update`);
  }
  for (const [kind, list] of [["delete", deletes], ["insert", inserts], ["reload", reloads], ["move from", moves.map((m) => m[0])], ["move to", moves.map((m) => m[1])]]) {
    const repeated = firstRepeat(list);
    if (repeated !== undefined) throw new ChangesetError("R3", `${where}: attempt to ${kind} section ${repeated} more than once`);
  }
  const noOp = moves.find(([from, to]) => from === to);
  if (noOp) throw new ChangesetError("R8", `${where}: attempt to move section ${noOp[0]} to itself`);
  const deleted = new Set(deletes);
  const inserted = new Set(inserts);
  const movedOld = new Set(moves.map((m) => m[0]));
  const movedNew = new Set(moves.map((m) => m[1]));
  for (const s of movedOld) if (deleted.has(s)) throw new ChangesetError("R6", `${where}: attempt to delete and move section ${s}`);
  for (const s of movedNew) if (inserted.has(s)) throw new ChangesetError("R6", `${where}: attempt to insert section ${s} where a section is moved to`);
  for (const s of reloads) {
    if (deleted.has(s)) throw new ChangesetError("R4", `${where}: attempt to delete and reload section ${s}`);
    if (movedOld.has(s)) throw new ChangesetError("R5", `${where}: attempt to reload and move section ${s}`);
  }
  const reloadTargets = reloads.map((s) => shifted(s, deletes, inserts));
  for (const target of reloadTargets) {
    if (movedNew.has(target)) throw new ChangesetError("R5", `${where}: a section reload lands on section ${target}, which a section is moved to`);
    if (inserted.has(target)) throw new ChangesetError("R4", `${where}: a section reload lands on section ${target}, which is also inserted`);
  }
  const gone = new Set([...deleted, ...reloads]);
  const fresh = new Set([...inserted, ...reloadTargets]);
  const slots = new Array(count);
  const oldToNew = new Array(before.length);
  const newToOld = new Array(count);
  for (const s of fresh) slots[s] = new Hole();
  const movedIds = new Set();
  for (const [from, to] of moves) {
    slots[to] = { section: { ...before[from], items: before[from].items.slice() } };
    oldToNew[from] = to;
    movedIds.add(before[from].id);
  }
  let free = 0;
  for (let s = 0; s < before.length; s++) {
    if (gone.has(s) || movedOld.has(s)) continue;
    while (free < count && slots[free] !== undefined) free++;
    if (free >= count) throw new ChangesetError("R9", `${where}: section ${s} has no place after the update (${count} sections)`);
    slots[free] = { section: { ...before[s], items: before[s].items.slice() } };
    oldToNew[s] = free;
    newToOld[free] = s;
  }
  const empty = slots.findIndex((slot) => slot === undefined);
  if (empty !== -1 || slots.length !== count) throw new ChangesetError("R9", `${where}: nothing fills section ${empty} after the update`);
  reloads.forEach((s, k) => (oldToNew[s] = reloadTargets[k]));
  return { slots, oldToNew, newToOld, gone, fresh, movedOld, movedNew, movedIds, reloadedIds: new Set(reloads.map((s) => before[s].id)) };
}

// ---- Updates after the stages (final coordinates) -------------------------------------

function applyUpdates(before, updates, flat, fill) {
  const after = before.map((section) => ({ ...section, items: section.items.slice() }));
  const at = (entry) => (flat ? [0, entry] : entry);
  const step = { sections: after, moved: new Set(), movedSections: new Set(), reloaded: new Set(), reloadedSections: new Set(), reconfigured: new Set() };
  for (const s of indexes(updates.sections ?? [], "updates.sections")) {
    if (!(s >= 0 && s < after.length)) throw new ChangesetError("R2", `updates: attempt to reload section ${s}, but there are only ${after.length} sections`);
    const value = fill.section(s);
    if (value.id !== after[s].id) throw new ChangesetError("R11", `updates: the reload of section ${s} brings "${value.id}" in place of "${after[s].id}"`);
    after[s] = value;
    step.reloadedSections.add(value.id);
  }
  for (const [kind, list, set] of [["reload", updates.reloads, step.reloaded], ["reconfigure", updates.reconfigures, step.reconfigured]]) {
    for (const entry of indexes(list ?? [], `updates.${kind}s`)) {
      const [s, i] = at(entry);
      const current = after[s]?.items[i];
      if (current === undefined) throw new ChangesetError("R2", `updates: attempt to ${kind} item ${path(s, i, flat)}, which is not in the list`);
      const value = fill.item(s, i);
      if (itemId(value) !== itemId(current)) {
        throw new ChangesetError("R11", `updates: the ${kind} of ${path(s, i, flat)} brings "${itemId(value)}" in place of "${itemId(current)}" (it keeps the identifier)`);
      }
      after[s].items[i] = value;
      set.add(itemId(value));
    }
  }
  return step;
}

// ---- Sequential changesets (RecyclerView, web lists) ----------------------------------


function applySequential(before, operations, flat, fill) {
  const sections = before.map((section) => ({ ...section, items: section.items.slice() }));
  const oldIds = new Set(before.flatMap((section) => section.items.map(itemId)));
  const finalSection = finalSectionIndexes(before.length, operations);
  const step = { moved: new Set(), movedSections: new Set(), reloaded: new Set(), reloadedSections: new Set(), reconfigured: new Set() };
  const marks = new Map();
  operations.forEach((op, n) => {
    const where = `operation ${n} (${op?.op})`;
    const range = (length, at, count) => {
      if (!(Number.isInteger(at) && Number.isInteger(count) && count >= 1 && at >= 0 && at + count <= length)) {
        throw new ChangesetError("R2", `${where}: ${at}…${at + count - 1} is outside 0…${length - 1}`);
      }
    };
    const items = (s) => {
      if (!(Number.isInteger(s) && s >= 0 && s < sections.length)) throw new ChangesetError("R2", `${where}: there is no section ${s} (${sections.length} sections)`);
      return sections[s].items;
    };
    const position = (pair, forInsert) => {
      const list = items(pair[0]);
      if (!(Number.isInteger(pair[1]) && pair[1] >= 0 && pair[1] < list.length + (forInsert ? 1 : 0))) {
        throw new ChangesetError("R2", `${where}: item ${path(pair[0], pair[1], flat)} is outside section ${pair[0]} (${list.length} items)`);
      }
      return list;
    };
    const mark = (item, kind) => {
      const hole = new Hole(itemId(item));
      marks.set(hole, kind);
      return hole;
    };
    switch (op?.op) {
      case "remove": case "deleteItems":
        range(items(op.section ?? 0).length, op.at, op.count);
        items(op.section ?? 0).splice(op.at, op.count);
        break;
      case "insert": case "insertItems":
        range(items(op.section ?? 0).length + op.count, op.at, op.count);
        items(op.section ?? 0).splice(op.at, 0, ...Array.from({ length: op.count }, () => new Hole()));
        break;
      case "change": case "reloadItems": case "reconfigureItems": {
        const list = items(op.section ?? 0);
        range(list.length, op.at, op.count);
        const kind = op.op === "reconfigureItems" || op.kind === "reconfigure" ? "reconfigured" : "reloaded";
        for (let i = op.at; i < op.at + op.count; i++) list[i] = list[i] instanceof Hole ? list[i] : mark(list[i], kind);
        break;
      }
      case "move": case "moveItem": {
        const from = flat ? [0, op.from] : op.from;
        const to = flat ? [0, op.to] : op.to;
        if (!Array.isArray(from) || !Array.isArray(to)) throw new ChangesetError("R2", `${where}: from and to are ${flat ? "indexes" : "index paths"}`);
        const [item] = position(from).splice(from[1], 1);
        const target = position(to, true);
        target.splice(to[1], 0, item);
        step.moved.add(item instanceof Hole ? item : itemId(item));
        break;
      }
      case "deleteSections":
        range(sections.length, op.at, op.count);
        sections.splice(op.at, op.count);
        break;
      case "insertSections": case "reloadSections": {
        const inserting = op.op === "insertSections";
        range(sections.length + (inserting ? op.count : 0), op.at, op.count);
        const fresh = Array.from({ length: op.count }, (_, k) => fill.section(finalSection.get(`${n}:${k}`)));
        // An inserted section arrives with the items the list lacked; the others move in.
        if (inserting) fresh.forEach((section) => (section.items = section.items.filter((item) => !oldIds.has(itemId(item)))));
        if (!inserting) fresh.forEach((section, k) => step.reloadedSections.add(section.id));
        sections.splice(op.at, inserting ? 0 : op.count, ...fresh);
        break;
      }
      case "moveSection": {
        range(sections.length, op.from, 1);
        range(sections.length, op.to, 1);
        const [section] = sections.splice(op.from, 1);
        sections.splice(op.to, 0, section);
        step.movedSections.add(section.id);
        break;
      }
      default:
        throw new ChangesetError("R11", `${where}: unknown operation`);
    }
  });
  sections.forEach((section, s) => {
    section.items = section.items.map((item, i) => {
      if (!(item instanceof Hole)) return item;
      const value = item.filled(fill.item(s, i), path(s, i, flat));
      if (marks.has(item)) step[marks.get(item)].add(itemId(value));
      if (step.moved.delete(item)) step.moved.add(itemId(value));
      return value;
    });
  });
  return { ...step, sections };
}

/** Where each section that operation n inserts or reloads ends up (key `n:k`), section ops only. */
function finalSectionIndexes(count, operations) {
  const tokens = Array.from({ length: count }, () => null);
  operations.forEach((op, n) => {
    if (op?.op === "deleteSections" && op.count >= 0) tokens.splice(op.at, op.count);
    if (op?.op === "insertSections" && op.count >= 0) tokens.splice(op.at, 0, ...Array.from({ length: op.count }, (_, k) => `${n}:${k}`));
    if (op?.op === "reloadSections" && op.count >= 0) tokens.splice(op.at, op.count, ...Array.from({ length: op.count }, (_, k) => `${n}:${k}`));
    if (op?.op === "moveSection") tokens.splice(op.to, 0, ...tokens.splice(op.from, 1));
  });
  return new Map(tokens.map((token, index) => [token, index]).filter(([token]) => token !== null));
}
