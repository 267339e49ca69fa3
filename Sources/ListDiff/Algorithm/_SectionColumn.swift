/// One value per section of a side of a diff — the section columns of ``_DiffIndexes``
/// (targets, sources, stability, flat bases, item counts) and the matcher's per-section flags
/// — with a side of one section held inline. Every flat list's diff has one section a side,
/// and its nine section columns then allocate nothing (a third of a 20-item request's
/// allocations); more sections are kept in an array.
@usableFromInline
struct _SectionColumn<Element>: RandomAccessCollection, MutableCollection {
    /// The value when there is exactly one; nil otherwise.
    @usableFromInline var _only: Element?
    /// The values when there are none or more than one; empty otherwise.
    @usableFromInline var _many: [Element]

    /// No section. O(1).
    @inlinable
    init() {
        _only = nil
        _many = []
    }

    /// `count` copies of `value`. O(1) for one, O(count) otherwise.
    @inlinable
    init(repeating value: Element, count: Int) {
        if count == 1 {
            _only = value
            _many = []
        } else {
            _only = nil
            _many = [Element](_filling: value, count: count)
        }
    }

    /// The values of `values`, in order. O(1).
    @inlinable
    init(_ values: [Element]) {
        if values.count == 1 {
            _only = values[0]
            _many = []
        } else {
            _only = nil
            _many = values
        }
    }

    @inlinable var startIndex: Int { 0 }

    @inlinable var endIndex: Int { _only == nil ? _many.count : 1 }

    /// The value of section `position`. O(1).
    @inlinable
    subscript(position: Int) -> Element {
        get {
            guard let only = _only else { return _many[position] }
            precondition(position == 0, "section index out of range")
            return only
        }
        set {
            guard _only != nil else {
                _many[position] = newValue
                return
            }
            precondition(position == 0, "section index out of range")
            _only = newValue
        }
    }

    /// Calls `body` with the values in contiguous storage. O(1).
    @inlinable
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        guard let only = _only else { return try _many.withUnsafeBufferPointer(body) }
        return try withUnsafePointer(to: only) { try body(UnsafeBufferPointer(start: $0, count: 1)) }
    }
}

extension _SectionColumn: ExpressibleByArrayLiteral {
    @inlinable
    init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

extension _SectionColumn: Equatable where Element: Equatable {
    @inlinable
    static func == (left: Self, right: Self) -> Bool { left.elementsEqual(right) }
}

extension _SectionColumn: Sendable where Element: Sendable {}
