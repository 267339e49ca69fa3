extension JSONReadError {
    /// The category of a ``JSONReadError``.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The input ended inside a value.
        case unexpectedEndOfInput
        /// A byte that cannot start or continue the expected token.
        case unexpectedCharacter
        /// A byte sequence that is not well-formed UTF-8 (overlong, surrogate, truncated, …).
        case invalidUTF8
        /// A backslash escape other than `\" \\ \/ \b \f \n \r \t \uXXXX`.
        case invalidEscape
        /// A `\u` escape of a UTF-16 surrogate that is not part of a valid pair.
        case loneSurrogate
        /// An unescaped control character (U+0000–U+001F) inside a string.
        case controlCharacterInString
        /// A number that does not follow the RFC 8259 grammar.
        case invalidNumber
        /// An integer that does not fit the requested type.
        case numberOutOfRange
        /// Nesting deeper than ``JSONReadOptions/maxDepth``.
        case depthLimitExceeded
        /// Input longer than ``JSONReadOptions/maxInputBytes``.
        case inputTooLarge
        /// Bytes other than whitespace after the top-level value.
        case trailingData
        /// The input starts with a UTF-8 byte order mark, which RFC 8259 forbids.
        case byteOrderMark
        /// A well-formed value of the wrong JSON type for the schema.
        case typeMismatch
        /// A schema rule broken by a well-formed document (missing member, duplicate ID, …).
        case schemaViolation

        /// A short human-readable heading for the description.
        public var summary: String {
            switch self {
            case .unexpectedEndOfInput: "Truncated JSON"
            case .unexpectedCharacter: "Invalid JSON"
            case .invalidUTF8: "Invalid UTF-8 in JSON"
            case .invalidEscape: "Invalid escape in JSON string"
            case .loneSurrogate: "Unpaired UTF-16 surrogate escape in JSON string"
            case .controlCharacterInString: "Unescaped control character in JSON string"
            case .invalidNumber: "Invalid JSON number"
            case .numberOutOfRange: "JSON number out of range"
            case .depthLimitExceeded: "JSON nested too deeply"
            case .inputTooLarge: "JSON input too large"
            case .trailingData: "Unexpected data after the JSON value"
            case .byteOrderMark: "JSON must not start with a byte order mark"
            case .typeMismatch: "Wrong JSON type"
            case .schemaViolation: "Invalid value"
            }
        }
    }
}
