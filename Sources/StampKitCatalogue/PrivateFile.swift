import Foundation

/// Files StampKit writes for the person (exports): they say where someone travelled, so they are
/// made readable by their owner only (0600), and written whole or not at all.
public enum PrivateFile {
    /// Writes `data` to `url`: into a hidden file beside it created with mode 0600, then renamed
    /// over `url`, so a reader never sees half a file and a killed process leaves the old one.
    /// Throws `CatalogueError.outputNotWritable` (an input error) naming the folder.
    public static func write(_ data: Data, to url: URL) throws {
        let target = url.standardizedFileURL
        let folder = target.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CatalogueError(.outputNotWritable, "\(target.path) is a folder; give a file name inside it, e.g. \(target.path)/stamps.json")
        }
        let partial = folder + "/." + target.lastPathComponent + ".\(getpid()).partial"
        // A leftover of a killed run may carry another mode: start afresh so 0600 holds.
        unlink(partial)
        let fd = open(partial, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw CatalogueError(
                .outputNotWritable,
                "cannot write \(target.path) (\(CatalogueStore.reason(errno: errno, fallback: "permission denied"))); "
                    + "check that the folder \(folder) exists and is writable by you")
        }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: data)
            try handle.synchronize()
            try handle.close()
        } catch {
            unlink(partial)
            throw CatalogueError(
                .outputNotWritable,
                "writing \(target.path) failed (\(CatalogueStore.reason(errno: errno, fallback: "write error"))); nothing was written; check the disk has free space")
        }
        guard rename(partial, target.path) == 0 else {
            let reason = CatalogueStore.reason(errno: errno, fallback: "rename failed")
            unlink(partial)
            throw CatalogueError(.outputNotWritable, "cannot write \(target.path) (\(reason)); check that it is not a folder and its folder is writable")
        }
    }
}
