import Foundation
import Testing

/// `tally backup` and `tally restore` as a person runs them: a demo book backed up, restored into
/// a new data folder (where `tally check` finds nothing) and backed up again to the same
/// `backup.json`; a folder in use is refused with 65. The same at 100,000 records when
/// TALLY_BIG_BACKUP is set (CI sets it; it takes a minute in a debug build).
@Suite("tally backup and restore", .serialized)
struct BackupCLITests {
    @Test("a demo book round-trips through backup and restore; a folder in use is refused with 65")
    func roundTrip() throws {
        try Self.roundTrip(records: 1_500)
    }

    @Test(
        "100,000 records round-trip",
        .enabled(if: ProcessInfo.processInfo.environment["TALLY_BIG_BACKUP"] != nil, "set TALLY_BIG_BACKUP to run it")
    )
    func bigRoundTrip() throws {
        try Self.roundTrip(records: 100_000)
    }

    static func roundTrip(records: Int) throws {
        let source = try CLI()
        let target = try CLI()
        defer {
            source.cleanUp()
            target.cleanUp()
        }
        _ = try source.run(["user", "create", "--email", "me@example.com", "--password-stdin"], input: "password123\n")
        let demo = try source.run(["demo", "--records", "\(records)", "--seed", "5", "--start", "2023-01-01"])
        #expect(demo.status == 0, "\(demo.stderr)")
        let first = source.dataFolder.appendingPathComponent("first.zip").path
        #expect(
            try source.run(["backup", "-o", first])
                == .init(status: 0, stdout: "Wrote the backup to \(first).\n", stderr: "")
        )

        let refused = try source.run(["restore", first])
        #expect(refused.status == 65)
        #expect(refused.stderr.hasPrefix("error: backup refused: the target already has users"))

        let restored = try target.run(["restore", first])
        // The demo's bills due earlier this month are paid, adding 0 to 4 records to those asked
        // for (it was `records + 3`, which held only from the 16th to the 28th of a month): the
        // source's own count, as `tally check` gives it.
        let counted = try source.run(["check"]).stdout
        let stored = counted.split(separator: ",").first { $0.hasSuffix(" records") }.flatMap {
            $0.split(separator: " ").dropLast().last
        }
        #expect(stored.map { Int($0)! >= records && Int($0)! <= records + 4 } == true, "\(counted)")
        #expect(restored.status == 0 && restored.stdout.hasPrefix("Restored 2 book(s) with \(stored ?? "?") records"))
        let check = try target.run(["check"])
        #expect(check.status == 0, "\(check.stdout)")
        let second = target.dataFolder.appendingPathComponent("second.zip").path
        #expect(try target.run(["backup", "-o", second]).status == 0)
        #expect(try Self.document(first) == Self.document(second))
        // The people can sign in as before: their password hashes came along.
        let report = try target.run(["report", "--book", "2", "--from", "2023-01-01", "--to", "2030-12-31"])
        #expect(report.status == 0)
        #expect(
            report.stdout
                == (try source.run(["report", "--book", "2", "--from", "2023-01-01", "--to", "2030-12-31"])).stdout
        )
    }

    /// backup.json without its `created_at` line.
    static func document(_ zip: String) throws -> String {
        let snapshot = try Snapshot.read(URL(fileURLWithPath: zip))
        return Snapshot.withoutCreatedAt(snapshot.0)
    }
}

/// docs/backup.schema.json is what `tally backup --schema` prints, made from the table list itself.
@Test("docs/backup.schema.json is the schema the code describes")
func backupSchemaIsCurrent() throws {
    let printed = try CLI().run(["backup", "--schema"], data: false)
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/backup.schema.json")
    #expect(printed.status == 0)
    #expect(
        printed.stdout == (try String(contentsOf: docs, encoding: .utf8)),
        "run `tally backup --schema > docs/backup.schema.json`"
    )
}
