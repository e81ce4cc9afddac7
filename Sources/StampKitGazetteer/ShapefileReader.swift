import Foundation
import StampKitSupport

/// A country border file that cannot be read. Borders come from the gazetteer build, so every
/// message says how to rebuild or refetch.
public struct BordersError: StampKitFailure, Equatable {
    /// Stable machine-readable code, e.g. `borders-shapefile`.
    public var code: String
    /// One line: what happened and how to fix it.
    public var message: String

    /// Borders are database content (exit 74).
    public var failureClass: FailureClass { .database }

    /// A `.shp` or `.dbf` file that is not what the reader expects.
    static func shapefile(_ path: String, _ why: String) -> BordersError {
        BordersError(
            code: "borders-shapefile",
            message:
                "\(path) is not a readable Natural Earth shapefile (\(why)); fetch it again with "
                + "`scripts/fetch-sources.sh DIR` and check sources.lock")
    }

    /// An encoded border blob (the gazetteer's `borders` table) that does not decode.
    static func blob(_ why: String) -> BordersError {
        BordersError(
            code: "borders-corrupt",
            message: "the gazetteer's country borders do not decode (\(why)); \(GazetteerError.rebuildHint)")
    }

    /// The gazetteer at `path` was built without borders but the caller needs them.
    public static func absent(_ path: String) -> BordersError {
        BordersError(
            code: "borders-missing",
            message:
                "\(path) has no country borders (built without the Natural Earth source); "
                + "\(GazetteerError.rebuildHint), or pass --borders DIR with the unpacked shapefile")
    }
}

/// The geometry of one ESRI shapefile record: rings of (longitude, latitude) points. Outer
/// rings and holes are not told apart because the border test is even-odd over all rings.
struct ShapefileShape: Sendable {
    /// Each ring's points as longitude, latitude pairs, first point repeated at the end.
    var rings: [[(lon: Double, lat: Double)]]
}

/// Reads the two files of an ESRI shapefile that a border test needs: `.shp` (polygons) and
/// `.dbf` (dBASE III attributes). Only polygon types are accepted; Z and M values are skipped.
enum ShapefileReader {
    /// The polygon records of a `.shp` file, in file order; a null shape is an empty ring list.
    static func shapes(shp data: [UInt8], path: String) throws -> [ShapefileShape] {
        func fail(_ why: String) -> BordersError { .shapefile(path, why) }
        guard data.count >= 100, readInt32BE(data, 0) == 9994 else { throw fail("no shapefile header") }
        let declared = Int(readInt32BE(data, 24)) * 2
        guard declared <= data.count else { throw fail("file is truncated") }
        var shapes: [ShapefileShape] = []
        var offset = 100
        while offset + 8 <= declared {
            let length = Int(readInt32BE(data, offset + 4)) * 2
            let start = offset + 8
            guard length >= 4, start + length <= data.count else { throw fail("record \(shapes.count + 1) is truncated") }
            let type = readInt32LE(data, start)
            switch type {
            case 0:
                shapes.append(ShapefileShape(rings: []))
            case 5, 15, 25:
                guard length >= 44 else { throw fail("record \(shapes.count + 1) is too short") }
                let partCount = Int(readInt32LE(data, start + 36))
                let pointCount = Int(readInt32LE(data, start + 40))
                let partsAt = start + 44
                let pointsAt = partsAt + 4 * partCount
                guard partCount >= 0, pointCount >= 0, pointsAt + 16 * pointCount <= start + length else {
                    throw fail("record \(shapes.count + 1) has more points than bytes")
                }
                var starts = (0..<partCount).map { Int(readInt32LE(data, partsAt + 4 * $0)) }
                starts.append(pointCount)
                var rings: [[(lon: Double, lat: Double)]] = []
                for part in 0..<partCount {
                    let (from, to) = (starts[part], starts[part + 1])
                    guard from >= 0, from <= to, to <= pointCount else {
                        throw fail("record \(shapes.count + 1) has a bad part index")
                    }
                    var ring: [(lon: Double, lat: Double)] = []
                    ring.reserveCapacity(to - from)
                    for i in from..<to {
                        let p = pointsAt + 16 * i
                        let lon = readDoubleLE(data, p)
                        let lat = readDoubleLE(data, p + 8)
                        guard lon.isFinite, lat.isFinite, abs(lat) <= 90.000001, abs(lon) <= 540 else {
                            throw fail("record \(shapes.count + 1) has a point off the globe")
                        }
                        ring.append((lon, lat))
                    }
                    if ring.count >= 3 { rings.append(ring) }
                }
                shapes.append(ShapefileShape(rings: rings))
            default:
                throw fail("record \(shapes.count + 1) has shape type \(type), not a polygon")
            }
            offset = start + length
        }
        return shapes
    }

    /// The non-deleted rows of a `.dbf` file as field name → trimmed text (UTF-8, as Natural
    /// Earth writes it), in file order. Deleted rows are kept as empty dictionaries so row `i`
    /// still pairs with shape `i`.
    static func records(dbf data: [UInt8], path: String) throws -> [[String: String]] {
        func fail(_ why: String) -> BordersError { .shapefile(path, why) }
        guard data.count >= 33 else { throw fail("no dBASE header") }
        let count = Int(readInt32LE(data, 4))
        let headerLength = Int(data[8]) | Int(data[9]) << 8
        let recordLength = Int(data[10]) | Int(data[11]) << 8
        var fields: [(name: String, offset: Int, length: Int)] = []
        var at = 32
        var fieldOffset = 1
        while at + 32 <= headerLength, data[at] != 0x0D {
            let nameBytes = data[at..<(at + 11)].prefix { $0 != 0 }
            let length = Int(data[at + 16])
            fields.append((String(decoding: nameBytes, as: UTF8.self), fieldOffset, length))
            fieldOffset += length
            at += 32
        }
        guard !fields.isEmpty, fieldOffset <= recordLength, count >= 0,
            headerLength + count * recordLength <= data.count
        else { throw fail("dBASE header does not match the file") }
        var rows: [[String: String]] = []
        rows.reserveCapacity(count)
        for row in 0..<count {
            let base = headerLength + row * recordLength
            if data[base] == 0x2A {  // '*': deleted
                rows.append([:])
                continue
            }
            var values: [String: String] = [:]
            for field in fields {
                let bytes = data[(base + field.offset)..<(base + field.offset + field.length)]
                let text = String(decoding: bytes, as: UTF8.self)
                values[field.name] = text.trimmingCharacters(in: CharacterSet(charactersIn: " \0"))
            }
            rows.append(values)
        }
        return rows
    }

    private static func readInt32BE(_ d: [UInt8], _ i: Int) -> Int32 {
        Int32(bitPattern: UInt32(d[i]) << 24 | UInt32(d[i + 1]) << 16 | UInt32(d[i + 2]) << 8 | UInt32(d[i + 3]))
    }

    private static func readInt32LE(_ d: [UInt8], _ i: Int) -> Int32 {
        Int32(bitPattern: UInt32(d[i]) | UInt32(d[i + 1]) << 8 | UInt32(d[i + 2]) << 16 | UInt32(d[i + 3]) << 24)
    }

    private static func readDoubleLE(_ d: [UInt8], _ i: Int) -> Double {
        var bits: UInt64 = 0
        for k in 0..<8 { bits |= UInt64(d[i + k]) << (8 * UInt64(k)) }
        return Double(bitPattern: bits)
    }
}
