import Foundation
import StampKitImaging

extension TesseractStampReader {
    /// One way of reading a poorly read stamp again whole, at the turn its reading was found.
    struct WholeLook: Sendable {
        /// How the ink is prepared first.
        var preparation: Preparation
        /// Tesseract's layout for the look; nil: the one the stamp's pass did not use
        /// (`otherLayout`).
        var layout: TesseractEngine.Layout?

        /// What is done to the turned ink image before the pass.
        enum Preparation: Sendable {
            /// Nothing: the same image taken another way.
            case asRead
            /// Gaps of a pixel or two in the strokes closed (`gapsBridged`).
            case bridged
            /// Strokes a pixel thicker all round (`strokesThickened`).
            case thickened
        }
    }

    /// The looks a poorly read stamp gets. On faded stamps whose strokes a dry pad broke, each
    /// preparation reads other words right, and rarely the same junk: measured on the hard
    /// stamps of two held-out sets turned to their true angle, the printed words (three
    /// characters or more) found within one letter rose from 16 % and 14 % for a sparse pass
    /// alone to 39 % and 35 % with three such looks beside it (the first then read as one
    /// block), and on the development set's hard stamps from 81 % to 94 %. No single
    /// preparation came near: the best alone, 24 %.
    static let wholeLooks = [
        WholeLook(preparation: .asRead, layout: nil),
        WholeLook(preparation: .bridged, layout: .sparse),
        WholeLook(preparation: .thickened, layout: .sparse),
    ]

    /// The stamp read again whole at its turn, once per `wholeLooks`, each look's lines'
    /// texts, when its reading found next to no confident text (under `acceptScore`); nil
    /// otherwise, or without an ink image. Further readings of the stamp's names, which only
    /// the name clues use. Taken on every reading short of certain (`certainScore`), the looks
    /// named two more airports among 480 stamps but made a scan of a development stamp half as
    /// long again (median 2.37 → 3.48 plain passes); under `acceptScore` they keep most of
    /// what they find at the cost of a handful of stamps.
    func wholeLooks(at lines: [OCRLine], in image: StampImage?, engine: TesseractEngine) throws -> [[String]]? {
        guard let image, image.depth == 8, Self.score(lines) < acceptScore else { return nil }
        return try Self.wholeLooks.map { look in
            let prepared: StampImage
            switch look.preparation {
            case .asRead: prepared = image
            case .bridged: prepared = try image.gapsBridged()
            case .thickened: prepared = try image.strokesThickened()
            }
            return try engine.recognise(prepared, layout: look.layout ?? otherLayout).map(\.text).filter { !$0.isEmpty }
        }
    }

    /// The layout the image as read is looked at in: the sparse one after a pass read it as
    /// one block, one block after any other pass. The same layout again would read the same
    /// words; the two layouts cut a worn stamp's rows differently and misread different
    /// letters (one entry method more on the development stamps and on a held-out set).
    var otherLayout: TesseractEngine.Layout {
        layout == .singleBlock ? .sparse : .singleBlock
    }
}
