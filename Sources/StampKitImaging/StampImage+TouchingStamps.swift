import CLeptonica
import Foundation

/// Stamps that touch in the same ink are one shape of ink, but each still closes in its own
/// paper with its own border (rectangle, rounded rectangle, oval, circle). Counting those
/// enclosed interiors that are stamp-sized tells one stamp from two.
extension StampImage {
    /// The stamps inside `region` (a box in `ink`, the page's binarised ink at search size)
    /// when it holds several whose borders touch: one box per stamp-sized interior, grown by a
    /// frame's width. Gives `[region]` when it holds one stamp, or when the interiors found do
    /// not account for most of its ink (a stamp without a border among them).
    static func touchingStamps(in region: PixelBox, ink: StampImage, counts: InkCounts, minimum: Int) throws -> [PixelBox] {
        // Two stamps at least `minimum` thick, each with its frame, need this much room.
        guard max(region.width, region.height) >= 2 * minimum, min(region.width, region.height) >= minimum else {
            return [region]
        }
        let crop = try ink.cropped(to: region)
        let frame = max(3, minimum / 8)
        var stamps = try interiors(of: crop, thickness: minimum).map { part -> PixelBox in
            let x0 = max(0, part.x - frame), y0 = max(0, part.y - frame)
            let x1 = min(region.width, part.x + part.width + frame), y1 = min(region.height, part.y + part.height + frame)
            return PixelBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        guard !stamps.isEmpty else { return [region] }
        let total = counts.ink(in: region)
        func covered() -> Int { counts.inkCovered(by: stamps.map { $0.offset(by: region) }) }
        if Double(covered()) < Self.touchingInkCovered * Double(total) {
            // Ink outside every interior found: a stamp whose border has a gap, or one drawn
            // without a closed border (rules across it cut its inside into thin cells).
            guard let rest = try remainder(of: crop, outside: stamps, minimum: minimum) else { return [region] }
            stamps.append(rest)
        }
        // The stamps split off must hold the region's ink; ink left over belongs to something
        // that is no stamp of its own, and cutting it off would lose it.
        guard stamps.count >= 2, total > 0, Double(covered()) >= Self.touchingInkCovered * Double(total) else {
            return [region]
        }
        return stamps.map { $0.offset(by: region) }
    }

    /// The box (in `crop`'s pixels) of the ink outside `stamps` when it is stamp-sized and
    /// apart from them: the one stamp of a touching pair that closes in no paper of its own.
    static func remainder(of crop: StampImage, outside stamps: [PixelBox], minimum: Int) throws -> PixelBox? {
        guard let rest = pixCopy(nil, crop.pix) else { return nil }
        let left = StampImage(adopting: rest)
        for stamp in stamps {
            var box = boxCreate(l_int32(stamp.x), l_int32(stamp.y), l_int32(stamp.width), l_int32(stamp.height))
            guard box != nil else { continue }
            pixClearInRect(left.pix, box)
            boxDestroy(&box)
        }
        let gap = max(3, minimum / 10)
        let pieces = try left.closed(brickWidth: gap, height: gap).connectedComponents().filter {
            max($0.width, $0.height) >= minimum / 4
        }
        guard let first = pieces.first else { return nil }
        let box = pieces.dropFirst().reduce(first) { a, b in
            let x0 = min(a.x, b.x), y0 = min(a.y, b.y)
            return PixelBox(x: x0, y: y0, width: max(a.x + a.width, b.x + b.width) - x0,
                            height: max(a.y + a.height, b.y + b.height) - y0)
        }
        guard max(box.width, box.height) >= minimum, min(box.width, box.height) >= minimum / 2 else { return nil }
        // A stamp of its own lies beside the others, not around or across them.
        for stamp in stamps {
            let overlapX = min(box.x + box.width, stamp.x + stamp.width) - max(box.x, stamp.x)
            let overlapY = min(box.y + box.height, stamp.y + stamp.height) - max(box.y, stamp.y)
            if overlapX > 0, overlapY > 0,
               Double(overlapX * overlapY) > Self.remainderOverlap * Double(min(box.width * box.height, stamp.width * stamp.height)) {
                return nil
            }
        }
        return box
    }

    /// Share of the smaller box that a remainder may share with a stamp found by its border.
    static let remainderOverlap = 0.25

    /// Share of a region's ink that the split stamps must cover between them.
    static let touchingInkCovered = 0.85

    /// Boxes (in `crop`'s pixels) of the paper areas that ink closes in — with whatever is
    /// printed inside them — thick enough to hold a `thickness`-sided square: the insides of
    /// stamp borders. A letter's counter or a cell between two rules of one stamp is too thin;
    /// an inner frame lies inside its stamp's interior and adds nothing.
    static func interiors(of crop: StampImage, thickness: Int) throws -> [PixelBox] {
        // A 3-pixel closing seals a border that faded or dried out for a pixel or two.
        let sealed = try crop.closed(brickWidth: 3, height: 3)
        func owned(_ made: UnsafeMutablePointer<PIX>?, _ doing: String) throws -> StampImage {
            guard let made else {
                throw ImageError(.operationFailed, "Leptonica could not \(doing) while looking for touching stamps; try another export of the photo")
            }
            return StampImage(adopting: made)
        }
        // Paper not reachable from outside (4-connected, so a diagonal border still closes).
        let enclosed = try owned(pixHolesByFilling(sealed.pix, 4), "find enclosed paper")
        // What lies inside that paper (the printing) belongs to the interior too.
        let printed = try owned(pixHolesByFilling(enclosed.pix, 4), "fill an interior")
        let interiors = try owned(pixOr(nil, enclosed.pix, printed.pix), "join an interior")
        let cores = try owned(pixErodeBrick(nil, interiors.pix, l_int32(thickness), l_int32(thickness)), "erode interiors")
        let coreBoxes = try cores.connectedComponents()
        guard !coreBoxes.isEmpty else { return [] }
        // Each interior with a core, once: a dumbbell-shaped interior of one stamp has two.
        let all = try interiors.connectedComponents()
        var kept: [PixelBox] = []
        for core in coreBoxes {
            guard let whole = all.first(where: { box in
                box.x <= core.x && box.y <= core.y && box.x + box.width >= core.x + core.width
                    && box.y + box.height >= core.y + core.height
            }) else { continue }
            if !kept.contains(whole) { kept.append(whole) }
        }
        return mergedNested(kept)
    }
}

extension PixelBox {
    /// This box moved from `region`'s pixels to the pixels `region` is given in.
    func offset(by region: PixelBox) -> PixelBox {
        PixelBox(x: x + region.x, y: y + region.y, width: width, height: height)
    }
}

extension InkCounts {
    /// Ink pixels inside the union of `boxes` (each pixel once, however many boxes hold it).
    func inkCovered(by boxes: [PixelBox]) -> Int {
        // The union split along the boxes' edges into cells, each wholly in or out of it.
        let xs = Array(Set(boxes.flatMap { [$0.x, $0.x + $0.width] })).sorted()
        let ys = Array(Set(boxes.flatMap { [$0.y, $0.y + $0.height] })).sorted()
        var total = 0
        for i in 0..<max(0, xs.count - 1) {
            for j in 0..<max(0, ys.count - 1) {
                let cell = PixelBox(x: xs[i], y: ys[j], width: xs[i + 1] - xs[i], height: ys[j + 1] - ys[j])
                let inside = boxes.contains {
                    $0.x <= cell.x && $0.y <= cell.y && $0.x + $0.width >= cell.x + cell.width
                        && $0.y + $0.height >= cell.y + cell.height
                }
                if inside { total += ink(in: cell) }
            }
        }
        return total
    }
}
