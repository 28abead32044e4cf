import SQLKit
import TallyCore

/// An import's source with its first records read ahead, before any transaction: whether the
/// file is more than one batch decides, before anything is written, whether the import claims
/// its book; and a first transaction refused because the book is busy with a job whose process
/// died is tried again from the start, which a file read as it streams could not be.
final class ImportHead<Source: ImportSource>: @unchecked Sendable {
    // @unchecked: one importing task reads it, one transaction after another.
    private let source: Source
    private var head: [ImportRecord] = []
    private var position = 0
    /// A record read past the head to learn whether any is left.
    private var pending: ImportRecord?
    /// Whether the source has given its last record.
    private(set) var ended = false

    /// Reads up to `count` records of `source` (its errors, a bad line, are thrown here).
    init(_ source: Source, reading count: Int) throws {
        self.source = source
        head.reserveCapacity(min(count, 10_000))
        while head.count < count {
            guard let record = try source.next() else {
                ended = true
                break
            }
            head.append(record)
        }
    }

    /// The next record, or nil at the end.
    func next() throws -> ImportRecord? {
        if position < head.count {
            defer { position += 1 }
            return head[position]
        }
        position = head.count + 1
        if let record = pending {
            pending = nil
            return record
        }
        if ended { return nil }
        guard let record = try source.next() else {
            ended = true
            return nil
        }
        return record
    }

    /// Whether no record is left (reading one ahead when it must).
    func atEnd() throws -> Bool {
        if position < head.count || pending != nil { return false }
        if ended { return true }
        pending = try source.next()
        if pending == nil { ended = true }
        return pending == nil
    }

    /// Starts again from the first record; only while nothing past the head was read.
    func rewind() throws {
        guard position <= head.count else {
            throw DatabaseError(description: "import: cannot start again past the records read ahead")
        }
        position = 0
    }
}

extension LongWriteLimits {
    /// The limits of an import on `engine`. On PostgreSQL an import is one transaction: its row
    /// locks hold up no other book, and in batches of 2,000 rows a 40,000-row import took two to
    /// three times as long (15–21 s against 6–11 s in a debug build), each batch's commit, kept
    /// totals and bookkeeping costing more than it spared. Tests pass limits of their own.
    func forImports(on engine: SQLEngine) -> Self {
        guard engine == .postgres else { return self }
        var limits = self
        limits.rows = .max
        return limits
    }

    /// Whether these limits leave an import whole (one transaction whatever its size).
    var wholeImport: Bool { rows == .max }
}
