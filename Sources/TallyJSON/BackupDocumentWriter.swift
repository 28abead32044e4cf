import Foundation
import TallyStore
import ZIPFoundation

/// Writes `backup.json` as the snapshot streams in, and each file straight into the zip.
///
/// The layout is part of the format (docs/backup.md): the header fields each on a line, then
/// every table as a key whose rows are one JSON object a line, keys in the table's column order.
/// That keeps the document ordinary JSON while letting restore read a million records a line at
/// a time instead of parsing hundreds of megabytes at once.
final class BackupDocumentWriter: BackupSink, @unchecked Sendable {
    // Driven by one backup task, table after table, row after row.
    private let handle: FileHandle
    private let archive: Archive
    private var buffer: [UInt8] = []
    private var table: BackupTable?
    private var pending: [UInt8]?
    private var rowCount = 0

    init(document: URL, archive: Archive, header: BackupHeader) throws {
        FileManager.default.createFile(atPath: document.path, contents: nil, attributes: [.posixPermissions: 0o600])
        handle = try FileHandle(forWritingTo: document)
        self.archive = archive
        buffer.reserveCapacity(1 << 20)
        append("{\n  \"format\": \"tally-backup\",\n  \"version\": \(header.version),\n")
        append("  \"created_at\": ")
        BackupRowText.string(header.createdAt, into: &buffer)
        append(",\n  \"scope\": ")
        BackupRowText.string(header.scope, into: &buffer)
        append(",\n")
    }

    func begin(_ table: BackupTable) throws {
        self.table = table
        rowCount = 0
        append("  ")
        BackupRowText.string(table.name, into: &buffer)
        append(": [")
    }

    func row(_ values: [BackupValue]) throws {
        // A row is written when the next one comes, so the last one gets no comma.
        if let pending {
            buffer += pending
            append(",")
        }
        var line: [UInt8] = [UInt8(ascii: "\n"), 32, 32, 32, 32]
        BackupRowText.row(values, columns: table!.columns, into: &line)
        pending = line
        rowCount += 1
        if buffer.count > 1 << 20 { try flush() }
    }

    func end(_ table: BackupTable) throws {
        if let pending {
            buffer += pending
            append("\n  ")
        }
        pending = nil
        append(table.name == BackupTables.all.last!.name ? "]\n}\n" : "],\n")
    }

    func file(_ path: String, _ data: Data) throws {
        try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .none) {
            position,
            size in data.subdata(in: Int(position)..<Int(position) + size)
        }
    }

    /// Writes what is buffered and closes the document.
    func close() throws {
        try flush()
        try handle.close()
    }

    private func flush() throws {
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    private func append(_ text: String) { buffer.append(contentsOf: text.utf8) }
}

/// One row as a line of JSON, by hand: JSONEncoder would sort keys or not keep their order, and
/// at a million rows its cost is most of the backup's.
enum BackupRowText {
    static func row(_ values: [BackupValue], columns: [BackupColumn], into out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        var first = true
        for (column, value) in zip(columns, values) {
            // Server-only columns of a books backup, and empty optional ones, are left out.
            if value == .null { continue }
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            string(column.key, into: &out)
            out.append(UInt8(ascii: ":"))
            switch value {
            case .int(let number): out.append(contentsOf: String(number).utf8)
            case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
            case .text(let text): string(text, into: &out)
            case .json(let text): out.append(contentsOf: text.utf8)
            case .null: break
            }
        }
        out.append(UInt8(ascii: "}"))
    }

    static func string(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                out.append(UInt8(ascii: "\\"))
                out.append(byte)
            case UInt8(ascii: "\n"): out.append(contentsOf: "\\n".utf8)
            case 0..<0x20:
                out.append(contentsOf: "\\u00".utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default:
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static let hex = Array("0123456789abcdef".utf8)
}
