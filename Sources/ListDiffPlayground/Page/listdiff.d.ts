// listdiff.d.ts — TypeScript declarations for listdiff.js (served beside it, at
// /playground/listdiff.d.ts). Written for TypeScript 4.8 and later; docs/web.md shows them in use.
// Shapes are those listdiff.js reads and writes (docs/api.md, "Changeset fields").

/** An item's identifier as the server writes it: a string (an integer is sent as a string). */
export type ItemId = string;

/** An item: an identifier, or an object with its identifier, content and (for cell kinds) kind. */
export type Item = string | number | ItemObject;

export interface ItemObject {
  id: string | number;
  content?: unknown;
  kind?: string;
  [field: string]: unknown;
}

/** A row of an outline section as a view draws it (`visibleRows`, and what changesets of outlines count). */
export interface OutlineRow extends ItemObject {
  level: number;
  hasChildren: boolean;
  expanded: boolean;
}

export interface Section {
  id: string;
  content?: unknown;
  kind?: string;
  /** True for an outline section: apply changesets to its visible rows (`visibleRows`). */
  outline?: boolean;
  items: Item[];
  [field: string]: unknown;
}

/** A flat list: an array of items, or `{items}` (applying a changeset to either gives an array). */
export type FlatList = Item[] | { items: Item[] };
export interface SectionedList {
  sections: Section[];
}
export type List = FlatList | SectionedList;

/** `[section, item]`. */
export type IndexPath = [number, number];

/** One stage of a flat batch changeset (indexes before it for deletes and reloads, after it for inserts). */
export interface FlatBatchStage {
  deletes: number[];
  inserts: number[];
  moves: Array<[number, number]>;
  reloads?: number[];
  /** The list after this stage: every stage but the last has one. */
  snapshot?: List;
}

export interface SectionOperations {
  deletes: number[];
  inserts: number[];
  moves: Array<[number, number]>;
  reloads?: number[];
}

export interface ItemOperations {
  deletes: IndexPath[];
  inserts: IndexPath[];
  moves: Array<[IndexPath, IndexPath]>;
  reloads?: IndexPath[];
}

/** One stage of a sectioned batch changeset. */
export interface SectionedBatchStage {
  sections: SectionOperations;
  items: ItemOperations;
  snapshot?: List;
}

/** After the stages, in final positions: indexes in a flat list, index paths in a sectioned one. */
export interface BatchUpdates {
  sections?: number[];
  reloads: Array<number | IndexPath>;
  reconfigures: Array<number | IndexPath>;
}

/** `format=batch` (the default): UIKit's performBatchUpdates, stage by stage, then `updates`. */
export interface BatchChangeset {
  stages: Array<FlatBatchStage | SectionedBatchStage>;
  updates: BatchUpdates;
}

/** One operation of `format=sequential`, each applied to the list the ones before it left. */
export type SequentialOperation =
  | { op: "remove"; at: number; count: number; section?: number }
  | { op: "insert"; at: number; count: number; section?: number }
  | { op: "change"; at: number; count: number; kind?: "reload" | "reconfigure"; section?: number }
  | { op: "move"; from: number; to: number }
  | { op: "deleteItems"; section: number; at: number; count: number }
  | { op: "insertItems"; section: number; at: number; count: number }
  | { op: "reloadItems"; section: number; at: number; count: number }
  | { op: "reconfigureItems"; section: number; at: number; count: number }
  | { op: "moveItem"; from: IndexPath; to: IndexPath }
  | { op: "deleteSections"; at: number; count: number }
  | { op: "insertSections"; at: number; count: number }
  | { op: "reloadSections"; at: number; count: number }
  | { op: "moveSection"; from: number; to: number };

/** `format=sequential`: RecyclerView's and web lists' operations, in order. */
export interface SequentialChangeset {
  operations: SequentialOperation[];
}

export type Changeset = BatchChangeset | SequentialChangeset;

/** A new item of `values`: `{at, item}`, or an outline's row `{at, item, level, …}`. */
export interface ItemValue {
  at: number | IndexPath;
  item: Item;
  level?: number;
  parent?: string;
  hasChildren?: boolean;
  expanded?: boolean;
}

/** A new section of `values`; an outline section's `items` may be rows (`{item, level, …}`). */
export interface SectionValue {
  at: number;
  section: { id: string | number; content?: unknown; kind?: string; outline?: boolean; items?: unknown[]; rows?: unknown[] };
}

