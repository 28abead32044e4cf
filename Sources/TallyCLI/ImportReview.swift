import Foundation
import TallyCore
import TallyFiles
import TallyStore

/// How the CLI prints an import: Tally's CSV previewed or imported, a statement import's review
/// and outcome.
enum ImportReview {
    /// Rows printed before "… and N more rows".
    static let shownRows = 200
    /// Rows of Tally's CSV shown by `--dry-run`.
    static let previewRows = 5

    /// A QIF split's category cell: "split: Food:Groceries, Household" (an uncategorised line as
    /// such), the same locally and from a server's rows.
    static func splitLabel(_ categories: [String?]) -> String {
        "split: " + categories.map { $0 ?? "Uncategorised" }.joined(separator: ", ")
    }

    /// Tally's CSV previewed (the first rows and the count) or imported into `book`.
    static func tallyCSV(_ outcome: TallyCSVOutcome, book: String) -> String {
        switch outcome {
        case .preview(let count, let rows):
            return Listing.table(
                header: ["Line", "Date", "Kind", "Amount", "Payee", "Category", "Account"],
                rows: rows,
                rightAligned: [0, 3]
            ) + "\(count) record\(count == 1 ? "" : "s") ready to import; nothing was stored.\n"
        case .imported(let result):
            var text = "Imported \(result.count) record\(result.count == 1 ? "" : "s")"
            if let first = result.firstDate, let last = result.lastDate { text += " from \(first) to \(last)" }
            text += " into \(book)"
            if result.createdCategories + result.createdAccounts > 0 {
                let categories = result.createdCategories
                let accounts = result.createdAccounts
                text +=
                    "; created \(categories) categor\(categories == 1 ? "y" : "ies") and \(accounts) account\(accounts == 1 ? "" : "s")"
            }
            return text + ".\n"
        }
    }

    /// Every row as a table, then the counts and the balance comparison.
    static func table(_ staged: StagedImport) -> String {
        let names: [ImportRowStatus: String] = [
            .new: "new", .imported: "already imported", .duplicate: "possible duplicate", .transfer: "transfer",
        ]
        // A terminal shows the first rows; the counts below cover them all, and the web review
        // pages through every row.
        let rows = staged.rows.map { r in
            [
                String(r.row), r.date.description, r.amount.formatted, String(r.payee.prefix(40)), r.category,
                r.account, names[r.status] ?? r.status.rawValue, r.action.rawValue, String(r.reason.prefix(90)),
            ]
        }
        var text = Listing.table(
            header: ["Row", "Date", "Amount", "Payee", "Category", "Account", "Status", "Action", "Why"],
            rows: rows,
            rightAligned: [0, 2]
        )
        if staged.rowCount > shownRows {
            text += "… and \(staged.rowCount - shownRows) more rows.\n"
        }
        let counts = staged.counts
        text +=
            "\(staged.rowCount) row\(staged.rowCount == 1 ? "" : "s"): \(counts[.new] ?? 0) new, "
            + "\(counts[.imported] ?? 0) already imported, \(counts[.duplicate] ?? 0) possible duplicate"
            + "\((counts[.duplicate] ?? 0) == 1 ? "" : "s"), \(counts[.transfer] ?? 0) transfer"
            + "\((counts[.transfer] ?? 0) == 1 ? "" : "s") (import \(staged.id)).\n"
        for balance in staged.balances {
            text += "\(balance.account) on \(balance.date): the statement says \(balance.statement.formatted)"
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
