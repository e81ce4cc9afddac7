import Foundation
import StampKit

/// `stampkit reconcile`: follow moved photos, drop records whose photo is truly gone.
struct ReconcileCommand: ToolCommand {
    static let spec = CommandSpec(
        name: "reconcile",
        abstract: "Find moved photos and remove records whose photo is truly gone.",
        discussion: """
            A record is removed only when its photo's path is missing AND no file with the same \
            SHA-256 exists under the folders searched (by default each missing photo's folder and \
            the folders of the other records' photos; --search replaces them). A photo found \
            elsewhere gets its path updated. When it cannot tell (permission denied, a disk not \
            mounted) the record is kept and the reason printed. Removing asks on a terminal; \
            without one it needs --yes. --dry-run only prints the plan.
            """,
        options: [
            .flag("dry-run", short: "n", help: "Print what would change; change nothing."),
            .flag("yes", short: "y", help: "Remove records of gone photos without asking."),
            .value("search", "DIR", help: "Search this folder (and below) for moved photos; repeat for more.", repeating: true),
            CatalogueOption.spec,
        ])

    let dryRun: Bool
    let yes: Bool
    let search: [String]?
    let catalogue: URL

    init(_ parsed: ParsedCommand) throws {
        dryRun = parsed.flag("dry-run")
        yes = parsed.flag("yes")
        let folders = parsed.values("search")
        search = folders.isEmpty ? nil : folders.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath).path }
        for folder in search ?? [] {
            var isDirectory: ObjCBool = false
            // A folder that is not there (an unplugged disk) would make every photo look gone.
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw UsageError(message: "--search \(folder) is not a folder here (is its disk mounted?); nothing changed")
            }
        }
        catalogue = CatalogueOption.resolve(parsed)
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        guard let store = try CatalogueOption.openExisting(catalogue, terminal) else { return 0 }
        var all = RecordFilter()
        all.statuses = [.pending, .confirmed]
        let plan = CatalogueReconciler.plan(records: try store.records(matching: all), searchFolders: search)
        for action in plan.actions {
            switch action {
            case .moved(let id, let from, let to): terminal.result("#\(id) moved: \(from) → \(to)")
            case .gone(let id, let path): terminal.result("#\(id) gone: \(path) (no file with its hash under the searched folders)")
            case .kept(let id, let path, let reason): terminal.result("#\(id) kept: \(path): \(reason)")
            }
        }
        let moves = plan.actions.filter { if case .moved = $0 { true } else { false } }.count
        let kept = plan.actions.count - moves - plan.gone.count
        terminal.note("\(plan.inPlace) in place, \(moves) moved, \(plan.gone.count) gone, \(kept) kept; searched "
            + (plan.searched.isEmpty ? "nothing (nothing missing)" : plan.searched.joined(separator: ", ")))
        if dryRun {
            terminal.note("dry run: nothing changed")
            return 0
        }
        var remove = yes
        if !plan.gone.isEmpty && !yes {
            guard Confirmation.canAsk else {
                throw UsageError(message: "\(plan.gone.count) record(s) would be removed: run again with --yes to remove them (or --dry-run to only look); nothing changed")
            }
            remove = Confirmation.ask("Remove the \(plan.gone.count) record(s) whose photo is gone?")
        }
        let done = try CatalogueReconciler.apply(plan, to: store, removeGone: remove)
        terminal.note("updated \(done.moved) path(s), removed \(done.removed) record(s)")
        return 0
    }
}

/// `stampkit thumbnails`: make missing thumbnails, or all of them again with --rebuild.
struct ThumbnailsCommand: ToolCommand {
    static let spec = CommandSpec(
        name: "thumbnails",
        abstract: "Make the 256 px thumbnails that are missing; --rebuild makes all of them again from the photos.",
        discussion: """
            Thumbnails live in $XDG_CACHE_HOME/stampkit/thumbnails (~/.cache/stampkit/thumbnails), \
            named by the photo's hash, crop and rotation. They are only a cache: deleting them loses \
            nothing. A record whose photo is missing is reported and skipped (exit 1 at the end).
            """,
        options: [.flag("rebuild", help: "Remake every thumbnail, not only missing ones."), CatalogueOption.spec])

    let rebuild: Bool
    let catalogue: URL

    init(_ parsed: ParsedCommand) throws {
        rebuild = parsed.flag("rebuild")
        catalogue = CatalogueOption.resolve(parsed)
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        guard let store = try CatalogueOption.openExisting(catalogue, terminal) else { return 0 }
        var all = RecordFilter()
        all.statuses = [.pending, .confirmed]
        let records = try store.records(matching: all)
        let cache = CatalogueOption.thumbnails
        var made = 0
        var failed = 0
        for (i, record) in records.enumerated() {
            terminal.progress("thumbnail \(i + 1)/\(records.count)")
            do {
                if rebuild || !FileManager.default.fileExists(atPath: cache.url(for: record).path) {
                    try cache.make(for: record)
                    made += 1
                }
            } catch {
                terminal.endProgress()
                terminal.note("#\(record.id ?? 0): error: \(Tool.describe(error).1)")
                failed += 1
            }
        }
        terminal.endProgress()
        terminal.result("\(made) thumbnail(s) made, \(records.count - made - failed) already there, \(failed) failed, in \(cache.directory.path)")
        return failed > 0 ? 1 : 0
    }
}
