extension _Matcher {
    /// Content updates in after-state coordinates: section reloads for kept sections whose
    /// content changed or that are marked; item reloads/reconfigures for kept items whose
    /// content changed (a reload when its cell kind changed) or that are marked, except inside reloaded sections (the section
    /// reload already covers them). Inserted elements need no update.
    @inlinable
    mutating func collectUpdates(unchanged: _SectionColumn<Bool>, hasMarks: Bool) throws(Failure) {
        var sectionReloaded = _SectionColumn(repeating: false, count: result.newSectionCount)
        for section in 0..<result.newSectionCount {
            let source = Int(result.newSectionSource[section])
            if source >= 0, old.sections[source].content != new.sections[section].content {
                sectionReloaded[section] = true
            }
        }
        for id in new.reloadedSections {
            guard let section = new._position(ofSection: id) else {
                throw Failure(side: .new, reason: .unknownSection(id))
            }
            if !result.isInserted(new: section) { sectionReloaded[section] = true }
        }
        let contentKind: _UpdateKind = options.contentUpdates == .reload ? .reload : .reconfigure
        // Items compared only when some item has content or marks ask: lists of identifiers
        // alone (most requests) skip the per-item pass over every kept item.
        let comparesItems =
            hasMarks || (Content.self != Never.self && (Self._anyItemContent(old) || Self._anyItemContent(new)))
        var updates = ContentUpdates()
        for section in 0..<result.newSectionCount {
            let source = Int(result.newSectionSource[section])
            guard source >= 0 else { continue }
            if sectionReloaded[section] {
                updates.sectionReloads.append(section)
                continue
            }
            // Without item content or marks, nothing inside a section can need an update.
            guard comparesItems else { continue }
            let newItems = new.sections[section].items
            if unchanged[section] {
                let oldItems = old.sections[source].items
                for index in newItems.indices where oldItems[index].content != newItems[index].content {
                    let kind = Self.contentUpdate(
                        contentKind, from: oldItems[index].content, to: newItems[index].content)
                    Self.append(kind, at: ItemPath(section: section, item: index), to: &updates)
                }
                continue
            }
            let base = Int(result.newBase[section])
            for index in newItems.indices {
                let flat = base + index
                guard let partner = result.items.newPartner(flat),
                    !result.isDeleted(old: result.items.oldSection(partner))
                else { continue }
                var kind = hasMarks ? _UpdateKind(rawValue: marks[flat]) ?? .none : .none
                if kind != .reload, case let previous = oldContent(partner), previous != newItems[index].content {
                    kind = max(kind, Self.contentUpdate(contentKind, from: previous, to: newItems[index].content))
                }
                Self.append(kind, at: ItemPath(section: section, item: index), to: &updates)
            }
        }
        result.updates = updates
    }

    /// Whether any item of `snapshot` has content. O(items), ending at the first that has.
    @inlinable
    static func _anyItemContent(_ snapshot: Source) -> Bool {
        snapshot.sections.contains { section in section.items.contains { $0.content != nil } }
    }

    /// How a kept item whose content changed is reported: `style`, or a reload when its cell
    /// kind changed (``KindedContent``), since a reconfigured cell would be of the wrong kind.
    @inlinable
    static func contentUpdate(_ style: _UpdateKind, from old: Content?, to new: Content?) -> _UpdateKind {
        style == .reload || !_CellKinds.changed(old, new) ? style : .reload
    }

    @inlinable
    func oldContent(_ flat: Int) -> Content? {
        let section = result.items.oldSection(flat)
        return old.sections[section].items[flat - Int(result.oldBase[section])].content
    }

    @inlinable
    static func append(_ kind: _UpdateKind, at path: ItemPath, to updates: inout ContentUpdates) {
        switch kind {
        case .none: break
        case .reconfigure: updates.itemReconfigures.append(path)
        case .reload: updates.itemReloads.append(path)
        }
    }
}

extension _UpdateKind: Comparable {
    @usableFromInline
    static func < (lhs: _UpdateKind, rhs: _UpdateKind) -> Bool { lhs.rawValue < rhs.rawValue }
}
