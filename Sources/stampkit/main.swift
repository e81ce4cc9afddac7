import Foundation
import StampKit

// Tesseract's OpenMP pool oversubscribes two cores and reads OMP_THREAD_LIMIT
// only when the library loads, so the variable must be set before this process starts: set it
// and re-launch once. A person who sets it themselves keeps their value.
if ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] == nil {
    setenv("OMP_THREAD_LIMIT", "1", 1)
    let argv = CommandLine.unsafeArgv
    execv("/proc/self/exe", argv)
    // execv returns only on failure; carry on with the default thread count.
}

// The codecs' default handlers print odd-file warnings on the C stderr stream; StampKit reports
// each problem in one line of its own. Silenced here, before any thread exists.
CodecOutput.silenceAtStartUp()

exit(Tool.main(arguments: Array(CommandLine.arguments.dropFirst())))
