import Foundation
import TallyCore
import TallyJSON
import TallyStore
import Testing

/// Issue 42, findings 7 and 11: restore passes every value through the API's rules. Before, it
/// stored a NUL and U+202E in a payee, `<` and `"` in a tag and a bill link
/// `javascript:alert(document.cookie)`, and a split line of zero weight that trapped the process
/// at the next rate change (`Allocation`), and dates up to 9999 whose arithmetic traps (a yearly
/// bill's next due day). Each is refused now, naming the row and the field.
@Suite("Restore checks text", .serialized)
struct RestoreTextTests {
    @Test("hostile values are refused, naming the table, row and field", arguments: BackupEngine.available)
    func hostile(_ engine: BackupEngine) async throws {
        let good = try await engine.withEmptyStore { store in
            try await BackupFixture.fill(store)
            return try await Snapshot.take(store)
        }
        defer { BackupArchive.discard(good.zip) }
        let cases: [(String, String, (String) -> String, String)] = [
            (
                "a NUL in a payee", "transactions",
                { $0.replacingOccurrences(of: "\"payee\":\"Market\"", with: "\"payee\":\"Mar\\u0000ket\"") },
                "payee: must be one line without control or invisible characters (it holds U+0000)"
            ),
            (
                "U+202E in a payee", "transactions",
                { $0.replacingOccurrences(of: "\"payee\":\"Café\"", with: "\"payee\":\"Caf\\u202eé\"") },
                "payee: must be one line without control or invisible characters (it holds U+202E)"
            ),
            (
                "< and \" in a tag", "tags",
                {
                    $0.replacingOccurrences(
                        of: "\"name\":\"groceries\",\"name_key\":\"groceries\"",
                        with: "\"name\":\"<b\\\"x\",\"name_key\":\"<b\\\"x\""
                    )
                },
                "name: '<b\"x' is not a tag: use letters, digits and - _ . / only"
            ),
            (
                "a javascript: bill link", "bills",
                { $0.replacingOccurrences(of: "\"url\":\"\"", with: "\"url\":\"javascript:alert(document.cookie)\"") },
                "url: must be empty or a web address starting with https:// or http://"
            ),
            (
                "a bill first due in year 9999", "bills",
                { $0.replacingOccurrences(of: "\"first_due\":\"2026-01-01\"", with: "\"first_due\":\"9999-12-31\"") },
                "first_due: must be a date from 1900-01-01 to 2199-12-31"
            ),
            (
                "a split line of zero weight", "transaction_lines",
                {
                    $0.replacingOccurrences(of: "\"amount_minor\":4000,", with: "\"amount_minor\":0,")
                        .replacingOccurrences(
                            of: "\"amount_minor\":1250,\"base_minor\"",
                            with: "\"amount_minor\":5250,\"base_minor\""
                        )
                },
                "amount_minor: must be more than zero"
            ),
        ]
        for (what, table, change, problem) in cases {
            #expect(change(good.document) != good.document, "\(what): the document changed")
            let broken = try Snapshot.rewrite(good.zip) { change($0) }
            defer { BackupArchive.discard(broken) }
            try await engine.withEmptyStore { store in
                let refusal = await #expect(throws: KnownError.self, "\(what)") {
                    try await store.backups.restore(try BackupArchive.open(broken), into: .emptyServer)
                }
                let detail = refusal?.detail ?? ""
                #expect(detail.hasPrefix("backup refused: \(table) row "), "\(what): \(detail)")
                #expect(detail.hasSuffix(problem), "\(what): \(detail)")
                let users = try await store.users.all()
                #expect(users.isEmpty, "\(what): nothing stored")
            }
        }
    }
}
