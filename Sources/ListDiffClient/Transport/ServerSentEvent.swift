/// One event read from a `text/event-stream`: its type (`message` when the stream named none),
/// its `data` lines joined by line feeds, the `id` field it carried itself (nil when it carried
/// none), and the last event ID the stream set (WHATWG HTML standard, "server-sent events": an
/// `id` persists until another replaces it, and is what a reconnect sends back).
package struct ServerSentEvent: Hashable, Sendable {
    package var type: String
    package var data: String
    package var id: String?
    package var lastEventID: String

    package init(type: String, data: String, id: String?, lastEventID: String) {
        self.type = type
        self.data = data
        self.id = id
        self.lastEventID = lastEventID
    }
}
