import Foundation
import TallyStore

/// Writes `backup.json` as the snapshot streams in, a megabyte at a time to a `DeflateStream`,
/// and each file straight into the zip.
///
/// The layout is part of the format (docs/backup.md): the header fields each on a line, then
/// every table as a key whose rows are one JSON object a line, keys in the table's column order.
/// That keeps the document ordinary JSON while letting restore read a million records a line at
/// a time instead of parsing hundreds of megabytes at once.
final class BackupDocumentWriter: BackupSink, @unchecked Sendable {
    // Driven by one backup task, table after table, row after row.
    private let stream: DeflateStream
    private let zip: BackupZipWriter
    private var buffer: [UInt8] = []
    /// The current table's keys, each as `"key":`.
    private var keys: [[UInt8]] = []
    private var rowCount = 0

    init(stream: DeflateStream, zip: BackupZipWriter, header: BackupHeader) {
        self.stream = stream
        self.zip = zip
        buffer.reserveCapacity(Self.chunk + 4096)
        append("{\n  \"format\": \"tally-backup\",\n  \"version\": \(header.version),\n")
        append("  \"created_at\": ")
        BackupRowText.string(header.createdAt, into: &buffer)
        append(",\n  \"scope\": ")
        BackupRowText.string(header.scope, into: &buffer)
        append(",\n")
    }

    private static let chunk = 1 << 20

    func begin(_ table: BackupTable) throws {
        keys = table.columns.map { column in
            var key: [UInt8] = []
            BackupRowText.string(column.key, into: &key)
            key.append(UInt8(ascii: ":"))
            return key
        }
        rowCount = 0
        append("  ")
        BackupRowText.string(table.name, into: &buffer)
        append(": [")
    }

    func row(_ values: [BackupValue]) throws {
        // Each row on a line of its own, a comma ending the one before.
        if rowCount > 0 { buffer.append(UInt8(ascii: ",")) }
        buffer.append(contentsOf: [UInt8(ascii: "\n"), 32, 32, 32, 32])
        BackupRowText.row(values, keys: keys, into: &buffer)
        rowCount += 1
        if buffer.count > Self.chunk { flush() }
    }

    func end(_ table: BackupTable) throws {
        if rowCount > 0 { append("\n  ") }
        append(table.name == BackupTables.all.last!.name ? "]\n}\n" : "],\n")
    }

    func file(_ path: String, _ data: Data) throws {
        try zip.addStored(path, data)
    }

    /// Hands over what is buffered: the document is whole.
    func close() {
        flush()
    }

    private func flush() {
        stream.write(buffer)
        buffer = []
        buffer.reserveCapacity(Self.chunk + 4096)
    }

    private func append(_ text: String) { buffer.append(contentsOf: text.utf8) }
}

/// One row as a line of JSON, by hand: JSONEncoder would sort keys or not keep their order, and
/// at a million rows its cost is most of the backup's.
enum BackupRowText {
    /// One row, `keys` holding each column's key already written as `"key":`.
    static func row(_ values: [BackupValue], keys: [[UInt8]], into out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        var first = true
        for index in values.indices {
            let value = values[index]
            // Server-only columns of a books backup, and empty optional ones, are left out.
            if case .null = value { continue }
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            out.append(contentsOf: keys[index])
            switch value {
            case .int(let number): integer(number, into: &out)
            case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
            case .text(let text): string(text, into: &out)
            case .json(let text): out.append(contentsOf: text.utf8)
            case .null: break
            }
        }
        out.append(UInt8(ascii: "}"))
    }

    /// A whole number in decimal, without making a String.
    static func integer(_ number: Int64, into out: inout [UInt8]) {
        if number < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // up to 20 digits, least significant first
        var count = 0
        withUnsafeMutableBytes(of: &digits) { raw in
            repeat {
                raw[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { out.append(raw[index]) }
        }
    }

    /// A JSON string: the runs that need no escape copied whole, the rest escaped.
    static func string(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                start = index + 1
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                    out.append(UInt8(ascii: "\\"))
                    out.append(byte)
                case UInt8(ascii: "\n"): out.append(contentsOf: "\\n".utf8)
                default:
                    out.append(contentsOf: "\\u00".utf8)
                    out.append(hex[Int(byte >> 4)])
                    out.append(hex[Int(byte & 0xF)])
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
        }
        out.append(UInt8(ascii: "\""))
    }

    private static let hex = Array("0123456789abcdef".utf8)
}
