import TallyCore
import TallyStore

/// An independent model of a book's records, kept by the tests beside the store, so report
/// numbers can be checked against sums computed here rather than by the code under test.
struct ModelRecord: Sendable {
    var id: TransactionID
    var kind: TransactionKind
    var amount: Int64
    var currency: String
    var date: LocalDate
    var payee: String
    var category: String  // "Food:Coffee", "" for none
    var account: String
    var toAccount: String
    var note: String

    var topCategory: String { category.split(separator: ":").first.map(String.init) ?? "" }
}

/// A small deterministic generator (xorshift), so failures reproduce.
struct Dice {
    var state: UInt64
    mutating func next(_ n: Int) -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % UInt64(n))
    }
}

extension Array where Element == ModelRecord {
    /// Sum and count of `kind` records in `currency` within the range, grouped by `key`.
    func sums(
        _ kind: TransactionKind,
        _ currency: String,
        from: LocalDate,
        to: LocalDate,
        key: (ModelRecord) -> String
    ) -> [String: (Int64, Int)] {
        var out: [String: (Int64, Int)] = [:]
        for r in self where r.kind == kind && r.currency == currency && r.date >= from && r.date <= to {
            let k = key(r)
            let old = out[k] ?? (0, 0)
            out[k] = (old.0 + r.amount, old.1 + 1)
        }
        return out
    }
}

extension SummaryReport {
    /// Rows of one kind and currency as key → (total, count), for a book without rates: in the
    /// book's currency the converted part of each row (its own records), in another currency
    /// the amounts as entered beside it, which are all unconverted.
    func table(_ kind: TransactionKind, _ currency: String) -> [String: (Int64, Int)] {
        var out: [String: (Int64, Int)] = [:]
        for row in rows where row.kind == kind {
            if currency == self.currency.code {
                if row.count > row.unconverted { out[row.key] = (row.total.minorUnits, row.count - row.unconverted) }
            } else if let original = row.originals.first(where: { $0.currency.code == currency }) {
                out[row.key] = (original.minorUnits, row.unconverted)
            }
        }
        return out
    }
}

func same(_ a: [String: (Int64, Int)], _ b: [String: (Int64, Int)]) -> Bool {
    a.count == b.count && a.allSatisfy { key, value in b[key].map { $0 == value } ?? false }
}
