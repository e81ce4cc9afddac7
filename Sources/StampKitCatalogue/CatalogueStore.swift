import Foundation
import StampKitSupport
import StampKitSQLite
import StampKitImaging
import StampKitEvidence

/// The catalogue file: stamp records and books in one SQLite database, owned by this object.
/// Every write is one `BEGIN IMMEDIATE` transaction, so two stampkit processes writing at once
/// take turns (each waits up to the busy timeout) and a killed process leaves a whole record or
/// none. Not Sendable, like every connection: one store per task.
public final class CatalogueStore {
    /// How long a write waits for another process's transaction before giving up.
    public static let busyTimeoutMilliseconds = 5000

    /// The catalogue file.
    public let url: URL
    /// True when the last session before this one ended without closing (killed, crashed, power
    /// lost); the file then passed `PRAGMA integrity_check` before this open returned.
    public private(set) var recoveredFromUncleanClose = false

    private var database: Database?
    private let marker: SessionMarker
    /// Set once this session has written (or is about to): only a writer killed mid-way can
    /// leave damage, so a session that only read never marks itself.
    private var marked = false

    /// Opens (creating when missing, with its folder) the catalogue at `url`: file mode 0600,
    /// folder 0700, WAL, foreign keys, busy timeout, schema migrated to the current version.
    /// Throws `CatalogueError` for a damaged, foreign, newer, locked or unwritable file.
    public init(url: URL) throws {
        self.url = url.standardizedFileURL
        isReadOnly = false
        let path = self.url.path
        try Self.prepareFile(at: self.url)
        marker = SessionMarker(databasePath: path)
        let database: Database
        do {
            database = try Database(path: path, mode: .readWrite)
        } catch let error as SQLiteError {
            throw CatalogueError.from(error, path: path, doing: "opening it")
        }
        self.database = database
        do {
            try configure(database)
            let stale = marker.staleSessions()
            if !stale.isEmpty {
                try checkIntegrity(database)
                recoveredFromUncleanClose = true
            }
            try migrate(database)
            marker.clear(stale)
        } catch let error as SQLiteError {
            throw CatalogueError.from(error, path: path, doing: "opening it")
        }
    }

    /// Whether this store may only read (see `openForReading`); its writes throw `notWritable`.
    public let isReadOnly: Bool

    /// Opens the catalogue at `url` to read it, also when its folder cannot be written (a
    /// read-only mount, someone else's folder): then the file is read as it stands, which is
    /// safe only when no write-ahead log holds changes beside it, so a non-empty log still
    /// refuses. Opens read-write like `init(url:)` whenever it can.
    public static func openForReading(url: URL) throws -> CatalogueStore {
        do {
            return try CatalogueStore(url: url)
        } catch let error as CatalogueError where error.kind == .notWritable {
            let path = url.standardizedFileURL.path
            var info = stat()
            let logHoldsChanges = stat(path + "-wal", &info) == 0 && info.st_size > 0
            guard access(path, R_OK) == 0, !logHoldsChanges else { throw error }
            return try CatalogueStore(readingAsItStands: url.standardizedFileURL)
        }
    }

    private init(readingAsItStands url: URL) throws {
        self.url = url
        isReadOnly = true
        marker = SessionMarker(databasePath: url.path)
        do {
            let database = try Database(path: url.path, mode: .readOnly)
            self.database = database
            let version = try currentVersion(database)
            guard version == CatalogueSchema.current,
                try database.scalarInt("PRAGMA application_id") == CatalogueSchema.applicationID
            else {
                throw CatalogueError(
                    .notWritable,
                    "the catalogue \(url.path) needs updating to this StampKit's schema but its folder is not writable; "
                        + "make the folder writable by you once, or copy the file elsewhere and use --catalogue PATH")
            }
        } catch let error as SQLiteError {
            throw CatalogueError.from(error, path: url.path, doing: "opening it to read")
        }
    }

    /// Closes the connection and marks the session as cleanly ended; later calls throw.
    public func close() {
        guard database != nil else { return }
        database = nil
        if marked { marker.end() }
    }

    deinit {
        close()
    }

