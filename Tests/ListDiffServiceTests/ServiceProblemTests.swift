import ListDiffHTTP
import ListDiffJSON
import ListDiffTestRun
import ListDiffWire
import Testing

@testable import ListDiffService

/// The service's problem bodies, as the JSON module's writer writes them.
@Suite(.ownThreads) struct ServiceProblemTests {
    @Test func aReadErrorBecomesAProblemWithItsPosition() throws {
        let error: JSONReadError
        do {
            try JSONValidator.validate(Array("{\"new\": [1,\n 2,]}".utf8))
            Issue.record("accepted")
            return
        } catch let caught {
            error = caught
        }
        let problem = ServiceProblem.readError(error, of: HTTPRequest(method: "POST", target: "/", path: "/"))
        let json = String(decoding: problem.jsonBytes, as: UTF8.self)
        #expect(
            json.hasPrefix(
                #"{"type":"urn:listdiff:problem:invalid-body","title":"Malformed JSON","status":400,"detail":"Invalid JSON at line 2, column 4 (byte 15), at /new/2: expected a JSON value, found ']'."#
            ))
        #expect(
            json.hasSuffix(
                #","pointer":"/new/2","offset":15,"line":2,"column":4,"expected":"a JSON value","found":"']'"}"#))
        try JSONValidator.validate(problem.jsonBytes)
    }

    @Test func unknownSectionInAnOperationBecomesAProblemWithPointer() throws {
        let stored = try WireDecoder.snapshot(Array(#"{"sections": [{"id": "s", "items": ["a"]}]}"#.utf8)).snapshot
        let operations = try WireDecoder.operations(
            Array(
                #"{"operations": [{"op": "appendItems", "items": ["b"], "section": "s"}, {"op": "appendItems", "items": ["c"], "section": "nope"}]}"#
                    .utf8))
        do {
            _ = try stored.applying(operations)
            Issue.record("expected an error")
        } catch {
            let problem = ServiceProblem.operationFailed(error)
            #expect(problem.status == 422)
            #expect(problem.extensions.contains(ServiceProblem.Extension("pointer", .string("/operations/1"))))
            #expect(problem.detail.contains(#"no section with identifier "nope""#))
        }
    }
}
