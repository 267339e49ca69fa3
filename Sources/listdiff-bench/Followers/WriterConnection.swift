/// A connection that PUTs writes, one at a time.
final class WriterConnection {
    let fd: Int32
    /// Which of the options' ports it is connected to.
    let port: Int
    /// The session and sequence number of the write in flight.
    var inFlight: (session: Int, sequence: Int)?
    var unsent: [UInt8] = []
    var response = HTTPResponseReader()

    init(fd: Int32, port: Int) {
        self.fd = fd
        self.port = port
    }
}