    /// Where the catalogue lives: `--catalogue PATH` (`explicit`), else `$STAMPKIT_CATALOGUE`,
    /// else `$XDG_DATA_HOME/stampkit/catalogue.sqlite`, else `~/.local/share/stampkit/…`;
    /// empty values count as unset, and a relative path is taken from the working directory.
    public static func defaultURL(explicit: String?, environment: [String: String]) -> URL {
        func nonEmpty(_ value: String?) -> String? {
            guard let value, !value.isEmpty else { return nil }
            return value
        }
        if let path = nonEmpty(explicit) ?? nonEmpty(environment["STAMPKIT_CATALOGUE"]) {
            let expanded = (path as NSString).expandingTildeInPath
            let absolute = expanded.hasPrefix("/")
                ? expanded : FileManager.default.currentDirectoryPath + "/" + expanded
            return URL(fileURLWithPath: absolute).standardizedFileURL
        }
        let dataHome: URL
        if let xdg = nonEmpty(environment["XDG_DATA_HOME"]), xdg.hasPrefix("/") {
            dataHome = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            let home = nonEmpty(environment["HOME"]) ?? NSHomeDirectory()
            dataHome = URL(fileURLWithPath: home, isDirectory: true)
                .appendingPathComponent(".local/share", isDirectory: true)
        }
        return dataHome.appendingPathComponent("stampkit/catalogue.sqlite")
    }

    // MARK: Opening

    /// Makes the folder (0700) and an empty file (0600) before SQLite sees it: SQLite would
    /// create the file readable by everyone, and its -wal and -shm files copy the file's mode.
    static func prepareFile(at url: URL) throws {
        let path = url.path
        let folder = url.deletingLastPathComponent().path
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if !manager.fileExists(atPath: folder, isDirectory: &isDirectory) {
            do {
                try manager.createDirectory(
                    atPath: folder, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
            } catch {
                throw CatalogueError(
                    .notWritable,
                    "cannot create the catalogue folder \(folder) (\(Self.reason(errno: errno, fallback: "permission denied"))); "
                        + "create it yourself or choose another file with --catalogue PATH")
            }
        } else if !isDirectory.boolValue {
            throw CatalogueError(
                .notWritable,
                "\(folder) is a file, not a folder, so the catalogue cannot live in it; choose another file with --catalogue PATH")
        } else if folder == Self.defaultFolder {
            // StampKit's own data folder (which `make run` may have made for the gazetteer)
            // becomes private; a folder the person chose with --catalogue is theirs to set.
            var info = stat()
            if stat(folder, &info) == 0, info.st_mode & 0o077 != 0, info.st_uid == geteuid() {
                chmod(folder, 0o700)
            }
        }
        if manager.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue {
                throw CatalogueError(
                    .notWritable, "\(path) is a folder; give the catalogue's file name, e.g. \(path)/catalogue.sqlite")
            }
            var info = stat()
            if stat(path, &info) == 0, info.st_mode & 0o077 != 0, info.st_uid == geteuid() {
                // The file holds where a person travelled: keep it private even if an older tool
                // or a copy left it readable by others.
                chmod(path, 0o600)
            }
        } else {
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd < 0, errno != EEXIST {
                throw CatalogueError(
                    .notWritable,
                    "cannot create the catalogue \(path) (\(Self.reason(errno: errno, fallback: "permission denied"))); "
                        + "make the folder \(folder) writable by you or choose another file with --catalogue PATH")
            }
            if fd >= 0 { Glibc.close(fd) }
        }
        if access(folder, W_OK) != 0 || access(path, W_OK) != 0 {
            // WAL needs its -wal and -shm files beside the catalogue: without a writable folder
            // not even reading works, so say so before SQLite gives a vaguer error.
            throw CatalogueError(
                .notWritable,
                "the catalogue \(path) or its folder \(folder) is not writable (stampkit keeps its "
                    + "write-ahead log beside the file); nothing was changed; make both writable by you "
                    + "or copy the file elsewhere and use --catalogue PATH")
        }
    }

    /// The folder the catalogue lives in when nobody names a file.
    static var defaultFolder: String {
        var environment = ProcessInfo.processInfo.environment
        environment["STAMPKIT_CATALOGUE"] = nil
        return defaultURL(explicit: nil, environment: environment).deletingLastPathComponent().path
    }

