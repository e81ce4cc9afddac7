import Foundation

/// What `reconcile` found for the records whose photo is not where they say.
public struct ReconcilePlan: Sendable, Equatable {
    /// What to do with one record.
    public enum Action: Sendable, Equatable {
        /// A file with the record's hash is at `to`: update the path.
        case moved(id: Int, from: String, to: String)
        /// The path is missing and no file with the hash exists under the searched folders.
        case gone(id: Int, path: String)
        /// Cannot tell (permission denied, a folder or volume missing): keep, for `reason`.
        case kept(id: Int, path: String, reason: String)
    }

    /// One action per record whose source is not where it was.
    public var actions: [Action]
    /// Records whose source is still in place.
    public var inPlace: Int
    /// The folders searched for moved files, deepest duplicates removed.
    public var searched: [String]

    /// The records to remove.
    public var gone: [Int] {
        actions.compactMap { if case .gone(let id, _) = $0 { id } else { nil } }
    }
}

/// Finds where catalogued photos went. A record is only ever proposed for removal when its path
/// is missing *and* no file with its SHA-256 exists under the folders searched; whenever the
/// answer is uncertain the record is kept and the reason given.
public enum CatalogueReconciler {
    /// Folders a missing volume is usually mounted under: a missing folder below one of them is
    /// more likely an unplugged disk than a deleted folder.
    static let mountRoots = ["/media/", "/mnt/", "/run/media/", "/Volumes/"]

    /// Plans the reconciliation of `records`. `searchFolders` nil: each missing source's
    /// folder (when it still exists) and the folders of the other records' sources.
    public static func plan(records: [StampRecord], searchFolders: [String]? = nil) -> ReconcilePlan {
        var missing: [StampRecord] = []
        var actions: [ReconcilePlan.Action] = []
        var presentFolders: [String] = []
        for record in records {
            let path = record.source.path
            var info = stat()
            if stat(path, &info) == 0 {
                presentFolders.append((path as NSString).deletingLastPathComponent)
                continue
            }
            let code = errno
            guard code == ENOENT || code == ENOTDIR else {
                actions.append(.kept(id: record.id ?? 0, path: path, reason: "cannot check the file: \(describe(code))"))
                continue
            }
            if let reason = unmountedVolume(for: path) {
                actions.append(.kept(id: record.id ?? 0, path: path, reason: reason))
                continue
            }
            missing.append(record)
        }
        let inPlace = records.count - missing.count - actions.count
        let candidates = searchFolders
            ?? missing.map { ($0.source.path as NSString).deletingLastPathComponent } + presentFolders
        let folders = outermost(candidates.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        guard !missing.isEmpty else {
            return ReconcilePlan(actions: actions, inPlace: inPlace, searched: [])
        }
        var walk = Walk(wantedSizes: Set(missing.map(\.source.size)))
        for folder in folders { walk.visit(folder, depth: 0) }
        var found: [String: [String]] = [:]
        for path in walk.sized.sorted() {
            guard let hash = try? FileDigest.sha256(path: path) else {
                walk.problems.append("\(path): cannot be read")
                continue
            }
            found[hash, default: []].append(path)
        }
        for record in missing {
            let id = record.id ?? 0
            if let to = found[record.source.sha256]?.first {
                actions.append(.moved(id: id, from: record.source.path, to: to))
            } else if let problem = walk.problems.first {
                let more = walk.problems.count > 1 ? " (and \(walk.problems.count - 1) more)" : ""
                actions.append(.kept(
                    id: id, path: record.source.path,
                    reason: "missing, but not every folder could be searched: \(problem)\(more)"))
            } else if folders.isEmpty {
                actions.append(.kept(id: id, path: record.source.path, reason: "missing, and no folder left to search; give one with --search DIR"))
            } else {
                actions.append(.gone(id: id, path: record.source.path))
            }
        }
        actions.sort { id(of: $0) < id(of: $1) }
        return ReconcilePlan(actions: actions, inPlace: inPlace, searched: folders)
    }

    /// Applies `plan` to `store`: moved paths are updated (size and time from the file found);
    /// with `removeGone`, the records whose source is gone are deleted. Returns the counts.
    @discardableResult
    public static func apply(_ plan: ReconcilePlan, to store: CatalogueStore, removeGone: Bool) throws
        -> (moved: Int, removed: Int)
    {
        var moved = 0
        for case .moved(let id, _, let to) in plan.actions {
            guard var record = try store.record(id: id) else { continue }
            var info = stat()
            guard stat(to, &info) == 0 else { continue }
            record.source.path = to
            record.source.size = Int(info.st_size)
            record.source.modified = Date(
                timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
            try store.update(record)
            moved += 1
        }
        var removed = 0
        if removeGone, !plan.gone.isEmpty {
            try store.delete(ids: plan.gone)
            removed = plan.gone.count
        }
        return (moved, removed)
    }

    static func id(of action: ReconcilePlan.Action) -> Int {
        switch action {
        case .moved(let id, _, _), .gone(let id, _), .kept(let id, _, _): id
        }
    }

    static func describe(_ code: Int32) -> String {
        CatalogueStore.reason(errno: code, fallback: "unknown error")
    }

    /// A reason to keep a record whose folder is gone when it looks like an unmounted volume:
    /// the nearest folder that still exists is empty or sits where volumes are mounted.
    static func unmountedVolume(for path: String) -> String? {
        let folder = (path as NSString).deletingLastPathComponent
        var info = stat()
        if stat(folder, &info) == 0 { return nil }
        var ancestor = folder
        while ancestor != "/" {
            ancestor = (ancestor as NSString).deletingLastPathComponent
            if stat(ancestor, &info) == 0 { break }
        }
        let empty = (try? FileManager.default.contentsOfDirectory(atPath: ancestor))?.isEmpty ?? true
        let underMountRoot = mountRoots.contains { (ancestor + "/").hasPrefix($0) }
        guard empty || underMountRoot else { return nil }
        return "its folder \(folder) is missing and \(ancestor) \(empty ? "is empty" : "is where disks are mounted"): "
            + "is the disk or network share mounted?"
    }

    /// `folders` without duplicates and without any folder inside another (searched anyway).
    static func outermost(_ folders: [String]) -> [String] {
        let unique = Set(folders).sorted()
        var kept: [String] = []
        for folder in unique where !kept.contains(where: { folder == $0 || folder.hasPrefix($0 == "/" ? "/" : $0 + "/") }) {
            kept.append(folder)
        }
        return kept
    }

    /// A recursive walk that keeps regular files of a wanted size (only those are hashed) and
    /// every folder it could not read. Symbolic links are not followed, so a loop ends.
    struct Walk {
        let wantedSizes: Set<Int>
        var sized: [String] = []
        var problems: [String] = []

        mutating func visit(_ folder: String, depth: Int) {
            guard depth < 64 else { return }
            guard let directory = opendir(folder) else {
                let code = errno
                // A search folder that does not exist simply holds no file.
                if code != ENOENT { problems.append("\(folder): \(describe(code))") }
                return
            }
            defer { closedir(directory) }
            var subfolders: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                let path = folder == "/" ? "/" + name : folder + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: subfolders.append(path)
                case S_IFREG where wantedSizes.contains(Int(info.st_size)): sized.append(path)
                default: break
                }
            }
            for subfolder in subfolders.sorted() { visit(subfolder, depth: depth + 1) }
        }
    }
}
