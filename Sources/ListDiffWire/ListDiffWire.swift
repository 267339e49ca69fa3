// ListDiffWire — the wire: the API's model (wire identifiers, content, snapshots, documents),
// every document's reader and writer, operation lists, outline operations and the snapshot
// digest. Imports ListDiff and ListDiffJSON only (CI checks); JSON itself (reading, writing,
// read errors, problem bodies) is ListDiffJSON's.
//
// Parts
// - Model/        `WireID`, `WireContent`, `WireSnapshot` (= `Snapshot<WireID, WireID,
//                 WireContent>`), `WireDiff`, `WireSnapshotDocument`,
//                 `WireDiffRequest`, `WireBatchDocument`, and the API's answers:
//                 `WireChangesDocument`, `WireVersionedSnapshot`, `WireSessionListing`.
// - Decoding/     `WireDecoder.snapshot/diffRequest/operations/batchChangeset/
//                 sequentialChangeset/changes/versionedSnapshot/createdSession/
//                 sessionListing(_:…)`, `WireDecodingOptions`; internals `_WireDecoder`
//                 (one per body) and `_InternTable`.
// - Encoding/     `WireEncoder.snapshot/diffRequest/operations/changeset/batchChangeset/
//                 sequentialChangeset/changes/reset/versionedSnapshot/subtree/
//                 createdSession/sessionListing(_:…)`, each document beside its reader;
//                 internals `_WireEncoder` (one per document, over ListDiffJSON's
//                 `JSONWriter` primitives).
// - Operations/   `WireOperation` (the engine's snapshot operations and the outline ones),
//                 its rules before it is applied (`WireOperation+Rules`: forms, cost),
//                 `WireSnapshot.applying(_:)`: all or nothing, item operations edited in
//                 place in code compiled for wire identifiers.
// - Outline/      outline sections: items in pre-order with their placement, `visibleRows`
//                 (what changesets index), structural operations as range edits of the
//                 pre-order, the tree writer shared with the digest.
// - Digest/       `SnapshotDigest`: XXH64 over a snapshot's canonical JSON.
//
// Wire shapes (members are written in exactly this order; no whitespace)
// - Identifier: a JSON string, or a JSON integer (no fraction/exponent, fits Int) whose
//   canonical form is its decimal text: `42` and `"42"` are the same identifier, `-0` is
//   `"0"`. Writers always write identifiers as strings. `WireID` stores the text and a
//   per-process keyed hash computed once (interned per body: one table per request shared by
//   `old` and `new`, so each occurrence is hashed once and each distinct identifier longer
//   than 15 bytes, UUIDs apart, is copied once); `hashValue`/`_rawHashValue(seed:)` mix that
//   hash in O(1).
// - Item: an identifier, or `{"id": ID, "content"?: any JSON, "kind"?: string}`. Content
//   `null` is the same as no content. Content equality is `ContentFingerprint` equality (see
//   Decisions above) and equal kinds; content is written back as the value's bytes exactly as
//   read (inner whitespace kept). The kind (1–256 bytes) names the kind of cell: `WireContent`
//   carries it, and a kept item whose kind changes is a reload (`KindedContent`).
// - Section: `{"id": ID, "items"?: [Item] (default []), "content"?: any JSON}`.
// - Snapshot S: sectioned `{"sections": [Section], "reloaded"?: [item ID],
//   "reconfigured"?: [item ID], "reloadedSections"?: [section ID]}`; flat: a bare array of
//   items, or `{"items": [Item], "reloaded"?, "reconfigured"?}` (flat lists with marks). A
//   flat list is one section with identifier "" (`WireID.flatSection`). Item identifiers are
//   unique across all sections, section identifiers among sections; a duplicate is a
//   `schemaViolation` at the first repeat's pointer (e.g. `/new/sections/3/items/17`) whose
//   `found` lists the duplicated identifiers (up to 20). Marks must name elements of the
//   same snapshot (error at e.g. `/new/reloaded/2`). Marks are written in snapshot order,
//   only when present.
// - Diff request: `{"old": S, "new": S}`, both flat or both sectioned (else a
//   `schemaViolation` at the second one read, naming both forms).
// - Operations: `{"operations": [Op]}`, applied all or nothing by `WireSnapshot.applying(_:)`;
//   an operation that does not apply throws `WireOperationError` (its index and the engine's
//   reason), which the service answers with 422, `pointer` `/operations/<index>`. Op objects (members in any order):
//     {"op": "appendSections",   "sections": [Section]}
//     {"op": "insertSections",   "sections": [Section], "before" | "after": section ID}
//     {"op": "deleteSections",   "sections": [section ID]}
//     {"op": "moveSection",      "section": ID, "before" | "after": section ID}
//     {"op": "reloadSections",   "sections": [section ID]}
//     {"op": "appendItems",      "items": [Item], "section"?: ID (default: the last section)
//                                 | "parent"?: item ID of an outline section}
//     {"op": "insertItems",      "items": [Item], "before" | "after": item ID}
//     {"op": "deleteItems",      "items": [item ID]}
//     {"op": "deleteAllItems"}
//     {"op": "moveItem",         "item": ID, "before" | "after": item ID}
//     {"op": "reloadItems",      "items": [item ID]}
//     {"op": "reconfigureItems", "items": [item ID]}
//     {"op": "replaceChildren",  "item": ID, "items": [Item]}          (outline sections)
//     {"op": "expand" | "collapse", "items": [item ID]}                (outline sections)
//   On an outline section items are subtrees: inserted beside the anchor as its siblings,
//   deleted and moved with their descendants. Exactly one of `before`/`after`; an unknown `op` is a `schemaViolation` at
//   `/operations/i/op` listing the valid names; a member the op does not take is an error.
// - Batch changeset (sectioned): `{"stages": [Stage], "updates": {"sections": [i],
//   "reloads": [[s, i]], "reconfigures": [[s, i]]}}` with Stage =
//   `{"sections": {"deletes": [i], "inserts": [i], "moves": [[from, to]]},
//     "items": {"deletes": [[s, i]], "inserts": [[s, i]], "moves": [[[s, i], [s, i]]]},
//     "snapshot"?: S}`.
//   Stages are applied in order, each in one `performBatchUpdates`; deletes and move sources
//   are in the coordinates before the stage, inserts and move targets after it. Every stage
//   but the last carries `"snapshot"`: the state the data source must show during that stage
//   (more than one stage happens only when a moved section's items change, rule R7, or an
//   item moves into an inserted section or out of a deleted one, R6 — see
//   `BatchChangeset`); a client that ignores a stage cannot half-apply the
//   changeset unnoticed. `updates` are in final coordinates, applied after all stages. Empty
//   arrays are written, not omitted. In-stage `"reloads"` (never produced by the diff) are
//   written only when present.
// - Batch changeset (flat): `{"stages": [{"deletes": [i], "inserts": [i], "moves": [[from,
//   to]]}], "updates": {"reloads": [i], "reconfigures": [i]}}` (plain item indexes).
// - Sequential changeset: `{"operations": [SeqOp]}`, each index in the state left by the ones
//   before it: `{"op": "deleteSections" | "insertSections" | "reloadSections", "at", "count"}`,
//   `{"op": "moveSection", "from", "to"}`, `{"op": "deleteItems" | "insertItems" |
//   "reloadItems" | "reconfigureItems", "section", "at", "count"}`, `{"op": "moveItem",
//   "from": [s, i], "to": [s, i]}`. Flat (Android `ListUpdateCallback`): `{"op": "remove" |
//   "insert", "at", "count"}`, `{"op": "move", "from": i, "to": i}`, `{"op": "change", "at",
//   "count", "kind": "reload" | "reconfigure"}`. No item both lists hold is removed and
//   inserted again: an inserted section arrives with the items the old list lacks and the
//   others move into it; a deleted section stays until the items it gives away have moved out.
//
// Wire decisions
// - Unknown members in our objects are rejected by default (`schemaViolation` naming the
//   member and the allowed ones: a misspelt mark must not be silently ignored);
//   `WireDecodingOptions(unknownMembers: .ignore)` skips them instead. A repeated member in
//   our objects is always an error at the second occurrence.
// - The changeset readers (`WireDecoder.batchChangeset`, `.sequentialChangeset`) are as strict
//   as the snapshot decoders: every member the writer always writes is required (`stages`,
//   `updates`, each group's `deletes`/`inserts`/`moves`, each update list, an operation's
//   `at`, `count`, `section`, `from`, `to`, `kind` as its `op` takes them), a member the object
//   does not take is an unknown member, and a sequential `from`/`to` must be `[s, i]` for a
//   sectioned item move and a plain index otherwise. A missing member is a `schemaViolation`
//   at the object's pointer.
// - Schema errors are `JSONReadError`s of kind `typeMismatch` (wrong JSON type) or
//   `schemaViolation`, with offset, line, column and pointer like syntax errors.
// - Content keeps a range into one shared immutable copy of the body (`_WireBody`), behind one
//   reference per content (one small allocation per item that has content), so an item is 40
//   bytes. Identifiers of up to 15 UTF-8 bytes are stored inline in the `WireID` (no
//   allocation), and so are canonical UUIDs (16 bytes and one bit for their letters' case;
//   mixed case or another variant than RFC 9562's stays text, so each text has one form);
//   longer ones are copied once per request into shared 64 KiB slabs.
// - Decoders are internal, non-generic code of this module (optimised whole-module); the
//   public entry points are non-generic, so nothing needs `@inlinable` across modules except
//   `WireID`'s hashing and the writer's primitives, which are.
