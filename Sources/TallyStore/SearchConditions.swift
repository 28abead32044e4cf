import SQLKit
import TallyCore

/// A filter turned into SQL conditions on `transactions t`, and the way to total its matches.
struct SearchConditions {
    var conditions: [SQLQueryString]
    /// The same conditions for the records' shares (`RecordMoney.sharesJoin`): a category picks
    /// the lines under it, where `conditions` picks the records with such a line.
    var shareConditions: [SQLQueryString]
    /// Set when the kept totals can answer the count and sums without reading records.
    var totals: TotalsQuery?
    let book: Book
    /// The filter's categories when they are several (a parent and its sub-categories): the kept
    /// totals count a record once per category, so a split record with lines in two of them is
    /// counted once too many there, and `summary` takes that back off.
    var overlapping: [CategoryID]?
    /// On SQLite, the index the records of a word search are summed from (see Migration0023):
    /// set when every word is found through the full-text index alone.
    var summaryIndex: SQLQueryString = ""
    /// A one-word search whose word also names categories (`coffee`, the Coffee category): its
    /// count and totals are the sum of parts that indexes serve: the records matching the word
    /// through the full-text index less their shares under the categories, plus the categories'
    /// shares from the kept totals. The plain condition, "the word OR one of the categories",
    /// made SQLite read every record of the book.
    var parts: [SearchConditions] = []
    /// Categories whose shares the summary takes off the matches' sums and counts (see `parts`).
    var lessShares: [CategoryID]?
    /// Whether every share of a matching record matches (no condition picks lines): records are
    /// then counted by their leading share, without the sort `COUNT(DISTINCT …)` needs.
    var wholeRecords = false

    static func build(
        _ db: any SQLDatabase,
        book: Book,
        filter: TransactionFilter,
        engine: SQLEngine
    ) async throws -> SearchConditions {
        var conditions: [SQLQueryString] = ["t.book_id = \(bind: book.id)"]
        if let from = filter.from { conditions.append("t.date >= \(bind: from.description)") }
        if let to = filter.to { conditions.append("t.date <= \(bind: to.description)") }
        if let kind = filter.kind { conditions.append("t.kind = \(bind: kind.rawValue)") }
        var payeeKey: String?
        if let payee = filter.payee, !Totals.payeeKey(payee).isEmpty {
            payeeKey = Totals.payeeKey(payee)
            conditions.append("t.payee_key = \(bind: payeeKey!)")
        }
        let needsCategories = Reference(filter.category) != nil || !filter.words.isEmpty
        let categories = needsCategories ? try await Books.categories(db, book: book.id) : []
        var categoryIDs: [CategoryID]?
        if let reference = Reference(filter.category) {
            let category = try Books.resolve(reference, in: categories, kind: nil, field: "category")
            categoryIDs = [category.id] + categories.filter { $0.parentID == category.id }.map(\.id)
        }
        var accountID: AccountID?
        if let reference = Reference(filter.account) {
            let account = try Books.resolve(
                reference,
                in: try await Books.accounts(db, book: book.id),
                field: "account"
            )
            accountID = account.id
            conditions.append("(t.account_id = \(bind: account.id) OR t.to_account_id = \(bind: account.id))")
        }
        if let tag = filter.tagName {
            conditions.append(RecordTags.condition(try await RecordTags.find(db, book: book.id, name: tag)))
        }
        // The conditions every part of a one-word search shares (see `parts`).
        let base = conditions
        var shareConditions = conditions
        if let categoryIDs {
            conditions.append(RecordMoney.inCategories(categoryIDs))
            shareConditions.append("\(RecordMoney.shareCategory) IN (\(binds: categoryIDs))")
        }
        // On SQLite a word search is summed from `transactions_money` (see Migration0023) when
        // every word is found through the full-text index alone, not also by a category's name.
        var summaryIndex: SQLQueryString =
            engine == .sqlite && !filter.words.isEmpty ? " INDEXED BY transactions_money" : ""
        var wordNamesCategories = false
        var firstWord: (text: SQLQueryString, named: [CategoryID])?
        for word in filter.words {
            let (text, named) = textCondition(word, categories: categories, engine: engine)
            if firstWord == nil { firstWord = (text, named) }
            if !named.isEmpty {
                summaryIndex = ""
                wordNamesCategories = true
            }
            if named.isEmpty {
                conditions.append(text)
                shareConditions.append(text)
            } else {
                conditions.append("(\(text) OR \(RecordMoney.inCategories(named)))")
                shareConditions.append("(\(text) OR \(RecordMoney.shareCategory) IN (\(binds: named)))")
            }
        }
        if let min = try amount(filter.amountMin, "amount_min", book) {
            // In the book's currency: a record in another currency compares at its converted amount.
            conditions.append("t.base_minor >= \(bind: min)")
            shareConditions.append("t.base_minor >= \(bind: min)")
        }
        if let max = try amount(filter.amountMax, "amount_max", book) {
            conditions.append("t.base_minor <= \(bind: max)")
            shareConditions.append("t.base_minor <= \(bind: max)")
        }

        var totals: TotalsQuery?
        if filter.answeredByTotals {
            var kinds = filter.totalsKinds
            // A transfer into the filtered account is kept as its arriving side.
            if accountID != nil, filter.kind == nil || filter.kind == .transfer { kinds.append("transfer_in") }
            totals = TotalsQuery(
                book: book.id,
                range: try filter.totalsRange(),
                kinds: kinds,
                categories: categoryIDs,
                account: accountID,
                payeeKey: payeeKey
            )
        }
        var search = SearchConditions(
            conditions: conditions,
            shareConditions: shareConditions,
            totals: totals,
            book: book,
            overlapping: totals != nil && (categoryIDs?.count ?? 0) > 1 ? categoryIDs : nil,
            summaryIndex: summaryIndex
        )
        // No condition here picks a record's lines (a category does, and a word naming one).
        search.wholeRecords = categoryIDs == nil && !wordNamesCategories
        if filter.words.count == 1, let word = firstWord, !word.named.isEmpty, categoryIDs == nil, accountID == nil,
            payeeKey == nil, filter.tagName == nil, (filter.amountMin ?? "").isEmpty, (filter.amountMax ?? "").isEmpty
        {
            search.parts = try Self.parts(
                base: base,
                text: word.text,
                named: word.named,
                filter: filter,
                book: book,
                engine: engine
            )
        }
        return search
    }

