import Foundation
import StampKit
import Synchronization

/// Hands the images of a batch to workers and prints each result in input order as soon as it
/// and all before it are ready, so output is deterministic however the workers interleave.
final class Batch: Sendable {
    private struct State {
        var next = 0
        var finished = 0
        var printed = 0
        var ready: [Int: (lines: [String], failure: CarriedFailure?)] = [:]
        var abandoned: CarriedFailure?
        var firstFailure: FailureClass?
    }

    private let state = Mutex(State())
    private let count: Int
    private let terminal: Terminal
    private let progress: (@Sendable (_ finished: Int, _ count: Int) -> Void)?

    /// With `progress`, that is called after each finished item (in order with the output)
    /// instead of the plain "scanned i/n" line.
    init(count: Int, terminal: Terminal, progress: (@Sendable (_ finished: Int, _ count: Int) -> Void)? = nil) {
        self.count = count
        self.terminal = terminal
        self.progress = progress
    }

    /// The next image index to work on, or nil when none are left (or the batch was abandoned).
    func claim() -> Int? {
        state.withLock { s in
            guard s.abandoned == nil, s.next < count else { return nil }
            defer { s.next += 1 }
            return s.next
        }
    }

    /// Records one image's output and prints whatever is now in order. A failure's message
    /// should name its image (`path: error: …`).
    func finish(_ index: Int, lines: [String], failure: CarriedFailure?) {
        state.withLock { s in
            s.ready[index] = (lines, failure)
            s.finished += 1
            while let item = s.ready.removeValue(forKey: s.printed) {
                terminal.endProgress()
                if let failure = item.failure {
                    terminal.note(failure.message)
                    if s.firstFailure == nil { s.firstFailure = failure.failureClass }
                }
                for line in item.lines { terminal.result(line) }
                s.printed += 1
            }
            if let progress {
                progress(s.finished, count)
            } else if s.finished < count {
                terminal.progress("scanned \(s.finished)/\(count)")
            } else {
                terminal.endProgress()
            }
        }
    }

    /// Runs `workers` threads (at most one per item), each with its own worker from `start`
    /// (a Tesseract engine used by two threads at once crashes, and a database connection
    /// belongs to one thread), handing each the items it claims until none are left. A worker
    /// that cannot start abandons the batch.
    func perform<Worker>(workers: Int, start: @Sendable () throws -> Worker, _ work: @Sendable (Worker, Int) -> Void) {
        DispatchQueue.concurrentPerform(iterations: min(workers, max(1, count))) { _ in
            let worker: Worker
            do {
                worker = try start()
            } catch {
                abandon(error)
                return
            }
            while let index = claim() { work(worker, index) }
        }
    }

    /// Stops handing out work after a failure that no image can get past (e.g. no engine).
    func abandon(_ error: any Error) {
        let failure = CarriedFailure(error)
        state.withLock { s in
            if s.abandoned == nil { s.abandoned = failure }
        }
    }

    /// The class of the first failed image in input order (not in the order workers finished),
    /// so that a rerun of the same batch exits the same way.
    var firstFailure: FailureClass? { state.withLock { $0.firstFailure } }

    /// The failure that abandoned the batch, if any.
    var abandoned: CarriedFailure? { state.withLock { $0.abandoned } }
}

/// A failure carried across threads by value.
struct CarriedFailure: StampKitFailure {
    var failureClass: FailureClass
    var code: String
    var message: String

    /// Any error as a failure; `image` prefixes the message, since image messages do not
    /// name the file.
    init(_ error: any Error, image: String? = nil) {
        let (failureClass, message) = Tool.describe(error)
        self.failureClass = failureClass
        code = (error as? any StampKitFailure)?.code ?? "internal"
        self.message = image.map { "\($0): \(message)" } ?? message
    }
}
