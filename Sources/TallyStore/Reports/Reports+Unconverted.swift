import SQLKit
import TallyCore

extension Reports {
    /// A report's unconverted records, by the count its kept totals give.
    static func unconverted(
        _ db: any SQLDatabase,
        book: BookID,
        query: ReportQuery,
        rows: [TotalsQuery.Row]
    ) async throws -> Unconverted {
        // A report on a tag lists the unconverted records carrying it.
        var extra: [SQLQueryString] = []
        if let tag = query.tag {
            extra.append(RecordTags.condition(try await RecordTags.find(db, book: book, name: tag)))
        }
        return try await unconverted(
            db,
            book: book,
            range: query.range,
            kinds: query.kind.kinds.map(\.rawValue),
            count: rows.reduce(0) { $0 + Int($1.unconverted) },
            extra: extra
        )
    }

    /// The first records of a range (of some kinds, all when nil) that no rate converts, to list
    /// beside a total that leaves them out; `count` is how many the kept totals say there are.
    /// Nothing is read when the count is 0; otherwise the partial index on unconverted records
    /// makes this a read of those records alone.
    static func unconverted(
        _ db: any SQLDatabase,
        book: BookID,
        range: DateRange?,
        kinds: [String]? = nil,
        count: Int,
        extra: [SQLQueryString] = []
    ) async throws -> Unconverted {
        guard count > 0 else { return .none }
        var conditions: [SQLQueryString] = ["t.book_id = \(bind: book)", "t.base_minor IS NULL"]
        if let range {
            conditions.append("t.date >= \(bind: range.from.description) AND t.date <= \(bind: range.to.description)")
        }
        if let kinds { conditions.append("t.kind IN (\(binds: kinds))") }
        conditions += extra
        let rows = try await db.raw(
            """
            SELECT t.id, t.date, t.currency, t.amount_minor FROM transactions t
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY t.date, t.id LIMIT \(bind: Unconverted.listLimit)
            """
        ).all()
        let records = try rows.map { row in
            let currency = try Row.currency(code: try row.decode(column: "currency", as: String.self))
            let dateText = try row.decode(column: "date", as: String.self)
            guard let date = LocalDate(dateText) else {
                throw DatabaseError(description: "stored date \(dateText) is invalid")
            }
            return UnconvertedRecord(
                transactionID: TransactionID(rawValue: try row.decode(column: "id", as: Int64.self)),
                date: date,
                amount: Money(minorUnits: try row.decode(column: "amount_minor", as: Int64.self), currency: currency)
            )
        }
        return Unconverted(records: records, count: max(count, records.count))
    }
}