    /// The parts of a one-word search that names categories: the word's records (every share)
    /// less their shares under the categories, plus the categories' shares (kept totals). Counts
    /// add up the same way: a record found both ways is taken off the first and counted by the
    /// second.
    private static func parts(
        base: [SQLQueryString],
        text: SQLQueryString,
        named: [CategoryID],
        filter: TransactionFilter,
        book: Book,
        engine: SQLEngine
    ) throws -> [SearchConditions] {
        // The word's records, less their shares under the categories, in one pass over them.
        var word = SearchConditions(
            conditions: base + [text],
            shareConditions: base + [text],
            book: book,
            summaryIndex: engine == .sqlite ? " INDEXED BY transactions_money" : ""
        )
        word.lessShares = named
        word.wholeRecords = true
        let categories = SearchConditions(
            conditions: base + [RecordMoney.inCategories(named)],
            shareConditions: base + ["\(RecordMoney.shareCategory) IN (\(binds: named))"],
            totals: TotalsQuery(
                book: book.id,
                range: try filter.totalsRange(),
                kinds: filter.totalsKinds,
                categories: named
            ),
            book: book,
            overlapping: named.count > 1 ? named : nil
        )
        return [word, categories]
    }

    /// Count and totals of every match: from the kept totals when they can answer, else one
    /// aggregate over the matching records.
    func summary(_ db: any SQLDatabase) async throws -> FilterSummary {
        var rows: [KindRow] = []
        if parts.isEmpty {
            rows = try await kindRows(db)
        } else {
            // Added up per kind and currency, with checked integer sums.
            var index: [String: Int] = [:]
            for part in parts {
                for row in try await part.kindRows(db) {
                    let key = row.kind + "|" + row.currency
                    guard let i = index[key] else {
                        index[key] = rows.count
                        rows.append(row)
                        continue
                    }
                    try rows[i].total.checkedAdd(row.total)
                    try rows[i].count.checkedAdd(row.count)
                    try rows[i].base.checkedAdd(row.base)
                    try rows[i].unconverted.checkedAdd(row.unconverted)
                }
            }
            rows.removeAll { $0.count == 0 && $0.total == 0 && $0.base == 0 }
        }
        return try await summary(db, rows: rows)
    }

