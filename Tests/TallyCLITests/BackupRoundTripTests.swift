import Foundation
import TallyCore
import TallyJSON
import TallyStore
import Testing
import ZIPFoundation

/// Full backup and restore (docs/backup.md): a server with every kind of data backs up, restores
/// into an empty server and backs up again to the same `backup.json`, byte for byte apart from
/// `created_at`, with the same files and the same report figures, and `tally check` finds
/// nothing. A backup that does not hold together is refused and stores nothing.
@Suite("Backup and restore", .serialized)
struct BackupRoundTripTests {
    static let png: [UInt8] =
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1]
        + Array(repeating: 7, count: 584)

    @Test("backup → restore into an empty server → backup is the same document", arguments: BackupEngine.available)
    func roundTrip(_ engine: BackupEngine) async throws {
        let first = try await engine.withEmptyStore { store in
            try await BackupFixture.fill(store)
            return try await Snapshot.take(store)
        }
        let second = try await engine.withEmptyStore { store in
            let source = try BackupArchive.open(first.zip)
            let summary = try await store.backups.restore(source, into: .emptyServer)
            #expect(summary.books.count == 3)
            #expect(try await store.checks.check().findings.isEmpty)
            // A second restore finds the server in use and stores nothing.
            await #expect(throws: KnownError.self) {
                try await store.backups.restore(try BackupArchive.open(first.zip), into: .emptyServer)
            }
            return try await Snapshot.take(store)
        }
        defer {
            BackupArchive.discard(first.zip)
            BackupArchive.discard(second.zip)
        }
        if let folder = ProcessInfo.processInfo.environment["TALLY_BACKUP_DUMP"] {
            try first.document.write(toFile: "\(folder)/first-\(engine).json", atomically: true, encoding: .utf8)
            try second.document.write(toFile: "\(folder)/second-\(engine).json", atomically: true, encoding: .utf8)
        }
        #expect(first.document.count > 2_000)
        #expect(Snapshot.withoutCreatedAt(first.document) == Snapshot.withoutCreatedAt(second.document))
        #expect(first.files == second.files)
        #expect(first.files.values.contains(Data(Self.png)))
        #expect(first.figures == second.figures)
        #expect(first.figures.contains { $0.hasPrefix("search ") && !$0.hasSuffix(" 0") }, "a search finds records")
        for table in [
            "transaction_lines", "transaction_tags", "receipts", "budgets", "budget_categories", "goals",
            "goal_contributions", "bills", "bill_payments", "exchange_rates", "rules", "import_presets",
            "book_members", "book_invitations", "users",
        ] {
            #expect(first.document.contains("\"\(table)\": [\n"), "\(table) has rows")
        }
    }

    @Test("a backup that does not hold together stores nothing", arguments: BackupEngine.available)
    func refused(_ engine: BackupEngine) async throws {
        let good = try await engine.withEmptyStore { store in
            try await BackupFixture.fill(store)
            return try await Snapshot.take(store)
        }
        defer { BackupArchive.discard(good.zip) }
        let breakages: [(String, (String) -> String)] = [
            (
                "split lines that do not add up",
                { $0.replacingOccurrences(of: "\"amount_minor\":4000,", with: "\"amount_minor\":4001,") }
            ),
            (
                "a record of an unknown category",
                {
                    $0.replacingOccurrences(
                        of: "\"category_id\":11,\"account_id\":1,",
                        with: "\"category_id\":9999,\"account_id\":1,"
                    )
                }
            ),
            (
                "a record filed under another book's category",
                {
                    $0.replacingOccurrences(
                        of: "\"payee\":\"Market\",\"category_id\":117,",
                        with: "\"payee\":\"Market\",\"category_id\":11,"
                    )
                }
            ),
            (
                "a fraction of a cent",
                { $0.replacingOccurrences(of: "\"amount_minor\":1250,", with: "\"amount_minor\":1250.5,") }
            ),
            (
                "a key given twice",
                { $0.replacingOccurrences(of: "{\"id\":1,\"email\"", with: "{\"id\":1,\"id\":1,\"email\"") }
            ),
            (
                "a number where text belongs",
                { $0.replacingOccurrences(of: "\"payee\":\"Market\"", with: "\"payee\":7") }
            ),
            (
                "a date that is no date",
                { $0.replacingOccurrences(of: "\"date\":\"2026-03-20\"", with: "\"date\":\"2026-02-30\"") }
            ),
            (
                "a receipt missing from the zip",
                { $0.replacingOccurrences(of: "files/receipts/1.png", with: "files/receipts/9.png") }
            ),
            ("a newer version", { $0.replacingOccurrences(of: "\"version\": 1,", with: "\"version\": 99,") }),
            (
                "an unknown currency",
                { $0.replacingOccurrences(of: "\"currency\":\"EUR\"", with: "\"currency\":\"XXY\"") }
            ),
            (
                "an unknown column",
                { $0.replacingOccurrences(of: "{\"id\":1,\"email\"", with: "{\"id\":1,\"admin\":true,\"email\"") }
            ),
        ]
        for (what, breakage) in breakages {
            #expect(breakage(good.document) != good.document, "\(what): the document changed")
            let broken = try Snapshot.rewrite(good.zip) { breakage($0) }
            defer { BackupArchive.discard(broken) }
            try await engine.withEmptyStore { store in
                await #expect(throws: KnownError.self, "\(what)") {
                    try await store.backups.restore(try BackupArchive.open(broken), into: .emptyServer)
                }
                let users = try await store.users.all()
                #expect(users.isEmpty, "\(what): nothing stored")
            }
        }
    }

    @Test("one book into an empty book of another server", arguments: BackupEngine.available)
    func oneBook(_ engine: BackupEngine) async throws {
        let taken = try await engine.withEmptyStore { store in
            try await BackupFixture.fill(store)
            let alice = try await store.users.user(email: "alice@example.com")!
            let book = try await store.books.all(for: alice).first { $0.name == "Family" }!
            let zip = try await BackupArchive.write(.books([book.id]), store: store)
            return (zip, try await BackupFixture.figures(store, book: book.id, user: alice))
        }
        defer { BackupArchive.discard(taken.0) }
        try await engine.withEmptyStore { store in
            // A books backup has no passwords: it never makes a server of its own.
            await #expect(throws: KnownError.self) {
                try await store.backups.restore(try BackupArchive.open(taken.0), into: .emptyServer)
            }
            let carol = try await store.users.signUp(
                email: "carol@example.com",
                password: "correct horse",
                openSignup: true
            )
            let book = try await store.books.all(for: carol)[0]
            let scope = try await store.scope(carol, book: book.id)
            _ = try await store.backups.restore(try BackupArchive.open(taken.0), into: .book(scope, from: nil))
            #expect(try await store.checks.check().findings.isEmpty)
            #expect(try await BackupFixture.figures(store, book: book.id, user: carol) == taken.1)
            // The book now has records: a second restore into it is refused.
            await #expect(throws: KnownError.self) {
                try await store.backups.restore(try BackupArchive.open(taken.0), into: .book(scope, from: nil))
            }
        }
    }
}

