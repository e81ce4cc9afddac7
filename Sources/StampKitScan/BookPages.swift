import Foundation
import StampKitSupport

/// One page photo of a passport book, as a batch finds it.
public struct BookPage: Sendable, Equatable {
    /// The path to open, as given or found under a folder given.
    public var path: String
    /// The path relative to the argument it was found under (its file name when the argument
    /// was the file itself): what the shard is chosen by, so the same archive shards the same
    /// wherever it is mounted.
    public var relativePath: String
    /// The page number: the number in the file name when it has one, else its place in the order.
    public var number: Int

    /// A value from its parts.
    public init(path: String, relativePath: String, number: Int) {
        self.path = path
        self.relativePath = relativePath
        self.number = number
    }
}

/// Finding the page photos of a book: folders walked recursively, pages in name order with
/// numbers compared as numbers, page numbers, and a stable share of them for one machine.
public enum BookPages {
    /// File name endings taken as page photos inside a folder (a file named on the command line
    /// is taken whatever its name, and a bad one is reported).
    public static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "tif", "tiff", "webp", "bmp", "gif", "heic", "heif"]

    /// The largest page number a file name may give; larger numbers (camera counters, dates)
    /// are not page numbers.
    public static let highestPageNumber = 999

    /// The pages under `arguments`, in the order given and in name order inside each folder;
    /// hidden files and folders are left out. An argument that is not a folder is one page
    /// (whether it exists is found out when it is opened).
    public static func find(_ arguments: [String]) -> [BookPage] {
        var found: [(path: String, relative: String)] = []
        for argument in arguments {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder), isFolder.boolValue else {
                found.append((argument, (argument as NSString).lastPathComponent))
                continue
            }
            let base = argument.hasSuffix("/") ? String(argument.dropLast()) : argument
            found += images(under: base, relative: "").map { (base + "/" + $0, $0) }
        }
        return found.enumerated().map { index, file in
            BookPage(path: file.path, relativePath: file.relative,
                     number: pageNumber(fileName: (file.relative as NSString).lastPathComponent) ?? index + 1)
        }
    }

    /// Image files under `folder`, as paths relative to it, in name order.
    static func images(under folder: String, relative: String) -> [String] {
        let path = relative.isEmpty ? folder : folder + "/" + relative
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        var result: [String] = []
        for name in names.sorted(by: naturallyBefore) where !name.hasPrefix(".") {
            let child = relative.isEmpty ? name : relative + "/" + name
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/" + child, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                result += images(under: folder, relative: child)
            } else if imageExtensions.contains((name as NSString).pathExtension.lowercased()) {
                result.append(child)
            }
        }
        return result
    }

    /// Name order with runs of digits compared by value, so `page_2` comes before `page_10`;
    /// case is ignored first and decides only a tie.
    public static func naturallyBefore(_ a: String, _ b: String) -> Bool {
        let left = chunks(a.lowercased()), right = chunks(b.lowercased())
        for (x, y) in zip(left, right) where x != y {
            switch (x, y) {
            case (.number(let m, let mText), .number(let n, let nText)):
                // Equal values written differently (7, 007): the shorter first.
                return m != n ? m < n : mText.count < nText.count
            case (.number, .text): return true
            case (.text, .number): return false
            case (.text(let s), .text(let t)): return s < t
            }
        }
        return left.count != right.count ? left.count < right.count : a < b
    }

    private enum Chunk: Equatable {
        case text(String)
        case number(Double, String)
    }

    private static func chunks(_ name: String) -> [Chunk] {
        var result: [Chunk] = []
        var current = "", inDigits = false
        func flush() {
            guard !current.isEmpty else { return }
            // As a Double: a run of digits longer than any integer still orders by size.
            result.append(inDigits ? .number(Double(current) ?? .infinity, current) : .text(current))
            current = ""
        }
        for character in name {
            let digit = character.isASCII && character.isNumber
            if digit != inDigits { flush(); inDigits = digit }
            current.append(character)
        }
        flush()
        return result
    }

    /// The page number a file name gives: its last run of digits (before the extension),
    /// when it is a plausible page (1…`highestPageNumber`).
    public static func pageNumber(fileName: String) -> Int? {
        let stem = (fileName as NSString).deletingPathExtension
        guard let last = stem.split(whereSeparator: { !($0.isASCII && $0.isNumber) }).last,
              last.count <= 4, let number = Int(last), (1...highestPageNumber).contains(number) else { return nil }
        return number
    }

    /// Which of `count` shards (0-based) a page falls in: by a hash of its relative path, so
    /// the split depends on nothing but the archive's own layout.
    public static func shard(of page: BookPage, count: Int) -> Int {
        var hasher = SHA256()
        hasher.update(Array(page.relativePath.utf8))
        let hex = hasher.finalizeHex()
        let value = UInt64(hex.prefix(16), radix: 16) ?? 0
        return Int(value % UInt64(max(count, 1)))
    }

    /// The pages of shard `index` (1-based, as `--shard K/N` says it) of `count`.
    public static func pages(_ pages: [BookPage], shard index: Int, of count: Int) -> [BookPage] {
        pages.filter { shard(of: $0, count: count) == index - 1 }
    }
}
