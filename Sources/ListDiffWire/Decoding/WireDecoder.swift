import ListDiff
import ListDiffJSON

/// Decodes the wire's documents straight from bytes into engine values: no intermediate tree,
/// no Foundation. Identifiers are interned per body (each hashed once, one `String` per
/// distinct identifier); content keeps a range into one shared copy of the body.
///
/// Every error is a ``JSONReadError`` with the byte offset, line, column and JSON Pointer of
/// the offending element; schema errors have kind ``JSONReadError/Kind/schemaViolation`` or
/// ``JSONReadError/Kind/typeMismatch``. See the module documentation for the shapes.
public enum WireDecoder {
    /// Decodes a snapshot: a bare array of items, `{"items": […], …}` (both flat) or
    /// `{"sections": […], "reloaded"?, "reconfigured"?, "reloadedSections"?}`.
    /// - Complexity: O(n) expected for n bytes.
    public static func snapshot(_ body: [UInt8], options: WireDecodingOptions = WireDecodingOptions())
        throws(JSONReadError) -> WireSnapshotDocument
    {
        try _WireDecoder.run(body, options: options) { (decoder) throws(JSONReadError) in try decoder.readSnapshot() }
    }

    /// Decodes a diff request `{"old": S, "new": S}`; one intern table serves both snapshots.
    /// - Complexity: O(n) expected for n bytes.
    public static func diffRequest(_ body: [UInt8], options: WireDecodingOptions = WireDecodingOptions())
        throws(JSONReadError) -> WireDiffRequest
    {
        try _WireDecoder.run(body, options: options) { (decoder) throws(JSONReadError) in try decoder.readDiffRequest()
        }
    }

    /// Decodes an operations list `{"operations": [{"op": …, …}, …]}`. Whether the operations
    /// apply to a snapshot is decided by ``WireSnapshot/applying(_:)``, whose
    /// ``WireOperationError`` names the failing operation.
    /// - Complexity: O(n) expected for n bytes.
    public static func operations(_ body: [UInt8], options: WireDecodingOptions = WireDecodingOptions())
        throws(JSONReadError) -> [WireOperation]
    {
        try _WireDecoder.run(body, options: options) { (decoder) throws(JSONReadError) in try decoder.readOperations() }
    }

    /// Decodes a batch changeset as ``WireEncoder/batchChangeset(_:flat:reservingCapacity:)``
    /// writes it (for clients and tests); `flat` nil reads either form, each index path as it
    /// is written (a plain index is item `i` of section 0). O(n).
    public static func batchChangeset(
        _ body: [UInt8], flat: Bool?, options: WireDecodingOptions = WireDecodingOptions()
    ) throws(JSONReadError) -> WireBatchDocument {
        try _WireDecoder.run(body, options: options) { (decoder) throws(JSONReadError) in
            try decoder.readBatch(flat: flat)
        }
    }

    /// Decodes a sequential changeset as ``WireEncoder/sequentialChangeset(_:flat:reservingCapacity:)`` writes it
    /// (for clients and tests); `flat` nil reads either form. O(n).
    public static func sequentialChangeset(
        _ body: [UInt8], flat: Bool?, options: WireDecodingOptions = WireDecodingOptions()
    ) throws(JSONReadError) -> SequentialChangeset {
        try _WireDecoder.run(body, options: options) { (decoder) throws(JSONReadError) in
            try decoder.readSequential(flat: flat)
        }
    }

    /// Decodes a versioned snapshot's answer to a write or a `changes` request: a changeset
    /// (batch or sequential, as asked for; flat or sectioned as written) with its fresh
    /// `values` when present, or a reset with the whole snapshot (for clients). O(n).
    public static func changes(_ body: [UInt8], sequential: Bool, options: WireDecodingOptions = WireDecodingOptions())
        throws(JSONReadError) -> WireChangesDocument
    {
        try _WireDecoder.run(body, options: options) { (decoder) throws(JSONReadError) in
            try decoder.readChanges(sequential: sequential)
        }
    }

    /// Decodes a stored snapshot as `GET` answers it, `{"version", "digest", "snapshot"}`
    /// (for clients). O(n).
    public static func versionedSnapshot(_ body: [UInt8], options: WireDecodingOptions = WireDecodingOptions())
        throws(JSONReadError) -> WireVersionedSnapshot
    {
        try _WireDecoder.run(body, options: options) { (decoder) throws(JSONReadError) in
            try decoder.readVersionedSnapshot()
        }
    }

    /// Decodes `{"session": name}` as ``WireEncoder/createdSession(_:)`` writes it. O(n).
    public static func createdSession(_ body: [UInt8], options: WireDecodingOptions = WireDecodingOptions())
        throws(JSONReadError) -> String
    {
        try _WireDecoder.run(body, options: options) { (decoder) throws(JSONReadError) in
            try decoder.readCreatedSession()
        }
    }

    /// Decodes a session listing as ``WireEncoder/sessionListing(_:)`` writes it. O(n).
    public static func sessionListing(_ body: [UInt8], options: WireDecodingOptions = WireDecodingOptions())
        throws(JSONReadError) -> WireSessionListing
    {
        try _WireDecoder.run(body, options: options) { (decoder) throws(JSONReadError) in
            try decoder.readSessionListing()
        }
    }
}
