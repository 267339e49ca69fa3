/// The difference between two snapshots, computed once and read in either form.
///
/// Paul Heckel's O(n) algorithm, sectioned: sections are matched by identifier, kept
/// sections whose item identifiers are equal are skipped without hashing, and the items of
/// all other sections are hashed once into one symbol table, which also finds items that
/// moved across sections. Moves are minimal: the kept sections, and the items kept within a
/// section, that lie on a longest increasing subsequence of old positions stay; every other
/// one is exactly one move.
///
/// ```swift
/// let diff = try SectionedDiff(from: shown, to: latest)
/// let forUIKit = diff.batch          // performBatchUpdates stages + updates after them
/// let forAndroid = diff.sequential   // ListUpdateCallback-style operations
/// ```
///
/// - Complexity: O(n) expected for n items in changed sections, plus O(m log m) for the LIS
///   of m kept items; O(s + k) for s sections when only k items' contents are compared.
public struct SectionedDiff<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable, Content: Equatable & Sendable>:
    Sendable
{
    public typealias Source = Snapshot<SectionID, ItemID, Content>

    public let old: Source
    public let new: Source
    public let options: DiffOptions
    @usableFromInline let _indexes: _DiffIndexes

    /// Diffs two snapshots; `codes`, when the caller has them (``ItemCodes``), match their
    /// items without hashing (unless the new snapshot marks items: marks are found by hash).
    /// - Throws: ``SectionedDiffError`` when a snapshot repeats an identifier or marks one it
    ///   does not hold (possible only for snapshots built without checks).
    @inlinable
    public init(from old: Source, to new: Source, codes: ItemCodes? = nil, options: DiffOptions = DiffOptions())
        throws(SectionedDiffError<SectionID, ItemID>)
    {
        var matcher = _Matcher(old: old, new: new, codes: codes, options: options)
        _indexes = try matcher.run()
        self.old = old
        self.new = new
        self.options = options
    }

    /// A diff whose indexes were derived from another diff's rather than computed.
    @inlinable
    init(old: Source, new: Source, options: DiffOptions, indexes: _DiffIndexes) {
        _indexes = indexes
        self.old = old
        self.new = new
        self.options = options
    }

    /// One `performBatchUpdates` call and the snapshot the view shows after it: the data
    /// source must report that snapshot while the call runs.
    public struct Stage: Sendable {
        public var update: BatchUpdate
        public var result: Source

        @inlinable
        init(update: BatchUpdate, result: Source) {
            self.update = update
            self.result = result
        }
    }

    /// The batch stages, each with the state it produces, and the content updates after
    /// them: everything a UIKit client needs, computed in one go. One stage, ending at
    /// ``new``, except in the cases ``BatchChangeset`` lists (two or three stages); none when
    /// nothing structural changed. O(s + p) for one stage; a few more diffs of the same
    /// snapshots for more.
    public struct StagedBatch: Sendable {
        public var stages: [Stage]
        public var updates: ContentUpdates

        @inlinable
        init(stages: [Stage], updates: ContentUpdates) {
            self.stages = stages
            self.updates = updates
        }

        /// The changeset alone, without the intermediate snapshots.
        @inlinable
        public var changeset: BatchChangeset {
            BatchChangeset(stages: stages.map(\.update), updates: updates)
        }
    }

    /// See ``StagedBatch``; read it once when both the stages' snapshots and the changeset
    /// are wanted.
    @inlinable
    public var stagedBatch: StagedBatch {
        let (stages, carries) = _batchStages()
        return StagedBatch(stages: stages, updates: _updates(carrying: carries))
    }

    /// The content updates of a changeset that carries items one batch would insert fresh
    /// (``_updatesIncludingCarried()``), or that does not (the matcher's own).
    @inlinable
    func _updates(carrying carries: Bool) -> ContentUpdates {
        carries ? _updatesIncludingCarried() : _indexes.updates
    }

    /// How the batch form is made: one update (most changes), or stages with the state each
    /// produces.
    @usableFromInline
    enum _BatchPlan {
        case single(BatchUpdate)
        /// The non-empty stages, and whether they carry items one batch would insert fresh
        /// (kept items arriving in inserted sections or leaving deleted ones), whose content
        /// changes then need updates too.
        case staged([Stage], carries: Bool)
    }

    /// Decides the batch form: stages when a deleted section gives kept items away or a
    /// section needs a second stage, one update otherwise.
    @inlinable
    func _batchPlan() -> _BatchPlan {
        let emptied = _indexes.deletedSectionsWithKeptItems()
        if !emptied.isEmpty, let staged = _stages(emptying: emptied) {
            return .staged(staged.filter { !$0.update.isEmpty }, carries: true)
        }
        let dirty = _indexes.secondStageSections()
        guard !dirty.isEmpty else { return .single(_indexes.assembleBatch()) }
        let staged = _stages(separating: dirty)
        return .staged(staged.stages.filter { !$0.update.isEmpty }, carries: staged.carries)
    }

    /// The non-empty stages, and whether they carry items (``_BatchPlan/staged(_:carries:)``).
    @inlinable
    func _batchStages() -> (stages: [Stage], carries: Bool) {
        switch _batchPlan() {
        case .single(let update): return (update.isEmpty ? [] : [Stage(update: update, result: new)], false)
        case .staged(let stages, let carries): return (stages, carries)
        }
    }

    /// The batch stages with the state each one produces (``StagedBatch/stages``).
    @inlinable
    public var batchStages: [Stage] { stagedBatch.stages }

    /// The changeset for `performBatchUpdates`: valid by rules R1–R11 of UIKit's batch
    /// updates, with content updates in after-state coordinates.
    @inlinable
    public var batch: BatchChangeset { batchWithIntermediateSnapshots.changeset }

    /// The changeset for `performBatchUpdates` and the snapshot the view shows after each of
    /// its stages but the last (which is ``new``): what a client that applies the stages one by
    /// one needs, without the stages' list when there is one stage (most changes).
    /// O(s + p) for one stage; see ``StagedBatch`` for more.
    @inlinable
    public var batchWithIntermediateSnapshots: (changeset: BatchChangeset, intermediateSnapshots: [Source]) {
        switch _batchPlan() {
        case .single(let update):
            return (BatchChangeset(stages: update.isEmpty ? [] : [update], updates: _indexes.updates), [])
        case .staged(let stages, let carries):
            let staged = StagedBatch(stages: stages, updates: _updates(carrying: carries))
            return (staged.changeset, stages.dropLast().map(\.result))
        }
    }

    /// The changeset as operations applied one after another. O((s + p) log p). Every item
    /// both snapshots hold is carried (moved where it changes place), never deleted and
    /// inserted anew: an inserted section arrives with the items `old` lacks and the others
    /// move into it; a deleted section stays until the items it gives away have moved out.
    @inlinable
    public var sequential: SequentialChangeset {
        _indexes.assembleSequential(updates: _updates(carrying: _indexes.carriesItemsAcrossSectionChanges))
    }

    /// Operation counts of the batch form.
    @inlinable
    public var counts: ChangesetCounts { batch.counts }
}
