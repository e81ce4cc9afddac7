import CLeptonica
import Foundation

/// Process-wide Leptonica settings.
enum Leptonica {
    /// Leptonica prints its own errors to stderr; StampKit reports one line per bad file itself.
    private static let silenced: Void = {
        _ = setMsgSeverity(l_int32(L_SEVERITY_NONE))
    }()

    /// Turns Leptonica's stderr messages off (idempotent, thread-safe via a lazy static).
    static func silence() { _ = silenced }
}

/// The C codecs' own complaints about odd but readable files (libjpeg's "Corrupt JPEG data: …
/// extraneous bytes", libpng's and libtiff's warnings) are printed on the C `stderr` stream
/// through their default handlers, which neither Leptonica's severity nor any codec option
/// reaches. A program that reports each problem in one line of its own points that stream at
/// /dev/null once, at start-up, before any thread exists. File descriptor 2 is untouched, so
/// writes through `FileHandle.standardError` still arrive.
public enum CodecOutput {
    /// glibc's `FILE *stderr` variable, reached by address (Swift 6 refuses the C global itself).
    private static func stream() -> UnsafeMutablePointer<UnsafeMutablePointer<FILE>?>? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "stderr")?.assumingMemoryBound(to: UnsafeMutablePointer<FILE>?.self)
    }

    /// Sends the C `stderr` stream to /dev/null for the rest of the process. Call it first
    /// thing in `main`, before any thread starts: the stream variable is not guarded.
    public static func silenceAtStartUp() {
        guard let stream = stream(), let devNull = fopen("/dev/null", "w") else { return }
        stream.pointee = devNull
    }
}
