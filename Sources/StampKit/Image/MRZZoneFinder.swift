import CLeptonica
import Foundation

/// A machine-readable zone found on a page: its lines cut out of the straightened page, top to
/// bottom as they lie after straightening (the zone may still be upside down).
public struct MRZZoneImage {
    /// One grayscale strip per line, with a margin of paper round the characters.
    public let lines: [StampImage]
    /// The whole zone as one strip, for reading as a block when the lines touch.
    public let block: StampImage
    /// The counter-clockwise turn (degrees) that made the page's lines horizontal.
    public let angle: Double
    /// The zone's centre lies in the lower half of the straightened page: upright is likelier.
    public let belowCentre: Bool
    /// How sure the finder is that this is a zone: more lines of the same length score higher.
    public let score: Double
}

/// Finds machine-readable zones: two or three long, dense, equally long and equally spaced lines
/// of evenly pitched characters, the longest lines on an identity page.
public struct MRZZoneFinder {
    /// Long side of the image the zone is searched on (pixels).
    public var searchLongSide = 1000
    /// Long side of the image the lines are cut from (pixels), enough for ~30 px letters.
    public var cutLongSide = 1800
    /// Most zone candidates returned, best first.
    public var maxCandidates = 2

    /// A finder with the default sizes.
    public init() {}

    /// Candidate zones, best first; empty when the page has no run of zone-like lines.
    public func zones(in image: StampImage) throws -> [MRZZoneImage] {
        let gray = try image.grayscale()
        let base = try gray.scaledDown(toLongSide: cutLongSide)
        let small = try base.scaledDown(toLongSide: searchLongSide)
        var (angle, confidence) = try small.textLineAngle()
        if confidence < 1.5 { angle = 0 }
        var result = try zones(in: base, angle: angle)
        // Page edges and photo borders can win the angle search by a quarter turn; the zone's
        // own lines then run the other way.
        if result.first.map({ $0.lines.count < 2 }) ?? true {
            result += try zones(in: base, angle: angle > 0 ? angle - 90 : angle + 90)
            result.sort { $0.score > $1.score }
        }
        return Array(result.prefix(maxCandidates))
    }

    private func zones(in base: StampImage, angle: Double) throws -> [MRZZoneImage] {
        let page = abs(angle) < 0.05 ? base : try base.rotated(byDegrees: angle)
        let work = try page.scaledDown(toLongSide: searchLongSide)
        let scale = Double(page.width) / Double(work.width)
        // Zone letters are evenly pitched, but the pitch depends on the format and how much of
        // the photo the page fills: join at two widths and let the grouping choose.
        let long = max(work.width, work.height)
        var groups: [Group] = []
        for join in [long / 70, long / 40] {
            groups += Self.zoneGroups(try lineBoxes(in: work, join: join), pageHeight: work.height)
        }
        groups.sort { $0.score > $1.score }
        // Both join widths often find the same zone; read it once.
        var distinct: [Group] = []
        for group in groups where !distinct.contains(where: { Self.same($0.boxes, group.boxes) }) {
            distinct.append(group)
        }
        var result: [MRZZoneImage] = []
        for group in distinct.prefix(maxCandidates) {
            let lines = try group.boxes.map { box in
                try Self.cut(page, box: box, scale: scale, marginX: 1.2, marginY: 0.45)
            }
            let union = group.boxes.dropFirst().reduce(group.boxes[0]) { Self.union($0, $1) }
            let block = try Self.cut(page, box: union, scale: scale, marginX: 1.2, marginY: 0.45 / Double(group.boxes.count))
            let centre = Double(union.y) + Double(union.height) / 2
            result.append(MRZZoneImage(
                lines: lines, block: block, angle: angle, belowCentre: centre > Double(work.height) / 2,
                score: group.score))
        }
        return result
    }

    /// Boxes of merged text lines: ink after evening out the light, characters joined
    /// horizontally so a line of evenly pitched letters becomes one long bar.
    func lineBoxes(in work: StampImage, join: Int) throws -> [PixelBox] {
        guard let flat = pixBackgroundNormSimple(work.pix, nil, nil) else { throw Self.failed }
        var flatOwned: UnsafeMutablePointer<PIX>? = flat
        defer { pixDestroy(&flatOwned) }
        guard let binary = pixConvertTo1(flat, 150) else { throw Self.failed }
        var binaryOwned: UnsafeMutablePointer<PIX>? = binary
        defer { pixDestroy(&binaryOwned) }
        let join = l_int32(max(5, join))
        // A little vertical closing keeps the thin arms of `<` attached to their neighbours.
        guard let opened = pixCloseBrick(nil, binary, join, max(1, join / 5)) else { throw Self.failed }
        var openedOwned: UnsafeMutablePointer<PIX>? = opened
        defer { pixDestroy(&openedOwned) }
        guard let boxa = pixConnComp(opened, nil, 8) else { throw Self.failed }
        var boxaOwned: UnsafeMutablePointer<BOXA>? = boxa
        defer { boxaDestroy(&boxaOwned) }
        var boxes: [PixelBox] = []
        for i in 0..<boxaGetCount(boxa) {
            var x: l_int32 = 0, y: l_int32 = 0, w: l_int32 = 0, h: l_int32 = 0
            guard boxaGetBoxGeometry(boxa, i, &x, &y, &w, &h) == 0 else { continue }
            // A zone line is at least ~12 letters wide for each letter's height.
            guard h >= 5, w >= 8 * h, Int(w) >= work.width / 5 else { continue }
            boxes.append(PixelBox(x: Int(x), y: Int(y), width: Int(w), height: Int(h)))
        }
        return boxes
    }

