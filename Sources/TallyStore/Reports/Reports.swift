import SQLKit
import TallyCore

extension Reports {
    /// Totals per group over a range: the summary table, bar and donut charts.
    public func summaryReport(_ query: ReportQuery, in scope: BookScope) async throws -> SummaryReport {
        let bookID = scope.bookID
        let book = scope.book
        return try await database.read { db in
            let names = GroupNames(by: query.by, book: bookID, try await self.catalog(db, scope))
            let tag = try await Self.tagFilter(db, book: bookID, query.tag)
            let rows = try await TotalsQuery(
                book: bookID,
                range: query.range,
                kinds: query.kind.kinds.map(\.rawValue),
                dimension: names.dimension,
                tag: tag
            ).run(db)
            let payees = try await names.payeeNames(db, keys: rows.map(\.group))
            // Every currency folds into one row per group, in the book's currency; the amounts as
            // entered stay beside it, per currency.
            var merged: [String: ReportRow] = [:]
            var originals: [String: [Currency: Int64]] = [:]
            for row in rows {
                guard let kind = TransactionKind(rawValue: row.kind), let currency = Currency(code: row.currency) else {
                    continue
                }
                let group = names.group(row.group, payees: payees)
                let id = "\(kind.rawValue)|\(group.key)"
                var merged_row =
                    merged[id]
                    ?? ReportRow(
                        key: group.key,
                        filterValue: group.filter,
                        kind: kind,
                        total: .zero(book.currency),
                        count: 0,
                        color: group.color
                    )
                try merged_row.total.minorUnits.checkedAdd(row.base)
                merged_row.count += Int(row.count)
                merged_row.totalCount = (merged_row.totalCount ?? 0) + Int(row.records)
                merged_row.unconverted += Int(row.unconverted)
                if currency != book.currency {
                    try originals[id, default: [:]][currency, default: 0].checkedAdd(row.total)
                }
                merged[id] = merged_row
            }
            for (id, sums) in originals {
                merged[id]?.originals = sums.sorted { $0.key.code < $1.key.code }.map {
                    Money(minorUnits: $0.value, currency: $0.key)
                }
            }
            var report = try SummaryReport(query: query, currency: book.currency, rows: Array(merged.values))
            report.unconverted = try await Self.unconverted(db, book: bookID, query: query, rows: rows)
            if query.by == .tag {
                // A record with two tags is in both rows, but in the totals once.
                report.totals = try await Self.taggedTotals(db, query: query, book: book, tag: tag ?? .any)
            }
            return report
        }
    }

    /// Totals per period per group (or per kind when `grouped` is false): trend charts.
    public func trendReport(
        _ query: ReportQuery,
        interval: ReportInterval,
        grouped: Bool = true,
        in scope: BookScope
    ) async throws -> TrendReport {
        let bookID = scope.bookID
        let book = scope.book
        let periods = try interval.checkedPeriods(in: query.range)
        let index = Dictionary(uniqueKeysWithValues: periods.enumerated().map { ($1, $0) })
        return try await database.read { db in
            let names = GroupNames(by: query.by, book: bookID, try await self.catalog(db, scope))
            let rows = try await TotalsQuery(
                book: bookID,
                range: query.range,
                kinds: query.kind.kinds.map(\.rawValue),
                dimension: grouped ? names.dimension : .none,
                byPeriod: true,
                daysOnly: interval == .day || interval == .week,
                tag: try await Self.tagFilter(db, book: bookID, query.tag),
                yearly: interval == .year
            ).run(db)
            let payees = grouped ? try await names.payeeNames(db, keys: rows.map(\.group)) : [:]
            var series: [String: TrendSeries] = [:]
            // Ten years by month are thousands of rows over 120 periods and a few dozen groups:
            // each period's slot and each group's name is worked out once (per row it was most of
            // the report's time).
            var slots: [String: Int?] = [:]
            var groups: [String: (key: String, filter: String, color: String)] = [:]
            for row in rows {
                guard let kind = TransactionKind(rawValue: row.kind), Currency(code: row.currency) != nil,
                    let period = row.period
                else { continue }
                let slot: Int?
                if let known = slots[period] {
                    slot = known
                } else {
                    slot = LocalDate(Self.firstDay(period)).flatMap { index[interval.period(of: $0)] }
                    slots[period] = slot
                }
                guard let slot else { continue }
                let group: (key: String, filter: String, color: String)
                if !grouped {
                    group = (
                        key: kind.rawValue, filter: kind.rawValue,
                        color: kind == .expense ? Palette.expense : Palette.income
                    )
                } else if let known = groups[row.group] {
                    group = known
                } else {
                    group = names.group(row.group, payees: payees)
                    groups[row.group] = group
                }
                let id = "\(kind.rawValue)|\(group.key)"
                var s =
                    series[id]
                    ?? TrendSeries(
                        key: group.key,
                        filterValue: group.filter,
                        kind: kind,
                        currency: book.currency,
                        color: group.color,
                        values: Array(repeating: 0, count: periods.count),
                        counts: Array(repeating: 0, count: periods.count)
                    )
                try s.values[slot].checkedAdd(row.base)
                s.counts[slot] += Int(row.count)
                series[id] = s
            }
            var trend = try TrendReport(
                periods: periods,
                interval: interval,
                currency: book.currency,
                series: Array(series.values)
            )
            trend.unconverted = try await Self.unconverted(db, book: bookID, query: query, rows: rows)
            return trend
        }
    }

