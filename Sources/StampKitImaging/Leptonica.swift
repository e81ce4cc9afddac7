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

/// libjpeg, libpng and libtiff complain with `fprintf(stderr, …)` through the C `stderr` stream,
/// which neither Leptonica's severity nor any codec option reaches. While a codec runs, the C
/// stream points at /dev/null; file descriptor 2 is untouched, so writes through
/// `FileHandle.standardError` (how StampKit and the executable report) are never lost.
enum CodecQuiet {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var depth = 0
    nonisolated(unsafe) private static var saved: UnsafeMutablePointer<FILE>?
    nonisolated(unsafe) private static let devNull: UnsafeMutablePointer<FILE>? = fopen("/dev/null", "w")
    /// glibc's `FILE *stderr` variable, reached by address (Swift 6 refuses the C global itself).
    nonisolated(unsafe) private static let stream: UnsafeMutablePointer<UnsafeMutablePointer<FILE>?>? =
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "stderr")?
            .assumingMemoryBound(to: UnsafeMutablePointer<FILE>?.self)

    /// Runs `body` with the C `stderr` stream muted; nests and overlaps across threads.
    static func run<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        if depth == 0, let devNull, let stream {
            saved = stream.pointee
            stream.pointee = devNull
        }
        depth += 1
        lock.unlock()
        defer {
            lock.lock()
            depth -= 1
            if depth == 0, let saved, let stream { stream.pointee = saved }
            lock.unlock()
        }
        return try body()
    }
}
