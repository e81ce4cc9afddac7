import StampKitSupport

extension MRZDocument {
    /// The document as JSON, every field present (absent values `null`), in declaration order;
    /// `checks` by name. Personal data: for the requested output only.
    public var json: JSONValue {
        .object([
            ("format", .string(format.rawValue)),
            ("documentCode", .string(documentCode)),
            ("issuingState", .string(issuingState)),
            ("surname", .string(surname)),
            ("givenNames", .string(givenNames)),
            ("documentNumber", .string(documentNumber)),
            ("nationality", .string(nationality)),
            ("birthDate", .string(birthDate)),
            ("expiryDate", .string(expiryDate)),
            ("sex", .string(sex)),
            ("optionalData", .string(optionalData)),
            ("optionalData2", .string(optionalData2)),
            ("lines", .array(lines.map { .string($0) })),
            ("valid", .bool(valid)),
            ("checks", .object(checks.keys.sorted().map { ($0, .bool(checks[$0]!)) })),
            ("repairs", .array(repairs.map(\.json))),
            ("flags", .array(flags.map { .string($0.rawValue) })),
        ])
    }
}

extension MRZRepair {
    /// One changed character as JSON: where, from what to what, in which field, on what basis.
    public var json: JSONValue {
        .object([
            ("line", .int(line)), ("column", .int(column)), ("from", .string(from)), ("to", .string(to)),
            ("field", .string(field)), ("basis", .string(basis.rawValue)),
        ])
    }
}

extension MRZPrintedFields {
    /// The printed fields as JSON, every key present (`null` where nothing was found).
    public var json: JSONValue {
        .object([
            ("birthDate", .string(birthDate)), ("expiryDate", .string(expiryDate)),
            ("issueDate", .string(issueDate)), ("placeOfBirth", .string(placeOfBirth)),
            ("differences", .array(differences.map { .string($0) })),
        ])
    }
}
