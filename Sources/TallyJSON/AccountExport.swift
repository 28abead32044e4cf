import Foundation
import TallyCore
import TallyFiles
import TallyStore
import ZIPFoundation

/// "Export all my data": one zip with the profile, and for every book the user owns its JSON
/// (the book, members, categories, accounts, budgets, goals with their contributions, bills),
/// its records as Tally CSV (the import format), its receipts and its goals' photos.
///
/// The zip is written to a temporary file in a folder only the server's user can read, entry by
/// entry (ZIPFoundation), reading one receipt or one page of records at a time, so a book with
/// gigabytes of receipts never sits in memory. It is built before the first byte goes out (so a
/// failure is still an error status), then streamed.
public enum AccountExport {
    /// Writes the zip for `user` to a new temporary file and returns its URL (the CLI moves it).
    public static func write(for user: User, store: Store) async throws -> URL {
        // A folder only this process's user may read: the zip holds someone's whole finances.
        let folder = try ScratchFolder.make("export")
        let url = folder.appendingPathComponent("export.zip")
        do {
            let archive = try Archive(url: url, accessMode: .create)
            let books = try await store.books.all(for: user)
            try add(archive, "profile.json", try json(ProfileFile(user: user, books: books)))
            if user.photoVersion != nil, let photo = try? await store.users.photo(of: user.id) {
                let ext = ReceiptImageType(rawValue: photo.type)?.fileExtension ?? "img"
                try add(archive, "profile-photo.\(ext)", photo.data)
            }
            for book in books where book.role == .owner {
                let scope = try await store.scope(user, book: book.id)
                try await addBook(archive, scope: scope, store: store, scratch: folder)
            }
            return url
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    private static func addBook(_ archive: Archive, scope: BookScope, store: Store, scratch: URL) async throws {
        let folder = "books/\(scope.bookID)"
        let categories = try await store.books.categories(in: scope)
        var goals: [GoalFile] = []
        for standing in try await store.plans.goals(in: scope) {
            let contributions = try await store.plans.contributions(to: standing.goal.id, in: scope)
            goals.append(
                GoalFile(
                    goal: APIModel.GoalJSON(standing),
                    contributions: contributions.map(APIModel.ContributionJSON.init)
                )
            )
        }
        let file = BookFile(
            book: APIModel.BookJSON(scope.book),
            members: try await store.books.members(in: scope).map { APIModel.MemberJSON($0, book: scope.bookID) },
            categories: categories.map { APIModel.CategoryJSON($0, all: categories) },
            accounts: try await store.books.accounts(in: scope).map(APIModel.AccountJSON.init),
            budgets: try await store.plans.budgets(in: scope).map(APIModel.BudgetJSON.init),
            goals: goals,
            bills: try await store.plans.bills(in: scope).map(APIModel.BillJSON.init)
        )
        try add(archive, "\(folder)/book.json", try json(file))

        // The records go to a scratch file a page at a time, then into the zip from disk: a book
        // of a million records never sits in memory.
        // The same file as `tally export`, split records and tags included, so it imports back whole.
        let export = try await RecordsExport(store: store, scope: scope, filter: TransactionFilter(), format: .csv)
        let csvURL = scratch.appendingPathComponent("book-\(scope.bookID).csv")
        FileManager.default.createFile(atPath: csvURL.path, contents: nil, attributes: [.posixPermissions: 0o600])
        let csv = try FileHandle(forWritingTo: csvURL)
        defer { try? FileManager.default.removeItem(at: csvURL) }
        try await export.write { bytes in try csv.write(contentsOf: Data(bytes)) }
        try csv.close()
        try archive.addEntry(with: "\(folder)/transactions.csv", fileURL: csvURL, compressionMethod: .deflate)

        for receipt in try await store.records.allReceipts(in: scope) {
            let (_, data) = try await store.records.receiptData(receipt.id, in: scope)
            let name =
                "\(folder)/receipts/record-\(receipt.transactionID)-receipt-\(receipt.id).\(receipt.type.fileExtension)"
            try add(archive, name, data)
        }
        for goal in goals where goal.goal.photo != nil {
            let (type, data) = try await store.plans.goalPhoto(goal.goal.id, in: scope)
            let ext = ReceiptImageType(rawValue: type)?.fileExtension ?? "img"
            try add(archive, "\(folder)/goal-photos/goal-\(goal.goal.id).\(ext)", data)
        }
    }

    private static func add(_ archive: Archive, _ path: String, _ data: Data) throws {
        try archive.addEntry(
            with: path,
            type: .file,
            uncompressedSize: Int64(data.count),
            compressionMethod: path.hasSuffix(".json") || path.hasSuffix(".csv") ? .deflate : .none
        ) { position, size in
            data.subdata(in: Int(position)..<Int(position) + size)
        }
    }

    private static func json(_ value: some Encodable) throws -> Data {
        try ReportJSON.encode(value)
    }

    /// `profile.json`.
    private struct ProfileFile: Encodable {
        let id: UserID, email: String, name: String, exportedAt: String, books: [APIModel.BookJSON]
        init(user: User, books: [Book]) {
            id = user.id
            email = user.email
            name = user.name
            exportedAt = Date().formatted(.iso8601)
            self.books = books.map(APIModel.BookJSON.init)
        }
    }

    /// `books/{id}/book.json`.
    private struct BookFile: Encodable {
        let book: APIModel.BookJSON
        let members: [APIModel.MemberJSON]
        let categories: [APIModel.CategoryJSON]
        let accounts: [APIModel.AccountJSON]
        let budgets: [APIModel.BudgetJSON]
        let goals: [GoalFile]
        let bills: [APIModel.BillJSON]
    }

    /// A goal with its contributions.
    private struct GoalFile: Encodable {
        let goal: APIModel.GoalJSON
        let contributions: [APIModel.ContributionJSON]
    }
}

extension ReceiptImageType {
    /// The file name extension of the type.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .heic: "heic"
        case .webp: "webp"
        }
    }
}
