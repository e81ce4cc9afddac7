/// The catalogue's tables, version by version. `PRAGMA user_version` holds the version a file
/// is at; opening a file runs the steps from there up to `current`, each in one transaction, so
/// a file written by any earlier StampKit opens without losing a record.
package enum CatalogueSchema {
    /// The version this code writes.
    package static let current = 3

    /// Marks a file as a StampKit catalogue ('STKC'), so a gazetteer or any other SQLite file
    /// given by mistake is refused instead of being written into.
    package static let applicationID = 0x5354_4B43

    /// The first released layout: stamps and books, without the identity-page fields of a book
    /// and without the indexes `list` filters use. Kept verbatim so tests can make a version-1
    /// file and check that it migrates.
    package static let version1 = """
        CREATE TABLE books (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE,
            created_at REAL NOT NULL
        );
        CREATE TABLE stamps (
            id INTEGER PRIMARY KEY,
            status TEXT NOT NULL CHECK (status IN ('pending', 'confirmed')),
            source_path TEXT NOT NULL,
            source_sha256 TEXT NOT NULL,
            source_size INTEGER NOT NULL,
            source_mtime REAL NOT NULL,
            crop_key TEXT NOT NULL,
            crop_x INTEGER, crop_y INTEGER, crop_width INTEGER, crop_height INTEGER,
            rotation REAL NOT NULL DEFAULT 0,
            country_code TEXT, country_name TEXT,
            region_id TEXT, region_name TEXT,
            city_id INTEGER, city_name TEXT,
            airport_iata TEXT, airport_name TEXT,
            day TEXT,
            direction TEXT,
            entry_method TEXT,
            book_id INTEGER REFERENCES books(id),
            page INTEGER,
            favorite INTEGER NOT NULL DEFAULT 0,
            note TEXT,
            ocr_text TEXT,
            evidence TEXT NOT NULL DEFAULT '[]',
            confidence REAL,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            UNIQUE (source_sha256, crop_key)
        );
        """

    /// Version 1 → 2: a book keeps what its identity page says (issuing state, nationality,
    /// expiry, and the document number only when asked), and `list`'s filters get indexes.
    static let version2 = """
        ALTER TABLE books ADD COLUMN issuing_state TEXT;
        ALTER TABLE books ADD COLUMN nationality TEXT;
        ALTER TABLE books ADD COLUMN expiry TEXT;
        ALTER TABLE books ADD COLUMN document_number TEXT;
        CREATE INDEX stamps_by_day ON stamps (status, day, id);
        CREATE INDEX stamps_by_country ON stamps (country_code);
        CREATE INDEX stamps_by_book ON stamps (book_id);
        """

    /// Version 2 → 3: a stamp keeps the regions every image of it hides (`x,y,w,h;…`, empty
    /// for none), so every existing record migrates with none.
    static let version3 = """
        ALTER TABLE stamps ADD COLUMN redactions TEXT NOT NULL DEFAULT '';
        """

    /// The step that brings a file from version `index` to `index + 1`.
    static let steps = [version1, version2, version3]
}
