import Foundation
import TallyCore

/// The first pass of a restore: every row of every table checked before anything is written —
/// the shape of each value, ids numbered 1, 2, 3…, every reference pointing at a row that exists
/// and belongs to the same book, amounts, dates, currencies, and split lines adding up to their
/// record. It keeps, per table, only what the second pass needs: each row's book, and each
/// record's line and tag counts (a few bytes a row).
final class RestoreCheck: @unchecked Sendable {
    // Used by one restore at a time, pass after pass; never shared between tasks at once.
    private(set) var counts: [String: Int] = [:]
    /// Each row's book (its number in the document), for the tables with ids and a book.
    private(set) var bookOf: [String: [Int32]] = [:]
    private(set) var lineCounts: [Int32] = []
    private(set) var tagCounts: [Int32] = []
    private var amounts: [Int64] = []
    private var lineSums: [Int64] = []
    private var parents: [(row: Int, parent: Int64, book: Int32)] = []
    private var emails: Set<String> = []
    private let source: any BackupSource

    init(source: any BackupSource) throws {
        self.source = source
        let header = source.header
        guard header.version <= BackupTables.version else {
            throw refused("it is version \(header.version), and this Tally reads up to \(BackupTables.version)")
        }
        guard header.version >= 1, ["server", "books"].contains(header.scope) else {
            throw refused("its version or scope is not one Tally writes")
        }
    }

    /// Checks one batch of a table's rows.
    func check(_ table: BackupTable, _ rows: [[BackupValue]]) throws {
        let columns = table.columns
        // What every row asks, looked up once for the batch: the references to check for their
        // book (with the books of the rows they point at), and the book of the rows pointed at
        // by the column that ties a row to its book.
        let references: [(index: Int, target: String, own: Bool, books: [Int32]?)] = columns.indices.compactMap {
            index in
            guard let target = columns[index].target, target != "books" else { return nil }
            return (index, target, target == table.name, target == table.name ? nil : bookOf[target])
        }
        let parentBooks = self.parentBooks(table)
        let keepsBooks = table.hasID && table.book != .none
        var books = keepsBooks ? bookOf.removeValue(forKey: table.name) ?? [] : []
        defer { if keepsBooks { bookOf[table.name] = books } }
        var number = counts[table.name] ?? 0
        defer { counts[table.name] = number }
        let special = SpecialColumns(table)
        // How many rows each reference may point at (a table's own: any, checked at the end).
        let limits: [Int] = columns.map { column in
            guard let target = column.target else { return 0 }
            return target == table.name ? Int.max : counts[target] ?? 0
        }
        let name = table.name
        // The API's rule for each text column's values (StoredText), found once per batch.
        let textRules: [StoredText?] = columns.map { column in
            switch column.kind {
            case .text, .timestamp: StoredText.rule(table: name, column: column.key)
            default: nil
            }
        }
        for row in rows {
            number += 1
            let current = number
            func fail(_ column: String, _ problem: String) -> KnownError {
                refused("\(name) row \(current), \(column): \(problem)")
            }
            guard row.count == columns.count else { throw fail("*", "has the wrong number of values") }
            // Through the buffer, each column is read in place rather than copied, value after value.
            try columns.withUnsafeBufferPointer { columns in
                for index in columns.indices {
                    try check(
                        row[index],
                        columns[index],
                        limit: limits[index],
                        text: textRules[index],
                        number: current,
                        fail: fail
                    )
                }
            }
            let book = try self.book(of: row, table: table, number: number, parentBooks: parentBooks)
            for reference in references {
                guard let ref = row[reference.index].int else { continue }
                if reference.own {
                    parents.append((number, ref, book))
                } else if let others = reference.books, book != 0, others[Int(ref) - 1] != book {
                    throw fail(columns[reference.index].key, "points at \(reference.target) \(ref) of another book")
                }
            }
            if keepsBooks { books.append(book) }
            try checkRow(row, table: table, special: special, fail: fail)
        }
    }

