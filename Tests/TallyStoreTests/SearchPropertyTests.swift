import Foundation
import TallyCore
import Testing

@testable import TallyStore

/// Word search against the plain reading of its rule, over random text: a word matches a record
/// when it starts a word of the payee or the note (case and accents folded), or is part of the
/// name of the record's category. The count, the totals and the records found must be exactly
/// those of the records the rule picks.
@Suite("Word search finds what the plain rule finds")
struct SearchPropertyTests {
    /// Words people type, with case, accents and shared prefixes.
    static let vocabulary = [
        "Café", "cafe", "CAFÉTÉRIA", "Coffee", "coffeehouse", "Lyft", "lyftline", "naïve", "Naive", "Strasse",
        "strasse", "Zürich", "zurich", "Bäckerei", "baker", "Uber", "über", "tea", "team", "T-Mobile", "7-Eleven",
        "ÉCOLE", "école", "Müller", "muller", "Ωmega", "omega",
    ]

    /// Lower-cased, accents removed: what both engines' indexes compare. (They differ on "ß":
    /// PostgreSQL's `unaccent` makes it "ss", SQLite keeps it, so the words here have none.)
    static func fold(_ text: String) -> String {
        text.lowercased().folding(options: [.diacriticInsensitive], locale: nil)
    }

    static func words(_ text: String) -> [String] {
        fold(text).split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    @Test("search count, totals and records equal the plain rule's", arguments: Backend.available)
    func searchMatchesThePlainRule(_ backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            var rng = SeededGenerator(seed: 20_261_126)
            // A split record's lines: (category, minor units); one line for a record that is not split.
            var made: [(id: TransactionID, text: String, lines: [(category: String, minor: Int64)])] = []
            let categories = ["Food:Groceries", "Auto:Fuel", "Food:Coffee", "Home"]
            for i in 0..<160 {
                let payee = (0..<Int.random(in: 1...2, using: &rng)).map { _ in
                    Self.vocabulary.randomElement(using: &rng)!
                }
                .joined(separator: " ")
                let note = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                    Self.vocabulary.randomElement(using: &rng)!
                }
                .joined(separator: i % 3 == 0 ? ", " : " ")
                let category = categories.randomElement(using: &rng)!
                let minor = Int64.random(in: 1...99_999, using: &rng)
                var input = TransactionInput(
                    amount: Money(minorUnits: minor, currency: .usd).decimalString,
                    date: "2026-0\(1 + i % 9)-1\(i % 10)",
                    payee: payee,
                    category: category,
                    account: "Cash",
                    note: note
                )
                var lines = [(category, minor)]
                if i % 5 == 0, minor >= 2 {
                    // Split in two: the kept totals hold each line under its own category, and a
                    // word naming one of them must count the record once, with only that line.
                    let second = categories.randomElement(using: &rng)!
                    let part = Int64.random(in: 1...(minor - 1), using: &rng)
                    lines = [(category, part), (second, minor - part)]
                    input.category = nil
                    input.lines = lines.map {
                        LineInput(category: $0.0, amount: Money(minorUnits: $0.1, currency: .usd).decimalString)
                    }
                }
                let record = try await store.records.addTransaction(to: scope, input)
                made.append((record.transaction.id, payee + " " + note, lines))
            }
            for round in 0..<60 {
                let source = Self.words(Self.vocabulary.randomElement(using: &rng)!).first!
                let length = Int.random(in: 1...source.count, using: &rng)
                // Typed as people type: sometimes upper-case, sometimes with the accent.
                var typed = String(source.prefix(length))
                if round % 3 == 0 { typed = typed.uppercased() }
                let word = Self.fold(typed)
                func names(_ category: String) -> Bool {
                    category.split(separator: ":").contains { $0.lowercased().contains(word) }
                }
                // A record found by its text counts whole; one found by its categories counts the
                // lines under them.
                let expected = made.compactMap { record -> (id: TransactionID, minor: Int64)? in
                    if Self.words(record.text).contains(where: { $0.hasPrefix(word) }) {
                        return (record.id, record.lines.reduce(0) { $0 + $1.minor })
                    }
                    let named = record.lines.filter { names($0.category) }
                    return named.isEmpty ? nil : (record.id, named.reduce(0) { $0 + $1.minor })
                }
                let page = try await store.records.transactions(
                    in: scope,
                    filter: TransactionFilter(text: typed),
                    limit: 500,
                    summarize: true
                )
                let found = Set(page.records.map(\.transaction.id))
                #expect(found == Set(expected.map(\.id)), "\(typed): \(found.count) found, \(expected.count) expected")
                #expect(page.summary?.count == expected.count, "\(typed): count")
                let spent = page.summary?.totals.first { $0.kind == .expense }?.total.minorUnits ?? 0
                #expect(spent == expected.reduce(0) { $0 + $1.minor }, "\(typed): total")
            }
        }
    }
}

/// A small deterministic generator (SplitMix64), so a failure repeats.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
