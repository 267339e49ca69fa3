/// The server's rule for session and snapshot names, checked before sending: a name outside
/// it would otherwise change the request's path (a `/`) and come back as a bare 404.
enum ResourceName {
    static let maxLength = 128

    /// `name` as a path segment, or an error naming the rule. O(length).
    static func segment(_ name: String, what: String) throws(ListDiffClientError) -> String {
        let valid =
            !name.isEmpty && name.utf8.count <= maxLength
            && name.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "-"):
                    true
                default: false
                }
            }
        guard valid else {
            throw .invalidInput(
                "\(what) name '\(name.prefix(80))' is invalid: use 1 to \(maxLength) characters of A-Z a-z 0-9 . _ ~ -")
        }
        return name
    }
}
