import Foundation
import Testing

/// Drives a program in a real pseudo-terminal through tmux, as a person at a keyboard would:
/// keys go in with `send-keys`, the screen comes back with `capture-pane`. Each session runs on
/// its own tmux server (its own socket), so tests never touch the person's tmux or each other.
final class Tmux {
    /// Why a tmux-driven test could not go on.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let socket: String
    static let session = "review"

    /// The tmux executable, or a failure that says how to install it (the review tests need it).
    static func executable() throws -> URL {
        for dir in ["/usr/bin", "/usr/local/bin", "/bin"] {
            let url = URL(fileURLWithPath: dir).appendingPathComponent("tmux")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw Failure(description: "tmux is not installed; the interactive review tests drive a real terminal with it: apt-get install -y tmux")
    }

    /// Starts `command` (argv) in a new `width × height` terminal with `environment` added. The
    /// shell that wraps it prints "[exit N]" when it ends and stays open, so the screen and the
    /// status can be read afterwards.
    init(_ command: [String], environment: [String: String] = [:], width: Int = 120, height: Int = 40, before: String = "", after: String = "") throws {
        socket = "stampkit-test-\(UUID().uuidString.prefix(8))"
        let env = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quote($0.value))" }.joined(separator: " ")
        let line = "\(before)env \(env) \(command.map(Self.quote).joined(separator: " ")); echo \"[exit $?]\"; \(after)sleep 600"
        try run(["-f", "/dev/null", "new-session", "-d", "-x", String(width), "-y", String(height), "-s", Self.session, "/bin/sh", "-c", line])
    }

    deinit { try? run(["kill-server"]) }

    /// Single-quotes a word for /bin/sh.
    static func quote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = try Self.executable()
        process.arguments = ["-L", socket] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "tmux \(arguments.prefix(2).joined(separator: " ")) failed with status \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Presses tmux key names: "Enter", "Up", "Down", "Escape", "BSpace", "C-c", or plain letters.
    func press(_ keys: String...) throws {
        try run(["send-keys", "-t", Self.session] + keys)
    }

    /// Types text literally (UTF-8 included).
    func type(_ text: String) throws {
        try run(["send-keys", "-t", Self.session, "-l", text])
    }

    /// The screen as text, without colours.
    func screen() throws -> String {
        try run(["capture-pane", "-p", "-t", Self.session])
    }

    /// The screen with its colour escape sequences (to check the preview is drawn).
    func screenWithColours() throws -> String {
        try run(["capture-pane", "-p", "-e", "-t", Self.session])
    }

    /// Polls the screen until `text` appears; fails with the last screen after `timeout` seconds.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 30) throws -> String {
        try waitUntil("'\(text)'", timeout: timeout) { $0.contains(text) }
    }

    /// Polls the screen until `condition` holds.
    @discardableResult
    func waitUntil(_ what: String, timeout: Double = 30, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if condition(last) { return last }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw Failure(description: "waited \(Int(timeout)) s for \(what); the screen shows:\n\(last)")
    }

    /// Waits for the program to end and returns its exit status.
    func exitStatus(timeout: Double = 30) throws -> Int32 {
        let screen = try waitUntil("the program to end", timeout: timeout) { $0.range(of: #"\[exit \d+\]"#, options: .regularExpression) != nil }
        let range = screen.range(of: #"\[exit \d+\]"#, options: .regularExpression)!
        return Int32(screen[range].dropFirst(6).dropLast()) ?? -1
    }
}