    /// Per kind and currency: the sum as entered, the records, the converted sum, and the records
    /// no rate converts.
    typealias KindRow = (kind: String, currency: String, total: Int64, count: Int64, base: Int64, unconverted: Int64)

    /// The count and sums of this set of conditions, per kind and currency.
    private func kindRows(_ db: any SQLDatabase) async throws -> [KindRow] {
        let rows: [KindRow]
        if let totals {
            var kept = try await totals.run(db).map {
                ($0.kind, $0.currency, $0.total, $0.count, $0.base, $0.unconverted)
            }
            if let overlapping {
                let extra = try await Self.overcount(db, book: book.id, categories: overlapping, conditions: conditions)
                for i in kept.indices { kept[i].3 -= extra["\(kept[i].0)|\(kept[i].1)", default: 0] }
            }
            rows = kept
        } else {
            var less: SQLQueryString =
                "CAST(0 AS BIGINT) AS o_total, CAST(0 AS BIGINT) AS o_n, CAST(0 AS BIGINT) AS o_base, CAST(0 AS BIGINT) AS o_unc"
            if let lessShares {
                let named: SQLQueryString = "category_id IN (\(binds: lessShares))"
                less = """
                    CAST(COALESCE(SUM(CASE WHEN \(named) THEN amount_minor END), 0) AS BIGINT) AS o_total,
                      CAST(COUNT(DISTINCT CASE WHEN \(named) THEN rid END) AS BIGINT) AS o_n,
                      CAST(COALESCE(SUM(CASE WHEN \(named) THEN base_minor END), 0) AS BIGINT) AS o_base,
                      CAST(COUNT(DISTINCT CASE WHEN \(named) AND base_minor IS NULL THEN rid END) AS BIGINT) AS o_unc
                    """
            }
            let count: SQLQueryString = wholeRecords ? "SUM(leads)" : "COUNT(DISTINCT rid)"
            rows = try await db.raw(
                """
                SELECT kind, currency, CAST(SUM(amount_minor) AS BIGINT) AS total, CAST(\(count) AS BIGINT) AS n,
                  CAST(COALESCE(SUM(base_minor), 0) AS BIGINT) AS base,
                  CAST(COUNT(DISTINCT CASE WHEN base_minor IS NULL THEN rid END) AS BIGINT) AS unc, \(less)
                FROM (SELECT t.id AS rid, t.kind, t.currency, \(RecordMoney.shareColumns)
                  FROM transactions t\(summaryIndex) \(RecordMoney.sharesJoin) WHERE \(shareConditions.joined(separator: " AND "))) AS s
                GROUP BY kind, currency
                """
            ).all().map {
                let sum = try $0.decode(model: KindSum.self)
                return (
                    sum.kind, sum.currency, try sum.total.checkedSubtracting(sum.otherTotal),
                    sum.count - sum.otherCount, try sum.base.checkedSubtracting(sum.otherBase),
                    sum.unconverted - sum.otherUnconverted
                )
            }
        }
        return rows
    }

    private func summary(_ db: any SQLDatabase, rows: [KindRow]) async throws -> FilterSummary {
        // Each kind's total is in the book's currency (converted); the amounts in other currencies,
        // as entered, are kept beside it.
        let home = book.currency
        var summary = FilterSummary(count: 0, totals: [], currency: home)
        var missing = 0
        for row in rows {
            summary.count += Int(row.count)
            guard let kind = TransactionKind(rawValue: row.kind), kind != .transfer,
                let currency = Currency(code: row.currency)
            else { continue }
            missing += Int(row.unconverted)
            if let i = summary.totals.firstIndex(where: { $0.kind == kind }) {
                try summary.totals[i].total.minorUnits.checkedAdd(row.base)
                summary.totals[i].count += Int(row.count)
            } else {
                summary.totals.append(
                    KindTotal(kind: kind, total: Money(minorUnits: row.base, currency: home), count: Int(row.count))
                )
            }
            if currency != home {
                summary.originals.append(
                    KindTotal(
                        kind: kind,
                        total: Money(minorUnits: row.total, currency: currency),
                        count: Int(row.count)
                    )
                )
            }
        }
        summary.totals.sort { $0.kind.rawValue < $1.kind.rawValue }
        summary.originals.sort {
            ($0.total.currency.code, $0.kind.rawValue) < ($1.total.currency.code, $1.kind.rawValue)
        }
        summary.unconverted = try await Reports.unconverted(
            db,
            book: book.id,
            range: nil,
            kinds: ["expense", "income"],
            count: missing,
            extra: conditions
        )
        return summary
    }

