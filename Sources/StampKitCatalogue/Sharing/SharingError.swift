import Foundation
import StampKitSupport

/// Why an atlas page or a collage could not be made. Messages name the path and the fix.
public struct SharingError: StampKitFailure, Equatable {
    /// Stable codes, one per way making a shareable file can fail.
    public enum Code: String, Sendable {
        /// The filters leave no stamp to show.
        case noStamps = "no-stamps"
        /// The output folder holds files that are not an earlier atlas.
        case outputNotEmpty = "output-not-empty"
        /// The output folder or file cannot be written (permissions, a full disk, not a folder).
        case notWritable = "output-not-writable"
    }

    /// Which way it failed.
    public let kind: Code
    /// One line: what happened and how to fix it.
    public let message: String

    /// A failure of `kind` explained by `message`.
    public init(_ kind: Code, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// Nothing to show and a place that cannot be written are the input's fault (as for
    /// `export -o`); a folder that is not ours is the command line's.
    public var failureClass: FailureClass {
        switch kind {
        case .noStamps, .notWritable: .input
        case .outputNotEmpty: .usage
        }
    }

    /// The stable machine-readable code.
    public var code: String { kind.rawValue }
}
