/// A command as RESP2 sends it: an array of bulk strings.
public struct RESPCommand: Sendable {
    public var arguments: [[UInt8]]

    public init(_ arguments: [[UInt8]]) {
        self.arguments = arguments
    }

    /// A command of text arguments: `RESPCommand("SET", "key", "value")`.
    public init(_ arguments: String...) {
        self.arguments = arguments.map { Array($0.utf8) }
    }

    /// Appends the command's bytes: `*n\r\n` then `$len\r\n…\r\n` per argument. O(size).
    public func write(into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "*"))
        bytes.append(contentsOf: String(arguments.count).utf8)
        bytes.append(contentsOf: [13, 10])
        for argument in arguments {
            bytes.append(UInt8(ascii: "$"))
            bytes.append(contentsOf: String(argument.count).utf8)
            bytes.append(contentsOf: [13, 10])
            bytes.append(contentsOf: argument)
            bytes.append(contentsOf: [13, 10])
        }
    }
}

extension RESPCommand {
    /// The command's name in capitals (`"MULTI"`), "" for an empty command.
    var name: String {
        arguments.first.map { String(decoding: $0, as: UTF8.self).uppercased() } ?? ""
    }
}
