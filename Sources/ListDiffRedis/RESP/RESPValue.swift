/// One RESP2 reply (https://redis.io/docs/latest/develop/reference/protocol-spec/): what a
/// Redis or Valkey server answers to a command.
public enum RESPValue: Equatable, Sendable {
    /// `+OK`
    case simpleString(String)
    /// `-ERR …`: the server refused the command (not a transport failure).
    case error(String)
    /// `:42`
    case integer(Int64)
    /// `$n` and n bytes; nil for `$-1` (no value).
    case bulkString([UInt8]?)
    /// `*n` and n replies; nil for `*-1`.
    case array([RESPValue]?)

    /// The bytes of a bulk or simple string, nil otherwise.
    public var bytes: [UInt8]? {
        switch self {
        case .bulkString(let bytes): bytes
        case .simpleString(let text): Array(text.utf8)
        default: nil
        }
    }

    /// The text of a bulk or simple string (UTF-8, invalid bytes replaced), nil otherwise.
    public var string: String? { bytes.map { String(decoding: $0, as: UTF8.self) } }

    /// The value of an integer reply, nil otherwise.
    public var integer: Int64? {
        if case .integer(let value) = self { value } else { nil }
    }
}
