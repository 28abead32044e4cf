import ArgumentParser
import Foundation
import TallyCore
import TallyJSON
import TallyStore

extension Tally {
    /// `tally backup`: the whole server, a user's books or one book, as one zip (docs/backup.md).
    struct Backup: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a full backup (backup.json and the receipts and photos) into one zip.",
            discussion: """
                Without --user or --book it holds the whole server: every user (password hashes \
                included), book and file. --user EMAIL holds every book that user can reach; --book \
                ID (with --user when there are several users) one book. Taken from one consistent \
                snapshot while the server runs. Against a server (tally login, --server) it holds the \
                books you can open, or --book ID one of them.
                """
        )

        @Option(name: .shortAndLong, help: "Where to write the zip (default: tally-backup-DATE.zip here).")
        var output: String?
        @Option(help: "Only the books this user can reach (their email).") var user: String?
        @Option(help: "Only this book (by id).") var book: BookID?
        @Flag(help: "Print the JSON Schema of backup.json (docs/backup.schema.json) and stop.") var schema = false
        @OptionGroup var store: StoreOptions

        func run() async throws {
            if schema {
                print(try BackupJSONSchema.text(), terminator: "")
                return
            }
            try await reportingErrors {
                let output = self.output ?? "tally-backup-\(Date().formatted(.iso8601.year().month().day())).zip"
                let (target, book) = (URL(fileURLWithPath: output), book)
                try await store.withBackups(user: user) { backups in try await backups.backup(book: book, to: target) }
                print("Wrote the backup to \(output).")
            }
        }
    }

    /// `tally restore`: a backup into an empty data folder or database, or one book of it into an
    /// empty book.
    struct Restore: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Restore a backup zip into an empty data folder or database, or into an empty book.",
            discussion: """
                Everything is checked before anything is written, and it is written in one \
                transaction: a refused backup stores nothing and exits 65. A folder or database that \
                already has users or books is refused, unless --book ID names an empty book (no \
                records, plans, rules, presets, rates or tags) to restore one of the backup's books \
                into; its starting categories and accounts are replaced by the backup's. Against a \
                server only --book ID works: one book into an empty book you own there.
                """
        )

        @Argument(help: "The backup zip.") var file: String
        @Option(help: "Restore one book into this empty book of the target (by id).") var book: BookID?
        @Option(help: "Which of the backup's books (its number in backup.json) when it holds several.")
        var from: Int64?
        @Option(help: "With --book: who restores it, an owner or editor of the book (their email).")
        var user: String?
        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await reportingErrors {
                guard FileManager.default.fileExists(atPath: file) else { throw CLIError("no file \(file)") }
                let (source, book, from) = (URL(fileURLWithPath: file), book, from)
                let counts = try await store.withBackups(user: user) { backups in
                    try await backups.restore(source, into: book, from: from)
                }
                print("Restored \(counts.books) book(s) with \(counts.records) records from \(file).")
            }
        }
    }
}
