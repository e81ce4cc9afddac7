import Foundation
import StampKitSupport
import Synchronization

extension Gazetteer {
    /// Cities at least this big are guessed at from a damaged reading; smaller towns only when
    /// an airline airport serves them. One letter off a village's name is too often something else.
    static let nearNameMinimumPopulation = 100_000
    /// A word of airport names is guessed at only when at most this many airports have it:
    /// one letter off INTERNATIONAL says nothing.
    static let nearNameAirportLimit = 4

    /// One index per gazetteer file, built on first use and shared by every connection to it
    /// (each worker of a batch opens its own).
    private static let nearNameIndexes = Mutex<[String: NearNameIndex]>([:])

    /// Distinctive names within an edit of `searchForm`, with its cost (see `NearNameIndex`).
    public func nearNames(_ searchForm: String) throws -> [NearName] {
        try nearNameIndex().neighbours(of: searchForm).map { NearName(form: $0.form, cost: $0.cost) }
    }

    /// The file's near-name index, from the cache or built now.
    func nearNameIndex() throws -> NearNameIndex {
        let key = url.path
        if let index = Self.nearNameIndexes.withLock({ $0[key] }) { return index }
        let index = NearNameIndex(forms: try nearNameForms())
        Self.nearNameIndexes.withLock { $0[key] = index }
        return index
    }

    /// Whether a country's name in `language` (a BCP 47 tag; empty when untagged) is guessed at.
    /// Stamps print a country's name in its own languages or in a major one; CLDR also gives
    /// its name in minority languages (Aghem `Sulènamè` for Suriname), which a worn SULTANATE
    /// lies one letter from. Those have no two-letter ISO 639-1 code.
    static func guessesAtCountryName(inLanguage language: String) -> Bool {
        language.isEmpty || language.split(separator: "-", maxSplits: 1).first?.count == 2
    }

    /// Every country name in a major or untagged language; the names of big cities and of cities
    /// with an airline airport; the words of airport names and municipalities that few airports
    /// share; the names of ports of entry and border posts.
    func nearNameForms() throws -> [String] {
        var forms = try rows("SELECT form, language FROM names WHERE kind = 'country'", []) { row -> String? in
            Self.guessesAtCountryName(inLanguage: row.text(at: 1) ?? "") ? row.text(at: 0) : nil
        }.compactMap { $0 }
        forms += try rows(
            """
            SELECT form FROM names WHERE kind = 'city' AND place IN (
                SELECT id FROM cities WHERE population >= ?1
                UNION SELECT city FROM airports WHERE city IS NOT NULL AND iata IS NOT NULL AND scheduled = 1)
            """, [.integer(Self.nearNameMinimumPopulation)]
        ) { $0.text(at: 0) ?? "" }
        var airportsWithWord: [Substring: Set<String>] = [:]
        for (place, form) in try rows("SELECT place, form FROM names WHERE kind = 'airport'", [], {
            ($0.text(at: 0) ?? "", $0.text(at: 1) ?? "")
        }) {
            for word in form.split(separator: " ") where word.count >= NearNameIndex.minimumLength {
                airportsWithWord[word, default: []].insert(place)
            }
        }
        forms += airportsWithWord.filter { $0.value.count <= Self.nearNameAirportLimit }.keys.map(String.init)
        // Ports of entry and border posts are what land and sea stamps print, whatever the size
        // of their town (Poipet, 99 000 people, lies under the cities' bar).
        let lexicon = try lexiconFiles()
        if let ports = lexicon[PortOfEntry.file] {
            forms += try PortOfEntry.parse(ports).map { SearchForm.of($0.name) }
        }
        if let posts = lexicon[GazetteerBuilder.borderPostsFile] {
            forms += try GazetteerBuilder.lexiconRows(posts, file: GazetteerBuilder.borderPostsFile, columns: 3,
                                                      expected: "*<TAB>name<TAB>land, sea or rail").map { SearchForm.of($0.columns[1]) }
        }
        return forms
    }
}
