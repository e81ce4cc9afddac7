import Foundation
import Testing
@testable import StampKit
@testable import StampKitEvidence
@testable import StampKitGazetteer
@testable import StampKitImaging
@testable import StampKitMRZ
@testable import StampKitMatching
@testable import StampKitOCR
@testable import StampKitSQLite
@testable import StampKitSupport

@Suite struct DatabaseTests {
    @Test func roundTripsEveryValueTypeThroughBindings() throws {
        let dir = try makeTemporaryDirectory("sqlite")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("t.sqlite").path
        let db = try Database(path: path, mode: .readWriteCreate)
        try db.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n TEXT)")
        let insert = try db.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?)")
        // Text that would break SQL if it were spliced in rather than bound.
        let hostile = "Robert'); DROP TABLE t;--  Þingvellir 日本"
        try insert.run([.integer(-42), .real(64.13), .text(hostile), .blob([0, 1, 255]), .null])
        let select = try db.prepare("SELECT i, r, s, b, n FROM t")
        #expect(try select.step())
        #expect(select.int(at: 0) == -42)
        #expect(select.double(at: 1) == 64.13)
        #expect(select.text(at: 2) == hostile)
        #expect(select.value(at: 3) == .blob([0, 1, 255]))
        #expect(select.isNull(at: 4))
        #expect(select.text(at: 4) == nil)
        #expect(try select.step() == false)
        #expect(try db.scalarInt("SELECT count(*) FROM t") == 1)
    }

    @Test func transactionRollsBackWhenTheBodyThrows() throws {
        let dir = try makeTemporaryDirectory("sqlite")
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try Database(path: dir.appendingPathComponent("t.sqlite").path, mode: .readWriteCreate)
        try db.execute("CREATE TABLE t (k TEXT PRIMARY KEY)")
        let insert = try db.prepare("INSERT INTO t VALUES (?)")
        #expect(throws: SQLiteError.self) {
            try db.transaction {
                try insert.run([.text("a")])
                try insert.run([.text("a")])  // violates the primary key
            }
        }
        #expect(try db.scalarInt("SELECT count(*) FROM t") == 0)
        // The statement stays usable after the refused row.
        try db.transaction { try insert.run([.text("b")]) }
        #expect(try db.scalarInt("SELECT count(*) FROM t") == 1)
    }

    @Test func constraintFailureCarriesTheSQLiteCode() throws {
        let dir = try makeTemporaryDirectory("sqlite")
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try Database(path: dir.appendingPathComponent("t.sqlite").path, mode: .readWriteCreate)
        try db.execute("CREATE TABLE t (k TEXT NOT NULL)")
        do {
            try db.prepare("INSERT INTO t VALUES (?)").run([.null])
            Issue.record("NULL into NOT NULL column was accepted")
        } catch let error as SQLiteError {
            #expect(error.resultCode & 0xFF == 19)  // SQLITE_CONSTRAINT
            #expect(error.code == "sqlite-constraint")
            #expect(error.failureClass == .database)
            #expect(!error.message.contains("\n"))
        }
    }

    @Test func badSQLIsRefusedAtPrepare() throws {
        let dir = try makeTemporaryDirectory("sqlite")
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try Database(path: dir.appendingPathComponent("t.sqlite").path, mode: .readWriteCreate)
        #expect(throws: SQLiteError.self) { try db.prepare("SELEKT 1") }
        #expect(throws: SQLiteError.self) { try db.execute("CREATE TABLE") }
    }

    @Test func readOnlyConnectionRefusesWritesAndMissingFiles() throws {
        let dir = try makeTemporaryDirectory("sqlite")
        defer { try? FileManager.default.removeItem(at: dir) }
        // A space and a '?' in the path must survive the immutable URI.
        let path = dir.appendingPathComponent("a b?c.sqlite").path
        do {
            let db = try Database(path: path, mode: .readWriteCreate)
            try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (7)")
        }
        let reader = try Database(path: path, mode: .readOnly)
        #expect(try reader.scalarInt("SELECT x FROM t") == 7)
        #expect(throws: SQLiteError.self) { try reader.execute("INSERT INTO t VALUES (8)") }

        let missing = dir.appendingPathComponent("missing.sqlite").path
        do {
            _ = try Database(path: missing, mode: .readOnly)
            Issue.record("opening a missing file read-only succeeded")
        } catch let error as SQLiteError {
            #expect(error.meansUnusableFile)
        }
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test func randomBytesAreNotADatabase() throws {
        let dir = try makeTemporaryDirectory("sqlite")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("junk.sqlite").path
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let db = try Database(path: path, mode: .readOnly)  // SQLite opens lazily
        do {
            _ = try db.scalarInt("SELECT count(*) FROM sqlite_master")
            Issue.record("random bytes were read as a database")
        } catch let error as SQLiteError {
            #expect(error.meansUnusableFile)
        }
    }
}
