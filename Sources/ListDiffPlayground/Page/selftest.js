// The page's self-test: seeded random old/new lists diffed by the server and applied with
// listdiff.js; every result must equal the new list. Runs in the page (?selftest=N) and
// under any JavaScript runtime with fetch.
import { applyChangeset, itemId, visibleRows } from "./listdiff.js";

/** A small seeded generator (mulberry32): the same seed gives the same cases everywhere. */
export function random(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.int = (n) => Math.floor(next() * n);
  next.pick = (list) => list[next.int(list.length)];
  return next;
}

function shuffleSome(rng, list, swaps) {
  for (let k = 0; k < swaps && list.length > 1; k++) {
    const i = rng.int(list.length);
    const j = rng.int(list.length);
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

const KINDS = ["photo", "text"];
const item = (rng, id) => (rng() < 0.4 ? { id, content: { v: rng.int(3) } } : rng() < 0.2 ? { id, kind: rng.pick(KINDS) } : id);

/** One random case: flat or sectioned, with deletes, inserts, moves across sections and content changes. */
export function randomCase(rng, size = 12) {
  let next = 0;
  const fresh = () => `i${next++}`;
  const sectioned = rng() < 0.6;
  const sectionCount = sectioned ? 1 + rng.int(4) : 1;
  const old = Array.from({ length: sectionCount }, (_, s) => ({ id: `S${s}`, items: Array.from({ length: rng.int(size) }, () => item(rng, fresh())) }));
  let sections = old.map((section) => ({ id: section.id, items: section.items.filter(() => rng() > 0.2) }));
  if (sectioned) {
    if (rng() < 0.3) sections.splice(rng.int(sections.length + 1), 0, { id: `S${sectionCount + 1}`, items: [] });
    if (rng() < 0.2 && sections.length > 1) sections.splice(rng.int(sections.length), 1);
    shuffleSome(rng, sections, rng.int(2));
  }
  for (const section of sections) {
    section.items = section.items.map((it) => (rng() < 0.15 ? { id: itemId(it), content: { v: 3 + rng.int(3) } } : rng() < 0.05 ? { id: itemId(it), kind: rng.pick(KINDS) } : it));
    for (let k = rng.int(4); k > 0; k--) section.items.splice(rng.int(section.items.length + 1), 0, item(rng, fresh()));
    shuffleSome(rng, section.items, rng.int(3));
  }
  if (sectioned && sections.length > 1) {
    for (let k = rng.int(3); k > 0; k--) {
      const from = rng.pick(sections);
      if (from.items.length) rng.pick(sections).items.splice(0, 0, ...from.items.splice(rng.int(from.items.length), 1));
    }
  }
  if (!sectioned) return { old: old[0].items, new: sections[0].items };
  return { old: { sections: old }, new: { sections } };
}

/** Lists equal as the server would write them (identifiers as strings, content as JSON). */
export function sameList(a, b) {
  const canonical = (list) => {
    const sections = Array.isArray(list) ? [{ id: "", items: list }] : list.items ? [{ id: "", items: list.items }] : list.sections;
    const row = (it) => (it?.level === undefined ? [] : [it.level, it.hasChildren, it.expanded]);
    return JSON.stringify(sections.map((s) => [String(s.id), s.content ?? null, s.items.map((it) => [itemId(it), it?.content ?? null, it?.kind ?? null, ...row(it)])]));
  };
  return canonical(a) === canonical(b);
}

/** A call to the server at `base` (for runtimes other than the page, which passes its own). */
export function caller(base) {
  return async (method, path, body) => {
    const response = await fetch(`${base}/${path}`, { method, headers: { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
    const answer = response.status === 204 ? {} : await response.json();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${answer.detail ?? ""}`);
    return answer;
  };
}

/**
 * Diffs `cases` random cases through the server and applies each: three in four with
 * POST /v1/diff (batch or sequential, the new list as the source of new items), one in
 * four as two PUTs of a session's snapshot with include=values (the answer's values); then
 * the outline cases both ways, applied to the old list's visible rows.
 * `call(method, path, body)` answers the parsed JSON (paths are relative: `v1/diff`).
 */
export async function runSelfTest({ cases, seed, call, onProgress = () => {} }) {
  const rng = random(seed);
  const failures = [];
  const session = `selftest-${seed}-${Date.now().toString(36)}`;
  for (let n = 0; n < cases; n++) {
    const pair = randomCase(rng);
    const format = rng() < 0.3 ? "sequential" : "batch";
    const updates = rng() < 0.3 ? "reload" : "reconfigure";
    try {
      let result;
      if (n % 4 === 3) {
        const snapshot = `case-${n}`;
        await call("PUT", `v1/sessions/${session}/snapshots/${snapshot}`, pair.old);
        const answer = await call("PUT", `v1/sessions/${session}/snapshots/${snapshot}?include=values&updates=${updates}`, pair.new);
        result = applyChangeset(pair.old, answer.changeset, { values: answer.values });
        await call("DELETE", `v1/sessions/${session}/snapshots/${snapshot}`);
      } else {
        const changeset = await call("POST", `v1/diff?format=${format}&updates=${updates}`, pair);
        result = applyChangeset(pair.old, changeset, { newList: pair.new });
      }
      if (!sameList(result, pair.new)) failures.push({ case: n, seed, reason: "the result differs from the new list", pair, result });
    } catch (error) {
      failures.push({ case: n, seed, reason: String(error), pair });
    }
    onProgress(n + 1, failures.length);
  }
  for (const [n, pair] of outlineCases.entries()) {
    try {
      const changeset = await call("POST", "v1/diff", pair);
      const result = applyChangeset(visibleRows(pair.old), changeset, { newList: visibleRows(pair.new) });
      const snapshot = `outline-${n}`;
      await call("PUT", `v1/sessions/${session}/snapshots/${snapshot}`, pair.old);
      const answer = await call("PUT", `v1/sessions/${session}/snapshots/${snapshot}?include=values`, pair.new);
      const fromValues = applyChangeset(visibleRows(pair.old), answer.changeset, { values: answer.values });
      for (const got of [result, fromValues]) {
        if (!sameList(got, visibleRows(pair.new))) failures.push({ case: `outline-${n}`, seed, reason: "the rows differ from the new list's", pair, result: got });
      }
    } catch (error) {
      failures.push({ case: `outline-${n}`, seed, reason: String(error), pair });
    }
  }
  await call("DELETE", `v1/sessions/${session}`).catch(() => {});
  return { cases, seed, failures };
}

/** Changes of two stages whose first stage leaves outline sections (given as rows). */
const outlineCases = [
  { old: { sections: [{ id: "s7", outline: true, items: [{ id: "p", expanded: true, children: ["x"] }] }] },
    new: { sections: [{ id: "s7", outline: true, items: ["p"] }, { id: "f", items: ["x", "y"] }] } },
  { old: { sections: [{ id: "s1", items: ["i6"] }] },
    new: { sections: [{ id: "s1", items: [] }, { id: "s11", outline: true, items: ["i6", { id: "i12", children: ["i13"] }] }] } },
  { old: { sections: [{ id: "s1", outline: true, items: [{ id: "i5", expanded: true, children: ["i7"] }] }, { id: "s14", outline: true, items: [] }] },
    new: { sections: [{ id: "s14", outline: true, items: ["i7"] }, { id: "s1", outline: true, items: [{ id: "i5", kind: "photo", expanded: true }] }] } },
];

/**
 * Milliseconds listdiff.js takes to apply one changeset of a 1,000-item list: the median of
 * `runs` batches of 20 applications each (browsers coarsen performance.now() to 0.1 ms).
 */
export async function timeApply({ call, runs = 15 }) {
  const rng = random(1000);
  const old = { sections: Array.from({ length: 10 }, (_, s) => ({ id: `S${s}`, items: Array.from({ length: 100 }, (_, i) => ({ id: `i${s}-${i}`, content: { v: 0 } })) })) };
  const next = { sections: old.sections.map((section) => ({ id: section.id, items: shuffleSome(rng, section.items.filter(() => rng() > 0.05).map((it) => (rng() < 0.05 ? { id: it.id, content: { v: 1 } } : it)), 5) })) };
  next.sections.forEach((section, s) => section.items.splice(rng.int(section.items.length), 0, `new-${s}`));
  const changeset = await call("POST", "v1/diff", { old, new: next });
  const times = [];
  if (!sameList(applyChangeset(old, changeset, { newList: next }), next)) throw new Error("the timed apply did not give the new list");
  for (let k = 0; k < runs; k++) {
    const start = performance.now();
    for (let n = 0; n < 20; n++) applyChangeset(old, changeset, { newList: next });
    times.push((performance.now() - start) / 20);
  }
  times.sort((a, b) => a - b);
  return { items: 1000, median: times[Math.floor(runs / 2)], runs };
}

const flatStage = (stage) => ({ stages: [{ deletes: [], inserts: [], moves: [], ...stage }], updates: { reloads: [], reconfigures: [] } });
const noItems = { deletes: [], inserts: [], moves: [] };
const sectionedStage = (sections, items = {}) => ({
  stages: [{ sections: { ...noItems, ...sections }, items: { ...noItems, ...items } }],
  updates: { sections: [], reloads: [], reconfigures: [] },
});
const twoSections = { sections: [{ id: "A", items: ["a", "b"] }, { id: "B", items: ["c"] }] };

/** Changesets that break one rule each, and the rule listdiff.js must name refusing them. */
export const brokenChangesets = [
  { rule: "R1", list: ["a", "b"], changeset: flatStage({ inserts: [0] }), newList: ["b", "a", "b"] },
  { rule: "R2", list: ["a", "b", "c"], changeset: flatStage({ deletes: [5] }) },
  { rule: "R10", list: ["a", "b", "c"], changeset: flatStage({ inserts: [7] }), newList: ["a", "b", "c", "d"] },
  { rule: "R2", list: ["a"], changeset: { stages: [{ deletes: [], inserts: [], moves: [] }], updates: { reloads: [], reconfigures: [3] } }, newList: ["a"] },
  { rule: "R2", list: ["a", "b"], changeset: { operations: [{ op: "remove", at: 2, count: 1 }] } },
  { rule: "R3", list: ["a", "b", "c"], changeset: flatStage({ deletes: [1, 1] }) },
  { rule: "R4", list: ["a", "b", "c"], changeset: flatStage({ deletes: [1], moves: [[1, 0]] }) },
  { rule: "R5", list: ["a", "b", "c"], changeset: flatStage({ reloads: [0], moves: [[0, 2]] }), newList: ["b", "c", "a"] },
  { rule: "R6", list: twoSections, changeset: sectionedStage({ inserts: [2] }, { moves: [[[0, 0], [2, 0]]] }), newList: { sections: [...twoSections.sections, { id: "C", items: [] }] } },
  { rule: "R7", list: twoSections, changeset: sectionedStage({ moves: [[1, 0]] }, { deletes: [[1, 0]] }) },
  { rule: "R8", list: twoSections, changeset: sectionedStage({ moves: [[1, 1]] }) },
  { rule: "R9", list: twoSections, changeset: sectionedStage({ inserts: [5] }) },
  { rule: "R10", list: twoSections, changeset: sectionedStage({}, { inserts: [[0, 3]] }), newList: { sections: [{ id: "A", items: ["a", "b", "x"] }, { id: "B", items: ["c"] }] } },
  {
    rule: "R11", list: ["a", "b"],
    changeset: { stages: [{ deletes: [0], inserts: [], moves: [], snapshot: ["a"] }, { deletes: [], inserts: [], moves: [] }], updates: { reloads: [], reconfigures: [] } },
  },
];

/** Applies every broken changeset; a failure is one applied, or refused naming another rule. */
export function checkRules() {
  const failures = [];
  for (const [n, broken] of brokenChangesets.entries()) {
    try {
      applyChangeset(broken.list, broken.changeset, { newList: broken.newList });
      failures.push({ case: n, rule: broken.rule, reason: "applied without an error" });
    } catch (error) {
      if (error.rule !== broken.rule) failures.push({ case: n, rule: broken.rule, reason: `refused with ${error.rule ?? "no rule"}: ${error.message}` });
    }
  }
  return { cases: brokenChangesets.length, failures };
}
