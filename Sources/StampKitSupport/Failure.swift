/// The kind of failure, which decides the executable's exit code and how a person fixes it.
public enum FailureClass: String, Sendable, Codable {
    /// The command line itself was wrong (exit 64).
    case usage
    /// An input image or text is missing, unreadable, or refused (exit 65).
    case input
    /// Tesseract's language data is missing (exit 69).
    case languageData
    /// The gazetteer or catalogue database is missing, corrupt, or failed (exit 74).
    case database
    /// A page without a machine-readable zone (exit 67).
    case noMRZ
    /// Anything else (exit 70).
    case other

    /// The process exit code for this class (sysexits.h where one fits).
    public var exitCode: Int32 {
        switch self {
        case .usage: 64
        case .input: 65
        case .noMRZ: 67
        case .languageData: 69
        case .other: 70
        case .database: 74
        }
    }
}

/// An error of one StampKit domain: a class for the exit code, a stable code, and one line that
/// says what happened and how to fix it. Messages never carry a passport number or a name.
public protocol StampKitFailure: Error, CustomStringConvertible, Sendable {
    /// Decides the exit code.
    var failureClass: FailureClass { get }
    /// A stable machine-readable code, e.g. `image-too-large`.
    var code: String { get }
    /// One line: what happened and how to fix it.
    var message: String { get }
}

extension StampKitFailure {
    /// The one-line message.
    public var description: String { message }
}
