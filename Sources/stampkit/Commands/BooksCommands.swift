import Foundation
import StampKit

/// `stampkit books`: the passport books with their stamp counts and date ranges.
struct BooksListCommand: ToolCommand {
    static let spec = CommandSpec(
        name: "books",
        abstract: "List passport books with their stamp counts and date ranges.",
        discussion: "'books add NAME' adds one (optionally from its identity page); 'books rm NAME' removes one.",
        options: [.flag("json", help: "Print one JSON array of books."), CatalogueOption.spec],
        runsWithoutSubcommand: true)

    let json: Bool
    let catalogue: URL

    init(_ parsed: ParsedCommand) throws {
        json = parsed.flag("json")
        catalogue = CatalogueOption.resolve(parsed)
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        guard let store = try CatalogueOption.openExisting(catalogue, terminal) else {
            if json { terminal.result("[]") }
            return 0
        }
        let books = try store.books()
        if json {
            terminal.result(JSONValue.array(books.map { s in
                .object([
                    ("name", .string(s.book.name)), ("stamps", .int(s.stampCount)),
                    ("firstDate", .string(s.firstDate?.description)), ("lastDate", .string(s.lastDate?.description)),
                    ("issuingState", .string(s.book.issuingState)), ("nationality", .string(s.book.nationality)),
                    ("expiry", .string(s.book.expiry?.description)), ("documentNumber", .string(s.book.documentNumber)),
                ])
            }).serialized())
            return 0
        }
        if books.isEmpty { terminal.note("no books yet; 'stampkit books add NAME' adds one") }
        for s in books {
            var line = s.book.name + "  \(s.stampCount) stamp\(s.stampCount == 1 ? "" : "s")"
            if let first = s.firstDate, let last = s.lastDate { line += "  \(first) – \(last)" }
            let identity = [s.book.issuingState.map { "issued by \($0)" }, s.book.nationality.map { "nationality \($0)" },
                            s.book.expiry.map { "expires \($0)" }, s.book.documentNumber.map { "no. \($0)" }].compactMap { $0 }
            if !identity.isEmpty { line += "  (" + identity.joined(separator: ", ") + ")" }
            terminal.result(line)
        }
        return 0
    }
}

/// `stampkit books add NAME [--mrz IMAGE]`.
struct BooksAddCommand: ToolCommand {
    static let spec = CommandSpec(
        name: "add",
        abstract: "Add a passport book, optionally reading its identity page's machine-readable zone.",
        discussion: """
            With --mrz, keeps the issuing state, nationality and expiry date from the zone; the \
            document number only with --keep-number; the holder's name never. Adding a book that \
            exists changes nothing unless --mrz is given.
            """,
        arguments: [ArgumentSpec(name: "name", help: "The book's name, e.g. 'Passport 2019'.")],
        options: [
            .value("mrz", "IMAGE", help: "A photo of the book's identity page."),
            .flag("keep-number", help: "Also keep the document number (off by default: it identifies you)."),
            CatalogueOption.spec,
        ])

    let name: String
    let mrz: String?
    let keepNumber: Bool
    let catalogue: URL

    init(_ parsed: ParsedCommand) throws {
        name = parsed.argument("name") ?? ""
        mrz = parsed.value("mrz")
        keepNumber = parsed.flag("keep-number")
        catalogue = CatalogueOption.resolve(parsed)
        if keepNumber && mrz == nil {
            throw UsageError(message: "--keep-number needs --mrz IMAGE to read the number from")
        }
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        // Read the page before touching the catalogue, so a page without a zone changes nothing.
        let document = try mrz.map { try MRZImageReader().read(imageAt: URL(fileURLWithPath: $0)).document }
        let store = try CatalogueOption.open(catalogue, terminal)
        let existed = try store.book(named: name) != nil
        var book = try store.ensureBook(named: name)
        if let document {
            book.issuingState = document.issuingState.isEmpty ? nil : document.issuingState
            book.nationality = document.nationality.isEmpty ? nil : document.nationality
            book.expiry = document.expiryDate.flatMap(CalendarDay.init)
            book.documentNumber = keepNumber && !document.documentNumber.isEmpty ? document.documentNumber : nil
            try store.update(book)
            if !document.valid {
                terminal.note("stampkit: the zone's check digits do not all agree; check the fields with 'stampkit books'")
            }
        } else if existed {
            terminal.note("book '\(book.name)' already exists; nothing changed")
        }
        let fields = [book.issuingState.map { "issued by \($0)" }, book.nationality.map { "nationality \($0)" },
                      book.expiry.map { "expires \($0)" }, book.documentNumber.map { _ in "document number kept" }].compactMap { $0 }
        terminal.result("book '\(book.name)'" + (fields.isEmpty ? "" : ": " + fields.joined(separator: ", ")))
        return 0
    }
}