    static func reason(errno code: Int32, fallback: String) -> String {
        guard code != 0, let text = strerror(code) else { return fallback }
        return String(cString: text).lowercased()
    }

    private func configure(_ database: Database) throws {
        try database.execute("PRAGMA busy_timeout = \(Self.busyTimeoutMilliseconds)")
        try database.execute("PRAGMA foreign_keys = ON")
        // A full sync at each commit: a saved stamp survives a power cut, not only a kill.
        try database.execute("PRAGMA synchronous = FULL")
        if try database.scalarText("PRAGMA journal_mode")?.lowercased() != "wal" {
            try database.execute("PRAGMA journal_mode = WAL")
        }
    }

    private func checkIntegrity(_ database: Database) throws {
        let statement = try database.prepare("PRAGMA integrity_check")
        var problems: [String] = []
        while try statement.step(), problems.count < 3 {
            problems.append(statement.text(at: 0) ?? "")
        }
        if problems != ["ok"] {
            throw CatalogueError.corrupt(
                url.path, detail: "integrity check after an unclean close: " + problems.joined(separator: "; "))
        }
    }

    private func migrate(_ database: Database) throws {
        if try currentVersion(database) == CatalogueSchema.current { return }
        try markWriting()
        try database.transaction {
            // Read again under the write lock: another process may have migrated meanwhile.
            var version = try currentVersion(database)
            if version == 0 {
                let tables = try database.scalarInt("SELECT count(*) FROM sqlite_master") ?? 0
                let application = try database.scalarInt("PRAGMA application_id") ?? 0
                if tables > 0 || (application != 0 && application != CatalogueSchema.applicationID) {
                    throw CatalogueError(
                        .notACatalogue,
                        "\(url.path) is an SQLite file but not a StampKit catalogue (is it the gazetteer?); "
                            + "nothing was changed; give the catalogue's own file with --catalogue PATH")
                }
                try database.execute("PRAGMA application_id = \(CatalogueSchema.applicationID)")
            }
            if version > CatalogueSchema.current {
                throw CatalogueError(
                    .newerSchema,
                    "the catalogue \(url.path) was written by a newer StampKit (schema \(version), this one "
                        + "knows up to \(CatalogueSchema.current)); nothing was changed; update stampkit")
            }
            while version < CatalogueSchema.current {
                try database.execute(CatalogueSchema.steps[version])
                version += 1
                try database.execute("PRAGMA user_version = \(version)")
            }
        }
    }

    private func currentVersion(_ database: Database) throws -> Int {
        try database.scalarInt("PRAGMA user_version") ?? 0
    }

    /// The schema version the file is at (always `current` after a successful open).
    public var schemaVersion: Int {
        get throws { try read("reading its version") { try currentVersion($0) } }
    }

    /// Runs `PRAGMA integrity_check`; true when SQLite finds nothing wrong.
    public func isIntact() throws -> Bool {
        try read("checking it") { try $0.scalarText("PRAGMA integrity_check") == "ok" }
    }

    // MARK: Running statements

    private func live() throws -> Database {
        guard let database else {
            throw CatalogueError(.failed, "the catalogue \(url.path) was already closed; this is a bug, please report it")
        }
        return database
    }

    private func markWriting() throws {
        guard !marked else { return }
        if isReadOnly {
            throw CatalogueError(
                .notWritable,
                "the catalogue \(url.path) is open only for reading because its folder is not writable; nothing was changed; "
                    + "make the folder writable by you or copy the file elsewhere and use --catalogue PATH")
        }
        try marker.begin()
        marked = true
    }

    /// Runs `body` in one write transaction, with SQLite's failures in the catalogue's words.
    func write<T>(_ doing: String, _ body: (Database) throws -> T) throws -> T {
        let database = try live()
        try markWriting()
        do {
            return try database.transaction { try body(database) }
        } catch let error as SQLiteError {
            throw CatalogueError.from(error, path: url.path, doing: doing)
        }
    }

