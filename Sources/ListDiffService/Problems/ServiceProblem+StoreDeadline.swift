extension ServiceProblem {
    /// 503 `store-unavailable` with `Retry-After` for a store call its admission did not run,
    /// or whose store did not answer before its deadline. `outcomeUnknown`: a write was sent
    /// and may have been committed.
    static func storeCallRefused(
        _ refusal: StoreCallAdmission.Refusal, timeout: Double, limit: Int = 0, outcomeUnknown: Bool = false
    )
        -> ServiceProblem
    {
        let detail =
            switch refusal {
            case .deadlinePassed:
                "the snapshot store did not answer within \(seconds(timeout)) s"
                    + (outcomeUnknown
                        ? outcomeUnknownAdvice : "; nothing was changed")
            case .queueFull:
                "too many requests are waiting for the snapshot store (limit \(limit)); nothing was changed"
            case .askerGone:
                "the client closed its connection before its request ran; nothing was changed"
            }
        var problem = ServiceProblem(503, "store-unavailable", title: "Store unavailable", detail: detail)
        problem.headers.append(name: "Retry-After", value: "1")
        return problem
    }

    /// What a client may do about a change that was sent but not acknowledged (a store that
    /// did not answer in time, or replicas that did not confirm it): it may have been made, and
    /// sending it again tells which.
    static let outcomeUnknownAdvice =
        "; the change may have been committed: retrying is safe (a write sent again with its If-Match gets 412 if it was kept, a delete gets 404 if it was done)"

    /// Seconds for a person: at most two decimals, no trailing zeros (`2`, `0.5`, `0.25`).
    static func seconds(_ value: Double) -> String {
        let hundredths = Int((max(0, min(value, 1e9)) * 100).rounded())
        let whole = "\(hundredths / 100)"
        switch hundredths % 100 {
        case 0: return whole
        case let part where part % 10 == 0: return "\(whole).\(part / 10)"
        case let part: return part < 10 ? "\(whole).0\(part)" : "\(whole).\(part)"
        }
    }
}