    /// The first day of a kept period: "2024" (a year), "2024-03" (a month) or the day itself.
    static func firstDay(_ period: String) -> String {
        switch period.count {
        case 4: period + "-01-01"
        case 7: period + "-01"
        default: period
        }
    }

    /// A report's tag as a totals filter: nil for none; a tag the book does not have matches no record.
    static func tagFilter(_ db: any SQLDatabase, book: BookID, _ name: String?) async throws -> TotalsQuery.TagFilter? {
        guard let name else { return nil }
        return .only(try await RecordTags.find(db, book: book, name: name))
    }

    /// The totals of a by-tag report: its tagged records (or those of its tag) each counted once.
    static func taggedTotals(
        _ db: any SQLDatabase,
        query: ReportQuery,
        book: Book,
        tag: TotalsQuery.TagFilter
    ) async throws -> [KindTotal] {
        var byKind: [TransactionKind: ReportRow] = [:]
        for row in try await TotalsQuery(
            book: book.id,
            range: query.range,
            kinds: query.kind.kinds.map(\.rawValue),
            tag: tag
        ).run(db) {
            guard let kind = TransactionKind(rawValue: row.kind) else { continue }
            var sum =
                byKind[kind]
                ?? ReportRow(key: "", filterValue: "", kind: kind, total: .zero(book.currency), count: 0, color: "")
            try sum.total.minorUnits.checkedAdd(row.base)
            sum.count += Int(row.records)
            sum.totalCount = sum.count
            byKind[kind] = sum
        }
        return try SummaryReport(query: query, currency: book.currency, rows: Array(byKind.values)).totals
    }

    /// Income, expense and net per period in the book's currency.
    public func cashFlow(
        _ range: DateRange,
        interval: ReportInterval,
        in scope: BookScope
    ) async throws -> CashFlowReport {
        let trend = try await trendReport(
            ReportQuery(range: range, kind: .both),
            interval: interval,
            grouped: false,
            in: scope
        )
        return CashFlowReport(trend: trend)
    }
}

/// Display names, link values and colours for the groups of a report.
struct GroupNames {
    let by: ReportGrouping
    let book: BookID
    let categories: [CategoryID: Category]
    let accounts: [AccountID: Account]

    var dimension: TotalsQuery.Dimension {
        switch by {
        case .category, .subcategory: .category
        case .payee: .payee
        case .account: .account
        case .tag: .tag
        }
    }

    /// The display spelling of payee keys, from the remembered payees.
    func payeeNames(_ db: any SQLDatabase, keys: [String]) async throws -> [String: String] {
        guard by == .payee else { return [:] }
        let wanted = Array(Set(keys)).filter { !$0.isEmpty }
        var names: [String: String] = [:]
        for start in stride(from: 0, to: wanted.count, by: 500) {
            let chunk = Array(wanted[start..<min(start + 500, wanted.count)])
            for row in try await db.raw(
                """
                SELECT name, name_key FROM payees WHERE book_id = \(bind: book) AND name_key IN (\(binds: chunk))
                """
            ).all() {
                let payee = try row.decode(model: PayeeName.self)
                names[payee.key] = payee.name
            }
        }
        return names
    }

    /// The group a kept-totals row belongs to.
    func group(_ raw: String, payees: [String: String]) -> (key: String, filter: String, color: String) {
        switch by {
        case .category, .subcategory:
            guard let id = Int64(raw), var category = categories[CategoryID(rawValue: id)] else {
                return ("Uncategorised", "", Palette.none)
            }
            if by == .category, let parent = category.parentID.flatMap({ categories[$0] }) { category = parent }
            let parentColor = category.parentID.flatMap { categories[$0]?.color }
            let key = by == .category ? category.name : category.path(in: Array(categories.values))
            return (key, String(category.id), category.color.isEmpty ? (parentColor ?? Palette.none) : category.color)
        case .account:
            guard let id = Int64(raw), let account = accounts[AccountID(rawValue: id)] else {
                return ("No account", "", Palette.none)
            }
            return (account.name, String(account.id), Palette.color(for: account.name))
        case .payee:
            guard !raw.isEmpty else { return ("No payee", "", Palette.none) }
            let name = payees[raw] ?? raw
            return (name, name, Palette.color(for: raw))
        case .tag:
            return (raw, raw, Palette.color(for: Tags.key(raw)))
        }
    }
}

extension GroupNames {
    /// The names a grouping needs, from the book's catalogue.
    init(by: ReportGrouping, book: BookID, _ catalog: CatalogCache.Catalog) {
        self.init(
            by: by,
            book: book,
            categories: by == .category || by == .subcategory ? catalog.categoriesByID : [:],
            accounts: by == .account ? catalog.accountsByID : [:]
        )
    }
}

/// A payee's name under its matching key.
private struct PayeeName: Decodable {
    let name: String
    let key: String

    enum CodingKeys: String, CodingKey {
        case name
        case key = "name_key"
    }
}