    /// Runs a read, with SQLite's failures in the catalogue's words.
    private func read<T>(_ doing: String, _ body: (Database) throws -> T) throws -> T {
        let database = try live()
        do {
            return try body(database)
        } catch let error as SQLiteError {
            throw CatalogueError.from(error, path: url.path, doing: doing)
        }
    }

    // MARK: Records

    static let recordColumns = """
        s.id, s.status, s.source_path, s.source_sha256, s.source_size, s.source_mtime,
        s.crop_x, s.crop_y, s.crop_width, s.crop_height, s.rotation,
        s.country_code, s.country_name, s.region_id, s.region_name, s.city_id, s.city_name,
        s.airport_iata, s.airport_name, s.day, s.direction, s.entry_method, b.name, s.page,
        s.favorite, s.note, s.ocr_text, s.evidence, s.confidence, s.created_at, s.updated_at,
        s.redactions
        FROM stamps s LEFT JOIN books b ON b.id = s.book_id
        """

    /// Rewrites one record: every column, then `updated_at`, the redactions, and the record's `id`.
    static let updateSQL = """
        UPDATE stamps SET status = ?, source_path = ?, source_sha256 = ?, source_size = ?,
            source_mtime = ?, crop_key = ?, crop_x = ?, crop_y = ?, crop_width = ?,
            crop_height = ?, rotation = ?, country_code = ?, country_name = ?, region_id = ?,
            region_name = ?, city_id = ?, city_name = ?, airport_iata = ?, airport_name = ?,
            day = ?, direction = ?, entry_method = ?, book_id = ?, page = ?, favorite = ?,
            note = ?, ocr_text = ?, evidence = ?, confidence = ?, updated_at = ?, redactions = ?
        WHERE id = ?
        """

    /// Saves a new record (its `id` is ignored) and returns it as stored, with its number and
    /// times. A new book name creates the book. Throws `alreadyCatalogued` when the same source
    /// hash with the same crop already has a record.
    @discardableResult
    public func insert(_ record: StampRecord) throws -> StampRecord {
        try Self.validate(record)
        let id = try write("saving a stamp") { database -> Int in
            if let existing = try Self.recordID(sha256: record.source.sha256, crop: record.crop, in: database) {
                throw CatalogueError.alreadyCatalogued(existing)
            }
            return try Self.insertRow(record, in: database)
        }
        guard let stored = try self.record(id: id) else { throw CatalogueError.recordNotFound(id) }
        return stored
    }

    /// Saves every record of `records` whose source hash and crop the catalogue does not hold
    /// yet, all in one transaction: every one is validated first, and any failure saves none.
    /// Returns the new numbers and, for each record skipped, the number that already holds it.
    public func insertNew(_ records: [StampRecord]) throws -> (added: [Int], existing: [Int]) {
        for record in records { try Self.validate(record) }
        return try write("importing \(records.count) stamps") { database in
            var added: [Int] = []
            var existing: [Int] = []
            for record in records {
                if let id = try Self.recordID(sha256: record.source.sha256, crop: record.crop, in: database) {
                    existing.append(id)
                } else {
                    added.append(try Self.insertRow(record, in: database))
                }
            }
            return (added, existing)
        }
    }

    /// Saves `record` as a new row and returns its number; its times are now, or the record's own
    /// with `keepingTimes` (a record merged from another catalogue keeps when it was updated).
    static func insertRow(_ record: StampRecord, in database: Database, keepingTimes: Bool = false) throws -> Int {
        let bookID = try record.book.map { try Self.bookID(named: $0, creating: true, in: database)! }
        let now = Date().timeIntervalSince1970
        let created = keepingTimes ? record.createdAt.timeIntervalSince1970 : now
        let updated = keepingTimes ? record.updatedAt.timeIntervalSince1970 : now
        let statement = try database.prepare("""
            INSERT INTO stamps (status, source_path, source_sha256, source_size, source_mtime,
                crop_key, crop_x, crop_y, crop_width, crop_height, rotation,
                country_code, country_name, region_id, region_name, city_id, city_name,
                airport_iata, airport_name, day, direction, entry_method, book_id, page,
                favorite, note, ocr_text, evidence, confidence, created_at, updated_at, redactions)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            RETURNING id
            """)
        try statement.bind(Self.values(of: record, bookID: bookID) + [.real(created), .real(updated), Self.redactions(record)])
        guard try statement.step() else {
            throw CatalogueError(.failed, "SQLite saved no row for the stamp; please report this")
        }
        return statement.int(at: 0)
    }

