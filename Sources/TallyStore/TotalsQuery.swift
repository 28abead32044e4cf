import SQLKit
import TallyCore

/// Reads the kept totals: whole months from the narrowest month table that has the dimensions
/// asked for, the days at a range's edges from `day_totals` (or, when a payee is involved, from
/// those days' records). The work depends on the length of the range and the number of groups,
/// not on how many records the book holds.
struct TotalsQuery {
    /// What the rows are grouped by besides kind and currency.
    enum Dimension: String {
        case none
        case category = "category_id"
        case account = "account_id"
        case payee = "payee_key"
        /// The tag's name ("" for records without one); read from the records, never kept.
        case tag = "tag_name"
    }

    /// A tag the rows are limited to: `only(nil)` is a tag the book does not have (no rows);
    /// `any` is every record with a tag (a by-tag report's totals, each record once).
    enum TagFilter {
        case only(TagID?)
        case any
    }

    /// One group's sum.
    struct Row {
        /// "YYYY-MM" or "YYYY-MM-DD" when grouped by period.
        var period: String?
        /// Category or account id, or payee key, as text; "" without a dimension.
        var group: String
        var kind: String
        var currency: String
        var total: Int64
        var count: Int64
        /// The converted amounts' sum, in the book's currency.
        var base: Int64
        /// How many of the records have no base amount.
        var unconverted: Int64
        /// Records counted in this group and no other (see `RecordMoney`).
        var records: Int64
    }

    var book: BookID
    /// nil reads all time.
    var range: DateRange?
    /// Kept-totals kinds: expense, income, transfer_out, transfer_in.
    var kinds: [String]
    var categories: [CategoryID]?
    var account: AccountID?
    var payeeKey: String?
    var dimension: Dimension = .none
    var byPeriod = false
    /// Reads only daily totals (for day and week trends).
    var daysOnly = false
    /// Only the records carrying a tag.
    var tag: TagFilter?
    /// Periods by year (a yearly trend): whole years may then be read by year too.
    var yearly = false

    /// The kept totals have no tag: a query by or on a tag sums its records (line by line).
    private var fromRecords: Bool { tag != nil || dimension == .tag }

    func run(_ db: any SQLDatabase) async throws -> [Row] {
        // Column by column, not `row.decode(model:)`: a year's trend is hundreds of rows, and
        // SQLKit's row decoder measurably slowed it (docs/benchmarks.md, "Codable rows on the
        // hot paths").
        try await db.raw(sql).all().map { row in
            Row(
                period: byPeriod ? try row.decode(column: "period", as: String.self) : nil,
                group: try row.decode(column: "grp", as: String.self),
                kind: try row.decode(column: "kind", as: String.self),
                currency: try row.decode(column: "currency", as: String.self),
                total: try row.decode(column: "total", as: Int64.self),
                count: try row.decode(column: "n", as: Int64.self),
                base: try row.decode(column: "base", as: Int64.self),
                unconverted: try row.decode(column: "unc", as: Int64.self),
                records: try row.decode(column: "r", as: Int64.self)
            )
        }
    }

    /// The statement `run` sends (its plan is checked by `TotalsPlanTests`).
    var sql: SQLQueryString {
        var parts: [SQLQueryString] = []
        if fromRecords {
            parts.append(
                recordParts { day in
                    guard let range else { return "1 = 1" }
                    return
                        "\(unsafeRaw: day) >= \(bind: range.from.description) AND \(unsafeRaw: day) <= \(bind: range.to.description)"
                }
            )
        } else if daysOnly, let range {
            parts.append(
                days {
                    "\(unsafeRaw: $0) >= \(bind: range.from.description) AND \(unsafeRaw: $0) <= \(bind: range.to.description)"
                }
            )
        } else if let range {
            let split = range.split
            if let months = split.months {
                for part in yearsAndMonths(months) {
                    parts.append(
                        select(
                            part.table,
                            "\(unsafeRaw: part.table.period) >= \(bind: part.from) AND \(unsafeRaw: part.table.period) <= \(bind: part.to)"
                        )
                    )
                }
            }
            if !split.days.isEmpty {
                parts.append(
                    days { day in
                        let edges = split.days.map { r -> SQLQueryString in
                            "(\(unsafeRaw: day) >= \(bind: r.lowerBound.description) AND \(unsafeRaw: day) <= \(bind: r.upperBound.description))"
                        }
                        return "(" + edges.joined(separator: " OR ") + ")"
                    }
                )
            }
        } else {
            parts.append(select(byYear ? yearTable : monthTable, "1 = 1"))
        }
        let periodColumn: SQLQueryString = byPeriod ? "p" : "''"
        let groupColumn: SQLQueryString = dimension == .none ? "''" : "CAST(\(unsafeRaw: dimension.rawValue) AS TEXT)"
        var groupBy: [SQLQueryString] = ["kind", "currency"]
        if byPeriod { groupBy.append("p") }
        if dimension != .none { groupBy.append("\(unsafeRaw: dimension.rawValue)") }
        return """
            \(unsafeRaw: longRange ? PreparedStatements.unnamed : "")SELECT \(periodColumn) AS period, \(groupColumn) AS grp, kind, currency,
              CAST(SUM(total_minor) AS BIGINT) AS total, CAST(SUM(\(unsafeRaw: countColumn)) AS BIGINT) AS n,
              CAST(SUM(base_minor) AS BIGINT) AS base, CAST(SUM(unconverted) AS BIGINT) AS unc, CAST(SUM(records) AS BIGINT) AS r
            FROM (\(parts.joined(separator: " UNION ALL "))) AS x
            GROUP BY \(groupBy.joined(separator: ", "))
            HAVING SUM(count) > 0
            """
    }