/// `stampkit books rm NAME`.
struct BooksRemoveCommand: ToolCommand {
    static let spec = CommandSpec(
        name: "rm",
        abstract: "Remove a passport book; say what happens to its stamps.",
        discussion: """
            A book with stamps needs a choice: --move-to BOOK files them in another book, \
            --delete-stamps removes their records, --keep-stamps keeps them without a book. On a \
            terminal it asks; without one and without a choice it fails rather than guess.
            """,
        arguments: [ArgumentSpec(name: "name", help: "The book's name.")],
        options: [
            .value("move-to", "BOOK", help: "Move its stamps to this book (created if new)."),
            .flag("delete-stamps", help: "Remove its stamps' records too."),
            .flag("keep-stamps", help: "Keep its stamps without a book."),
            CatalogueOption.spec,
        ])

    let name: String
    let choice: BookRemoval?
    let catalogue: URL

    init(_ parsed: ParsedCommand) throws {
        name = parsed.argument("name") ?? ""
        var choices: [BookRemoval] = []
        if let target = parsed.value("move-to") { choices.append(.moveTo(target)) }
        if parsed.flag("delete-stamps") { choices.append(.deleteStamps) }
        if parsed.flag("keep-stamps") { choices.append(.keepWithoutBook) }
        guard choices.count <= 1 else {
            throw UsageError(message: "give one of --move-to BOOK, --delete-stamps or --keep-stamps, not several")
        }
        choice = choices.first
        catalogue = CatalogueOption.resolve(parsed)
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        guard let store = try CatalogueOption.openExisting(catalogue, terminal) else { throw CatalogueError.bookNotFound(name) }
        guard let summary = try store.books().first(where: { $0.book.name.lowercased() == name.lowercased() }) else {
            throw CatalogueError.bookNotFound(name)
        }
        var choice = choice
        if choice == nil && summary.stampCount == 0 { choice = .keepWithoutBook }
        if choice == nil {
            guard Confirmation.canAsk else {
                throw UsageError(message: "book '\(summary.book.name)' has \(summary.stampCount) stamps: add --move-to BOOK, --delete-stamps or --keep-stamps")
            }
            switch Confirmation.choose("Book '\(summary.book.name)' has \(summary.stampCount) stamps: (m)ove them to another book, (d)elete them, (k)eep them without a book, or (c)ancel?") {
            case "m":
                FileHandle.standardError.write(Data("Move to which book? ".utf8))
                guard let target = readLine()?.trimmingCharacters(in: .whitespaces), !target.isEmpty else { return 1 }
                choice = .moveTo(target)
            case "d": choice = .deleteStamps
            case "k": choice = .keepWithoutBook
            default:
                terminal.note("nothing removed")
                return 1
            }
        }
        let affected = try store.removeBook(named: summary.book.name, stamps: choice!)
        let what: String
        switch choice! {
        case .moveTo(let target): what = "\(affected) stamp(s) moved to '\(target)'"
        case .deleteStamps: what = "\(affected) stamp(s) removed"
        case .keepWithoutBook: what = "\(affected) stamp(s) kept without a book"
        }
        terminal.result("removed book '\(summary.book.name)'; \(what)")
        return 0
    }
}