    /// Per "kind|currency", how many times the kept totals count the matching split records once
    /// too many: a record with lines in n of `categories` is counted n times there. Reads only
    /// the lines of those categories that share a record.
    static func overcount(
        _ db: any SQLDatabase,
        book: BookID,
        categories: [CategoryID],
        conditions: [SQLQueryString]
    ) async throws -> [String: Int64] {
        var extra: [String: Int64] = [:]
        for row in try await db.raw(
            """
            SELECT t.kind, t.currency, CAST(SUM(x.n - 1) AS BIGINT) AS extra
            FROM (SELECT ol.transaction_id, COUNT(DISTINCT ol.category_id) AS n FROM transaction_lines ol
              WHERE ol.book_id = \(bind: book) AND ol.category_id IN (\(binds: categories))
              GROUP BY ol.transaction_id HAVING COUNT(DISTINCT ol.category_id) > 1) x
            JOIN transactions t ON t.id = x.transaction_id
            WHERE \(conditions.joined(separator: " AND "))
            GROUP BY t.kind, t.currency
            """
        ).all() {
            let key =
                "\(try row.decode(column: "kind", as: String.self))|\(try row.decode(column: "currency", as: String.self))"
            extra[key] = try row.decode(column: "extra", as: Int64.self)
        }
        return extra
    }

    /// One search word: its condition on payee and note (a prefix of one of their words, through
    /// the full-text index), and the categories whose names hold it (with their sub-categories).
    private static func textCondition(
        _ word: String,
        categories: [Category],
        engine: SQLEngine
    ) -> (text: SQLQueryString, categories: [CategoryID]) {
        let text: SQLQueryString
        switch engine {
        case .sqlite:
            text = "t.id IN (SELECT rowid FROM transactions_fts WHERE transactions_fts MATCH \(bind: "\"\(word)\"*"))"
        case .postgres:
            // The stored vector (migration 25), not the expression it is made of: PostgreSQL
            // would compute the expression for every row it tests. Every statement holding it
            // stays unnamed: a generic plan cannot know how common the word is (named, a word in
            // 1 % of a million records took 27 ms instead of 21.5 ms).
            text = """
                \(unsafeRaw: PreparedStatements.unnamed)t.search @@ to_tsquery('simple', tally_fold(\(bind: word)) || ':*')
                """
        }
        let named = categories.filter { $0.name.lowercased().contains(word) }.map(\.id)
        return (text, named + categories.filter { $0.parentID.map(named.contains) ?? false }.map(\.id))
    }

    private static func amount(_ raw: String?, _ field: String, _ book: Book) throws -> Int64? {
        guard let raw, !raw.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        do {
            return try Money.parse(raw, currency: book.currency).minorUnits
        } catch {
            throw FieldError(field, error.description)
        }
    }
}

/// One kind and currency's sum over the matching records.
private struct KindSum: Decodable {
    let kind: String
    let currency: String
    let total: Int64
    let count: Int64
    let base: Int64
    let unconverted: Int64
    /// The same of the shares under `lessShares`.
    let otherTotal: Int64
    let otherCount: Int64
    let otherBase: Int64
    let otherUnconverted: Int64

    enum CodingKeys: String, CodingKey {
        case kind, currency, total, base
        case count = "n"
        case unconverted = "unc"
        case otherTotal = "o_total"
        case otherCount = "o_n"
        case otherBase = "o_base"
        case otherUnconverted = "o_unc"
    }
}

extension TransactionFilter {
    /// The kinds of the kept totals that hold this filter's records (a transfer as its leaving side).
    fileprivate var totalsKinds: [String] {
        switch kind {
        case .expense?: ["expense"]
        case .income?: ["income"]
        case .transfer?: ["transfer_out"]
        case nil: ["expense", "income", "transfer_out"]
        }
    }

    /// The filter's dates as a range of the kept totals, open ends made the calendar's ends; nil
    /// when it has none.
    fileprivate func totalsRange() throws -> DateRange? {
        guard from != nil || to != nil else { return nil }
        return try DateRange(
            from: from ?? LocalDate(year: 1, month: 1, day: 1)!,
            to: to ?? LocalDate(year: 9999, month: 12, day: 31)!
        )
    }
}
