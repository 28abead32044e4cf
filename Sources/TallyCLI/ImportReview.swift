import Foundation
import TallyCore
import TallyFiles
import TallyStore

/// Tally's own CSV, imported as it always was: all rows or none, or a preview with --dry-run.
struct TallyCSVImporter {
    let bytes: [UInt8]
    let dryRun: Bool
    let who: UserOptions
    let store: StoreOptions

    func run() async throws -> String {
        try await store.withStore { store in
            let scope = try await who.resolve(store)
            let book = scope.book
            let source = try TallyFile.open(bytes: bytes, bookCurrency: book.currency, today: scope.today)
            if dryRun {
                let preview = try source.preview(limit: 5)
                let rows = preview.rows.map { r in
                    [
                        String(r.line), r.draft.date.description, r.draft.kind.rawValue,
                        r.draft.amount.formatted, r.draft.payee,
                        [r.category, r.subcategory].filter { !$0.isEmpty }.joined(separator: ":"), r.account,
                    ]
                }
                return Listing.table(
                    header: ["Line", "Date", "Kind", "Amount", "Payee", "Category", "Account"],
                    rows: rows,
                    rightAligned: [0, 3]
                )
                    + "\(preview.count) record\(preview.count == 1 ? "" : "s") ready to import; nothing was stored.\n"
            }
            let result = try await store.imports.importRecords(into: scope, from: source)
            var text = "Imported \(result.count) record\(result.count == 1 ? "" : "s")"
            if let first = result.firstDate, let last = result.lastDate { text += " from \(first) to \(last)" }
            text += " into \(book.name)"
            if result.createdCategories + result.createdAccounts > 0 {
                text +=
                    "; created \(result.createdCategories) categor\(result.createdCategories == 1 ? "y" : "ies") and \(result.createdAccounts) account\(result.createdAccounts == 1 ? "" : "s")"
            }
            return text + ".\n"
        }
    }
}

/// How the CLI prints a statement import's review and outcome.
enum ImportReview {
    /// Rows printed before "… and N more rows".
    static let shownRows = 200

    /// Every row as a table, then the counts and the balance comparison.
    static func table(_ staged: StatementImport, categories: [Category] = []) -> String {
        let paths = Category.namePaths(categories).mapValues { $0.joined(separator: ":") }
        let names: [String: String] = [
            "new": "new", "imported": "already imported", "duplicate": "possible duplicate", "transfer": "transfer",
        ]
        // A terminal shows the first rows; the counts below cover them all, and the web review
        // pages through every row.
        let rows = staged.rows.prefix(shownRows).map { r in
            [
                String(r.row), r.date.description, r.amount.formatted, String(r.payee.prefix(40)),
                r.lines.isEmpty
                    ? r.categoryID.flatMap { paths[$0] } ?? (r.categoryName.isEmpty ? "" : r.categoryName + " (new)")
                    : "split: "
                        + r.lines.map { [$0.category, $0.subcategory].filter { !$0.isEmpty }.joined(separator: ":") }
                        .map { $0.isEmpty ? "Uncategorised" : $0 }.joined(separator: ", "),
                staged.accounts[r.account].name, names[r.status.rawValue] ?? r.status.rawValue, r.action.rawValue,
                String(r.reason.prefix(90)),
            ]
        }
        var text = Listing.table(
            header: ["Row", "Date", "Amount", "Payee", "Category", "Account", "Status", "Action", "Why"],
            rows: rows,
            rightAligned: [0, 2]
        )
        if staged.rows.count > shownRows {
            text += "… and \(staged.rows.count - shownRows) more rows.\n"
        }
        let counts = staged.counts
        text +=
            "\(staged.rows.count) row\(staged.rows.count == 1 ? "" : "s"): \(counts[.new] ?? 0) new, "
            + "\(counts[.imported] ?? 0) already imported, \(counts[.duplicate] ?? 0) possible duplicate"
            + "\((counts[.duplicate] ?? 0) == 1 ? "" : "s"), \(counts[.transfer] ?? 0) transfer"
            + "\((counts[.transfer] ?? 0) == 1 ? "" : "s") (import \(staged.id)).\n"
        for balance in staged.balances {
            let account = staged.accounts[balance.account].name
            text += "\(account) on \(balance.date): the statement says \(balance.statement.formatted)"
            if let book = balance.book, let difference = balance.difference {
                text += ", the book \(book.formatted)"
                text += difference.minorUnits == 0 ? ", which agree.\n" : ", a difference of \(difference.formatted).\n"
            } else {
                text += ".\n"
            }
        }
        return text
    }

    /// After a commit of `made` records.
    static func committed(_ id: Int64, made: Int) -> String {
        "Imported \(made) record\(made == 1 ? "" : "s") (import \(id); undo with `tally import --undo \(id)`).\n"
    }

    /// After an undo.
    static func undone(_ id: Int64, _ done: ImportUndo) -> String {
        var text = "Undid import \(id): removed \(done.removed) record\(done.removed == 1 ? "" : "s")"
        if done.restored > 0 { text += ", turned \(done.restored) transfer\(done.restored == 1 ? "" : "s") back" }
        text += ".\n"
        if !done.kept.isEmpty {
            text +=
                "Kept \(done.kept.count) edited since: \(done.kept.map { "#\($0.rawValue)" }.joined(separator: ", ")).\n"
        }
        return text
    }
}
