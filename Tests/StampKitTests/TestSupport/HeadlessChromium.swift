import Foundation
import Testing
import StampKitSupport

/// Debian's `chromium` run headless, as a person's browser would open a page StampKit wrote:
/// its DOM after the page's JavaScript ran, and screenshots. Each run gets its own profile
/// folder so parallel tests never share one.
struct HeadlessChromium {
    struct Missing: Error, CustomStringConvertible {
        var description: String { "chromium not installed: run make deps (it installs Debian's chromium package)" }
    }

    let executable: String

    /// The browser, or a failure that says how to install it: tests that need it fail loudly
    /// rather than pass without having looked at the page.
    init() throws {
        let candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Missing()
        }
        executable = found
    }

    /// Where tests keep their screenshots for a person to look at (inside `.build`, never committed).
    static var artefacts: URL {
        let url = Repository.root.appendingPathComponent(".build/test-artefacts", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The DOM of `url` once loaded and its scripts ran (`file:` pages may read each other,
    /// so a harness page can click inside an atlas in an iframe).
    func dom(_ url: String) throws -> String {
        try run(["--allow-file-access-from-files", "--virtual-time-budget=5000", "--dump-dom", url])
    }

    /// A PNG of `url` at `width`×`height` CSS pixels.
    func screenshot(_ url: String, to file: URL, width: Int = 1280, height: Int = 1400) throws {
        try? FileManager.default.removeItem(at: file)
        _ = try run(["--hide-scrollbars", "--window-size=\(width),\(height)", "--virtual-time-budget=5000", "--screenshot=\(file.path)", url])
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw Failure(description: "chromium wrote no screenshot of \(url)")
        }
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// Runs the browser with a fresh profile and a time limit (a hung browser fails the test).
    private func run(_ arguments: [String]) throws -> String {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("stampkit-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["120", executable, "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run",
                             "--user-data-dir=\(profile.path)"] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readAll()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "chromium exited with \(process.terminationStatus) on \(arguments.last ?? "")")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
