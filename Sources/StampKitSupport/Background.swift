import Foundation

/// A value made on a thread of its own, started at once and waited for where it is first
/// needed: work that does not depend on what the caller does next (loading a second
/// Tesseract model, reading a second part of a page) then runs on the second core meanwhile.
/// The value is handed over once, after the thread has finished with it, so a value that is not
/// Sendable (an engine, an image) may cross. The compiler cannot check the maker: it must
/// capture only what the caller no longer touches (a fresh copy of an image, an engine no one
/// else uses) or what is Sendable.
package final class Background<Value>: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    private var result: Result<Value, any Error>?

    /// Starts `make` on a new thread with a stack as large as the main thread's (Tesseract's
    /// page layout analysis recurses deeply).
    package init(_ make: @escaping () throws -> Value) {
        let work = Handover(make)
        let thread = Thread { [self] in
            result = Result { try work.value() }
            finished.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Waits for the thread to finish, then gives its value or throws its error; later calls
    /// return at once with the same.
    package func value() throws -> Value {
        finished.wait()
        defer { finished.signal() }
        return try result!.get()
    }

    /// Carries the maker to the thread: used there alone (the caller keeps no reference).
    private struct Handover: @unchecked Sendable {
        let value: () throws -> Value
        init(_ value: @escaping () throws -> Value) { self.value = value }
    }
}
