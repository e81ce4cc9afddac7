import Foundation
import StampKitImaging

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
    /// The zone's lines together, in the page `MRZZoneFinder.page(of:turnedBy:)` gives for `angle`.
    public let box: PixelBox
}

/// Finds machine-readable zones: two or three long, dense, equally long and equally spaced lines
/// of evenly pitched characters, the longest lines on an identity page.
public struct MRZZoneFinder: Sendable {
    /// Long side of the image the zone is searched on (pixels).
    public var searchLongSide = 1000
    /// Long side of the image the lines are cut from (pixels), enough for ~30 px letters.
    public var cutLongSide = 1800
    /// Most zone candidates returned, best first.
    public var maxCandidates = 2

    /// A finder with the default sizes.
    public init() {}

    /// The page lines are cut from: grayscale, at most `cutLongSide`, turned by `angle`. The
    /// zone boxes refer to it, so the printed-field pass can find the area above the zone.
    public func page(of image: StampImage, turnedBy angle: Double) throws -> StampImage {
        let base = try image.grayscale().scaledDown(toLongSide: cutLongSide)
        return abs(angle) < 0.05 ? base : try base.rotated(byDegrees: angle)
    }

    /// Candidate zones, best first; empty when the page has no run of zone-like lines.
    public func zones(in image: StampImage) throws -> [MRZZoneImage] {
        let base = try page(of: image, turnedBy: 0)
        let small = try base.scaledDown(toLongSide: searchLongSide)
        var (angle, confidence) = try small.textLineAngle()
        if confidence < 1.5 { angle = 0 }
        // Page edges and photo borders can win the angle search by a quarter turn, and the
        // visual zone's stacked fields then look like a zone: search both ways, keep the best.
        var search = TurnSearch(finder: self, small: small)
        var found: [(angle: Double, group: Group, height: Int)] = []
        for turn in [angle, angle > 0 ? angle - 90 : angle + 90] { found += try search.groups(at: turn) }
        found.sort { $0.group.score > $1.group.score }
        // A page angle found from everything on the page can miss the zone's by a few degrees
        // (perspective, a tilted page on a straight table): the lines then stay tilted, their
        // boxes grow tall and overlap, or merge into single bars. Measure the angle on the zone's
        // own region — the best run, or the longest bar when no run is about as long (zone lines
        // are the page's longest) — and look again at that angle, that look first.
        let widest = found.flatMap { f in f.group.boxes.map { (f.angle, $0) } }.max { $0.1.width < $1.1.width }
        var focus = found.first.map { ($0.angle, Self.union(of: $0.group.boxes)) }
        var lone = false
        if let (turn, box) = widest, !found.contains(where: { f in
            f.group.boxes.count >= 2 && f.group.boxes.allSatisfy { Double($0.width) >= 0.8 * Double(box.width) }
        }) {
            focus = (turn, box)
            lone = true
        }
        if let (turn, box) = focus, let first = try search.refined(turn: turn, box: box, lone: lone) {
            found.insert(first, at: 0)
        }
        return try cut(found.prefix(maxCandidates), from: base)
    }

    /// Turns the swept search tries (degrees): half a circle, since upside-down zones are read
    /// both ways round, every 5° so every zone lies within 2.5° of one (a line tilted more breaks
    /// into pieces too short for a bar); the refinement on its own region straightens the rest.
    public static let sweepTurns: [Double] = stride(from: -85.0, through: 90.0, by: 5.0).map { $0 }