    /// The record numbered `id`, or nil.
    public func record(id: Int) throws -> StampRecord? {
        try read("reading stamp #\(id)") { database in
            let statement = try database.prepare("SELECT \(Self.recordColumns) WHERE s.id = ?")
            try statement.bind([.integer(id)])
            return try statement.step() ? try Self.record(from: statement) : nil
        }
    }

    /// The record of this source hash and crop (nil crop: the whole image), or nil.
    public func record(sha256: String, crop: PixelBox?) throws -> StampRecord? {
        let id = try read("looking up a source") {
            try Self.recordID(sha256: sha256.lowercased(), crop: crop, in: $0)
        }
        return try id.flatMap { try record(id: $0) }
    }

    /// Every redaction box of every record of the photo with this SHA-256: what any image of
    /// the whole photo (a page drawn with its stamps found) must hide.
    public func redactions(ofSource sha256: String) throws -> [PixelBox] {
        try read("reading the redactions of a photo") { database in
            let statement = try database.prepare("SELECT redactions FROM stamps WHERE source_sha256 = ? AND redactions != '' ORDER BY id")
            try statement.bind([.text(sha256.lowercased())])
            var boxes: [PixelBox] = []
            while try statement.step() { boxes += StampRecord.redactions(fromText: statement.text(at: 0) ?? "") }
            return boxes
        }
    }

    /// Records that pass `filter`, oldest stamp date first (undated last), then by number.
    public func records(matching filter: RecordFilter = RecordFilter()) throws -> [StampRecord] {
        var clauses: [String] = []
        var values: [SQLValue] = []
        let statuses = StampRecord.Status.allCases.filter(filter.statuses.contains)
        clauses.append("s.status IN (\(statuses.map { _ in "?" }.joined(separator: ",")))")
        values += statuses.map { .text($0.rawValue) }
        if statuses.isEmpty { return [] }
        if let codes = filter.countryCodes {
            if codes.isEmpty { return [] }
            let sorted = codes.map { $0.uppercased() }.sorted()
            clauses.append("s.country_code IN (\(sorted.map { _ in "?" }.joined(separator: ",")))")
            values += sorted.map { .text($0) }
        }
        if let book = filter.book {
            clauses.append("b.name = ? COLLATE NOCASE")
            values.append(.text(book))
        }
        if let year = filter.year {
            // Dates are stored as YYYY-MM-DD text, so a year is a range of text.
            clauses.append("s.day >= ? AND s.day < ?")
            values += [.text(CalendarDay(year: year, month: 1, day: 1)?.description ?? ""),
                       .text(CalendarDay(year: year + 1, month: 1, day: 1)?.description ?? "9999-99")]
        }
        if let direction = filter.direction {
            clauses.append("s.direction = ?")
            values.append(.text(direction.rawValue))
        }
        if filter.favoritesOnly { clauses.append("s.favorite = 1") }
        // Sorted here rather than by SQLite: its sorter would copy every whole row once more.
        let sql = "SELECT \(Self.recordColumns) WHERE \(clauses.joined(separator: " AND "))"
        return try read("listing stamps") { database in
            let statement = try database.prepare(sql)
            try statement.bind(values)
            var records: [StampRecord] = []
            while try statement.step() { records.append(try Self.record(from: statement)) }
            records.sort { a, b in
                switch (a.date, b.date) {
                case let (x?, y?) where x != y: x < y
                case (_?, nil): true
                case (nil, _?): false
                default: a.id ?? 0 < b.id ?? 0
                }
            }
            return records
        }
    }

    /// Number of records with each status.
    public func counts() throws -> [StampRecord.Status: Int] {
        try read("counting stamps") { database in
            let statement = try database.prepare("SELECT status, count(*) FROM stamps GROUP BY status")
            var counts: [StampRecord.Status: Int] = [:]
            while try statement.step() {
                if let status = statement.text(at: 0).flatMap(StampRecord.Status.init) {
                    counts[status] = statement.int(at: 1)
                }
            }
            return counts
        }
    }

