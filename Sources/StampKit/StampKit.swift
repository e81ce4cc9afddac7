/// The StampKit library: passport stamp photos to a private, offline travel record.
public enum StampKit {
    /// The version printed by `stampkit --version`.
    public static let version = "0.1.0"
}
