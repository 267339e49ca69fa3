import ListDiffJSON

/// Reads a problem+json body into a ``ServerProblem``. Unknown members are skipped (a newer
/// server may add some); a body that is not a problem still gives one, from the status.
enum ProblemReader {
    static func problem(status: Int, body: [UInt8]) -> ServerProblem {
        var problem = ServerProblem(
            status: status, title: "HTTP \(status)", detail: String(decoding: body.prefix(512), as: UTF8.self))
        do throws(JSONReadError) {
            try JSONReader.read(body) { (reader) throws(JSONReadError) in
                guard try reader.peekKind() == .object else { return }
                try reader.beginObject()
                while let member = try reader.nextMember() {
                    try read(member, into: &problem, from: &reader)
                }
            }
        } catch {
            // Not a problem document (a proxy's HTML page, say): keep what the status says.
        }
        return problem
    }

    /// One member; `status` is the HTTP status's, whatever the body says.
    private static func read(_ member: JSONString, into problem: inout ServerProblem, from reader: inout JSONReader)
        throws(JSONReadError)
    {
        let kind = try reader.peekKind()
        switch member {
        case "type" where kind == .string: problem.type = try reader.readStringValue()
        case "title" where kind == .string: problem.title = try reader.readStringValue()
        case "detail" where kind == .string: problem.detail = try reader.readStringValue()
        case "pointer" where kind == .string: problem.pointer = try reader.readStringValue()
        case "operationIndex" where kind == .number: problem.operationIndex = try reader.readInt()
        case "currentVersion" where kind == .string:
            problem.currentVersion = SnapshotVersion(try reader.readStringValue())
        case "limit" where kind == .number: problem.limit = try reader.readInt()
        case "parameter" where kind == .string: problem.parameter = try reader.readStringValue()
        case "duplicates" where kind == .array:
            try reader.beginArray()
            while try reader.hasNextElement() {
                if try reader.peekKind() == .string {
                    problem.duplicates.append(try reader.readStringValue())
                } else {
                    try reader.skipValue()
                }
            }
        default: try reader.skipValue()
        }
    }
}
