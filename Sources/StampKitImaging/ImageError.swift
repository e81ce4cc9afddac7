import StampKitSupport

/// Why an image could not be loaded, prepared or written.
public struct ImageError: StampKitFailure, Equatable {
    /// Stable codes, one per way an image can be refused.
    public enum Code: String, Sendable {
        /// No file at the path.
        case missing = "image-missing"
        /// The path names a directory.
        case isDirectory = "image-is-directory"
        /// The file exists but cannot be read.
        case unreadable = "image-unreadable"
        /// The file has 0 bytes.
        case empty = "image-empty"
        /// Not JPEG, PNG, TIFF, WebP, BMP, GIF or HEIC/HEIF.
        case unsupportedFormat = "image-unsupported-format"
        /// Cut short or damaged data.
        case corrupt = "image-corrupt"
        /// The header declares more pixels than the limit (decompression bomb guard).
        case tooLarge = "image-too-large"
        /// A crop rectangle not wholly inside the image.
        case cropOutsideImage = "crop-outside-image"
        /// A file (e.g. a thumbnail) could not be written.
        case writeFailed = "image-write-failed"
        /// A Leptonica operation returned nothing.
        case operationFailed = "image-operation-failed"
    }

    /// Which way the image was refused.
    public let kind: Code
    /// One line: what happened and how to fix it.
    public let message: String

    /// Bad input is the person's to fix; a failed write or operation is ours or the disk's.
    public var failureClass: FailureClass {
        switch kind {
        case .writeFailed, .operationFailed: .other
        default: .input
        }
    }

    /// The stable machine-readable code.
    public var code: String { kind.rawValue }

    package init(_ kind: Code, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
