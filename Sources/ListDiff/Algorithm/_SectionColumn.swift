/// One value per section of a side of a diff — the section columns of ``_DiffIndexes``
/// (targets, sources, stability, flat bases, item counts) and the matcher's per-section flags
/// — with a side of one section held inline. Every flat list's diff has one section a side,
/// and its nine section columns then allocate nothing (they would be a large share of a small
/// request's allocations); more sections are kept in an array.
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

    /// The value of section `position`. O(1). Always inlined: the staged diffs read section
    /// columns once an item, where a call costs more than the read.
    @inlinable @inline(__always)
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

    /// Calls `body` with the values in contiguous storage: the array's, or a one-element
    /// copy of the inline value on the stack. O(1). `body` is called from one place and the
    /// whole is inlined, as the array's own is: with two calls, the compiler compiled `body`
    /// apart, and a per-item loop in it reached everything through the closure's context.
    @inlinable @inline(__always)
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try withUnsafeTemporaryAllocation(of: Element.self, capacity: 1) { single in
            try _many.withUnsafeBufferPointer { many in
                var values = many
                if let only = _only {
                    single.initializeElement(at: 0, to: only)
                    values = UnsafeBufferPointer(single)
                }
                defer { if _only != nil { single.deinitialize() } }
                return try body(values)
            }
        }
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
