/// What a ``JSONWriter`` has opened and what may come next, kept by debug builds so that a
/// writer that would emit invalid JSON stops at the call that breaks it, wherever it is made:
/// a close of the wrong kind or with nothing open, a value in an object without its member
/// name, a member name outside an object or twice in a row, a second document.
@usableFromInline
struct _JSONStructure {
    /// The open containers, innermost last: true for an object, false for an array.
    @usableFromInline var containers: [Bool] = []
    /// Inside an object: a member name was written and its value is due.
    @usableFromInline var valueIsDue = false
    /// The document's one value has been written whole.
    @usableFromInline var isDone = false

    @inlinable init() {}

    var isComplete: Bool { isDone && containers.isEmpty }

    /// A scalar value (or the start of a container). Answers what is wrong, or nil. O(1).
    @inlinable
    mutating func value() -> String? {
        if let isObject = containers.last {
            guard !isObject || valueIsDue else { return "a value inside an object without its member name" }
            valueIsDue = false
            return nil
        }
        guard !isDone else { return "a second value after the document ended" }
        isDone = true
        return nil
    }

    @inlinable
    mutating func open(isObject: Bool) -> String? {
        if let problem = value() { return problem }
        if containers.isEmpty { isDone = false }
        containers.append(isObject)
        return nil
    }

    @inlinable
    mutating func close(isObject: Bool) -> String? {
        let kind = isObject ? "an object" : "an array"
        guard let innermost = containers.last else { return "a close of \(kind) with nothing open" }
        guard innermost == isObject else {
            return "a close of \(kind) while \(innermost ? "an object" : "an array") is innermost"
        }
        guard !valueIsDue else { return "a close of an object after a member name without its value" }
        containers.removeLast()
        if containers.isEmpty { isDone = true }
        return nil
    }

    @inlinable
    mutating func key() -> String? {
        guard containers.last == true else { return "a member name outside an object" }
        guard !valueIsDue else { return "a member name where a value is due" }
        valueIsDue = true
        return nil
    }
}
