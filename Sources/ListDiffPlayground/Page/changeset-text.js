// Changesets as a person reads them: pretty JSON in one block per stage (the diff panel), and
// a line saying what a version changed (live mode's log).

/** `value` as indented JSON, with arrays of numbers and of index pairs kept on one line. */
/** `count` and `noun`, the noun in the plural unless the count is one: "1 step", "3 steps". */
export function counted(count, noun) {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}

export function prettyJSON(value, indent = "") {
  if (!isObject(value)) return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0 || value.every(isShort)) return JSON.stringify(value);
    const inner = indent + "  ";
    return `[\n${value.map((v) => inner + prettyJSON(v, inner)).join(",\n")}\n${indent}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return "{}";
  const inner = indent + "  ";
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${prettyJSON(v, inner)}`).join(",\n")}\n${indent}}`;
}

const isObject = (value) => typeof value === "object" && value !== null;
/** A number, a string, or an array of those or of such arrays (an index pair, a move). */
const isShort = (value) => !isObject(value) || (Array.isArray(value) && value.every(isShort));

/**
 * The blocks the changeset panel shows: `{title, text}` for each stage of a batch (its
 * snapshot, when it has one, stays in its block), the updates after them, and a sequential
 * answer's operations one per line.
 */
export function changesetBlocks(changeset) {
  if (Array.isArray(changeset.operations)) {
    const lines = changeset.operations.map((operation) => "  " + JSON.stringify(operation));
    return [{ title: `${changeset.operations.length} operations, applied in order`, text: `[\n${lines.join(",\n")}\n]` }];
  }
  const stages = changeset.stages ?? [];
  const blocks = stages.map((stage, index) => ({ title: `Stage ${index + 1} of ${stages.length}`, text: prettyJSON(stage) }));
  if (changeset.updates) blocks.push({ title: "Updates, after the last stage (final coordinates)", text: prettyJSON(changeset.updates) });
  const rest = Object.fromEntries(Object.entries(changeset).filter(([key]) => key !== "stages" && key !== "updates"));
  if (Object.keys(rest).length) blocks.push({ title: "Also in the answer", text: prettyJSON(rest) });
  return blocks;
}

/** What a batch changeset does, in words: "3 inserted, 1 moved, 2 reconfigured"; "no change". */
export function describeChangeset(changeset) {
  const counts = new Map();
  const add = (what, list) => {
    if (Array.isArray(list) && list.length) counts.set(what, (counts.get(what) ?? 0) + list.length);
  };
  for (const stage of changeset.stages ?? []) {
    add("deleted", stage.items?.deletes ?? stage.deletes);
    add("inserted", stage.items?.inserts ?? stage.inserts);
    add("moved", stage.items?.moves ?? stage.moves);
    add("sections deleted", stage.sections?.deletes);
    add("sections inserted", stage.sections?.inserts);
    add("sections moved", stage.sections?.moves);
  }
  const updates = changeset.updates ?? {};
  add("reloaded", updates.reloads);
  add("reconfigured", updates.reconfigures);
  add("sections reloaded", updates.sections);
  if (counts.size === 0) return "no change";
  return [...counts].map(([what, count]) => `${count} ${what}`).join(", ");
}
