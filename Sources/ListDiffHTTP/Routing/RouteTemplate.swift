/// A path pattern such as `/v1/sessions/{session}/snapshots/{name}`: literal segments match
/// themselves, `{name}` segments match any one non-empty segment.
struct RouteTemplate: Sendable {
    enum Segment: Sendable, Equatable {
        case literal(Substring)
        case parameter(String)
    }

    let text: String
    let segments: [Segment]

    init(_ text: String) {
        self.text = text
        segments = text.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { segment in
            if segment.first == "{" && segment.last == "}" && segment.count > 2 {
                return .parameter(String(segment.dropFirst().dropLast()))
            }
            return .literal(segment)
        }
    }

    var hasParameters: Bool {
        segments.contains { if case .parameter = $0 { true } else { false } }
    }

    /// The parameters if `segments` (a path split at every `/` scalar, without the leading
    /// empty one) matches. O(segments).
    func match(_ pathSegments: [Substring]) -> RouteParameters? {
        guard pathSegments.count == segments.count else { return nil }
        var parameters = RouteParameters()
        for (segment, actual) in zip(segments, pathSegments) {
            switch segment {
            case .literal(let literal):
                guard literal.unicodeScalars.elementsEqual(actual.unicodeScalars) else { return nil }
            case .parameter(let name):
                guard !actual.isEmpty else { return nil }
                parameters.append(name, String(actual))
            }
        }
        return parameters
    }

    /// The path `pathSegments` meant if they are this template's with at least one fixed
    /// segment mistyped (as `isLikelyTypo` judges), its parameters as given; else nil.
    /// O(segments).
    func correcting(
        _ pathSegments: [Substring], _ isLikelyTypo: (_ typed: Substring, _ known: Substring) -> Bool
    ) -> String? {
        guard pathSegments.count == segments.count else { return nil }
        var corrected = ""
        var mistyped = false
        for (segment, typed) in zip(segments, pathSegments) {
            switch segment {
            case .literal(let literal):
                guard literal == typed || isLikelyTypo(typed, literal) else { return nil }
                mistyped = mistyped || literal != typed
                corrected += "/" + literal
            case .parameter:
                guard !typed.isEmpty else { return nil }
                corrected += "/" + typed
            }
        }
        return mistyped ? corrected : nil
    }
}
