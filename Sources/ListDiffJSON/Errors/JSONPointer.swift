/// An RFC 6901 JSON Pointer: the location of a value inside a JSON document.
///
/// Reference tokens are stored unescaped; `description` renders the pointer with `~` written
/// as `~0` and `/` as `~1`, e.g. `/new/sections/3/items/17`. The empty pointer (`""`) is the
/// whole document.
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible {
    /// The unescaped reference tokens, outermost first. Array indexes are decimal strings.
    public var tokens: [String]

    /// Creates a pointer from unescaped reference tokens. O(1).
    public init(tokens: [String] = []) {
        self.tokens = tokens
    }

    /// The pointer that refers to the whole document.
    public static var root: JSONPointer { JSONPointer() }

    /// This pointer extended by an object member name. O(n) copy of the tokens.
    public func appending(key: String) -> JSONPointer {
        JSONPointer(tokens: tokens + [key])
    }

    /// This pointer extended by an array index. O(n) copy of the tokens.
    public func appending(index: Int) -> JSONPointer {
        JSONPointer(tokens: tokens + [String(index)])
    }

    /// The RFC 6901 string form, e.g. `/a~1b/0`. O(total token length).
    public var description: String {
        var result = ""
        for token in tokens {
            result.append("/")
            for character in token.unicodeScalars {
                switch character {
                case "~": result.append("~0")
                case "/": result.append("~1")
                default: result.unicodeScalars.append(character)
                }
            }
        }
        return result
    }
}
