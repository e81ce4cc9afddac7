import Foundation
import StampKit

/// Where a command writes: results to stdout, everything else to stderr; progress only when
/// stderr is a terminal.
struct Terminal: Sendable {
    /// stderr is an interactive terminal, so progress lines may be drawn.
    let showsProgress: Bool = isatty(STDERR_FILENO) == 1

    /// A result line on stdout.
    func result(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// A JSON result on one line of stdout.
    func result(_ value: JSONValue) {
        result(value.serialized())
    }

    /// A diagnostic or log line on stderr.
    func note(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Redraws the one progress line on stderr (a terminal only).
    func progress(_ line: String) {
        guard showsProgress else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(line)".utf8))
    }

    /// Clears the progress line before other output follows.
    func endProgress() {
        guard showsProgress else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
}
