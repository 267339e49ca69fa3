/// Codable structs mirroring the wire scenarios' shapes, for Foundation's `JSONDecoder`.
enum FoundationMirrors {
    struct FlatRequest: Decodable {
        let old: [String]
        let new: [String]
    }

    struct ContentRequest: Decodable {
        let old: [Item]
        let new: [Item]
    }

    struct Item: Decodable {
        let id: String
        let content: Content
    }

    struct Content: Decodable {
        let title: String
        let rank: Int
    }

    struct SectionedRequest: Decodable {
        let old: Snapshot
        let new: Snapshot
    }

    struct Snapshot: Decodable {
        let sections: [Section]
    }

    struct Section: Decodable {
        let id: String
        let items: [String]
    }
}