    /// Saves every field of an existing record (found by `id`) and returns it as stored, with
    /// a new `updatedAt`. A new book name creates the book. Throws `recordNotFound`, or
    /// `alreadyCatalogued` when the new source and crop belong to another record.
    @discardableResult
    public func update(_ record: StampRecord) throws -> StampRecord {
        guard let id = record.id else {
            throw CatalogueError(.invalidRecord, "a record must be saved with insert before it can be updated; this is a bug, please report it")
        }
        try Self.validate(record)
        try write("saving stamp #\(id)") { database in
            guard try database.scalarInt("SELECT count(*) FROM stamps WHERE id = ?", [.integer(id)]) == 1 else {
                throw CatalogueError.recordNotFound(id)
            }
            if let other = try Self.recordID(sha256: record.source.sha256, crop: record.crop, in: database), other != id {
                throw CatalogueError.alreadyCatalogued(other)
            }
            let bookID = try record.book.map { try Self.bookID(named: $0, creating: true, in: database)! }
            let statement = try database.prepare(Self.updateSQL)
            try statement.run(Self.values(of: record, bookID: bookID) + [.real(Date().timeIntervalSince1970), Self.redactions(record), .integer(id)])
        }
        guard let stored = try self.record(id: id) else { throw CatalogueError.recordNotFound(id) }
        return stored
    }

    /// Deletes the records numbered `ids`, all or none: throws `recordNotFound` naming the first
    /// missing number before deleting anything. A number given twice is deleted once.
    public func delete(ids: [Int]) throws {
        var seen = Set<Int>()
        let unique = ids.filter { seen.insert($0).inserted }
        try write("removing stamps") { database in
            let statement = try database.prepare("DELETE FROM stamps WHERE id = ?")
            for id in unique {
                try statement.run([.integer(id)])
                if database.changes == 0 { throw CatalogueError.recordNotFound(id) }
            }
        }
    }

    // MARK: Books

    /// The book called `name` (any case), or nil.
    public func book(named name: String) throws -> Book? {
        try read("reading a book") { database in
            let statement = try database.prepare("SELECT \(Self.bookColumns) FROM books WHERE name = ? COLLATE NOCASE")
            try statement.bind([.text(name)])
            return try statement.step() ? Self.book(from: statement) : nil
        }
    }

    /// The book called `name`, created (empty) when there is none yet.
    @discardableResult
    public func ensureBook(named name: String) throws -> Book {
        try Self.validateBookName(name)
        try write("adding a book") { database in
            _ = try Self.bookID(named: name, creating: true, in: database)
        }
        guard let book = try book(named: name) else { throw CatalogueError.bookNotFound(name) }
        return book
    }

    /// Saves a book's name and identity-page fields (found by `id`).
    public func update(_ book: Book) throws {
        try Self.validateBookName(book.name)
        try write("saving book '\(book.name.prefix(80))'") { database in
            if let other = try Self.bookID(named: book.name, creating: false, in: database), other != book.id {
                throw CatalogueError(.invalidRecord, "there is already a book named '\(book.name.prefix(80))'; choose another name")
            }
            try database.prepare("""
                UPDATE books SET name = ?, issuing_state = ?, nationality = ?, expiry = ?, document_number = ?
                WHERE id = ?
                """).run([
                .text(book.name), Self.text(book.issuingState), Self.text(book.nationality),
                Self.text(book.expiry?.description), Self.text(book.documentNumber), .integer(book.id),
            ])
            if database.changes == 0 { throw CatalogueError.bookNotFound(book.name) }
        }
    }

    /// Every book with its number of stamps and their date range, by name.
    public func books() throws -> [BookSummary] {
        try read("listing books") { database in
            let statement = try database.prepare("""
                SELECT \(Self.bookColumns), count(s.id), min(s.day), max(s.day)
                FROM books LEFT JOIN stamps s ON s.book_id = books.id
                GROUP BY books.id ORDER BY books.name COLLATE NOCASE
                """)
            var summaries: [BookSummary] = []
            while try statement.step() {
                summaries.append(BookSummary(
                    book: Self.book(from: statement), stampCount: statement.int(at: 7),
                    firstDate: statement.text(at: 8).flatMap(CalendarDay.init),
                    lastDate: statement.text(at: 9).flatMap(CalendarDay.init)))
            }
            return summaries
        }
    }

