import NIOCore
import PostgresNIO
import SQLiteNIO
import Tagged

// Typed ids go to and from both databases as their plain integer. Without these, SQLKit takes
// the generic `Codable` path for every bound or decoded id (an encoder object per value); with
// them, the drivers' direct conversions, as for a bare `Int64`.

extension Tagged: @retroactive SQLiteDataConvertible where RawValue: SQLiteDataConvertible {
    public init?(sqliteData: SQLiteData) {
        guard let raw = RawValue(sqliteData: sqliteData) else { return nil }
        self.init(rawValue: raw)
    }

    public var sqliteData: SQLiteData? { rawValue.sqliteData }
}

extension Tagged: @retroactive PostgresThrowingDynamicTypeEncodable, @retroactive PostgresEncodable
where RawValue: PostgresEncodable {
    public static var psqlType: PostgresDataType { RawValue.psqlType }
    public static var psqlFormat: PostgresFormat { RawValue.psqlFormat }

    public func encode<JSONEncoder: PostgresJSONEncoder>(
        into byteBuffer: inout ByteBuffer,
        context: PostgresEncodingContext<JSONEncoder>
    ) throws {
        try rawValue.encode(into: &byteBuffer, context: context)
    }
}

extension Tagged: @retroactive PostgresDecodable where RawValue: PostgresDecodable {
    public init<JSONDecoder: PostgresJSONDecoder>(
        from buffer: inout ByteBuffer,
        type: PostgresDataType,
        format: PostgresFormat,
        context: PostgresDecodingContext<JSONDecoder>
    ) throws {
        self.init(rawValue: try RawValue(from: &buffer, type: type, format: format, context: context))
    }
}
