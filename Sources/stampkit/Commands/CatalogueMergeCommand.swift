import Foundation
import StampKit

/// `stampkit catalogue merge A.sqlite B.sqlite… [--into C]`: catalogues made on several
/// machines (e.g. one per `batch --shard`) become one.
struct CatalogueMergeCommand: ToolCommand {
    static let sources = Argument("catalogue", help: "Catalogue files to merge in; they are only read.", repeating: true)
    static let into = ValueOption(
        "into", "PATH", help: "The catalogue to merge into (created when missing; default: the usual catalogue, see --catalogue).")
    static let spec = CommandSpec(
        name: "merge",
        abstract: "Merge other catalogues into one, without duplicates and without losing a review decision.",
        discussion: """
            A stamp is the same when its photo's SHA-256 and its crop are. A confirmed record wins \
            over a pending one; when both are confirmed with different places, dates or books, the \
            one updated last is kept and the conflict is counted. Favourites are kept, notes joined; \
            books are matched by name. The sources are opened read-only and never changed; the \
            merge is one transaction, so it happens whole or not at all.
            """,
        arguments: [Self.sources],
        options: [Self.into, CatalogueOption.spec])

    let sources: [URL]
    let target: URL

    init(_ parsed: ParsedCommand) throws {
        if parsed.value(Self.into) != nil && parsed.value(CatalogueOption.spec) != nil {
            throw UsageError(message: "--into and --catalogue both name the catalogue to merge into; give one")
        }
        if let into = parsed.value(Self.into) {
            target = CatalogueStore.defaultURL(explicit: into, environment: [:])
        } else {
            target = CatalogueOption.resolve(parsed)
        }
        let paths = parsed.arguments(Self.sources)
        if paths.contains(where: \.isEmpty) {
            throw UsageError(message: "an empty catalogue path was given; name each catalogue file to merge")
        }
        // Relative paths are taken from the working directory, like --catalogue's.
        sources = paths.map { CatalogueStore.defaultURL(explicit: $0, environment: [:]) }
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        let summary = try CatalogueStore.merge(sources, into: target)
        func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
        terminal.result(
            "merged \(count(summary.sources, "catalogue", "catalogues")) into \(target.path): "
                + "\(summary.added) added, \(summary.alreadyThere) already there, \(summary.updated) updated, "
                + count(summary.conflicts, "conflict", "conflicts")
                + (summary.booksAdded > 0 ? "; \(count(summary.booksAdded, "book", "books")) added" : ""))
        if summary.conflicts > 0 {
            let ids = summary.conflictIDs.prefix(20).map { "#\($0)" }.joined(separator: " ")
            terminal.note(
                "stampkit: \(count(summary.conflicts, "stamp was", "stamps were")) confirmed differently in two catalogues; "
                    + "kept the one updated last: \(ids)\(summary.conflicts > 20 ? " …" : ""); check them with 'stampkit show ID'")
        }
        return 0
    }
}
