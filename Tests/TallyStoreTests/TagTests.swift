import TallyCore
import TallyStore
import Testing

/// Tags: free labels across categories, on records, filters and reports, renamed and merged.
@Suite("Tags")
struct TagTests {
    static let march = try! DateRange(from: LocalDate("2026-03-01")!, to: LocalDate("2026-03-31")!)

    @Test("tags filter records and reports, and group them", arguments: Backend.available)
    func tags(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            func add(
                _ amount: String,
                _ payee: String,
                _ category: String,
                tags: [String]
            ) async throws -> TransactionRecord {
                try await store.records.addTransaction(
                    to: scope,
                    TransactionInput(amount: amount, date: "2026-03-10", payee: payee, category: category, tags: tags)
                )
            }
            let hotel = try await add("200", "Hotel", "Travel:Hotels", tags: ["japan-2026", "#Reimbursable"])
            #expect(hotel.transaction.tags == ["japan-2026", "Reimbursable"])
            _ = try await add("30", "Ramen", "Food:Restaurants", tags: ["JAPAN-2026, japan-2026"])
            _ = try await add("5", "Coffee", "Food:Coffee", tags: [])
            let split = try await store.records.addTransaction(
                to: scope,
                TransactionInput(
                    amount: "50",
                    date: "2026-03-11",
                    payee: "Station",
                    lines: [LineInput(category: "Food", amount: "20"), LineInput(category: "Travel", amount: "30")],
                    tags: ["japan-2026"]
                )
            )
            // The tag list, most used first, with the first spelling kept.
            let all = try await store.records.tags(in: scope)
            #expect(all.map(\.name) == ["japan-2026", "Reimbursable"] && all.map(\.count) == [3, 1])
            #expect(try await store.records.tags(in: scope, prefix: "RE").map(\.name) == ["Reimbursable"])

            let page = try await store.records.transactions(
                in: scope,
                filter: TransactionFilter(tag: "#Japan-2026"),
                summarize: true
            )
            #expect(page.records.count == 3)
            #expect(page.summary?.total(.expense).minorUnits == 28_000 && page.summary?.count == 3)
            // Limited to a tag and to a category: only the food line of the split.
            let food = try await store.records.transactions(
                in: scope,
                filter: TransactionFilter(category: "Food", tag: "japan-2026"),
                summarize: true
            )
            #expect(food.summary?.total(.expense).minorUnits == 5_000 && food.summary?.count == 2)

            var report = try await store.reports.summaryReport(
                ReportQuery(range: Self.march, by: .category, kind: .expense, tag: "japan-2026"),
                in: scope
            )
            #expect(
                Dictionary(uniqueKeysWithValues: report.rows.map { ($0.key, $0.total.minorUnits) }) == [
                    "Travel": 23_000, "Food": 5_000,
                ]
            )
            #expect(report.total(.expense).count == 3)
            report = try await store.reports.summaryReport(
                ReportQuery(range: Self.march, by: .tag, kind: .expense),
                in: scope
            )
            let byTag = Dictionary(uniqueKeysWithValues: report.rows.map { ($0.key, ($0.total.minorUnits, $0.count)) })
            #expect(byTag["japan-2026"]! == (28_000, 3))
            #expect(byTag["Reimbursable"]! == (20_000, 1))
            #expect(byTag.count == 2, "records without a tag are in no row")
            // The hotel is in both rows but in the total once: 200 + 30 + 50, three records.
            #expect(report.total(.expense).total.minorUnits == 28_000 && report.total(.expense).count == 3)
            let onlyHotel = try await store.reports.summaryReport(
                ReportQuery(range: Self.march, by: .tag, kind: .expense, tag: "reimbursable"),
                in: scope
            )
            #expect(onlyHotel.rows.map(\.key).sorted() == ["Reimbursable", "japan-2026"])
            #expect(onlyHotel.total(.expense).total.minorUnits == 20_000 && onlyHotel.total(.expense).count == 1)
            let trend = try await store.reports.trendReport(
                ReportQuery(range: Self.march, by: .tag, kind: .expense),
                interval: .month,
                in: scope
            )
            #expect(trend.series.first { $0.key == "japan-2026" }?.values == [28_000])
            let unknown = try await store.reports.summaryReport(
                ReportQuery(range: Self.march, tag: "nope"),
                in: scope
            )
            #expect(unknown.rows.isEmpty)

