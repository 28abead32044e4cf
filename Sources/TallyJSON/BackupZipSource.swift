import Foundation
import TallyStore
import ZIPFoundation

/// A backup zip being restored: `backup.json` inflated as it is read, a line at a time (the
/// layout `BackupDocumentWriter` writes), once per pass of restore, and files inflated when asked.
/// Every entry is metered as it inflates (`RestoreLimits`): nothing is written to disk, and
/// memory holds a line, a file and two chunks, whatever the zip's headers declare.
public final class BackupZipSource: BackupSource, @unchecked Sendable {
    // Restore reads it from one task at a time; ZIPFoundation's Archive is not Sendable.
    /// The document's header.
    public let header: BackupHeader
    private let url: URL
    private let archive: Archive
    private let entries: [String: Entry]
    private let limits: RestoreLimits
    private let size: Int64
    private let total = ArchiveTotal()
    private static let batch = 2_000
    private static let tableEnd = Array("  ]".utf8)

    init(url: URL, limits: RestoreLimits = .fromEnvironment()) throws {
        guard let archive = try? Archive(url: url, accessMode: .read) else {
            throw Self.bad("not a zip holding \(BackupArchive.documentName)")
        }
        self.url = url
        self.archive = archive
        self.limits = limits
        size = Int64((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0)
        // One walk of the central directory, bounded, so that each file is found at once rather
        // than by a walk per file (a zip of 100,000 entries would take 10^10 steps).
        var entries: [String: Entry] = [:]
        var count = 0
        for entry in archive {
            count += 1
            guard count <= limits.entries else { throw Self.bad("it holds more than \(limits.entries) entries") }
            let path = entry.path
            guard path == BackupArchive.documentName || (path.hasPrefix("files/") && path.utf8.count <= 255) else {
                continue
            }
            guard entries.updateValue(entry, forKey: path) == nil else { throw Self.bad("it holds \(path) twice") }
        }
        guard entries[BackupArchive.documentName] != nil else {
            throw Self.bad("not a zip holding \(BackupArchive.documentName)")
        }
        self.entries = entries
        // The header alone: not counted toward the archive's limit, which a whole pass counts.
        let document = Self.document(url: url, entries: entries, limits: limits, size: size, total: nil)
        defer { document.stop() }
        var lines = document.reader
        guard try lines.next() == "{" else { throw Self.bad("it does not start as a JSON object") }
        var fields: [String: JSONValue] = [:]
        for key in ["format", "version", "created_at", "scope"] {
            guard let line = try lines.next(), let field = try? Self.field(line), field.key == key else {
                throw Self.bad("its header must give \(key)")
            }
            fields[key] = field.value
        }
        guard fields["format"] == .string("tally-backup"), case .int(let version) = fields["version"],
            case .string(let created) = fields["created_at"], case .string(let scope) = fields["scope"]
        else { throw Self.bad("its header is not a Tally backup's") }
        header = BackupHeader(version: Int(version), scope: scope, createdAt: created)
    }

    /// The bytes of a file in the zip, at most `RestoreLimits.file` of them.
    public func file(_ path: String) throws -> Data? {
        guard path.hasPrefix("files/"), let entry = entries[path], entry.type == .file else { return nil }
        let meter = Self.meter(path, entry: entry, limit: limits.file, limits: limits, size: size, total: total)
        var data = Data()
        let checksum = try archive.extract(entry, bufferSize: 64 * 1024, skipCRC32: false) { chunk in
            try meter.add(chunk.count)
            data.append(chunk)
        }
        guard checksum == entry.checksum else { throw Self.bad("\(path) is damaged (its CRC-32 does not match)") }
        return data
    }

    /// A meter for one read of `entry`: its compressed size taken as at most the zip's own, since
    /// a header may claim more than the zip holds to make the ratio look small.
    private static func meter(
        _ path: String,
        entry: Entry,
        limit: Int64,
        limits: RestoreLimits,
        size: Int64,
        total: ArchiveTotal?
    ) -> InflateMeter {
        InflateMeter(
            entry: path,
            limit: limit,
            compressed: min(Int64(clamping: entry.compressedSize), max(size, 1)),
            limits: limits,
            total: total.flatMap { $0.first(path) ? $0 : nil }
        )
    }

    /// `backup.json` inflating, read from its first line; `stop` ends the inflating early.
    private static func document(
        url: URL,
        entries: [String: Entry],
        limits: RestoreLimits,
        size: Int64,
        total: ArchiveTotal?
    ) -> (reader: DocumentLines, stop: () -> Void) {
        let name = BackupArchive.documentName
        // The caller found the entry.
        let entry = entries[name]!
        let meter = meter(name, entry: entry, limit: limits.document, limits: limits, size: size, total: total)
        let stream = ZipEntryStream(archive: url, path: name, meter: meter)
        return (DocumentLines(stream, maxLine: limits.line), stream.stop)
    }

    /// Every table in order, its rows in batches.
    public func scan(_ body: (BackupTable, [[BackupValue]]) async throws -> Void) async throws {
        let document = Self.document(url: url, entries: entries, limits: limits, size: size, total: total)
        defer { document.stop() }
        var lines = document.reader
        for _ in 0..<5 { _ = try lines.next() }
        var line = try lines.next()
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
                while let row = try lines.nextBytes(), !row.starts(with: Self.tableEnd) {
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
            line = try lines.next()
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
