import Foundation
import StampKitOCR
import StampKitGazetteer
import StampKitEvidence
import StampKitMatching

/// The whole path for one stamp image: read the text (Image + OCR stages), then match it
/// against the gazetteer. Not Sendable: it owns one engine and one connection; one per worker.
public final class StampScanner {
    let reader: any StampReader
    let matcher: StampMatcher

    /// A scanner that reads with `reader` and proposes places with `matcher`.
    public init(reader: any StampReader, matcher: StampMatcher) {
        self.reader = reader
        self.matcher = matcher
        // The reader's stage lies below the matcher's: it is lent the judgements it asks for
        // (a date as read, the evidence for one place) unless its owner set its own.
        if let tesseract = reader as? TesseractStampReader {
            if tesseract.datePrintedPlainly == nil {
                let extractor = matcher.extractor
                tesseract.datePrintedPlainly = { extractor.holdsPlainDate($0) }
            }
            if tesseract.evidenceWeight == nil {
                tesseract.evidenceWeight = { [matcher] lines in matcher.evidenceWeight(of: lines) }
            }
        }
    }

    /// A scanner with its own Tesseract engine for `languages` and its own connection to the
    /// gazetteer at `gazetteer`: what each worker of a parallel run needs.
    public convenience init(languages: [String], gazetteer: URL, lexicon: Lexicon) throws {
        try self.init(reader: TesseractStampReader(languages: languages), gazetteer: gazetteer, lexicon: lexicon)
    }

    /// A scanner reading with an engine already started (the one a command starts to check the
    /// language data), with its own connection to the gazetteer at `gazetteer`.
    public convenience init(reader: TesseractStampReader, gazetteer: URL, lexicon: Lexicon) throws {
        self.init(reader: reader, matcher: StampMatcher(directory: try Gazetteer(path: gazetteer), lexicon: lexicon))
    }

    /// Scans the image at `url`; `name` is how the person named it, for the report.
    public func scan(imageAt url: URL, named name: String, options: ReadOptions = ReadOptions()) throws -> StampScan {
        let reading = try reader.read(imageAt: url, options: options)
        return StampScan(image: name, reading: reading, proposal: try matcher.propose(from: reading))
    }
}
