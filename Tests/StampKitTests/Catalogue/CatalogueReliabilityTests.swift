import Foundation
import Testing
@testable import StampKit
@testable import StampKitCatalogue
@testable import StampKitSQLite
@testable import StampKitSupport
@testable import StampKitGazetteer
@testable import StampKitImaging
@testable import StampKitEvidence

/// What happens to saved stamps when the disk, the permissions, another process or a kill gets
/// in the way: always a clear one-line error (exit 74), never a lost record.
@Suite struct CatalogueReliabilityTests {
    @Test func aReadOnlyFolderIsAClearErrorAndLosesNothing() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        let record = try scene.catalogue(try scene.photo("stamp.png", as: "a.png"))
        let folder = scene.catalogue.deletingLastPathComponent()
        _ = try scene.stampkit(["list"], unprivileged: true)  // hands the tree to the unprivileged user
        chmod(folder.path, 0o500)
        let refused = try scene.stampkit(["edit", "\(record.id!)", "--note", "changed"], unprivileged: true)
        #expect(refused.status == 74)
        #expect(refused.stderrLines.count == 1)
        #expect(refused.stderr.contains("not writable") && refused.stderr.contains("nothing was changed"))
        // Reading still works: the file is read as it stands, and removing is refused too.
        let listed = try scene.stampkit(["list", "--json"], unprivileged: true)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("\"id\":\(record.id!)"))
        let removal = try scene.stampkit(["rm", "\(record.id!)", "--yes"], unprivileged: true)
        #expect(removal.status == 74 && removal.stderrLines.count == 1 && removal.stderr.contains("only for reading"))
        chmod(folder.path, 0o700)
        let kept = try #require(try CatalogueStore(url: scene.catalogue).record(id: record.id!))
        #expect(kept == record)
    }

    @Test func aFullDiskIsAClearErrorAndKeepsEarlierRecords() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        let bench = ["bench", "catalogue", "--catalogue", scene.catalogue.path, "--runs", "1"]
        let first = try scene.stampkit(bench + ["--add", "20"])
        #expect(first.status == 0, "\(first.stderr)")
        let before = try scene.allRecords()
        #expect(before.count == 20)
        // 200 KB: far less than 5,000 records need, so a write fails part-way.
        let full = try scene.stampkit(bench + ["--add", "5000"], fileSizeLimitKB: 200)
        #expect(full.status == 74, "\(full.stderr)")
        #expect(full.stderrLines.count == 1)
        #expect(full.stderr.contains("not saved") && full.stderr.contains("free space"))
        let store = try CatalogueStore(url: scene.catalogue)
        #expect(try store.isIntact())
        var all = RecordFilter()
        all.statuses = [.pending, .confirmed]
        let after = try store.records(matching: all)
        #expect(after.count > 20 && after.count < 5020)
        for record in before { #expect(after.contains(record)) }
        // Once there is room again, saving works.
        store.close()
        #expect(try scene.stampkit(bench + ["--add", "1"]).status == 0)
    }

    @Test func aLockedCatalogueIsAClearErrorAfterTheTimeout() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        let record = try scene.catalogue(try scene.photo("stamp.png", as: "a.png"))
        let holder = try Database(path: scene.catalogue.path, mode: .readWrite)
        try holder.execute("BEGIN EXCLUSIVE")
        let started = Date()
        let refused = try scene.stampkit(["edit", "\(record.id!)", "--note", "changed"])
        let waited = Date().timeIntervalSince(started)
        try holder.execute("ROLLBACK")
        #expect(refused.status == 74)
        #expect(refused.stderrLines.count == 1 && refused.stderr.contains("locked") && refused.stderr.contains("not saved"))
        #expect(waited >= Double(CatalogueStore.busyTimeoutMilliseconds) / 1000 - 0.5)
        #expect(try CatalogueStore(url: scene.catalogue).record(id: record.id!) == record)
        #expect(try scene.stampkit(["edit", "\(record.id!)", "--note", "changed"]).status == 0)
    }

    @Test func aDamagedCopyIsReportedWithTheWayToRecover() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        try scene.catalogue(try scene.photo("stamp.png", as: "a.png"))
        let copy = scene.root.appendingPathComponent("copy.sqlite")
        try FileManager.default.copyItem(at: scene.catalogue, to: copy)
        let handle = try FileHandle(forUpdating: copy)
        try handle.write(contentsOf: Data("garbage, not SQLite at all".utf8))
        try handle.close()
        let outcome = try scene.stampkit(["list", "--catalogue", copy.path])
        #expect(outcome.status == 74)
        #expect(outcome.stderrLines.count == 1)
        #expect(outcome.stderr.contains("damaged") && outcome.stderr.contains("sqlite3 \(copy.path) .recover"))
        // The original is untouched.
        #expect(try scene.allRecords().count == 1)
    }

    @Test func killingAWriterLeavesWholeRecordsAndTheNextOpenChecks() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        _ = try CatalogueStore(url: scene.catalogue)
        var previous = 0
        for round in 0..<4 {
            let writer = try scene.start(["bench", "catalogue", "--catalogue", scene.catalogue.path, "--add", "100000", "--runs", "1"])
            // Kill it mid-write: once it has saved more than the last round left (seen through a
            // reader's own connection, so a slow start on a busy machine is waited for), then a
            // different while each round.
            let deadline = Date().addingTimeInterval(60)
            while try savedStamps(in: scene.catalogue) <= previous + 20 && Date() < deadline && writer.isRunning {
                Thread.sleep(forTimeInterval: 0.02)
            }
            Thread.sleep(forTimeInterval: 0.05 * Double(round))
            kill(writer.processIdentifier, SIGKILL)
            writer.waitUntilExit()
            #expect(writer.terminationReason == .uncaughtSignal)
            let store = try CatalogueStore(url: scene.catalogue)
            #expect(store.recoveredFromUncleanClose, "round \(round)")
            #expect(try store.isIntact())
            var all = RecordFilter()
            all.statuses = [.pending, .confirmed]
            let records = try store.records(matching: all)
            #expect(records.count > previous, "round \(round): the writer saved nothing")
            previous = records.count
            // Every record is whole: each synthetic record has all of these.
            for record in records {
                #expect(record.country != nil && record.city != nil && record.airport != nil && record.date != nil
                    && record.book != nil && record.evidence.count == 1 && record.ocrText != nil)
            }
        }
    }

    /// Stamps a running writer has committed so far, read the way a second process reads them.
    private func savedStamps(in catalogue: URL) throws -> Int {
        guard let database = try? Database(path: catalogue.path, mode: .readOnlyShared) else { return 0 }
        return (try? database.scalarInt("SELECT count(*) FROM stamps")) ?? 0
    }

    @Test func reconcileFollowsMovedPhotosAndRemovesOnlyTrulyGoneOnes() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        let stays = try scene.catalogue(try scene.photo("stamp.png", as: "stays.png", in: "trip"))
        let moves = try scene.catalogue(try scene.photo("stamp.bmp", as: "moves.bmp", in: "trip"))
        let goes = try scene.catalogue(try scene.photo("stamp.tif", as: "goes.tif", in: "trip"))
        // One photo moves into a subfolder, one is deleted.
        let sorted = scene.photos.appendingPathComponent("trip/sorted")
        try FileManager.default.createDirectory(at: sorted, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: moves.source.path, toPath: sorted.appendingPathComponent("renamed.bmp").path)
        try FileManager.default.removeItem(atPath: goes.source.path)

        let dry = try scene.stampkit(["reconcile", "--dry-run"])
        #expect(dry.status == 0)
        #expect(dry.stdout.contains("#\(moves.id!) moved") && dry.stdout.contains("#\(goes.id!) gone"))
        #expect(try scene.allRecords().count == 3)
        // Without a terminal, removing needs --yes; nothing changes meanwhile.
        let refused = try scene.stampkit(["reconcile"])
        #expect(refused.status == 64 && refused.stderr.contains("--yes"))
        #expect(try scene.allRecords().first { $0.id == moves.id }?.source.path == moves.source.path)

        // A search folder that is not there (an unplugged disk) is refused, not searched as empty.
        let absent = try scene.stampkit(["reconcile", "--yes", "--search", scene.root.appendingPathComponent("usb").path])
        #expect(absent.status == 64 && absent.stderr.contains("mounted"))
        #expect(try scene.allRecords().count == 3)

        let done = try scene.stampkit(["reconcile", "--yes"])
        #expect(done.status == 0, "\(done.stderr)")
        let records = try scene.allRecords()
        #expect(records.map(\.id) == [stays.id, moves.id])
        let moved = try #require(records.first { $0.id == moves.id })
        #expect(moved.source.path == sorted.appendingPathComponent("renamed.bmp").path)
        #expect(moved.source.sha256 == moves.source.sha256)
        #expect(records.first { $0.id == stays.id } == stays)
    }

    @Test func reconcileKeepsARecordWhenItCannotTell() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        let lost = try scene.catalogue(try scene.photo("stamp.png", as: "lost.png", in: "trip"))
        try FileManager.default.removeItem(atPath: lost.source.path)
        // The folder that might hold the moved photo cannot be read.
        let locked = scene.photos.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        _ = try scene.stampkit(["list"], unprivileged: true)
        chmod(locked.path, 0o000)
        defer { chmod(locked.path, 0o755) }
        let outcome = try scene.stampkit(["reconcile", "--yes", "--search", scene.photos.path], unprivileged: true)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("#\(lost.id!) kept") && outcome.stdout.contains("permission denied"))
        chmod(locked.path, 0o755)
        #expect(try scene.allRecords().map(\.id) == [lost.id])

        // A photo on a disk that is not mounted: its folder is gone and the mount point empty.
        let mountPoint = scene.root.appendingPathComponent("usb")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        var unplugged = lost
        unplugged.source.path = mountPoint.appendingPathComponent("photos/2019/a.png").path
        let unmounted = CatalogueReconciler.plan(records: [unplugged])
        guard case .kept(_, _, let reason) = try #require(unmounted.actions.first) else {
            Issue.record("a photo on an unmounted disk was not kept: \(unmounted.actions)")
            return
        }
        #expect(reason.contains("mounted"))
    }
}
