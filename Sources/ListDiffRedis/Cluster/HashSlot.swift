/// The Redis Cluster slot of a key: CRC16 (XMODEM) of the key, or of its hash tag — the text
/// between the first `{` and the next `}`, when not empty — modulo 16,384. Keys that share a
/// tag share a slot, which is how a session's keys stay on one node.
enum HashSlot {
    static let count = 16_384

    /// O(length of the key); the table is built once.
    static func of(_ key: String) -> Int {
        var bytes = Array(key.utf8)
        if let open = bytes.firstIndex(of: UInt8(ascii: "{")),
            let close = bytes[(open + 1)...].firstIndex(of: UInt8(ascii: "}")), close > open + 1
        {
            bytes = Array(bytes[(open + 1)..<close])
        }
        return Int(crc16(bytes)) % count
    }

    static func crc16(_ bytes: [UInt8]) -> UInt16 {
        var crc: UInt16 = 0
        for byte in bytes {
            crc = (crc << 8) ^ table[Int((crc >> 8) ^ UInt16(byte))]
        }
        return crc
    }

    private static let table: [UInt16] = (0..<256).map { index in
        var crc = UInt16(index) << 8
        for _ in 0..<8 {
            crc = crc & 0x8000 != 0 ? (crc << 1) ^ 0x1021 : crc << 1
        }
        return crc
    }
}
