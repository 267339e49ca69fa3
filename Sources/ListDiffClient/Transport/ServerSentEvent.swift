/// One event read from a `text/event-stream`: its type (`message` when the stream named none),
/// its `data` lines joined by line feeds, and the last event ID the stream set (WHATWG HTML
/// standard, "server-sent events": an `id` persists until another replaces it).
struct ServerSentEvent: Hashable, Sendable {
    var type: String
    var data: String
    var lastEventID: String
}
