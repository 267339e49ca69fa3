// The TypeScript of docs/web.md, type-checked by CI against listdiff.d.ts (`tsc -p scripts/web-types`):
// the import names listdiff.js as a page does, and tsc reads the listdiff.d.ts beside it.
import {
  applyChangeset,
  applySteps,
  ChangesetError,
  follow,
  FollowError,
  itemId,
  visibleRows,
  type Changeset,
  type ChangesetValues,
  type FollowState,
  type Item,
  type SectionedList,
} from "../../Sources/ListDiffPlayground/Page/listdiff.js";

// A plain array: the answer of GET …/changes?since=…&include=values.
interface ChangesAnswer {
  from: string;
  to: string;
  digest: string;
  reset?: boolean;
  snapshot?: Item[];
  changeset?: Changeset;
  values?: ChangesetValues;
}

export function applyAnswer(list: Item[], answer: ChangesAnswer): Item[] {
  if (answer.reset) return answer.snapshot ?? [];
  if (!answer.changeset) return list;
  try {
    return applyChangeset(list, answer.changeset, { values: answer.values });
  } catch (error) {
    if (error instanceof ChangesetError) console.warn(`refused (${error.rule}): ${error.message}`);
    throw error;
  }
}

// A /v1/diff you sent: the new items come from the new list you hold.
const oldList: Item[] = ["a", "b", "c", "d"];
const newList: Item[] = ["d", "a", "e", "c"];
const changeset: Changeset = { stages: [{ deletes: [1], inserts: [2], moves: [[3, 0]] }], updates: { reloads: [], reconfigures: [] } };
const applied: Item[] = applyChangeset(oldList, changeset, { newList });
const ids: string[] = applied.map(itemId);

// A DOM list, keyed by identifier: rows that stay keep their elements.
export function renderList(ul: HTMLUListElement, items: Item[]): void {
  const byId = new Map<string, Element>();
  for (const li of Array.from(ul.children)) byId.set((li as HTMLElement).dataset.id ?? "", li);
  const rows = items.map((item) => {
    const id = itemId(item);
    const li = byId.get(id) ?? document.createElement("li");
    (li as HTMLElement).dataset.id = id;
    li.textContent = typeof item === "object" ? `${id}: ${JSON.stringify(item.content ?? "")}` : id;
    return li;
  });
  ul.replaceChildren(...rows);
}

// Steps, for animating: what each stage moved, reloaded and reconfigured.
export function describeSteps(list: Item[], change: Changeset, values?: ChangesetValues): string[] {
  const { result, steps } = applySteps(list, change, { values });
  const last: Item[] = result;
  return steps.map((step) => `${step.list.length}/${last.length} items, moved ${[...step.moved].join(" ")}, reconfigured ${step.reconfigured.size}`);
}

// Sectioned lists keep their shape; outline sections are applied as their visible rows.
const sectioned: SectionedList = { sections: [{ id: "today", items: ["a", { id: "b", content: { title: "B" } }] }] };
const rows: SectionedList = visibleRows(sectioned);
const sectionIds: string[] = rows.sections.map((section) => section.id);

// Following a snapshot: a token provider asked again when the server says token-expired.
async function fetchToken(): Promise<string> {
  const answer: { token: string } = await (await fetch("/my-backend/listdiff-token")).json();
  return answer.token;
}

function show(state: FollowState, ul: HTMLUListElement): void {
  if (Array.isArray(state.list)) renderList(ul, state.list);
  else renderList(ul, state.list.sections.flatMap((section) => section.items));
}

export async function followAsIterator(base: string, ul: HTMLUListElement): Promise<void> {
  for await (const state of follow(`${base}/v1/sessions/user-42-lists/snapshots/todo`, { token: fetchToken })) {
    show(state, ul);
    console.log(state.version, state.transport, state.reset ? "reset" : `${state.changeset ? "changed" : "initial"}`);
  }
}

export function followWithCallbacks(url: string, ul: HTMLUListElement, apiKey: string): AbortController {
  const controller = new AbortController();
  const done: Promise<void> = follow(url, {
    token: apiKey, // an API key: long polls, never in a URL
    wait: 20,
    signal: controller.signal,
    onChange: (state) => show(state, ul),
    onReset: async (state) => show(state, ul),
  });
  done.catch((error: unknown) => {
    if (error instanceof FollowError && error.status === 404) console.warn("the snapshot is gone", error.problem?.detail);
    else if (error instanceof FollowError && error.problem?.type === "urn:listdiff:problem:token-expired") console.warn("sign in again");
    else throw error;
  });
  return controller;
}

console.log(ids, sectionIds);