    /// Candidate zones found by a wider search, for a page on which `zones(in:)` found none that
    /// reads: the page angle measured on everything printed can be wrong by any amount (a page
    /// turned 20° from a quarter turn on a patterned table, an open book whose facing page's
    /// print sets the angle), so bars are looked for at every turn of `sweepTurns`; the best
    /// runs of all turns are each straightened on their own region and looked at again there.
    /// Slower (36 searches): only for pages that read nothing otherwise.
    public func sweptZones(in image: StampImage, candidates: Int = 2) throws -> [MRZZoneImage] {
        let base = try page(of: image, turnedBy: 0)
        let small = try base.scaledDown(toLongSide: searchLongSide)
        var search = TurnSearch(finder: self, small: small)
        var found: [(angle: Double, group: Group, height: Int)] = []
        for turn in Self.sweepTurns { found += try search.groups(at: turn) }
        found.sort { $0.group.score > $1.group.score }
        var refined: [(angle: Double, group: Group, height: Int)] = []
        // Twice as many runs straightened as returned: neighbouring turns find the same zone.
        for (turn, group, _) in found.prefix(2 * candidates) {
            if let better = try search.refined(turn: turn, box: Self.union(of: group.boxes), lone: group.boxes.count == 1) {
                refined.append(better)
            }
        }
        // Straightened runs first; each zone once (neighbouring turns find the same one).
        var distinct: [(angle: Double, group: Group, height: Int)] = []
        for candidate in refined + found where !distinct.contains(where: { d in
            abs(d.angle - candidate.angle) < 3 && Self.same(d.group.boxes, candidate.group.boxes)
        }) {
            distinct.append(candidate)
        }
        return try cut(distinct.prefix(candidates), from: base)
    }

    /// The search image turned by one angle after another, each turned image kept for the
    /// refinement on a run's region.
    private struct TurnSearch {
        let finder: MRZZoneFinder
        let small: StampImage
        var works: [Double: StampImage] = [:]

        init(finder: MRZZoneFinder, small: StampImage) {
            self.finder = finder
            self.small = small
        }

        /// The zone-shaped groups on the search image turned by `turn`.
        mutating func groups(at turn: Double) throws -> [(angle: Double, group: Group, height: Int)] {
            let work = abs(turn) < 0.05 ? small : try small.rotated(byDegrees: turn)
            works[turn] = work
            return try finder.groups(in: work).map { (turn, $0, work.height) }
        }

        /// The best group found again at the angle measured on `box`'s own region (of the
        /// image turned by `turn`), when that angle differs from `turn` by 0.5–20°.
        mutating func refined(turn: Double, box: PixelBox, lone: Bool) throws -> (angle: Double, group: Group, height: Int)? {
            guard let work = works[turn] else { return nil }
            // A lone bar is often the zone's lines merged by a tilt the page angle missed, and
            // split again into slivers by row: look a tilt's drift (~7°) above and below it.
            let margin = lone ? max(box.height, box.width / 8) : box.height
            let y0 = max(0, box.y - margin), y1 = min(work.height, box.y + box.height + margin)
            let region = try work.cropped(to: PixelBox(x: box.x, y: y0, width: box.width, height: y1 - y0))
            let (local, localConfidence) = try region.textLineAngle()
            guard localConfidence >= 1.5, abs(local) >= 0.5, abs(local) <= 20 else { return nil }
            return try groups(at: turn + local).max { $0.group.score < $1.group.score }
        }
    }

    /// The boxes' union.
    static func union(of boxes: [PixelBox]) -> PixelBox {
        boxes.dropFirst().reduce(boxes[0]) { union($0, $1) }
    }

    /// Cuts each candidate's lines out of the page turned by its angle.
    private func cut(_ found: ArraySlice<(angle: Double, group: Group, height: Int)>, from base: StampImage) throws -> [MRZZoneImage] {
        var pages: [Double: StampImage] = [:]
        var result: [MRZZoneImage] = []
        for (turn, group, workHeight) in found {
            let page: StampImage
            if let cached = pages[turn] {
                page = cached
            } else {
                page = try self.page(of: base, turnedBy: turn)
                pages[turn] = page
            }
            let scale = Double(page.height) / Double(workHeight)
            let boxes = try group.boxes.map { try Self.widened($0, in: page, scale: scale) }
            let union = boxes.dropFirst().reduce(boxes[0]) { Self.union($0, $1) }
            // A zone's lines are equally long: a line whose end letters are faint (glare, a
            // shadow) or pulled apart (uneven pitch) and fell off its bar is cut as long as the
            // longest.
            let lines = try boxes.map { box in
                let short = union.width - box.width > box.height
                return try Self.cut(page, box: short ? PixelBox(x: union.x, y: box.y, width: union.width, height: box.height) : box,
                                    scale: scale, marginX: 1.2, marginY: 0.45)
            }
            let block = try Self.cut(page, box: union, scale: scale, marginX: 1.2, marginY: 0.45 / Double(group.boxes.count))
            let centre = Double(union.y) + Double(union.height) / 2
            let box = PixelBox(
                x: Int(Double(union.x) * scale), y: Int(Double(union.y) * scale),
                width: Int(Double(union.width) * scale), height: Int(Double(union.height) * scale))
            result.append(MRZZoneImage(
                lines: lines, block: block, angle: turn, belowCentre: centre > Double(workHeight) / 2,
                score: group.score, box: box))
        }
        return result
    }

