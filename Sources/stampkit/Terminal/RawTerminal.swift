import Foundation

// The state to put back when the process is stopped by a signal. Signal handlers cannot
// capture context, so it lives in globals, written once before the handlers are installed.
nonisolated(unsafe) private var savedInputFD: Int32 = -1
nonisolated(unsafe) private var savedOutputFD: Int32 = -1
nonisolated(unsafe) private var savedState = termios()
nonisolated(unsafe) private var savedHandlers: [Int32: sighandler_t?] = [:]
/// Leaves the alternate screen and shows the cursor; a C buffer so a handler can write it.
nonisolated(unsafe) private let leaveSequence: (pointer: UnsafeMutablePointer<UInt8>, count: Int) = {
    let bytes = Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8)
    let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
    pointer.initialize(from: bytes, count: bytes.count)
    return (pointer, bytes.count)
}()

private func restoreFromSignal(_ signal: Int32) {
    if savedInputFD >= 0 {
        tcsetattr(savedInputFD, TCSAFLUSH, &savedState)
        _ = write(savedOutputFD, leaveSequence.pointer, leaveSequence.count)
    }
    // Die of the same signal, so the parent sees why.
    Foundation.signal(signal, SIG_DFL)
    raise(signal)
}

/// The terminal in raw mode for the review screens: keys arrive one by one without echo, the
/// screens draw on the alternate screen. Whatever happens — a normal end, a thrown error,
/// SIGINT, SIGTERM, SIGHUP — the terminal is put back as it was, so the person's shell keeps
/// working. Not Sendable: one per process, used from the main thread.
final class RawTerminal {
    /// Where keys come from (stdin).
    let input: Int32
    /// Where the screens are drawn (stderr, so stdout stays for results).
    let output: Int32
    private var decoder = KeyDecoder()
    private var queued: [Key] = []
    private var active = false
    private static let handledSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Both ends are terminals: the only case in which the review may ask anything.
    static func isInteractive(input: Int32 = STDIN_FILENO, output: Int32 = STDERR_FILENO) -> Bool {
        isatty(input) == 1 && isatty(output) == 1
    }

    /// Switches `input` to raw mode and `output` to the alternate screen.
    init(input: Int32 = STDIN_FILENO, output: Int32 = STDERR_FILENO) throws {
        self.input = input
        self.output = output
        var state = termios()
        guard tcgetattr(input, &state) == 0 else {
            throw UsageError(message: "the terminal's settings cannot be read; run the review in a terminal, or use --yes")
        }
        // Made now: a signal handler must not be the first to touch a lazy global.
        _ = leaveSequence.count
        savedState = state
        savedInputFD = input
        savedOutputFD = output
        var raw = state
        // No line buffering, echo, signals from keys (Ctrl-C comes as a key and quits cleanly),
        // flow control or CR→NL; output processing stays on so "\n" still returns the carriage.
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        for signal in Self.handledSignals {
            savedHandlers[signal] = Foundation.signal(signal) { restoreFromSignal($0) }
        }
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
            restoreHandlers()
            throw UsageError(message: "the terminal cannot be switched to key-by-key input; use --yes to add without asking")
        }
        active = true
        atexit { if savedInputFD >= 0 { tcsetattr(savedInputFD, TCSAFLUSH, &savedState) } }
        write("\u{1B}[?1049h\u{1B}[?25l")
    }

    deinit { restore() }

    /// Puts the terminal back as it was; safe to call more than once.
    func restore() {
        guard active else { return }
        active = false
        _ = Foundation.write(output, leaveSequence.pointer, leaveSequence.count)
        tcsetattr(input, TCSAFLUSH, &savedState)
        restoreHandlers()
        savedInputFD = -1
    }

    private func restoreHandlers() {
        for signal in Self.handledSignals {
            if let previous = savedHandlers[signal] { Foundation.signal(signal, previous) }
        }
        savedHandlers.removeAll()
    }

    /// Writes text as it is (escape sequences included).
    func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Foundation.write(output, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += n
        }
        bytes.removeAll()
    }

    /// Columns and rows of the terminal (80×24 when it does not say).
    var size: (columns: Int, rows: Int) {
        var window = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else { return (80, 24) }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Shows or hides the cursor (shown only while a line is being edited).
    func showCursor(_ visible: Bool) { write(visible ? "\u{1B}[?25h" : "\u{1B}[?25l") }

    /// Waits for the next key. A lone ESC is told from the start of an arrow key's sequence by
    /// waiting 40 ms for the rest, as terminals send a sequence in one burst.
    func readKey() -> Key {
        while queued.isEmpty {
            if decoder.hasPending {
                var poller = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, 40)
                if ready == 0 {
                    queued += decoder.feed([], final: true)
                    continue
                }
            }
            var buffer = [UInt8](repeating: 0, count: 64)
            let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                queued += decoder.feed([], final: true)
                queued.append(.endOfInput)
                continue
            }
            queued += decoder.feed(Array(buffer[0..<n]))
        }
        return queued.removeFirst()
    }
}