    /// Removes the book called `name`, doing `stamps` with its records first; returns how many
    /// records were moved, deleted or left without a book. Throws `bookNotFound`.
    @discardableResult
    public func removeBook(named name: String, stamps: BookRemoval) throws -> Int {
        if case .moveTo(let target) = stamps { try Self.validateBookName(target) }
        return try write("removing book '\(name.prefix(80))'") { database in
            guard let id = try Self.bookID(named: name, creating: false, in: database) else {
                throw CatalogueError.bookNotFound(name)
            }
            let now = SQLValue.real(Date().timeIntervalSince1970)
            switch stamps {
            case .moveTo(let target):
                guard let targetID = try Self.bookID(named: target, creating: true, in: database), targetID != id else {
                    throw CatalogueError(.invalidRecord, "cannot move the stamps of '\(name.prefix(80))' into itself; name another book")
                }
                try database.prepare("UPDATE stamps SET book_id = ?, updated_at = ? WHERE book_id = ?")
                    .run([.integer(targetID), now, .integer(id)])
            case .deleteStamps:
                try database.prepare("DELETE FROM stamps WHERE book_id = ?").run([.integer(id)])
            case .keepWithoutBook:
                try database.prepare("UPDATE stamps SET book_id = NULL, updated_at = ? WHERE book_id = ?")
                    .run([now, .integer(id)])
            }
            let affected = database.changes
            try database.prepare("DELETE FROM books WHERE id = ?").run([.integer(id)])
            return affected
        }
    }

    static let bookColumns = "books.id, books.name, books.issuing_state, books.nationality, books.expiry, books.document_number, books.created_at"

    static func book(from statement: Statement) -> Book {
        Book(
            id: statement.int(at: 0), name: statement.text(at: 1) ?? "",
            issuingState: statement.text(at: 2), nationality: statement.text(at: 3),
            expiry: statement.text(at: 4).flatMap(CalendarDay.init), documentNumber: statement.text(at: 5),
            createdAt: Date(timeIntervalSince1970: statement.double(at: 6)))
    }

    static func bookID(named name: String, creating: Bool, in database: Database) throws -> Int? {
        let find = try database.prepare("SELECT id FROM books WHERE name = ? COLLATE NOCASE")
        try find.bind([.text(name)])
        if try find.step() { return find.int(at: 0) }
        guard creating else { return nil }
        try validateBookName(name)
        let insert = try database.prepare("INSERT INTO books (name, created_at) VALUES (?, ?) RETURNING id")
        try insert.bind([.text(name), .real(Date().timeIntervalSince1970)])
        _ = try insert.step()
        return insert.int(at: 0)
    }

    // MARK: Rows

    static func recordID(sha256: String, crop: PixelBox?, in database: Database) throws -> Int? {
        try database.scalarInt(
            "SELECT id FROM stamps WHERE source_sha256 = ? AND crop_key = ?",
            [.text(sha256), .text(StampRecord.cropKey(crop))])
    }

    static func redactions(_ record: StampRecord) -> SQLValue { .text(StampRecord.redactionText(record.redactions)) }
    static func text(_ value: String?) -> SQLValue { value.map { .text($0) } ?? .null }
    private static func integer(_ value: Int?) -> SQLValue { value.map { .integer($0) } ?? .null }

    /// The bound values of every stored column but the times, in the INSERT's order.
    static func values(of r: StampRecord, bookID: Int?) -> [SQLValue] {
        [
            .text(r.status.rawValue), .text(r.source.path), .text(r.source.sha256),
            .integer(r.source.size), .real(r.source.modified.timeIntervalSince1970),
            .text(StampRecord.cropKey(r.crop)), integer(r.crop?.x), integer(r.crop?.y),
            integer(r.crop?.width), integer(r.crop?.height), .real(r.rotation),
            text(r.country?.id), text(r.country?.name), text(r.region?.id), text(r.region?.name),
            integer(r.city?.id), text(r.city?.name), text(r.airport?.id), text(r.airport?.name),
            text(r.date?.description), text(r.direction?.rawValue), text(r.entryMethod?.rawValue),
            integer(bookID), integer(r.page), .integer(r.favorite ? 1 : 0), text(r.note),
            text(r.ocrText), .text(EvidenceCoding.encode(r.evidence)), r.confidence.map { .real($0) } ?? .null,
        ]
    }