    /// The columns `checkRow` reads, found once per batch.
    private struct SpecialColumns {
        let email, kind, amount, account, toAccount, transaction, name, nameKey: Int?
        init(_ table: BackupTable) {
            email = table.index("email")
            kind = table.index("kind")
            amount = table.index("amount_minor")
            account = table.index("account_id")
            toAccount = table.index("to_account_id")
            transaction = table.index("transaction_id")
            name = table.index("name")
            nameKey = table.index("name_key")
        }
    }

    /// The checks that need whole tables: parents, and split lines adding up.
    func finish() throws {
        for (row, parent, book) in parents {
            guard let books = bookOf["categories"], Int(parent) <= books.count, books[Int(parent) - 1] == book,
                parent != Int64(row)
            else { throw refused("categories row \(row), parent_id: points at no category of its book") }
        }
        for (index, count) in lineCounts.enumerated() where count > 0 && lineSums[index] != amounts[index] {
            throw refused(
                "transactions row \(index + 1): its split lines add up to \(lineSums[index]), not \(amounts[index])"
            )
        }
    }

    /// The books of the rows of the table that `table`'s rows belong to a book through, when it
    /// is not the books themselves (a goal's contributions: the goals' books), for `book(of:)`.
    func parentBooks(_ table: BackupTable) -> [Int32]? {
        guard case .through = table.book, let target = table.columns[table.bookIndex!].target, target != "books",
            target != table.name
        else { return nil }
        return bookOf[target]
    }

    /// The document's number of the book a row belongs to (0 for users and their settings).
    /// `parentBooks`, when given, are the books of the table the row belongs to a book through.
    func book(of row: [BackupValue], table: BackupTable, number: Int, parentBooks: [Int32]? = nil) throws -> Int32 {
        switch table.book {
        case .none: return 0
        case .isBooks: return Int32(number)
        case .through:
            let index = table.bookIndex!
            let ref = Int(row[index].int ?? 0)
            if let parentBooks { return parentBooks[ref - 1] }
            let target = table.columns[index].target!
            if target == "books" { return Int32(ref) }
            if target == table.name { throw refused("\(table.name) cannot belong to a book through itself") }
            return bookOf[target]![ref - 1]
        }
    }