            // Editing other fields keeps the tags; an empty list removes them.
            let kept = try await store.records.updateTransaction(
                split.transaction.id,
                in: scope,
                TransactionInput(note: "x")
            )
            #expect(kept.transaction.tags == ["japan-2026"])
            let cleared = try await store.records.updateTransaction(
                split.transaction.id,
                in: scope,
                TransactionInput(tags: [])
            )
            #expect(cleared.transaction.tags.isEmpty)

            // Renaming onto another tag's name merges them; the records carry it once.
            let reimbursable = all.first { $0.name == "Reimbursable" }!
            let merged = try await store.records.renameTag(reimbursable.id, to: "JAPAN-2026", in: scope)
            #expect(merged.name == "JAPAN-2026" && merged.count == 2)
            #expect(
                try await store.records.transaction(hotel.transaction.id, in: scope).transaction.tags == ["JAPAN-2026"]
            )
            try await store.records.deleteTag(merged.id, in: scope)
            #expect(try await store.records.tags(in: scope).isEmpty)
            #expect(try await store.records.transaction(hotel.transaction.id, in: scope).transaction.tags.isEmpty)
            #expect(try await store.checks.check().findings.isEmpty)
        }
    }

    @Test(
        "a rule adds its tag to new records and, applied, to existing ones; undone, takes it off",
        arguments: Backend.available
    )
    func ruleTags(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            let old = try await store.records.addTransaction(
                to: scope,
                TransactionInput(
                    amount: "30",
                    date: "2026-03-01",
                    payee: "Uber Paris",
                    category: "Travel",
                    tags: ["trip"]
                )
            )
            let rule = try await store.rules.addRule(
                in: scope,
                RuleInput(payeeContains: "uber", addTag: "#Reimbursable")
            )
            #expect(rule.actions.tag == "Reimbursable")
            // A new record: the rule's tag beside its own.
            let new = try await store.records.addTransaction(
                to: scope,
                TransactionInput(amount: "12", date: "2026-03-02", payee: "UBER", category: "Travel", tags: ["work"])
            )
            #expect(new.transaction.tags == ["work", "Reimbursable"])
            // Existing records, previewed then applied: the tag added once, the old tags kept.
            let preview = try await store.rules.applyRule(try #require(rule.id), in: scope, dryRun: true)
            #expect(preview.count == 1 && preview.changes.first?.after.tags == ["trip", "Reimbursable"])
            let run = try await store.rules.applyRule(try #require(rule.id), in: scope, dryRun: false)
            #expect(
                try await store.records.transaction(old.transaction.id, in: scope).transaction.tags == [
                    "trip", "Reimbursable",
                ]
            )
            #expect(try await store.rules.undoRun(try #require(run.id), in: scope) == 1)
            #expect(try await store.records.transaction(old.transaction.id, in: scope).transaction.tags == ["trip"])
            await #expect(throws: FieldError("add_tag", "'a b' is not a tag: use letters, digits and - _ . / only")) {
                _ = try await store.rules.addRule(in: scope, RuleInput(payeeContains: "x", addTag: "a b"))
            }
        }
    }

    @Test("bad tags are refused, naming the field")
    func refused() async throws {
        try await withStore(.sqlite) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            func refuse(_ tags: [String], _ error: FieldError) async {
                await #expect(throws: error) {
                    _ = try await store.records.addTransaction(
                        to: scope,
                        TransactionInput(amount: "1", payee: "X", tags: tags)
                    )
                }
            }
            await refuse(["a;b"], FieldError("tags", "'a;b' is not a tag: use letters, digits and - _ . / only"))
            await refuse(
                [String(repeating: "x", count: 41)],
                FieldError("tags", "'\(String(repeating: "x", count: 40))…' is longer than 40 characters")
            )
            await refuse((0...20).map { "t\($0)" }, FieldError("tags", "a record has at most 20 tags, not 21"))
            #expect(try await store.records.transactions(in: scope).records.isEmpty)
        }
    }
}