    static func record(from s: Statement) throws -> StampRecord {
        func place(_ idColumn: Int32, _ nameColumn: Int32) -> StampRecord.PlaceSnapshot<String>? {
            s.text(at: idColumn).map { .init(id: $0, name: s.text(at: nameColumn) ?? $0) }
        }
        var crop: PixelBox?
        if !s.isNull(at: 6) {
            crop = PixelBox(x: s.int(at: 6), y: s.int(at: 7), width: s.int(at: 8), height: s.int(at: 9))
        }
        var record = StampRecord(
            source: .init(
                path: s.text(at: 2) ?? "", sha256: s.text(at: 3) ?? "", size: s.int(at: 4),
                modified: Date(timeIntervalSince1970: s.double(at: 5))),
            crop: crop, rotation: s.double(at: 10),
            status: s.text(at: 1).flatMap(StampRecord.Status.init) ?? .pending,
            country: place(11, 12), region: place(13, 14),
            city: s.optionalInt(at: 15).map { .init(id: $0, name: s.text(at: 16) ?? String($0)) },
            airport: place(17, 18),
            date: s.text(at: 19).flatMap(CalendarDay.init),
            direction: s.text(at: 20).flatMap(StampRecord.Direction.init),
            entryMethod: s.text(at: 21).flatMap(StampRecord.EntryMethod.init),
            book: s.text(at: 22), page: s.optionalInt(at: 23), favorite: s.int(at: 24) != 0,
            note: s.text(at: 25), ocrText: s.text(at: 26),
            evidence: EvidenceCoding.decode(s.text(at: 27) ?? "[]"),
            confidence: s.isNull(at: 28) ? nil : s.double(at: 28))
        record.id = s.int(at: 0)
        record.createdAt = Date(timeIntervalSince1970: s.double(at: 29))
        record.updatedAt = Date(timeIntervalSince1970: s.double(at: 30))
        if let text = s.text(at: 31), !text.isEmpty { record.redactions = StampRecord.redactions(fromText: text) }
        return record
    }

    // MARK: Validation

    static func validate(_ r: StampRecord) throws {
        func refuse(_ why: String) -> CatalogueError { CatalogueError(.invalidRecord, why) }
        guard r.source.path.hasPrefix("/") else {
            throw refuse("the source path must be absolute, not '\(r.source.path.prefix(80))'")
        }
        guard r.source.sha256.count == 64, r.source.sha256.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
            throw refuse("the source's SHA-256 must be 64 lower-case hex digits")
        }
        if let crop = r.crop, crop.x < 0 || crop.y < 0 || crop.width <= 0 || crop.height <= 0 {
            throw refuse("a crop needs X,Y ≥ 0 and a positive width and height")
        }
        if r.redactions.contains(where: { $0.x < 0 || $0.y < 0 || $0.width <= 0 || $0.height <= 0 }) {
            throw refuse("a redaction box needs X,Y ≥ 0 and a positive width and height")
        }
        guard r.rotation.isFinite, abs(r.rotation) <= 360 else { throw refuse("the rotation must be within ±360 degrees") }
        if let page = r.page, !(1...999).contains(page) { throw refuse("the page must be from 1 to 999, not \(page)") }
        if let confidence = r.confidence, !(0...1).contains(confidence) {
            throw refuse("the confidence must be from 0 to 1")
        }
        if let book = r.book { try validateBookName(book) }
    }

    static func validateBookName(_ name: String) throws {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed == name, name.count <= 100,
            !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw CatalogueError(
                .invalidRecord,
                "a book name must be 1 to 100 characters without control characters or surrounding spaces, e.g. 'Passport 2019'")
        }
    }
}
