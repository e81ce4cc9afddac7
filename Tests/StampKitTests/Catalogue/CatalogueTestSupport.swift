import Foundation
@testable import StampKit
@testable import StampKitCatalogue
@testable import StampKitSQLite
@testable import StampKitSupport
@testable import StampKitGazetteer
@testable import StampKitImaging
@testable import StampKitEvidence

/// Records and catalogue files for the catalogue suites.
enum CatalogueFixtures {
    /// A hex SHA-256-shaped string that differs for every `seed`.
    static func fakeHash(_ seed: Int) -> String {
        var hasher = SHA256()
        hasher.update(Array("stamp-\(seed)".utf8))
        return hasher.finalizeHex()
    }

    /// A confirmed Keflavík arrival with every field set, distinct per `seed`.
    static func record(
        _ seed: Int, crop: PixelBox? = PixelBox(x: 10, y: 20, width: 300, height: 200),
        country: String = "IS", date: String = "2019-07-12", book: String? = "Blue",
        status: StampRecord.Status = .confirmed
    ) -> StampRecord {
        StampRecord(
            source: .init(
                path: "/photos/page-\(seed).jpg", sha256: fakeHash(seed), size: 1000 + seed,
                modified: Date(timeIntervalSince1970: 1_560_000_000.5 + Double(seed))),
            crop: crop, rotation: 90, status: status,
            country: .init(id: country, name: country == "IS" ? "Iceland" : "Country \(country)"),
            region: .init(id: "\(country).39", name: "Southern Peninsula"),
            city: .init(id: 3_415_496, name: "Keflavík"),
            airport: .init(id: "KEF", name: "Keflavik International Airport"),
            date: CalendarDay(date), direction: .arrival, entryMethod: .air, book: book, page: 7,
            favorite: seed % 2 == 0, note: "note \(seed) with 'quotes' and ð",
            ocrText: "KEFLAVIK\n12.07.19",
            evidence: [.init(kind: "airport-word", text: "KEFLAVIK", detail: "airport KEF")],
            confidence: 0.93)
    }

    /// A fresh catalogue path in a new temporary folder (the folder is not created).
    static func newCatalogueURL(_ label: String = "catalogue") -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("stampkit-\(label)-\(UUID().uuidString)", isDirectory: true)
            .appendingPathComponent("data", isDirectory: true)
            .appendingPathComponent("catalogue.sqlite")
    }

    /// A catalogue file as the first StampKit wrote it (schema version 1) at `url`: the book
    /// 'Old book' and one confirmed German departure in it, page 3, a favourite.
    static func makeVersion1File(at url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let old = try Database(path: url.path, mode: .readWriteCreate)
        try old.execute(CatalogueSchema.version1)
        try old.execute("PRAGMA user_version = 1; PRAGMA application_id = \(CatalogueSchema.applicationID)")
        try old.execute("INSERT INTO books (id, name, created_at) VALUES (1, 'Old book', 100)")
        try old.prepare("""
            INSERT INTO stamps (status, source_path, source_sha256, source_size, source_mtime, crop_key,
                rotation, country_code, country_name, day, direction, book_id, page, favorite, evidence,
                confidence, created_at, updated_at)
            VALUES ('confirmed', '/old/a.jpg', ?, 5, 10, '', 0, 'DE', 'Germany', '2001-09-09', 'departure',
                1, 3, 1, '[{"kind":"country-code","text":"D","detail":"sign"}]', 0.8, 100, 200)
            """).run([.text(fakeHash(1))])
    }

    /// Removes the temporary tree `newCatalogueURL` made.
    static func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent())
    }

    /// The permission bits of `path`.
    static func mode(_ path: String) -> Int {
        var info = stat()
        guard stat(path, &info) == 0 else { return -1 }
        return Int(info.st_mode & 0o777)
    }

    /// The record with the store's fields (number, times) copied from `stored`.
    static func expected(_ record: StampRecord, as stored: StampRecord) -> StampRecord {
        var copy = record
        copy.id = stored.id
        copy.createdAt = stored.createdAt
        copy.updatedAt = stored.updatedAt
        return copy
    }
}