    /// Whether the range spans more than one calendar month. Such a range reads many cells, and
    /// a generic plan, made without the range, expects a dozen: named on PostgreSQL, a ten-year
    /// report by payee took 2.8 ms in the cells' index and a sort instead of 1.0 ms in a scan
    /// (`EXPLAIN ANALYZE`, both plans), so it stays unnamed and is planned for its range. All
    /// time has no range to bind, and one month is what a generic plan expects.
    private var longRange: Bool {
        guard let range else { return false }
        return range.from.year != range.to.year || range.from.month != range.to.month
    }

    /// Which kept count answers: per category, the records with a line there (`count`); over
    /// categories, each record once (`records`). See `RecordMoney` for what a count means.
    private var countColumn: String { dimension == .category || categories != nil ? "count" : "records" }

    private var byPayee: Bool { payeeKey != nil || dimension == .payee }

    /// The narrowest month table that has the dimensions this query needs.
    private var monthTable: TotalsTable {
        guard byPayee || account != nil || dimension == .account else { return .monthCategory }
        // Without a category asked for, a cell per record: a payee's split records add one each.
        return categories == nil && dimension != .category ? .monthPayee : .month
    }

    /// The table that holds `monthTable`'s cells by year.
    private var yearTable: TotalsTable {
        monthTable.name == TotalsTable.monthPayee.name ? .yearPayee : .yearCategory
    }

    /// Whether whole years can be read by year: from a month table that has a year table, without
    /// periods or by year.
    private var byYear: Bool { monthTable.name != TotalsTable.month.name && (!byPeriod || yearly) }

    /// The whole months of a range as the tables and periods that hold them: the whole years by
    /// year when `byYear`, and the months before and after them by month.
    private func yearsAndMonths(_ months: ClosedRange<YearMonth>) -> [(table: TotalsTable, from: String, to: String)] {
        let (first, last) = (months.lowerBound, months.upperBound)
        let firstYear = first.month == 1 ? first.year : first.year + 1
        let lastYear = last.month == 12 ? last.year : last.year - 1
        guard byYear, firstYear <= lastYear else { return [(monthTable, first.description, last.description)] }
        var parts: [(table: TotalsTable, from: String, to: String)] = [
            (yearTable, LocalDate.pad(firstYear, 4), LocalDate.pad(lastYear, 4))
        ]
        if first.year < firstYear {
            parts.append((monthTable, first.description, "\(LocalDate.pad(first.year, 4))-12"))
        }
        if last.year > lastYear { parts.append((monthTable, "\(LocalDate.pad(last.year, 4))-01", last.description)) }
        return parts
    }

    /// Days from `day_totals`, or — when a payee is involved, which that table leaves out — summed
    /// from the records of those days (only ever the days at a range's edges or a short trend).
    /// `dayCondition` is given the day's column name.
    private func days(_ dayCondition: (String) -> SQLQueryString) -> SQLQueryString {
        guard byPayee else { return select(.day, dayCondition("day")) }
        return recordParts(dayCondition)
    }

