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
        // Colour and catalogue settings of the test runner's own environment stay out: each
        // test says what it wants.
        let line = "\(before)env -u NO_COLOR -u COLORTERM -u STAMPKIT_CATALOGUE -u STAMPKIT_GAZETTEER \(env) \(command.map(Self.quote).joined(separator: " ")); echo \"[exit $?]\"; \(after)sleep 600"
        try run(["-f", "/dev/null", "new-session", "-d", "-x", String(width), "-y", String(height), "-s", Self.session, "/bin/sh", "-c", line])
    }

    deinit {
        try? run(["kill-server"])
        // The server may leave its socket file behind; it is this test's alone.
        let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        unlink("\(folder)/tmux-\(getuid())/\(socket)")
    }

    /// Single-quotes a word for /bin/sh.
    static func quote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs one tmux command and returns what it printed. Spawned by hand rather than with
    /// `Process`, to control what the tmux server (forked by the first command) inherits.
    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        let tmux = try Self.executable().path
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-\(UUID().uuidString).out").path
        defer { unlink(output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // The server lives on after this call: it must hold none of the test runner's other
        // descriptors (a runner's pipe kept open would keep the runner waiting for its end).
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in open.compactMap({ Int32($0) }) where fd > 2 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
        // Test threads block signals; a server that inherited the mask could not be stopped
        // by kill-server (it stops itself with SIGTERM) and would outlive the test.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL)
        sigdelset(&defaults, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = [tmux, "-u", "-L", socket] + arguments
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, tmux, &actions, &attributes, cArguments, environ)
        guard spawned == 0 else { throw Failure(description: "could not start tmux (error \(spawned))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else {
            throw Failure(description: "tmux \(arguments.prefix(2).joined(separator: " ")) failed with status \(status)")
        }
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
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

    /// The process id of the program the shell started (the shell's one child).
    func programPID() throws -> pid_t? {
        let shell = try run(["list-panes", "-t", Self.session, "-F", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").first.flatMap { pid_t($0) }
    }

    /// Waits for the program to end and returns its exit status.
    func exitStatus(timeout: Double = 30) throws -> Int32 {
        let screen = try waitUntil("the program to end", timeout: timeout) { $0.range(of: #"\[exit \d+\]"#, options: .regularExpression) != nil }
        let range = screen.range(of: #"\[exit \d+\]"#, options: .regularExpression)!
        return Int32(screen[range].dropFirst(6).dropLast()) ?? -1
    }
}
