import Glibc

/// A socket call that failed: which call and its errno, for the load tool's messages.
struct SocketFailure: Error, CustomStringConvertible {
    let call: String
    let code: Int32

    var description: String { "\(call): \(String(cString: strerror(code)))" }
}
