import Foundation

extension JSONValue {
    /// The JSON form of any `Encodable` value, so that types which describe themselves with
    /// `Codable` print through the same serialiser as everything else. Object keys come out
    /// sorted (dictionaries have no order of their own, and sorted output is stable across runs);
    /// `nil` optionals are left out, as `JSONEncoder` does.
    public init(encoding value: some Encodable) throws {
        let encoder = ValueEncoder(codingPath: [])
        try value.encode(to: encoder)
        self = encoder.box.value
    }
}

/// A tree under construction: containers hand out boxes that later writes fill in.
private final class Box {
    enum Content {
        case empty
        case single(JSONValue)
        case object([(String, Box)])
        case array([Box])
    }

    var content: Content = .empty

    var value: JSONValue {
        switch content {
        case .empty: .object([])
        case .single(let v): v
        case .object(let pairs): .object(pairs.sorted { $0.0 < $1.0 }.map { ($0.0, $0.1.value) })
        case .array(let items): .array(items.map(\.value))
        }
    }
}

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

private final class ValueEncoder: Encoder {
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any] = [:]
    let box: Box

    init(codingPath: [any CodingKey], box: Box = Box()) {
        self.codingPath = codingPath
        self.box = box
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = box.content {} else { box.content = .object([]) }
        return KeyedEncodingContainer(KeyedContainer<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = box.content {} else { box.content = .array([]) }
        return UnkeyedContainer(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(box: box, codingPath: codingPath)
    }
}

/// The JSON form of one primitive, or nil when the value is not a primitive.
private func primitive(_ value: any Encodable) -> JSONValue? {
    switch value {
    case let v as String: .string(v)
    case let v as Bool: .bool(v)
    case let v as Int: .int(v)
    case let v as Int8: .int(Int(v))
    case let v as Int16: .int(Int(v))
    case let v as Int32: .int(Int(v))
    case let v as Int64: .int(Int(v))
    case let v as UInt8: .int(Int(v))
    case let v as UInt16: .int(Int(v))
    case let v as UInt32: .int(Int(v))
    case let v as Double: .double(v)
    case let v as Float: .double(Double(v))
    case let v as URL: .string(v.absoluteString)
    default: nil
    }
}

private func encode(_ value: some Encodable, into box: Box, at path: [any CodingKey]) throws {
    if let p = primitive(value) {
        box.content = .single(p)
    } else {
        try value.encode(to: ValueEncoder(codingPath: path, box: box))
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: Box
    let codingPath: [any CodingKey]

    private func child(_ key: Key) -> Box {
        let child = Box()
        guard case .object(var pairs) = box.content else { return child }
        pairs.removeAll { $0.0 == key.stringValue }
        pairs.append((key.stringValue, child))
        box.content = .object(pairs)
        return child
    }

    mutating func encodeNil(forKey key: Key) throws { child(key).content = .single(.null) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try StampKitSupport.encode(value, into: child(key), at: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        ValueEncoder(codingPath: codingPath + [key], box: child(key)).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        ValueEncoder(codingPath: codingPath + [key], box: child(key)).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { superEncoder(forKey: Key(stringValue: "super")!) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        ValueEncoder(codingPath: codingPath + [key], box: child(key))
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let box: Box
    let codingPath: [any CodingKey]

    var count: Int {
        if case .array(let items) = box.content { return items.count }
        return 0
    }

    private func next() -> Box {
        let child = Box()
        if case .array(var items) = box.content {
            items.append(child)
            box.content = .array(items)
        }
        return child
    }

    mutating func encodeNil() throws { next().content = .single(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try StampKitSupport.encode(value, into: next(), at: codingPath + [AnyKey(intValue: count)])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        ValueEncoder(codingPath: codingPath, box: next()).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        ValueEncoder(codingPath: codingPath, box: next()).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { ValueEncoder(codingPath: codingPath, box: next()) }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let box: Box
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { box.content = .single(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try StampKitSupport.encode(value, into: box, at: codingPath)
    }
}
