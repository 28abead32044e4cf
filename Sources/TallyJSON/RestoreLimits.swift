import Foundation
import TallyStore

/// How much a backup zip may make restore read, counted as the bytes are inflated, never from
/// the sizes its headers declare (docs/deployment.md, "Limits"). A zip bomb is refused when the
/// first limit it crosses is reached, with memory and disk that stay small whatever it declares.
public struct RestoreLimits: Sendable, Equatable {
    /// The most `backup.json` may inflate to.
    public var document: Int64
    /// The most one file under `files/` may inflate to: the 10 MB a receipt or photo may be.
    public var file: Int64
    /// The most every entry together may inflate to.
    public var archive: Int64
    /// The most bytes an entry may inflate to per byte it takes in the zip, once past
    /// `ratioGrace`: deflate reaches about 1,032:1 at best, a real backup stays under 20:1.
    public var ratio: Int64
    /// Bytes an entry may inflate to before `ratio` applies (small entries compress well).
    public var ratioGrace: Int64
    /// The most entries the zip may hold.
    public var entries: Int
    /// The longest line `backup.json` may hold: one row (the longest a row's values can make is
    /// about 1 MB), or one header line.
    public var line: Int

    /// The defaults, each changed by an environment variable of the server or the CLI.
    public static let standard = RestoreLimits(
        document: 8 << 30,
        file: 10 << 20,
        archive: 16 << 30,
        ratio: 200,
        ratioGrace: 16 << 20,
        entries: 200_000,
        line: 8 << 20
    )

    /// Makes limits.
    public init(
        document: Int64,
        file: Int64,
        archive: Int64,
        ratio: Int64,
        ratioGrace: Int64,
        entries: Int,
        line: Int
    ) {
        self.document = document
        self.file = file
        self.archive = archive
        self.ratio = ratio
        self.ratioGrace = ratioGrace
        self.entries = entries
        self.line = line
    }

    /// The names of the environment variables, each a whole number (bytes, a ratio or a count).
    public static let variables = [
        "TALLY_RESTORE_MAX_DOCUMENT_BYTES", "TALLY_RESTORE_MAX_ARCHIVE_BYTES", "TALLY_RESTORE_MAX_RATIO",
        "TALLY_RESTORE_MAX_ENTRIES",
    ]

    /// `standard`, with what the environment sets (a value that is no positive whole number is
    /// ignored, so a typo cannot lift a limit).
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Self {
        var limits = standard
        func value(_ name: String) -> Int64? {
            guard let text = environment[name], let number = Int64(text), number > 0 else { return nil }
            return number
        }
        if let number = value("TALLY_RESTORE_MAX_DOCUMENT_BYTES") { limits.document = number }
        if let number = value("TALLY_RESTORE_MAX_ARCHIVE_BYTES") { limits.archive = number }
        if let number = value("TALLY_RESTORE_MAX_RATIO") { limits.ratio = number }
        if let number = value("TALLY_RESTORE_MAX_ENTRIES") { limits.entries = Int(clamping: number) }
        return limits
    }
}

/// Counts what one entry inflates to and stops it at its limits; `total` is shared by every
/// entry of one zip, for the archive's limit.
final class InflateMeter: @unchecked Sendable {
    // Only the thread inflating the entry touches `count`; `total` is locked.
    private let limit: Int64
    private let compressed: Int64
    private let limits: RestoreLimits
    private let total: ArchiveTotal?
    private let name: String
    private(set) var count: Int64 = 0

    init(entry name: String, limit: Int64, compressed: Int64, limits: RestoreLimits, total: ArchiveTotal?) {
        self.name = name
        self.limit = limit
        self.compressed = compressed
        self.limits = limits
        self.total = total
    }

    /// Counts `bytes` more; throws once a limit is crossed.
    func add(_ bytes: Int) throws {
        count += Int64(bytes)
        if count > limit { throw zipRefused("\(name) inflates to more than \(Self.size(limit))") }
        if count > limits.ratioGrace, count / max(compressed, 1) > limits.ratio {
            throw zipRefused("\(name) inflates more than \(limits.ratio) times its size in the zip")
        }
        if let total, !total.add(Int64(bytes), limit: limits.archive) {
            throw zipRefused("its entries inflate to more than \(Self.size(limits.archive)) together")
        }
    }

    /// "10 MB", "8 GB": a limit as people read it.
    static func size(_ bytes: Int64) -> String {
        if bytes >= 1 << 30, bytes % (1 << 30) == 0 { return "\(bytes >> 30) GB" }
        return bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
    }
}

/// The bytes the entries of one zip inflated to, each entry counted the first time it is read
/// (restore reads `backup.json` and the files once per pass).
final class ArchiveTotal: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: Int64 = 0
    private var counted: Set<String> = []

    /// Whether `entry` is read for the first time (and is to be counted).
    func first(_ entry: String) -> Bool { lock.withLock { counted.insert(entry).inserted } }

    /// Adds `count`; false when that takes the total past `limit`.
    func add(_ count: Int64, limit: Int64) -> Bool {
        lock.withLock {
            bytes += count
            return bytes <= limit
        }
    }
}

/// A backup refused by the reader of its zip: nothing was stored (the CLI exits 65, the API 422).
func zipRefused(_ detail: String) -> KnownError { KnownError(.invalid, "backup refused: \(detail)") }
