import Foundation
import StampKit

/// `stampkit bench batch DIR`: the same book batched with different numbers of workers in the
/// same run, each into a throwaway catalogue, as separate processes so each one's peak memory
/// is its own.
struct BenchBatchCommand: ToolCommand {
    static let jobsList = ValueOption("jobs-list", "N,N…", help: "Worker counts to compare, the first being the baseline (default 1,2).")
    static let rounds = ValueOption("rounds", "N", help: "Runs per worker count, alternating (default 1); medians are reported.")
    static let folder = Argument("dir", help: "A folder of page photos (as 'stampkit batch' takes it).")
    static let spec = CommandSpec(
        name: "batch",
        abstract: "Time 'stampkit batch' on a folder with 1 and 2 workers (or --jobs-list): seconds, stamps/s, speed-up, memory per worker.",
        discussion: """
            Each run is 'stampkit batch DIR --jobs N' started as its own process, into a new \
            catalogue and thumbnail folder in a temporary directory (removed afterwards), so nothing \
            is skipped as already catalogued. Prints per worker count the median seconds, stamps per \
            second, the speed-up against the first count, and the process's peak resident memory \
            (getrusage of the finished child): in total and divided by its workers — the second \
            counts the shared part (the program, the gazetteer's pages, the word lists) once per \
            worker, so it is an upper bound — and what each worker beyond the first added.
            """,
        arguments: [Self.folder],
        options: [Self.jobsList, Self.rounds, GazetteerOption.spec])

    let folder: String
    let jobsList: [Int]
    let rounds: Int
    let gazetteer: URL

    init(_ parsed: ParsedCommand) throws {
        folder = parsed.argument(Self.folder) ?? "."
        let text = parsed.value(Self.jobsList) ?? "1,2"
        let list = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !list.isEmpty, list.allSatisfy({ $0.map { (1...64).contains($0) } == true }) else {
            throw UsageError(message: "--jobs-list takes worker counts 1–64 separated by commas, e.g. 1,2, not '\(text.prefix(40))'")
        }
        jobsList = list.compactMap { $0 }
        rounds = try parsed.integer(Self.rounds, in: 1...20, default: 1)
        gazetteer = GazetteerOption.resolve(parsed)
    }

    /// One finished run of the batch.
    struct Run {
        var seconds: Double
        /// User and system CPU seconds of the whole process.
        var cpu: Double
        var stamps: Int
        var peakMB: Double
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        guard !BookPages.find([folder]).isEmpty else {
            throw UsageError(message: "\(folder) holds no page photos; give a folder of JPEG/PNG/TIFF/HEIC pages")
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("stampkit-bench-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first ?? "?"
        terminal.note("OMP_THREAD_LIMIT=\(ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] ?? "unset"), \(ProcessInfo.processInfo.activeProcessorCount) cores, load average \(load), \(rounds) round(s) per worker count")
        var runs: [Int: [Run]] = [:]
        var counter = 0
        for _ in 0..<rounds {
            for jobs in jobsList {
                counter += 1
                let folder = scratch.appendingPathComponent("run\(counter)")
                let run = try self.batch(jobs: jobs, into: folder)
                runs[jobs, default: []].append(run)
                terminal.note(String(format: "--jobs %d: %.1f s, %.1f s of CPU, %d stamps, peak %.0f MB", jobs, run.seconds, run.cpu, run.stamps, run.peakMB))
                try? FileManager.default.removeItem(at: folder)
            }
        }
        terminal.result("jobs\tseconds\tcpu_s\tcores_used\tstamps\tstamps_per_s\tspeedup\tpeak_mb\tpeak_mb_per_worker\tmb_per_extra_worker")
        let baseJobs = jobsList[0]
        let base = Timing.median(runs[baseJobs]!.map(\.seconds)), basePeak = Timing.median(runs[baseJobs]!.map(\.peakMB))
        for jobs in jobsList where runs[jobs] != nil {
            let list = runs.removeValue(forKey: jobs)!
            let seconds = Timing.median(list.map(\.seconds)), peak = Timing.median(list.map(\.peakMB)), cpu = Timing.median(list.map(\.cpu))
            let stamps = list[0].stamps
            let extra = jobs > baseJobs ? (peak - basePeak) / Double(jobs - baseJobs) : .nan
            terminal.result(String(format: "%d\t%.2f\t%.2f\t%.2f\t%d\t%.3f\t%.2f\t%.0f\t%.0f\t%@", jobs, seconds, cpu, cpu / seconds, stamps, Double(stamps) / seconds,
                                   base / seconds, peak, peak / Double(jobs), extra.isNaN ? "-" : String(format: "%.0f", extra)))
            // CPU time the run got per second: below its worker count, other programs had the
            // cores and the speed-up says more about them than about the batch.
            if cpu / seconds < 0.85 * Double(min(jobs, ProcessInfo.processInfo.activeProcessorCount)) {
                terminal.note(String(format: "stampkit: --jobs %d got only %.2f cores of CPU on average: the machine was busy, so its time and speed-up are limited by that", jobs, cpu / seconds))
            }
            if list.contains(where: { $0.stamps != stamps }) {
                terminal.note("stampkit: runs with --jobs \(jobs) kept different numbers of stamps; the timing compares unequal work")
            }
        }
        return 0
    }

    /// Runs `stampkit batch` with `jobs` workers into a fresh catalogue under `folder`; the
    /// stamps kept are counted from that catalogue.
    private func batch(jobs: Int, into folder: URL) throws -> Run {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let catalogue = folder.appendingPathComponent("catalogue.sqlite")
        let arguments = ["batch", self.folder, "--book", "bench", "--jobs", String(jobs), "--quiet",
                         "--catalogue", catalogue.path, "--gazetteer", gazetteer.path]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = folder.appendingPathComponent("cache").path
        environment["OMP_THREAD_LIMIT"] = environment["OMP_THREAD_LIMIT"] ?? "1"
        let start = ContinuousClock.now
        let (status, usage) = try ChildProcess.run(Self.executable, arguments, environment: environment)
        let elapsed = ContinuousClock.now - start
        // A page that failed is the batch's to report; a database or usage failure means no result.
        guard status == 0 || status == 65 else {
            throw BenchError(message: "'stampkit \(arguments.prefix(2).joined(separator: " ")) …' exited with \(status); run it by hand to see why")
        }
        let store = try CatalogueStore.openForReading(url: catalogue)
        defer { store.close() }
        let stamps = try store.counts().values.reduce(0, +)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return Run(seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
                   cpu: seconds(usage.ru_utime) + seconds(usage.ru_stime), stamps: stamps, peakMB: Double(usage.ru_maxrss) / 1024)
    }

    /// This executable, so the bench times the same build that runs it.
    static var executable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}

/// A bench that could not measure (a run failed).
struct BenchError: StampKitFailure {
    var failureClass: FailureClass { .other }
    var code: String { "bench-failed" }
    var message: String
}

/// Starting a child and waiting for it with its own resource usage (Foundation's `Process`
/// does not give the child's peak memory).
enum ChildProcess {
    /// Runs `path` with `arguments` (stdout and stderr to /dev/null); returns its exit status
    /// (128 + signal when killed) and its rusage.
    static func run(_ path: String, _ arguments: [String], environment: [String: String]) throws -> (Int32, rusage) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw BenchError(message: "cannot start \(path) (\(String(cString: strerror(spawned)))); run the bench from a built stampkit")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0
        return (exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), usage)
    }
}
