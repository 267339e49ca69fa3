/// Random hex tokens from the system's cryptographic generator (getrandom on Linux): epochs
/// and session names.
public enum RandomToken {
    /// `bits` (a multiple of 64) of randomness as lowercase hex.
    public static func hex(bits: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<max(1, bits / 64)).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}