    struct Group {
        var boxes: [PixelBox]
        var score: Double
    }

    /// Runs of 2 or 3 vertically adjacent line boxes of nearly the same width, left edge and
    /// height, evenly spaced: the shape of a zone. Best (longest lines, three before two) first;
    /// a lone very long line is a last resort (lines merged by blur).
    static func zoneGroups(_ boxes: [PixelBox], pageHeight: Int) -> [Group] {
        let sorted = boxes.sorted { $0.y < $1.y }
        var groups: [Group] = []
        func alike(_ a: PixelBox, _ b: PixelBox) -> Bool {
            let w = Double(max(a.width, b.width))
            let h = Double(max(a.height, b.height))
            let gap = Double(b.y + b.height / 2 - a.y - a.height / 2)
            return abs(Double(a.width - b.width)) <= 0.12 * w
                && abs(Double(a.x - b.x)) <= 0.08 * w
                && Double(min(a.height, b.height)) >= 0.55 * h
                && gap >= 1.0 * h && gap <= 3.2 * h
        }
        for i in sorted.indices {
            var run = [sorted[i]]
            var j = i + 1
            while j < sorted.count, run.count < 3 {
                if alike(run[run.count - 1], sorted[j]) {
                    run.append(sorted[j])
                } else if sorted[j].y > run[run.count - 1].y + 4 * run[run.count - 1].height {
                    break
                }
                j += 1
            }
            guard run.count >= 2 else { continue }
            let meanWidth = Double(run.map(\.width).reduce(0, +)) / Double(run.count)
            let meanHeight = Double(run.map(\.height).reduce(0, +)) / Double(run.count)
            // Zone lines: 30–44 letters of about 0.7 height pitch → 20–45 heights long.
            let aspect = meanWidth / meanHeight
            let shape = aspect >= 14 ? 1.0 : aspect / 14
            groups.append(Group(boxes: run, score: meanWidth * shape * (run.count == 3 ? 1.1 : 1)))
            if run.count == 3 {
                groups.append(Group(boxes: Array(run.suffix(2)), score: meanWidth * shape * 0.9))
            }
        }
        for box in sorted where Double(box.width) / Double(box.height) >= 8 {
            groups.append(Group(boxes: [box], score: Double(box.width) * 0.3))
        }
        return groups.sorted { $0.score > $1.score }
    }

    /// Cuts `box` (search-image pixels) out of `page`, widened by margins in letter heights.
    static func cut(_ page: StampImage, box: PixelBox, scale: Double, marginX: Double, marginY: Double) throws -> StampImage {
        let h = Double(box.height) * scale
        let x0 = max(0, Int((Double(box.x) * scale - marginX * h).rounded()))
        let y0 = max(0, Int((Double(box.y) * scale - marginY * h).rounded()))
        let x1 = min(page.width, Int((Double(box.x + box.width) * scale + marginX * h).rounded()))
        let y1 = min(page.height, Int((Double(box.y + box.height) * scale + marginY * h).rounded()))
        return try page.cropped(to: PixelBox(x: x0, y: y0, width: max(1, x1 - x0), height: max(1, y1 - y0)))
    }

    /// Two runs of boxes that cover the same lines (within a few pixels).
    static func same(_ a: [PixelBox], _ b: [PixelBox]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { p, q in
            abs(p.x - q.x) + abs(p.y - q.y) + abs(p.width - q.width) + abs(p.height - q.height) <= 12
        }
    }

    static func union(_ a: PixelBox, _ b: PixelBox) -> PixelBox {
        let x = min(a.x, b.x), y = min(a.y, b.y)
        return PixelBox(x: x, y: y, width: max(a.x + a.width, b.x + b.width) - x,
                        height: max(a.y + a.height, b.y + b.height) - y)
    }

    static let failed = ImageError(.operationFailed, "Leptonica could not search this image for a machine-readable zone; try another export of the photo (e.g. JPEG)")
}