    /// The records of the days `dayCondition` picks, shaped like a totals table's rows.
    private func recordParts(_ dayCondition: (String) -> SQLQueryString) -> SQLQueryString {
        var parts: [SQLQueryString] = []
        let direct = kinds.filter { $0 == "expense" || $0 == "income" }
        if !direct.isEmpty {
            parts.append(records(kind: "t.kind", account: "account_id", "t.kind IN (\(binds: direct))", dayCondition))
        }
        if kinds.contains("transfer_out") {
            parts.append(records(kind: "'transfer_out'", account: "account_id", "t.kind = 'transfer'", dayCondition))
        }
        if kinds.contains("transfer_in") {
            parts.append(records(kind: "'transfer_in'", account: "to_account_id", "t.kind = 'transfer'", dayCondition))
        }
        return parts.isEmpty ? select(.day, "1 = 0") : parts.joined(separator: " UNION ALL ")
    }

    /// Records as one-record cells, shaped like a totals table's rows.
    private func records(
        kind: String,
        account column: String,
        _ kindCondition: SQLQueryString,
        _ dayCondition: (String) -> SQLQueryString
    ) -> SQLQueryString {
        var conditions: [SQLQueryString] = ["t.book_id = \(bind: book)", dayCondition("t.date"), kindCondition]
        if let categories {
            conditions.append(
                categories.isEmpty ? "1 = 0" : "\(RecordMoney.shareCategory) IN (\(binds: categories))"
            )
        }
        if let account { conditions.append("t.\(unsafeRaw: column) = \(bind: account)") }
        if let payeeKey { conditions.append("t.payee_key = \(bind: payeeKey)") }
        switch tag {
        case .only(let id)?: conditions.append(RecordTags.condition(id))
        case .any?: conditions.append("t.tag_count > 0")
        case nil: break
        }
        // By tag, a record is in the row of each of its tags, and a record without one in none: the
        // rows are read from the book's tagged records alone, however many the range holds.
        let byTag = dimension == .tag
        if byTag {
            conditions.append(
                """
                t.id IN (SELECT tt.transaction_id FROM transaction_tags tt JOIN tags g ON g.id = tt.tag_id \
                WHERE g.book_id = \(bind: book))
                """
            )
        }
        let tagJoin: SQLQueryString =
            byTag ? " JOIN transaction_tags tt ON tt.transaction_id = t.id JOIN tags g ON g.id = tt.tag_id" : ""
        let tagColumn: SQLQueryString = byTag ? ", g.name AS tag_name" : ""
        // Line by line: a split record's shares go under their own categories, as in the kept totals.
        return """
            SELECT p, kind, COALESCE(category_id, 0) AS category_id, account_id, payee_key, currency, amount_minor AS total_minor,
              counted AS count, COALESCE(base_minor, 0) AS base_minor,
              CAST(CASE WHEN base_minor IS NULL THEN counted ELSE 0 END AS BIGINT) AS unconverted, leads AS records\(unsafeRaw: byTag ? ", tag_name" : "")
            FROM (SELECT t.date AS p, \(unsafeRaw: kind) AS kind, COALESCE(t.\(unsafeRaw: column), 0) AS account_id, t.payee_key,
              t.currency, \(RecordMoney.shareColumns)\(tagColumn)
              FROM transactions t \(RecordMoney.sharesJoin)\(tagJoin) WHERE \(conditions.joined(separator: " AND "))) AS s
            """
    }

    private func select(_ table: TotalsTable, _ periodCondition: SQLQueryString) -> SQLQueryString {
        var conditions: [SQLQueryString] = ["book_id = \(bind: book)", periodCondition, "kind IN (\(binds: kinds))"]
        if let categories { conditions.append(categories.isEmpty ? "1 = 0" : "category_id IN (\(binds: categories))") }
        if let account { conditions.append("account_id = \(bind: account)") }
        if let payeeKey { conditions.append("payee_key = \(bind: payeeKey)") }
        let accountColumn: SQLQueryString = table.account ? "account_id" : "CAST(0 AS BIGINT) AS account_id"
        let categoryColumn: SQLQueryString = table.category ? "category_id" : "CAST(0 AS BIGINT) AS category_id"
        let payeeColumn: SQLQueryString = table.payee ? "payee_key" : "'' AS payee_key"
        return """
            SELECT \(unsafeRaw: table.period) AS p, kind, \(categoryColumn), \(accountColumn), \(payeeColumn), currency, total_minor, count, base_minor,
              unconverted, records
            FROM \(unsafeRaw: table.name) WHERE \(conditions.joined(separator: " AND "))
            """
    }
}
