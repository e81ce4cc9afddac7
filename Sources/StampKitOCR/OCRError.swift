import StampKitSupport

/// Why the OCR stage could not start or read.
public struct OCRError: StampKitFailure, Equatable {
    /// Stable codes, one per way the OCR stage fails.
    public enum Code: String, Sendable {
        /// A requested language's `.traineddata` file is not installed.
        case languageDataMissing = "ocr-language-missing"
        /// No tessdata directory exists at all.
        case tessdataMissing = "ocr-tessdata-missing"
        /// A language name that cannot be a Tesseract language (e.g. contains a slash).
        case badLanguageName = "ocr-bad-language-name"
        /// Tesseract refused to start with the installed data.
        case initFailed = "ocr-init-failed"
        /// Tesseract failed while reading an image.
        case recognitionFailed = "ocr-failed"
    }

    /// Which way the OCR stage failed.
    public let kind: Code
    /// One line: what happened and how to fix it.
    public let message: String

    /// Missing or broken language data is fixed by installing packages; a bad name is usage.
    public var failureClass: FailureClass {
        switch kind {
        case .languageDataMissing, .tessdataMissing, .initFailed: .languageData
        case .badLanguageName: .usage
        case .recognitionFailed: .other
        }
    }

    /// The stable machine-readable code.
    public var code: String { kind.rawValue }

    package init(_ kind: Code, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
