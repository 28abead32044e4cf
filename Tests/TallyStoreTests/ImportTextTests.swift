import TallyCore
import TallyFiles
import TallyStore
import Testing

@Suite("Import keeps text exactly")
struct ImportTextTests {
    @Test("quotes, backslashes, tabs, new lines and non-ASCII letters land as written", arguments: Backend.available)
    func exactText(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let notes = [
                #"say "hi" \ back\slash \"#, "tab\there", "two\nlines", "Café Zoë – 東京 🍣", "{\"json\": [1, 2]}",
                "\\u0041 is not A", "",
            ]
            var csv = "date,amount,kind,payee,category,subcategory,account,currency,note,to_account\n"
            for (i, note) in notes.enumerated() {
                let quoted = "\"" + note.replacingOccurrences(of: "\"", with: "\"\"") + "\""
                csv += "2024-03-0\(i + 1),\(i + 1).05,expense,\"Zoë \"\"\(i)\"\"\",Food,Snacks,Cash,USD,\(quoted),\n"
            }
            // A transfer: no category, a destination account (NULLs and ids in the same batch).
            csv += "2024-03-20,250.00,transfer,,,,Cash,USD,to savings,Savings\n"
            let source = try TallyCSVImport(
                bytes: Array(csv.utf8),
                bookCurrency: book.currency,
                today: LocalDate(year: 2024, month: 12, day: 31)!
            )
            let result = try await store.imports.importRecords(
                into: try await store.scope(user, book: book.id),
                from: source
            )
            #expect(result.count == notes.count + 1)
            var page = try await store.records.transactions(
                in: try await store.scope(user, book: book.id),
                filter: TransactionFilter(),
                limit: 50
            )
            let last = page.records.popLast()
            let transfer = try #require(last)
            #expect(transfer.transaction.kind == .transfer && transfer.transaction.categoryID == nil)
            #expect(
                transfer.accountName == "Cash" && transfer.toAccountName == "Savings"
                    && transfer.transaction.amount.minorUnits == 25_000
            )
            #expect(page.records.map(\.transaction.note) == notes)
            #expect(page.records.map(\.transaction.payee) == notes.indices.map { "Zoë \"\($0)\"" })
            #expect(page.records.map(\.transaction.amount.minorUnits) == notes.indices.map { Int64($0 + 1) * 100 + 5 })
        }
    }

    @Test("a staged upload confirmed twice is imported once", arguments: Backend.available)
    func stagedOnce(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let csv = Array(
                "date,amount,kind,payee,category,subcategory,account,currency,note\n2024-03-01,4.50,expense,Cafe,Food,,Cash,USD,\n"
                    .utf8
            )
            let token = try await store.imports.stageImport(
                into: try await store.scope(user, book: book.id),
                fileName: "a.csv",
                data: csv
            )
            let today = LocalDate(year: 2024, month: 12, day: 31)!
            let first = try TallyCSVImport(bytes: csv, bookCurrency: book.currency, today: today)
            #expect(
                try await store.imports.importRecords(
                    into: try await store.scope(user, book: book.id),
                    from: first,
                    claiming: token
                ).count == 1
            )
            let again = try TallyCSVImport(bytes: csv, bookCurrency: book.currency, today: today)
            await #expect(throws: StoreError.self) {
                _ = try await store.imports.importRecords(
                    into: try await store.scope(user, book: book.id),
                    from: again,
                    claiming: token
                )
            }
            let page = try await store.records.transactions(in: try await store.scope(user, book: book.id), limit: 10)
            #expect(page.records.count == 1)
        }
    }
}
