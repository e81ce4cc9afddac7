import CLeptonica

extension StampImage {
    /// Which way this image's text lines run, from the ink's layout alone: how much more the ink
    /// per row than the ink per column changes from one row (column) to the next, as a ratio of
    /// summed squared steps. Lines of text running across alternate rows of ink with rows of
    /// paper, a steep row profile, while their columns cross letters of every line alike; so
    /// lines across give well above 1 (2 to 8 on straightened stamps, faint and speckled ones
    /// included), lines down the inverse, and a blank or patterned image about 1. A stamp's
    /// frame, longer along its lines, adds to the same side. nil when there is no ink.
    package func lineAxisContrast(binarisation: SkewBinarisation) throws -> Double? {
        guard let binary = try lineBinary(binarisation) else { return nil }
        let across = Self.steepness(try binary.inkPerRow())
        let down = Self.steepness(try binary.inkPerColumn())
        guard across + down > 0 else { return nil }
        return across / max(down, 1)
    }

    /// Summed squared differences between neighbouring counts.
    private static func steepness(_ counts: [Int]) -> Double {
        zip(counts, counts.dropFirst()).reduce(0) { sum, pair in
            let step = Double(pair.1 - pair.0)
            return sum + step * step
        }
    }
}
