import Foundation
import StampKitSupport
import StampKitImaging
import StampKitEvidence

/// A day on the calendar as a stamp prints it: no time, no time zone, so it never shifts by a day
/// when the catalogue is read in another zone.
public struct CalendarDay: Sendable, Equatable, Hashable, Comparable, CustomStringConvertible {
    /// Four-digit year.
    public var year: Int
    /// 1…12.
    public var month: Int
    /// 1…31, valid for its month.
    public var day: Int

    /// A real day, or nil (e.g. 2019-02-30).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
            day <= Gregorian.days(inMonth: month, year: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD` exactly; nil for anything else or a day that does not exist.
    public init?(_ text: String) {
        // Byte by byte: `list` parses one date per record, thousands at a time.
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == 0x2D, bytes[7] == 0x2D else { return nil }
        func digits(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let y = digits(0..<4), let m = digits(5..<7), let d = digits(8..<10) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// `YYYY-MM-DD`, the stored and printed form (sorts as text in date order).
    public var description: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
        }
        return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
    }

    /// Earlier day first.
    public static func < (a: CalendarDay, b: CalendarDay) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }
}

/// One catalogued stamp: what was decided about it and where its picture came from. The image
/// bytes are never kept, only a reference to the source and the crop and turn applied to it.
public struct StampRecord: Sendable, Equatable {
    /// Whether a person has confirmed the record.
    public enum Status: String, Sendable, CaseIterable {
        /// Kept for later review.
        case pending
        /// A person confirmed it.
        case confirmed
    }

    /// Arrival or departure: the scan's own type, so a proposal's direction is stored as read.
    public typealias Direction = StampKitEvidence.Direction
    /// Air, land, sea or rail: the scan's own type.
    public typealias EntryMethod = StampKitEvidence.EntryMethod

    /// The photo a stamp was read from, fingerprinted so a moved file can be found again.
    public struct Source: Sendable, Equatable {
        /// Absolute path when catalogued (or after `reconcile` found it moved).
        public var path: String
        /// SHA-256 of the file's bytes, lower-case hex.
        public var sha256: String
        /// Size in bytes.
        public var size: Int
        /// Modification time of the file.
        public var modified: Date

        /// A source from its parts.
        public init(path: String, sha256: String, size: Int, modified: Date) {
            self.path = path
            self.sha256 = sha256
            self.size = size
            self.modified = modified
        }
    }

    /// A gazetteer place kept as its ID plus its name at the time, so the record stays readable
    /// when a later gazetteer renames or drops the place.
    public struct PlaceSnapshot<ID: Sendable & Equatable>: Sendable, Equatable {
        /// The gazetteer's ID: ISO alpha-2 for a country, admin-1 code for a region, GeoNames
        /// ID for a city, IATA code for an airport.
        public var id: ID
        /// The name the gazetteer gave when the record was saved.
        public var name: String

        /// A snapshot from its parts.
        public init(id: ID, name: String) {
            self.id = id
            self.name = name
        }
    }

    /// One clue of the accepted proposal, as the scan showed it.
    public struct EvidenceNote: Sendable, Equatable, Codable {
        /// The clue's kind, e.g. `airport-word`.
        public var kind: String
        /// The text read.
        public var text: String
        /// Why it counts.
        public var detail: String

        /// A clue from its parts.
        public init(kind: String, text: String, detail: String) {
            self.kind = kind
            self.text = text
            self.detail = detail
        }
    }

    /// The catalogue's number for the record; nil until inserted.
    public var id: Int?
    /// Pending or confirmed.
    public var status: Status
    /// The photo it came from.
    public var source: Source
    /// The stamp's rectangle in the source's pixels after EXIF orientation; nil for the whole image.
    public var crop: PixelBox?
    /// Degrees counter-clockwise that turn the cropped stamp upright.
    public var rotation: Double
    /// Country (ISO alpha-2) and its name.
    public var country: PlaceSnapshot<String>?
    /// Region (admin-1 code, e.g. `IS.39`) and its name.
    public var region: PlaceSnapshot<String>?
    /// City (GeoNames ID) and its name.
    public var city: PlaceSnapshot<Int>?
    /// Airport (IATA code) and its name.
    public var airport: PlaceSnapshot<String>?
    /// The day on the stamp.
    public var date: CalendarDay?
    /// Arrival or departure.
    public var direction: Direction?
    /// Air, land, sea or rail.
    public var entryMethod: EntryMethod?
    /// The passport book's name; a new name creates the book when the record is saved.
    public var book: String?
    /// Page in the book.
    public var page: Int?
    /// Marked as a favourite.
    public var favorite: Bool
    /// Free text from the person.
    public var note: String?
    /// The text OCR read, lines joined by newlines.
    public var ocrText: String?
    /// The clues of the accepted proposal.
    public var evidence: [EvidenceNote]
    /// Confidence of the accepted proposal (0…1); nil when the place was picked by hand.
    public var confidence: Double?
    /// Regions to hide in every image StampKit writes of this stamp (a visa number, a
    /// signature), in the source's pixels after EXIF orientation like `crop`. The source photo
    /// itself is never changed.
    public var redactions: [PixelBox]
    /// When the record was first saved (set by the store).
    public var createdAt: Date
    /// When the record was last changed (set by the store).
    public var updatedAt: Date

    /// A new, not yet saved record of `source`; everything else starts empty and pending.
    public init(
        source: Source, crop: PixelBox? = nil, rotation: Double = 0, status: Status = .pending,
        country: PlaceSnapshot<String>? = nil, region: PlaceSnapshot<String>? = nil,
        city: PlaceSnapshot<Int>? = nil, airport: PlaceSnapshot<String>? = nil,
        date: CalendarDay? = nil, direction: Direction? = nil, entryMethod: EntryMethod? = nil,
        book: String? = nil, page: Int? = nil, favorite: Bool = false, note: String? = nil,
        ocrText: String? = nil, evidence: [EvidenceNote] = [], confidence: Double? = nil,
        redactions: [PixelBox] = []
    ) {
        self.id = nil
        self.status = status
        self.source = source
        self.crop = crop
        self.rotation = rotation
        self.country = country
        self.region = region
        self.city = city
        self.airport = airport
        self.date = date
        self.direction = direction
        self.entryMethod = entryMethod
        self.book = book
        self.page = page
        self.favorite = favorite
        self.note = note
        self.ocrText = ocrText
        self.evidence = evidence
        self.confidence = confidence
        self.redactions = redactions
        self.createdAt = Date(timeIntervalSince1970: 0)
        self.updatedAt = Date(timeIntervalSince1970: 0)
    }

    /// The key that makes a record unique with its source hash: `x,y,w,h`, or empty for the
    /// whole image.
    public static func cropKey(_ crop: PixelBox?) -> String {
        crop.map { "\($0.x),\($0.y),\($0.width),\($0.height)" } ?? ""
    }

    /// The redaction boxes as stored: `x,y,w,h` each, joined by `;`; empty for none.
    public static func redactionText(_ boxes: [PixelBox]) -> String {
        boxes.map { "\($0.x),\($0.y),\($0.width),\($0.height)" }.joined(separator: ";")
    }

    /// The boxes of `redactionText`; a malformed part is skipped (the store writes only
    /// well-formed text).
    public static func redactions(fromText text: String) -> [PixelBox] {
        text.split(separator: ";").compactMap { part in
            let n = part.split(separator: ",").compactMap { Int($0) }
            return n.count == 4 ? PixelBox(x: n[0], y: n[1], width: n[2], height: n[3]) : nil
        }
    }

    /// Checks the redaction boxes against the source's size (after EXIF orientation): each
    /// must lie wholly inside the image and, with a crop, overlap it, or it would hide nothing
    /// in what StampKit shows. Throws `invalidRecord` (an input error) naming the box.
    public func checkRedactions(imageWidth: Int, imageHeight: Int) throws {
        for box in redactions {
            let text = "\(box.x),\(box.y),\(box.width),\(box.height)"
            guard box.isInside(width: imageWidth, height: imageHeight) else {
                throw CatalogueError(
                    .invalidRecord,
                    "the redaction box \(text) is not inside the \(imageWidth)×\(imageHeight) photo; give X,Y,W,H "
                        + "within it (pixels after the photo's EXIF orientation, like --crop); nothing was saved")
            }
            if let crop, box.intersection(crop) == nil {
                throw CatalogueError(
                    .invalidRecord,
                    "the redaction box \(text) does not overlap the stamp's crop \(Self.cropKey(crop)), so it would hide "
                        + "nothing; give a box over the stamp (pixels of the whole photo, like --crop); nothing was saved")
            }
        }
    }
}

/// A passport book: stamps are filed in it by page.
public struct Book: Sendable, Equatable {
    /// The catalogue's number for the book.
    public var id: Int
    /// The name the person gave, unique regardless of case.
    public var name: String
    /// Issuing state from the identity page's MRZ (ICAO code, e.g. `D`, `ISL`).
    public var issuingState: String?
    /// Holder's nationality from the MRZ (ICAO code).
    public var nationality: String?
    /// Expiry date from the MRZ.
    public var expiry: CalendarDay?
    /// Document number, kept only when the person asked for it.
    public var documentNumber: String?
    /// When the book was first named.
    public var createdAt: Date

    /// A book from its parts.
    public init(
        id: Int, name: String, issuingState: String? = nil, nationality: String? = nil,
        expiry: CalendarDay? = nil, documentNumber: String? = nil,
        createdAt: Date = Date(timeIntervalSince1970: 0)
    ) {
        self.id = id
        self.name = name
        self.issuingState = issuingState
        self.nationality = nationality
        self.expiry = expiry
        self.documentNumber = documentNumber
        self.createdAt = createdAt
    }
}

/// A book with what the catalogue holds for it.
public struct BookSummary: Sendable, Equatable {
    /// The book.
    public var book: Book
    /// Records filed in it, pending and confirmed.
    public var stampCount: Int
    /// Earliest stamp date in it.
    public var firstDate: CalendarDay?
    /// Latest stamp date in it.
    public var lastDate: CalendarDay?
}

/// What to do with a book's stamps when the book is removed.
public enum BookRemoval: Sendable, Equatable {
    /// File them in another book (created if new).
    case moveTo(String)
    /// Delete the records too.
    case deleteStamps
    /// Keep the records without a book.
    case keepWithoutBook
}

/// Which records `CatalogueStore.records(matching:)` returns; every set field must match.
public struct RecordFilter: Sendable, Equatable {
    /// Statuses to include (confirmed only by default, as `list` shows).
    public var statuses: Set<StampRecord.Status> = [.confirmed]
    /// Only these countries (ISO alpha-2, upper case); nil for all.
    public var countryCodes: Set<String>?
    /// Only this book (name, any case).
    public var book: String?
    /// Only stamps dated in this year.
    public var year: Int?
    /// Only this direction.
    public var direction: StampRecord.Direction?
    /// Only favourites.
    public var favoritesOnly = false

    /// Confirmed records of every place, book and year.
    public init() {}
}