/// What a backup gave: the zip, its document, its files, and the figures of the store it came from.
struct Snapshot: Sendable {
    let zip: URL
    let document: String
    let files: [String: Data]
    let figures: [String]

    static func take(_ store: Store) async throws -> Snapshot {
        let zip = try await BackupArchive.write(.server, store: store)
        var figures: [String] = []
        for user in try await store.users.all() {
            for book in try await store.books.all(for: user) {
                figures += try await BackupFixture.figures(store, book: book.id, user: user)
            }
        }
        let (document, files) = try read(zip)
        return Snapshot(zip: zip, document: document, files: files, figures: figures)
    }

    static func read(_ zip: URL) throws -> (String, [String: Data]) {
        let archive = try Archive(url: zip, accessMode: .read)
        var document = ""
        var files: [String: Data] = [:]
        for entry in archive {
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            if entry.path == BackupArchive.documentName {
                document = String(decoding: data, as: UTF8.self)
            } else {
                files[entry.path] = data
            }
        }
        return (document, files)
    }

    /// A copy of the zip with its document changed by `change`.
    static func rewrite(_ zip: URL, _ change: (String) -> String) throws -> URL {
        let (document, files) = try read(zip)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-broken-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("backup.zip")
        let archive = try Archive(url: url, accessMode: .create)
        for (path, data) in files.sorted(by: { $0.key < $1.key }) + [
            (BackupArchive.documentName, Data(change(document).utf8))
        ] {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count)) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return url
    }

    static func withoutCreatedAt(_ document: String) -> String {
        document.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("  \"created_at\": ") }
            .joined(separator: "\n")
    }
}
