import Foundation
import Testing
@testable import StampKitScan

/// Finding a book's pages: name order with numbers as numbers, page numbers, folders walked,
/// and shards that split the pages stably, disjointly and completely.
@Suite struct BookPagesTests {
    @Test func numbersInNamesCompareAsNumbers() {
        let names = ["page_10.jpg", "page_2.jpg", "Page_1.jpg", "page_02b.jpg", "cover.jpg", "page_100.jpg", "page_9.JPG"]
        #expect(names.sorted(by: BookPages.naturallyBefore)
                == ["cover.jpg", "Page_1.jpg", "page_2.jpg", "page_02b.jpg", "page_9.JPG", "page_10.jpg", "page_100.jpg"])
        #expect(BookPages.naturallyBefore("scan7.png", "scan007.png") && !BookPages.naturallyBefore("scan007.png", "scan7.png"))
        // A run of digits longer than any integer still orders by size.
        #expect(BookPages.naturallyBefore("p99999999999999999999.jpg", "p100000000000000000000.jpg"))
    }

    @Test func pageNumberIsTheLastNumberOfAPlausibleSize() {
        #expect(BookPages.pageNumber(fileName: "page_14.jpg") == 14)
        #expect(BookPages.pageNumber(fileName: "book2-p07.heic") == 7)
        #expect(BookPages.pageNumber(fileName: "cover.jpg") == nil)
        #expect(BookPages.pageNumber(fileName: "IMG_20190712.jpg") == nil)
        #expect(BookPages.pageNumber(fileName: "page_0.jpg") == nil)
    }

    /// A folder of pages, nested, with files that are not pages beside them.
    static func makeBook() throws -> URL {
        let root = try makeTemporaryDirectory("book-pages")
        let manager = FileManager.default
        for folder in ["b", "b/inner", ".hidden"] {
            try manager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for name in ["page_10.jpg", "page_2.png", "notes.txt", ".page_1.jpg", "b/page_3.jpg", "b/inner/cover.tif", ".hidden/page_5.jpg", "scan.HEIC"] {
            try Data([0]).write(to: root.appendingPathComponent(name))
        }
        return root
    }

    @Test func foldersAreWalkedInNameOrderAndPagesNumbered() throws {
        let root = try Self.makeBook()
        defer { try? FileManager.default.removeItem(at: root) }
        let extra = root.appendingPathComponent("notes.txt").path
        let pages = BookPages.find([root.path + "/", extra])
        #expect(pages.map(\.relativePath) == ["b/inner/cover.tif", "b/page_3.jpg", "page_2.png", "page_10.jpg", "scan.HEIC", "notes.txt"])
        #expect(pages.map(\.path).first == root.path + "/b/inner/cover.tif")
        // The number in the name, else the place in the order.
        #expect(pages.map(\.number) == [1, 3, 2, 10, 5, 6])
    }

    @Test func shardsAreDisjointCoverAllAndDependOnlyOnTheRelativePath() throws {
        let pages = (1...200).map { BookPage(path: "/archive/book\($0 % 7)/page_\($0).jpg", relativePath: "book\($0 % 7)/page_\($0).jpg", number: $0) }
        for count in [1, 2, 3, 8] {
            let shards = (1...count).map { BookPages.pages(pages, shard: $0, of: count) }
            let taken = shards.flatMap { $0.map(\.relativePath) }
            #expect(taken.count == pages.count && Set(taken).count == pages.count, "\(count) shards")
            if count > 1 {
                // Roughly even: no shard empty or holding more than twice its share.
                #expect(shards.allSatisfy { !$0.isEmpty && $0.count <= 2 * pages.count / count }, "\(shards.map(\.count))")
            }
        }
        // The same archive mounted elsewhere shards the same.
        let moved = pages.map { BookPage(path: "/mnt/other" + $0.path, relativePath: $0.relativePath, number: $0.number) }
        #expect(moved.map { BookPages.shard(of: $0, count: 5) } == pages.map { BookPages.shard(of: $0, count: 5) })
        // A pinned value (the first 64 bits of SHA-256 of the relative path, modulo the count):
        // changing the hash would reshuffle every archive already split across machines.
        #expect(BookPages.shard(of: BookPage(path: "x", relativePath: "page_1.jpg", number: 1), count: 1000) == 124)
    }
}