/** The `values` of an answer asked with `include=values`. */
export interface ChangesetValues {
  items?: ItemValue[];
  sections?: SectionValue[];
}

/** Where new items come from: the answer's `values`, or the new list you already hold (a `/v1/diff` you sent). */
export interface ValueSource {
  values?: ChangesetValues;
  newList?: List;
}

/** What `applyChangeset` answers for a list of this shape. */
export type Applied<L extends List> = L extends SectionedList ? SectionedList : Item[];

/** A changeset that cannot apply: `rule` names the batch-update rule it breaks. */
export type ChangesetRule = "R1" | "R2" | "R3" | "R4" | "R5" | "R6" | "R7" | "R8" | "R9" | "R10" | "R11";
export class ChangesetError extends Error {
  constructor(rule: ChangesetRule, message: string);
  name: "ChangesetError";
  rule: ChangesetRule;
}

/** An item's identifier as a string. */
export function itemId(item: Item): ItemId;

/** `list` after `changeset`, a new list (`list` is not changed). Throws ChangesetError. */
export function applyChangeset<L extends List>(list: L, changeset: Changeset, source?: ValueSource): Applied<L>;

/** One step of `applySteps`: the list after it and the identifiers it touched. */
export interface Step<L extends List = List> {
  list: Applied<L>;
  /** The list after the step as listdiff.js holds it: a flat list as one section whose id is "". */
  sections: Section[];
  moved: Set<ItemId>;
  movedSections: Set<string>;
  reloaded: Set<ItemId>;
  reloadedSections: Set<string>;
  reconfigured: Set<ItemId>;
  /** For a batch stage: true when its state is a snapshot the server sent (every stage but the last). */
  snapshot?: boolean;
}

/** Like applyChangeset, plus each step on the way (per batch stage, one for `updates`; one for a sequential changeset). */
export function applySteps<L extends List>(
  list: L,
  changeset: Changeset,
  source?: ValueSource
): { result: Applied<L>; steps: Array<Step<L>> };

/** What a list view shows of `list`: outline sections as their visible rows (`OutlineRow`s), the rest as they are. */
export function visibleRows<L extends List>(list: L): L;

/** An RFC 9457 problem as the server answers it (`type` is `urn:listdiff:problem:<name>`). */
export interface Problem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  [field: string]: unknown;
}

/** A follow() call the server refused: its status and problem. */
export class FollowError extends Error {
  constructor(status: number, problem?: Problem);
  name: "FollowError";
  status: number;
  problem: Problem | undefined;
}

/** A bearer value (a token, or an API key on a trusted page) or a function giving one, asked again with the problem when the token expired. */
export type TokenSource =
  | string
  | null
  | undefined
  | ((problem?: Problem) => string | null | undefined | Promise<string | null | undefined>);

/** One state of a followed snapshot: `list` already applied (outline sections as their visible rows). */
export interface FollowState {
  version: string;
  digest: string;
  list: Item[] | SectionedList;
  /** The changeset that led here; absent on the first state and on resets. */
  changeset?: Changeset;
  /** True when the server no longer held the version followed: `list` is the whole snapshot again. */
  reset: boolean;
  transport: "stream" | "long-poll";
}

export interface FollowOptions {
  token?: TokenSource;
  /** A long poll's seconds (30). */
  wait?: number;
  /** Following ends when it aborts. */
  signal?: AbortSignal;
}

export type FollowCallback = (state: FollowState) => void | Promise<unknown>;

/** With at least one callback, follow() answers a Promise that settles when following ends. */
export type FollowCallbacks =
  | { onChange: FollowCallback; onReset?: FollowCallback }
  | { onChange?: FollowCallback; onReset: FollowCallback };

/** Follows the snapshot at `url` (`…/v1/sessions/{session}/snapshots/{name}`): without callbacks, its states as an async iterator. */
export function follow(
  url: string,
  options?: FollowOptions & { onChange?: undefined; onReset?: undefined }
): AsyncIterableIterator<FollowState>;
/** With `onChange` and/or `onReset`: a Promise that settles when following ends (throws FollowError on a refusal). */
export function follow(url: string, options: FollowOptions & FollowCallbacks): Promise<void>;
