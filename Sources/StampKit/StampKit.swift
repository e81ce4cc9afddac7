@_exported import StampKitCatalogue
@_exported import StampKitEvidence
@_exported import StampKitGazetteer
@_exported import StampKitImaging
@_exported import StampKitMRZ
@_exported import StampKitMatching
@_exported import StampKitOCR
@_exported import StampKitScan
@_exported import StampKitSupport

/// The StampKit library: passport stamp photos to a private, offline travel record.
public enum StampKit {
    /// The version printed by `stampkit --version`.
    public static let version = "0.1.0"
}