    private func check(
        _ value: BackupValue,
        _ column: BackupColumn,
        limit: Int,
        text rule: StoredText?,
        number: Int,
        fail: (String, String) -> KnownError
    ) throws {
        if let rule, let text = value.text, let problem = rule.problem(text) { throw fail(column.key, problem) }
        if case .null = value {
            guard column.optional || column.kind == .id else { throw fail(column.key, "is missing") }
            if column.kind == .id { throw fail(column.key, "is missing") }
            return
        }
        switch column.kind {
        case .id:
            guard value.int == Int64(number) else { throw fail(column.key, "must be \(number): ids count 1, 2, 3…") }
        case .ref(let target):
            guard let ref = value.int else { throw fail(column.key, "must be a number") }
            guard ref >= 1, ref <= limit else { throw fail(column.key, "points at no row of \(target)") }
        case .int(let range):
            guard let int = value.int, range.contains(int) else {
                throw fail(column.key, "must be a whole number in \(range)")
            }
        case .money:
            guard let int = value.int, abs(int) <= Money.maxMinorUnits else {
                throw fail(column.key, "must be whole minor units, at most \(Money.maxMinorUnits)")
            }
        case .bool:
            guard case .bool = value else { throw fail(column.key, "must be true or false") }
        case .text(let limit):
            // Counting characters walks the text; its UTF-8 length bounds that count from above.
            guard let text = value.text, text.utf8.count <= limit || text.count <= limit else {
                throw fail(column.key, "must be text of at most \(limit)")
            }
        case .choice(let words):
            guard let text = value.text, words.contains(text) else {
                throw fail(column.key, "must be one of \(words.joined(separator: ", "))")
            }
        case .date:
            guard let text = value.text, let date = LocalDate(text) else {
                throw fail(column.key, "must be a date YYYY-MM-DD")
            }
            // The API's range: date arithmetic past year 9999 traps (a yearly bill's next due day).
            guard LocalDate.supported.contains(date) else {
                throw fail(
                    column.key,
                    "must be a date from \(LocalDate.supported.lowerBound) to \(LocalDate.supported.upperBound)"
                )
            }
        case .time:
            guard let text = value.text, text.isEmpty || TimeOfDay(text) != nil else {
                throw fail(column.key, "must be a time HH:MM or empty")
            }
        case .timestamp:
            guard let text = value.text, !text.isEmpty, text.count <= 40 else {
                throw fail(column.key, "must be a timestamp")
            }
        case .currency:
            guard let text = value.text, Currency(code: text) != nil else {
                throw fail(column.key, "must be an ISO 4217 code")
            }
        case .file:
            guard let path = value.text, let data = try source.file(path) else {
                throw fail(column.key, "names a file the zip does not hold")
            }
            guard data.count <= 10 * 1024 * 1024, ReceiptImageType(sniffing: data) != nil else {
                throw fail(column.key, "must be a JPEG, PNG, HEIC or WebP image of at most 10 MB")
            }
        case .rule:
            guard case .json(let text) = value, let rule = try? JSONDecoder().decode(Rule.self, from: Data(text.utf8))
            else { throw fail(column.key, "must be a rule's conditions and actions") }
            if let problem = StoredText.problem(inJSON: text) { throw fail(column.key, problem) }
            for (id, target) in [
                (rule.conditions.account, "accounts"), (rule.actions.account, "accounts"),
                (rule.actions.category, "categories"),
            ] {
                if let id, id < 1 || id > (counts[target] ?? 0) {
                    throw fail(column.key, "points at no row of \(target)")
                }
            }
        case .object:
            guard case .json(let text) = value else { throw fail(column.key, "must be a JSON object") }
            if let problem = StoredText.problem(inJSON: text) { throw fail(column.key, problem) }
        }
    }

    /// What one table asks beyond its columns.
    private func checkRow(
        _ row: [BackupValue],
        table: BackupTable,
        special: SpecialColumns,
        fail: (String, String) -> KnownError
    ) throws {
        switch table.name {
        case "users":
            guard emails.insert(row[special.email!].text!.lowercased()).inserted else {
                throw fail("email", "is another user's too")
            }
        case "transactions":
            let kind = row[special.kind!].text
            let amount = row[special.amount!].int!
            guard amount > 0 else { throw fail("amount_minor", "must be more than zero") }
            let to = row[special.toAccount!].int
            if kind == TransactionKind.transfer.rawValue {
                guard let to, let from = row[special.account!].int, to != from else {
                    throw fail("to_account_id", "a transfer goes from one account to another")
                }
            } else if to != nil {
                throw fail("to_account_id", "only a transfer has one")
            }
            amounts.append(amount)
            lineSums.append(0)
            lineCounts.append(0)
            tagCounts.append(0)
        case "transaction_lines":
            let record = Int(row[special.transaction!].int!) - 1
            // A line's amount is its share when a rate changes (`Allocation`), as the API's split
            // lines are: more than zero.
            guard row[special.amount!].int! > 0 else { throw fail("amount_minor", "must be more than zero") }
            lineSums[record] += row[special.amount!].int!
            lineCounts[record] += 1
        case "tags":
            // Tags are matched by their key: one that is not the name's would make a twin.
            guard row[special.nameKey!].text == Tags.key(row[special.name!].text!) else {
                throw fail("name_key", "must be the name in lower case")
            }
        case "transaction_tags":
            tagCounts[Int(row[special.transaction!].int!) - 1] += 1
        default:
            break
        }
    }
}