    /// A line's bar (search-image pixels) widened over letters at its ends that its bar lost:
    /// letters faded by glare or uneven ink, or set apart by a wider gap, drop out of the
    /// search image's ink and the join, and the line would be read without them. On the line's
    /// band of the cut page, contrast normalised so faint letters come back, letter-sized marks
    /// are followed outward from each end while each lies within two letter heights of the last;
    /// an end grows only over at least two such marks (a lone speck or stroke is no letter run)
    /// reaching at least half a letter height out.
    static func widened(_ box: PixelBox, in page: StampImage, scale: Double) throws -> PixelBox {
        let height = Double(box.height) * scale
        // Contrast is normalised in tiles a letter high, smoothed over two tiles each way: the
        // band reaches two letter heights above and below the line so that it holds five rows
        // of tiles (fewer make Leptonica's smoothing write outside its tile arrays).
        let y0 = max(0, Int(Double(box.y) * scale - 2.2 * height))
        let y1 = min(page.height, Int(Double(box.y + box.height) * scale + 2.2 * height))
        let tile = min(Int(height), (y1 - y0) / 5, page.width / 5)
        guard height >= 8, tile >= 5 else { return box }
        let marks: [PixelBox]
        do {
            let band = try page.cropped(to: PixelBox(x: 0, y: y0, width: page.width, height: y1 - y0))
            marks = try band.contrastNormalised(tile: tile).binarised(threshold: 128).connectedComponents()
        } catch { throw Self.failed }
        let top = Double(box.y) * scale - Double(y0), bottom = top + height
        let letters = marks.filter { m in
            let centre = Double(m.y) + Double(m.height) / 2
            return Double(m.height) >= 0.4 * height && Double(m.height) <= 1.3 * height
                && Double(m.width) <= 1.2 * height && m.width >= 2 && centre > top && centre < bottom
        }
        let gap = 2 * height
        let left = Double(box.x) * scale, right = Double(box.x + box.width) * scale
        var grownLeft = left, marksLeft = 0
        for m in letters.sorted(by: { $0.x > $1.x }) where Double(m.x + m.width) < grownLeft {
            guard grownLeft - Double(m.x + m.width) <= gap else { break }
            grownLeft = Double(m.x)
            marksLeft += 1
        }
        var grownRight = right, marksRight = 0
        for m in letters.sorted(by: { $0.x < $1.x }) where Double(m.x) > grownRight {
            guard Double(m.x) - grownRight <= gap else { break }
            grownRight = Double(m.x + m.width)
            marksRight += 1
        }
        // Less than half a letter is no lost letter, only specks at the end; the cut's margin
        // covers it, and moving the cut by a few pixels would only change how the line reads.
        var widened = box
        if marksLeft >= 2, left - grownLeft >= height / 2 {
            let x0 = Int((grownLeft / scale).rounded(.down))
            widened = PixelBox(x: x0, y: box.y, width: widened.x + widened.width - x0, height: box.height)
        }
        if marksRight >= 2, grownRight - right >= height / 2 {
            widened.width = Int((grownRight / scale).rounded(.up)) - widened.x
        }
        return widened
    }

    /// Zone-shaped groups of line boxes on a straightened search image, best first, each once.
    private func groups(in work: StampImage) throws -> [Group] {
        // Zone letters are evenly pitched, but the pitch depends on the format and how much of
        // the photo the page fills: join at two widths and let the grouping choose.
        let long = max(work.width, work.height)
        var groups: [Group] = []
        // The light is evened out once for both.
        let flat: StampImage
        do { flat = try work.backgroundNormalised() } catch { throw Self.failed }
        for join in [long / 70, long / 40] {
            groups += Self.zoneGroups(try lineBoxes(in: flat, join: join), pageHeight: work.height)
        }
        groups.sort { $0.score > $1.score }
        // Both join widths often find the same zone; read it once.
        var distinct: [Group] = []
        for group in groups where !distinct.contains(where: { Self.same($0.boxes, group.boxes) }) {
            distinct.append(group)
        }
        return Array(distinct.prefix(maxCandidates))
    }

