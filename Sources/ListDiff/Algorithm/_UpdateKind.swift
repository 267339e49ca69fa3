/// The update an item needs after the batch; a reload supersedes a reconfigure.
@usableFromInline
enum _UpdateKind: UInt8 {
    case none = 0
    case reconfigure = 1
    case reload = 2
}
