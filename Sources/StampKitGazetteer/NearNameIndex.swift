import Foundation

/// Distinctive place names in search form, for a name read with a letter or two wrong: BELIING
/// for BEIJING, HAMBYRG, ATHINAS, PEIRATAS, HIANG MAI, LALINEA for LA LINEA. Only names worth
/// the guess are in it (countries, big cities, cities with an airline airport, words found in
/// at most a few airports' names) and only forms of at least `minimumLength` letters: a letter
/// off a short or common word is another word more often than a damaged name.
///
/// How far a reading may be from a name is an edit cost: a letter added, dropped, changed or
/// swapped with its neighbour costs 1, but a letter changed for one of the same shape on a
/// worn stamp (I J L T, O C G Q, U V Y, M N H, B D E F P R, K X) costs ½, so BELIING is one edit
/// from BEIJING (L→I, I→J) while BERLING is not. A reading may cost 1, and a longer one a third
/// of its letters past the third (CAMCOUYER, 9 letters, is 2 from VANCOUVER; SEYBISFIGRBUR,
/// 13 letters: four changes of shape): a long word keeps its shape through more wear.
///
/// Names are kept under their *shape* (each letter replaced by its group's first), by length,
/// sorted forwards and backwards: a name within reach has a shape at most one edit from the
/// reading's, so it is a letter longer or shorter at most and shares the first or the last
/// `(n − 2) / 2` letters of that shape, found by binary search; only those runs are costed
/// letter by letter.
package struct NearNameIndex: Sendable {
    /// The shortest form looked up.
    package static let minimumLength = 6
    /// Letters that wear into one another on a stamp; each maps to its group's first, in a
    /// table of all 256 bytes (a byte outside the groups is its own shape), since every letter
    /// of every reading and candidate name goes through it. B D E F P R share a stem with bars
    /// and bowls on its right, which a dry pad loses or smears shut: F reads for P (FHUXET for
    /// PHUKET), E for B.
    static let shapes: [UInt8] = {
        var table = (0...255).map(UInt8.init)
        for group in ["ijlt", "ocgq", "uvy", "nmh", "bdefpr", "kx"] {
            let bytes = Array(group.utf8)
            for b in bytes { table[Int(b)] = bytes[0] }
        }
        return table
    }()

    private struct Entry: Sendable {
        var shape: [UInt8]
        var form: [UInt8]
    }
    /// The entries by the length of their shape, each length sorted forwards and backwards: a
    /// name one edit away is at most one letter longer or shorter, so a lookup searches three
    /// lengths' runs, not every length's.
    private let forward: [Int: [Entry]]
    private let backward: [Int: [Entry]]

    /// An index of `forms` (search forms; forms outside plain ASCII letters and spaces, or
    /// shorter than `minimumLength` letters, are left out).
    package init(forms: some Sequence<String>) {
        var unique = Set<[UInt8]>()
        for form in forms where Self.indexable(form) { unique.insert(Array(form.utf8)) }
        var forward: [Int: [Entry]] = [:]
        var backward: [Int: [Entry]] = [:]
        for form in unique {
            let shape = Self.shape(form)
            forward[shape.count, default: []].append(Entry(shape: shape, form: form))
            backward[shape.count, default: []].append(Entry(shape: shape.reversed(), form: form))
        }
        self.forward = forward.mapValues { $0.sorted { $0.shape.lexicographicallyPrecedes($1.shape) } }
        self.backward = backward.mapValues { $0.sorted { $0.shape.lexicographicallyPrecedes($1.shape) } }
    }

    /// How many forms the index holds.
    package var count: Int { forward.values.reduce(0) { $0 + $1.count } }

    /// Plain lower-case ASCII letters and single spaces, at least `minimumLength` letters.
    package static func indexable(_ form: String) -> Bool {
        searchable(form, shortest: minimumLength)
    }

    /// Plain lower-case ASCII letters and single spaces, at least `shortest` letters.
    static func searchable(_ form: String, shortest: Int) -> Bool {
        form.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || $0 == 32 } && form.utf8.filter { $0 != 32 }.count >= shortest
    }

    /// Each letter replaced by the first of its worn-shape group.
    package static func shape(_ form: [UInt8]) -> [UInt8] { form.map { shapes[Int($0)] } }

    /// The most a reading of `letters` letters may cost from a name: 1 up to six letters, then a
    /// third more for each further letter (7: 1⅓, 9: 2). A short word one full change and one
    /// change of shape off is another word (BERLING at 1½ from BEIJING); a long one keeps its
    /// outline through more wear (CAMCOUYER, VANCOUVER at 2).
    static func allowance(letters: Int) -> Double { max(1, Double(letters - 3) / 3) }

    /// Whether `form` is indexed as it is.
    package func contains(_ form: String) -> Bool {
        guard Self.indexable(form) else { return false }
        let query = Array(form.utf8)
        let shape = Self.shape(query)
        return Self.range(forward[shape.count] ?? [], prefix: shape[...]).contains { $0.form == query }
    }

    /// The indexed forms within reach of `form` with their cost (see the type's comment),
    /// cheapest first; none when `form` is indexed itself (a distinctive name read right is
    /// not a damaged other one).
    package func neighbours(of form: String) -> [(form: String, cost: Double)] {
        neighbours(of: form, shortest: Self.minimumLength)
    }

    /// `neighbours(of:)` for a reading of at least `shortest` letters: a five-letter reading
    /// one letter short of a six-letter stamp word (ENTRÉ of ENTRÉE) is that word, though no
    /// five-letter name is guessed at.
    package func neighbours(of form: String, shortest: Int) -> [(form: String, cost: Double)] {
        guard Self.searchable(form, shortest: shortest) else { return [] }
        let query = Array(form.utf8)
        let shape = Self.shape(query)
        let k = max(2, (shape.count - 2) / 2)
        let allowance = Self.allowance(letters: query.filter { $0 != 32 }.count)
        var found: [[UInt8]: Double] = [:]
        func consider(_ entry: Entry, _ queryShape: [UInt8]) -> Bool {
            guard entry.shape == queryShape || Self.oneEditApart(queryShape, entry.shape) else { return true }
            if entry.form == query { return false }
            let cost = Self.cost(query, entry.form)
            if cost <= allowance { found[entry.form] = cost }
            return true
        }
        let reversed = Array(shape.reversed())
        for length in (shape.count - 1)...(shape.count + 1) {
            for entry in Self.range(forward[length] ?? [], prefix: shape[0..<k]) {
                if !consider(entry, shape) { return [] }
            }
            for entry in Self.range(backward[length] ?? [], prefix: reversed[0..<k]) {
                if !consider(entry, reversed) { return [] }
            }
        }
        return found.map { (String(decoding: $0.key, as: UTF8.self), $0.value) }
            .sorted { $0.cost != $1.cost ? $0.cost < $1.cost : $0.form < $1.form }
    }

    /// The run of `sorted` whose shapes start with `prefix`: both ends found by binary search,
    /// since a run under a short prefix holds hundreds of names.
    private static func range(_ sorted: [Entry], prefix: ArraySlice<UInt8>) -> ArraySlice<Entry> {
        // -1, 0 or 1 as `shape`'s first `prefix.count` bytes sort before, equal or after `prefix`.
        func order(_ shape: [UInt8]) -> Int {
            var k = prefix.startIndex
            for b in shape {
                guard k < prefix.endIndex else { return 0 }
                if b != prefix[k] { return b < prefix[k] ? -1 : 1 }
                k += 1
            }
            return k < prefix.endIndex ? -1 : 0
        }
        func firstIndex(after limit: Int) -> Int {
            var low = 0
            var high = sorted.count
            while low < high {
                let mid = (low + high) / 2
                if order(sorted[mid].shape) <= limit { low = mid + 1 } else { high = mid }
            }
            return low
        }
        return sorted[firstIndex(after: -1)..<firstIndex(after: 0)]
    }

    /// Whether `a` and `b` differ by exactly one edit: a letter changed, added or dropped, or
    /// two neighbouring letters swapped.
    static func oneEditApart(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        if a.count == b.count {
            // Called for every name sharing a reading's first or last letters: no allocation.
            var first = -1, second = -1
            for i in a.indices where a[i] != b[i] {
                if first < 0 { first = i } else if second < 0 { second = i } else { return false }
            }
            if first >= 0 && second < 0 { return true }
            guard second == first + 1 else { return false }
            return a[first] == b[second] && a[second] == b[first]
        }
        let (long, short) = a.count > b.count ? (a, b) : (b, a)
        guard long.count == short.count + 1 else { return false }
        var i = 0
        while i < short.count, long[i] == short[i] { i += 1 }
        return long[(i + 1)...].elementsEqual(short[i...])
    }

    /// How many letters of each shape a form holds (a–z by shape, spaces, anything else in one
    /// bin), for a lower bound on the edit cost between two forms that needs no table: every
    /// edit of cost 1 removes at most one letter of a shape one form has too many of and adds at
    /// most one the other lacks, and a like-shape change moves no count, so the larger of those
    /// two totals is at most the cost (bytes lumped into one bin only cancel, never add). The
    /// damaged-word guesses compare each reading with every word of a list, and cost the few
    /// this bound leaves within reach.
    package struct ShapeCounts: Sendable {
        private var bins: [Int16]

        /// The counts of `form`.
        package init(_ form: [UInt8]) {
            bins = [Int16](repeating: 0, count: 28)
            for b in form {
                switch b {
                case 97...122: bins[Int(shapes[Int(b)] - 97)] += 1
                case 32: bins[26] += 1
                default: bins[27] += 1
                }
            }
        }

        /// The least edit cost between the two forms.
        package func bound(to other: ShapeCounts) -> Double {
            var surplus = 0, lack = 0
            for k in bins.indices {
                let d = Int(bins[k]) - Int(other.bins[k])
                if d > 0 { surplus += d } else { lack -= d }
            }
            return Double(max(surplus, lack))
        }
    }

    /// The edit cost from `a` to `b` (optimal string alignment): adding, dropping, changing or
    /// swapping a letter costs 1, changing it for one of the same shape ½.
    package static func cost(_ a: [UInt8], _ b: [UInt8]) -> Double {
        let n = a.count
        let m = b.count
        guard n > 0, m > 0 else { return Double(max(n, m)) }
        // One flat table, row i at i * (m + 1), on the stack: the matcher costs thousands of
        // pairs a stamp.
        let w = m + 1
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: (n + 1) * w) { d in
            for i in 0...n { d[i * w] = Double(i) }
            for j in 0...m { d[j] = Double(j) }
            for i in 1...n {
                let ai = a[i - 1]
                for j in 1...m {
                    let bj = b[j - 1]
                    let change: Double = ai == bj ? 0 : shapes[Int(ai)] == shapes[Int(bj)] ? 0.5 : 1
                    var best = min(d[(i - 1) * w + j] + 1, d[i * w + j - 1] + 1, d[(i - 1) * w + j - 1] + change)
                    if i > 1, j > 1, ai == b[j - 2], a[i - 2] == bj { best = min(best, d[(i - 2) * w + j - 2] + 1) }
                    d[i * w + j] = best
                }
            }
            return d[n * w + m]
        }
    }
}