    /// Boxes of merged text lines: ink of a light-evened search image, characters joined
    /// horizontally so a line of evenly pitched letters becomes one long bar.
    func lineBoxes(in flat: StampImage, join: Int) throws -> [PixelBox] {
        func step(_ operation: () throws -> StampImage) throws -> StampImage {
            do { return try operation() } catch { throw Self.failed }
        }
        let ink = try step { try flat.binarised(threshold: 150) }
        // Keep letter-sized marks only: the table round the page, its shadowed edges, photo
        // frames and guilloche strokes would otherwise join the zone's lines into one blob.
        let long = max(flat.width, flat.height)
        let binary = try step { try ink.keepingShapes(maxWidth: long / 12, maxHeight: long / 22) }
        let join = max(5, join)
        // Join letters horizontally only: the lines of a zone in perspective come close at one end.
        let closed = try step { try binary.closed(brickWidth: join, height: 1) }
        // Then cut thin upright bridges (a stem touching the line below) between the bars.
        let opened = try step { try closed.opened(brickWidth: max(3, join / 3), height: 1) }
        let components: [PixelBox]
        do { components = try opened.connectedComponents() } catch { throw Self.failed }
        var boxes: [PixelBox] = []
        for box in components {
            guard box.height >= 5, box.width >= 4 * box.height, box.width >= flat.width / 5 else { continue }
            // Lines that touch somewhere (perspective brings them close at one end, blur joins
            // them) are parted where the bar's row profile drops.
            for part in try split(box, in: opened)
            // A zone line is at least ~12 letters wide for each letter's height.
            where part.width >= 8 * part.height && part.height >= 5 {
                // …and made of letters: a table's wood grain or a guilloche wave, broken into
                // strokes, joins into a bar just as long.
                let marks: [PixelBox]
                do { marks = try binary.cropped(to: part).connectedComponents() } catch { throw Self.failed }
                if Self.madeOfLetters(marks, bar: part) { boxes.append(part) }
            }
        }
        return boxes
    }

    /// Whether the marks (ink shapes) inside a bar are a line's letters: enough of them at least
    /// 0.4 of the bar tall and at most twice its height wide; or, for lines merged into one bar by
    /// a tilt the page angle missed, enough marks no wider than three times their height whose
    /// heights agree (the lowest quarter at least 0.6 of the median). Grain and waves break into
    /// strokes of every height, most of them flat.
    static func madeOfLetters(_ marks: [PixelBox], bar: PixelBox) -> Bool {
        let tall = marks.filter { $0.height * 5 >= bar.height * 2 && $0.width <= 2 * bar.height }
        if tall.count * 4 * bar.height >= bar.width { return true }
        let heights = marks.filter { $0.width <= 3 * $0.height }.map(\.height).sorted()
        guard heights.count >= 8 else { return false }
        let median = heights[heights.count / 2], lowQuarter = heights[heights.count / 4]
        return lowQuarter * 5 >= median * 3 && heights.count * 4 * median >= bar.width
    }

    /// Splits a bar at rows whose ink falls below a quarter of the fullest row.
    func split(_ box: PixelBox, in bars: StampImage) throws -> [PixelBox] {
        let counts: [Int]
        do { counts = try bars.cropped(to: box).inkPerRow() } catch { throw Self.failed }
        let cut = (counts.max() ?? 0) / 4
        var parts: [PixelBox] = []
        var start: Int?
        for (row, count) in (counts + [0]).enumerated() {
            if count > cut, start == nil { start = row }
            if count <= cut, let s = start {
                parts.append(PixelBox(x: box.x, y: box.y + s, width: box.width, height: row - s))
                start = nil
            }
        }
        return parts.count >= 2 ? parts : [box]
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
                // Tilt left after straightening (perspective) makes boxes taller than letters.
                && gap >= 0.9 * Double(min(a.height, b.height)) && gap <= 3.2 * h
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
