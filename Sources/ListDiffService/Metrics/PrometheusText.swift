import ListDiffHTTP

/// Writes metrics in the Prometheus text exposition format (version 0.0.4).
struct PrometheusText {
    private(set) var text = ""

    /// `# HELP` and `# TYPE` lines of a metric family.
    mutating func family(_ name: String, _ type: String, _ help: String) {
        text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
    }

    /// A family of one unlabelled sample.
    mutating func single(_ name: String, _ type: String, _ help: String, _ value: Double) {
        family(name, type, help)
        sample(name, value)
    }

    mutating func sample(_ name: String, _ value: Double, labels: [(String, String)] = []) {
        text += name
        if !labels.isEmpty {
            text += "{" + labels.map { "\($0.0)=\"\(Self.escaped($0.1))\"" }.joined(separator: ",") + "}"
        }
        text += " " + Self.number(value) + "\n"
    }

    /// A histogram's `_bucket` (cumulative, `le` labels), `_sum` and `_count` samples.
    mutating func histogram(_ name: String, _ latency: RequestMetrics.Latency, labels: [(String, String)] = []) {
        var cumulative = 0
        for (index, bound) in RequestMetrics.latencyBounds.enumerated() {
            cumulative += latency.bucketCounts[index]
            sample(name + "_bucket", Double(cumulative), labels: labels + [("le", Self.number(bound))])
        }
        sample(name + "_bucket", Double(latency.count), labels: labels + [("le", "+Inf")])
        sample(name + "_sum", latency.sumSeconds, labels: labels)
        sample(name + "_count", Double(latency.count), labels: labels)
    }

    private static func escaped(_ value: String) -> String {
        value.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"").replacingAll("\n", with: "\\n")
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

extension String {
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
