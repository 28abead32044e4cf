import Foundation
import TallyCore
import TallyStore

extension RemoteJSON {
    /// `StatementImportJSON` shown whole, read into the review `tally import` prints.
    struct StagedEntry: Decodable {
        let id: Int64
        let accounts: [Account]
        let balances: [Balance]
        let counts: [String: Int]
        let rows: [Row]

        struct Account: Decodable {
            let name: String
        }

        struct Balance: Decodable {
            let account: Int, statement: String, book: String?, difference: String?, date: String
        }

        struct Row: Decodable {
            let row: Int, account: Int, date: String, amount: String, currency: String, payee: String
            let categoryId: Int64?, category: String?, status: String, action: String, pairRow: Int?
            let reason: String
            /// A QIF split's lines (null for a plain row).
            let lines: [Line]?

            struct Line: Decodable {
                let category: String?
            }
        }

        func review() throws -> StagedImport {
            func name(_ index: Int) throws -> String {
                guard accounts.indices.contains(index) else {
                    throw CLIError("the server sent an import row of no account")
                }
                return accounts[index].name
            }
            var counted: [ImportRowStatus: Int] = [:]
            for (key, count) in counts { counted[try RemoteJSON.value(key, as: ImportRowStatus.self)] = count }
            let read = try rows.map { r in
                (
                    r,
                    try RemoteJSON.money(r.amount, r.currency),
                    try RemoteJSON.value(r.action, as: ImportRowAction.self)
                )
            }
            let shown = try read.prefix(ImportReview.shownRows).map { r, amount, action in
                StagedImport.Row(
                    row: r.row,
                    date: try RemoteJSON.date(r.date),
                    amount: amount,
                    payee: r.payee,
                    category: r.lines.map { ImportReview.splitLabel($0.map(\.category)) }
                        ?? (r.categoryId != nil ? r.category ?? "" : r.category.map { $0 + " (new)" } ?? ""),
                    account: try name(r.account),
                    status: try RemoteJSON.value(r.status, as: ImportRowStatus.self),
                    action: action,
                    reason: r.reason
                )
            }
            // The statement's currency of an account: that of its rows, as the balance has none.
            let currencies = Dictionary(
                read.map { ($0.0.account, $0.0.currency) },
                uniquingKeysWith: { first, _ in first }
            )
            let balances = try balances.map { b in
                let code = currencies[b.account] ?? rows.first?.currency ?? "USD"
                return StagedImport.Balance(
                    account: try name(b.account),
                    date: try RemoteJSON.date(b.date),
                    statement: try RemoteJSON.money(b.statement, code),
                    book: try b.book.map { try RemoteJSON.money($0, code) },
                    difference: try b.difference.map { try RemoteJSON.money($0, code) }
                )
            }
            return StagedImport(
                id: id,
                rows: shown,
                rowCount: rows.count,
                counts: counted,
                balances: balances,
                recordCount: Self.recordCount(read.map { ($0.0.row, $0.2, $0.0.pairRow, $0.1.minorUnits > 0) })
            )
        }

        /// What a commit stores, counted as `StatementImport.recordCount` counts it: every row not
        /// skipped, a transfer between two rows of the file once.
        static func recordCount(_ rows: [(row: Int, action: ImportRowAction, pair: Int?, incoming: Bool)]) -> Int {
            let transferring = Set(rows.filter { $0.action == .transfer && $0.pair != nil }.map(\.row))
            return rows.filter { r in
                guard r.action != .skip else { return false }
                if r.action == .transfer, let pair = r.pair, r.incoming, transferring.contains(pair) { return false }
                return true
            }.count
        }
    }
}
