extension WireID {
    /// The identifier of the one section of a flat list: the empty string.
    public static let flatSection = WireID("")
}
