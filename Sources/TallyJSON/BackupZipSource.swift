import Foundation
import TallyStore
import ZIPFoundation

/// A backup zip being restored: `backup.json` unpacked to a private scratch file and read a line
/// at a time (the layout `BackupDocumentWriter` writes), files read from the zip when asked.
public final class BackupZipSource: BackupSource, @unchecked Sendable {
    // Restore reads it from one task at a time; ZIPFoundation's Archive is not Sendable.
    /// The document's header.
    public let header: BackupHeader
    private let archive: Archive
    private let folder: URL
    private let document: URL
    private static let batch = 2_000
    private static let tableEnd = Array("  ]".utf8)

    init(url: URL) throws {
        guard let archive = try? Archive(url: url, accessMode: .read), let entry = archive[BackupArchive.documentName]
        else { throw KnownError(.invalid, "backup refused: not a zip holding \(BackupArchive.documentName)") }
        self.archive = archive
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-restore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder,
            withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o700]
        )
        document = folder.appendingPathComponent(BackupArchive.documentName)
        do {
            _ = try archive.extract(entry, to: document)
            var lines = try LineReader(document)
            guard lines.next() == "{" else { throw Self.bad("it does not start as a JSON object") }
            var fields: [String: JSONValue] = [:]
            for key in ["format", "version", "created_at", "scope"] {
                guard let line = lines.next(), let field = try? Self.field(line), field.key == key else {
                    throw Self.bad("its header must give \(key)")
                }
                fields[key] = field.value
            }
            guard fields["format"] == .string("tally-backup"), case .int(let version) = fields["version"],
                case .string(let created) = fields["created_at"], case .string(let scope) = fields["scope"]
            else { throw Self.bad("its header is not a Tally backup's") }
            header = BackupHeader(version: Int(version), scope: scope, createdAt: created)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// The bytes of a file in the zip.
    public func file(_ path: String) throws -> Data? {
        guard path.hasPrefix("files/"), let entry = archive[path], entry.type == .file else { return nil }
        var data = Data()
        _ = try archive.extract(entry, skipCRC32: false) { data.append($0) }
        return data
    }

    /// Every table in order, its rows in batches.
    public func scan(_ body: (BackupTable, [[BackupValue]]) async throws -> Void) async throws {
        var lines = try LineReader(document)
        for _ in 0..<5 { _ = lines.next() }
        var line = lines.next()
        for table in BackupTables.all {
            guard let current = line, current.hasPrefix("  \"\(table.name)\": [") else {
                try await body(table, [])
                continue
            }
            let opening = current.dropFirst(table.name.count + 7)
            var number = 0
            if opening.hasPrefix("]") {
                try await body(table, [])
            } else {
                guard opening.isEmpty else { throw Self.bad("\(table.name) must start its rows on a new line") }
                let parser = BackupRowParser(table)
                var rows: [[BackupValue]] = []
                rows.reserveCapacity(Self.batch)
                while let row = lines.nextBytes(), !row.starts(with: Self.tableEnd) {
                    number += 1
                    let text = row.last == UInt8(ascii: ",") ? row.dropLast() : row
                    do {
                        rows.append(try parser.parse(text))
                    } catch {
                        throw Self.bad("\(table.name) row \(number) is not a row of it (\(Self.reason(error)))")
                    }
                    if rows.count == Self.batch {
                        try await body(table, rows)
                        rows.removeAll(keepingCapacity: true)
                    }
                }
                try await body(table, rows)
            }
            line = lines.next()
        }
        guard line == "}" else {
            throw Self.bad("it holds \(line.map { "\"\($0.prefix(40))\"" } ?? "less") where its end should be")
        }
    }

    private static func field(_ line: String) throws -> (key: String, value: JSONValue) {
        let text = line.hasSuffix(",") ? String(line.dropLast()) : line
        let object = try JSONDecoder().decode([String: JSONValue].self, from: Data("{\(text)}".utf8))
        guard object.count == 1, let (key, value) = object.first else { throw bad("a header line") }
        return (key, value)
    }

    private static func bad(_ detail: String) -> KnownError { KnownError(.invalid, "backup refused: \(detail)") }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? BackupRowParser.Problem { return error.detail }
        if case DecodingError.typeMismatch(_, let context) = error {
            return "\(context.codingPath.last?.stringValue ?? "a value") has the wrong type"
        }
        return "not JSON"
    }
}

/// The lines of a file, read a megabyte at a time.
struct LineReader {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var start = 0
    private var done = false

    init(_ url: URL) throws { handle = try FileHandle(forReadingFrom: url) }

    mutating func next() -> String? { nextBytes().map { String(decoding: $0, as: UTF8.self) } }

    /// The next line's bytes, without its newline.
    mutating func nextBytes() -> ArraySlice<UInt8>? {
        while true {
            if let end = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[start..<end]
                start = end + 1
                return line
            }
            if done {
                guard start < buffer.count else { return nil }
                let line = buffer[start...]
                start = buffer.count
                return line
            }
            buffer.removeFirst(start)
            start = 0
            if let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                buffer += chunk
            } else {
                done = true
                try? handle.close()
            }
        }
    }
}
