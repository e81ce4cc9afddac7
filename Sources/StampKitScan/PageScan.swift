import Foundation
import StampKitImaging
import StampKitOCR

/// One stamp found on a page photo: its rectangle on the page and what reading it gave.
public struct PageStamp: Sendable, Equatable {
    /// The stamp's region in the page's pixels (after EXIF orientation): the record's crop.
    public var crop: PixelBox
    /// The scan of that region at its own angle; nil when the caller said it was already done.
    public var scan: StampScan?

    /// A value from its parts.
    public init(crop: PixelBox, scan: StampScan?) {
        self.crop = crop
        self.scan = scan
    }
}

extension StampScanner {
    /// Finds the stamps on a page photo and reads each one as a crop of the same decoded page,
    /// each at its own angle (stamps on one page are seldom turned alike), handing each to
    /// `each` as soon as it is read, in reading order, so a caller can keep it before the next
    /// is read. `alreadyDone` is asked about each region first: a batch that resumes spends no
    /// OCR on a stamp it has kept (its `scan` is then nil). A blank page gives none. Returns
    /// the number of regions found.
    @discardableResult
    public func scanStamps(
        onPage page: StampImage, named name: String, languages: [String] = [],
        alreadyDone: (PixelBox) throws -> Bool = { _ in false }, each: (PageStamp) throws -> Void
    ) throws -> Int {
        let regions = try page.stampRegions()
        for region in regions {
            if try alreadyDone(region) {
                try each(PageStamp(crop: region, scan: nil))
            } else {
                try each(PageStamp(crop: region, scan: try scan(page, crop: region, named: name, languages: languages)))
            }
        }
        return regions.count
    }

    /// Reads the stamp in `crop` of a page already loaded and matches it.
    public func scan(_ page: StampImage, crop: PixelBox, named name: String, languages: [String] = []) throws -> StampScan {
        let reading = try reader.read(page, options: ReadOptions(crop: crop, languages: languages))
        return StampScan(image: name, reading: reading, proposal: try matcher.propose(from: reading))
    }
}
