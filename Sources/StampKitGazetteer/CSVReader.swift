/// Splits RFC 4180 text (quoted fields, `""` escapes, newlines inside quotes) into records.
/// OurAirports and airportsdata ship CSV this way; the importer needs nothing more.
enum CSVReader {
    /// Every record of `text`, each a list of fields; a trailing newline makes no empty record.
    static func records(_ text: String, separator: UInt8 = UInt8(ascii: ",")) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field: [UInt8] = []
        var inQuotes = false
        var fieldStarted = false
        let quote = UInt8(ascii: "\""), newline = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        var utf8 = Array(text.utf8)
        if utf8.starts(with: [0xEF, 0xBB, 0xBF]) { utf8.removeFirst(3) }
        var i = 0
        func endField() {
            record.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            fieldStarted = false
        }
        while i < utf8.count {
            let byte = utf8[i]
            if inQuotes {
                if byte == quote {
                    if i + 1 < utf8.count, utf8[i + 1] == quote {
                        field.append(quote)
                        i += 1
                    } else {
                        inQuotes = false
                    }
                } else {
                    field.append(byte)
                }
            } else if byte == quote, field.isEmpty {
                inQuotes = true
                fieldStarted = true
            } else if byte == separator {
                endField()
                fieldStarted = true
            } else if byte == newline || byte == cr {
                if byte == cr, i + 1 < utf8.count, utf8[i + 1] == newline { i += 1 }
                if fieldStarted || !field.isEmpty || !record.isEmpty {
                    endField()
                    records.append(record)
                    record.removeAll(keepingCapacity: true)
                }
            } else {
                field.append(byte)
                fieldStarted = true
            }
            i += 1
        }
        if fieldStarted || !field.isEmpty || !record.isEmpty {
            endField()
            records.append(record)
        }
        return records
    }
}
