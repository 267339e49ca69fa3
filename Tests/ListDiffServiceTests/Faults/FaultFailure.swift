/// What the fault property test found wrong, in words that say where.
struct FaultFailure: Error, CustomStringConvertible {
    var description: String
}
