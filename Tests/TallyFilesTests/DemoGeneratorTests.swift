import Foundation
import TallyCore
import Testing

@testable import TallyFiles

/// `tally demo`'s generator: the same data for the same seed, in date order, believable amounts,
/// and the same records in the CSV, the journal and the beancount file.
@Suite struct DemoGeneratorTests {
    let start = LocalDate(year: 2015, month: 1, day: 1)!

    @Test("the same seed gives the same records; another seed gives others")
    func deterministic() {
        let a = Array(DemoGenerator(count: 2_000, seed: 42, start: start, years: 10))
        let b = Array(DemoGenerator(count: 2_000, seed: 42, start: start, years: 10))
        let c = Array(DemoGenerator(count: 2_000, seed: 43, start: start, years: 10))
        #expect(a == b)
        #expect(a != c)
        #expect(a.count == 2_000)
    }

    @Test("records are in date order, inside the span, and every amount is a real price")
    func shape() throws {
        let records = Array(DemoGenerator(count: 50_000, seed: 42, start: start, years: 10))
        #expect(zip(records, records.dropFirst()).allSatisfy { $0.date <= $1.date })
        #expect(records.first!.date >= start)
        #expect(records.last!.date <= LocalDate(year: 2024, month: 12, day: 31)!)
        #expect(records.allSatisfy { $0.amount.minorUnits >= 1 && $0.amount.currency == .usd })
        let incomes = records.filter { $0.kind == .income }.count
        #expect((3_000...5_000).contains(incomes), "about 8% incomes, got \(incomes)")
        // Medians near the catalogue's typical prices: coffee $5.50, rent $1,450, salary $1,300.
        func median(_ sub: String) -> Int64 {
            let cents = records.filter { $0.subcategory == sub }.map(\.amount.minorUnits).sorted()
            return cents[cents.count / 2]
        }
        #expect((500...600).contains(median("Coffee")))
        #expect((140_000...150_000).contains(median("Rent")))
        #expect((125_000...135_000).contains(median("Salary")))
        #expect(
            Set(records.map(\.account)) == ["Cash", "Checking", "Credit Card Visa", "Credit Card Amex", "Gift Card"]
        )
    }

    @Test("e^x in integers agrees with the known values to a millionth")
    func exponent() {
        #expect(DemoRandom.expNano(0) == 1_000_000_000)
        #expect(abs(DemoRandom.expNano(1_000) - 2_718_281_828) < 3_000)
        #expect(abs(DemoRandom.expNano(-1_000) - 367_879_441) < 400)
        #expect(abs(DemoRandom.expNano(5_400) - 221_406_416_204) < 300_000)
    }

    @Test("the three files hold the same records with the same totals")
    func files() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let generator = DemoGenerator(count: 500, seed: 7, start: start, years: 1)
        let paths = try DemoFiles.write(generator, to: folder.path)
        #expect(
            paths.map { ($0 as NSString).lastPathComponent } == [
                "txns_500.csv", "txns_500.journal", "txns_500.beancount",
            ]
        )
        let records = Array(generator)
        let total = records.reduce(Int64(0)) { $0 + $1.amount.minorUnits }
        let csv = try String(contentsOfFile: paths[0], encoding: .utf8)
        // The import reads the CSV back, record for record.
        let source = try TallyCSVImport(
            bytes: Array(csv.utf8),
            bookCurrency: .usd,
            today: LocalDate(year: 2030, month: 1, day: 1)!
        )
        var read: [Int64] = []
        while let row = try source.next() { read.append(row.draft.amount.minorUnits) }
        #expect(read == records.map(\.amount.minorUnits))
        let journal = try String(contentsOfFile: paths[1], encoding: .utf8)
        let beancount = try String(contentsOfFile: paths[2], encoding: .utf8)
        #expect(journal.components(separatedBy: "\n\n").count - 2 == 500)
        #expect(beancount.contains("2015-01-01 open Expenses:Food:Coffee USD"))
        // Every amount appears in the journal as "$X" and in beancount as "X USD", summing alike.
        func cents(_ text: String, _ pattern: String) -> Int64 {
            let regex = try! NSRegularExpression(pattern: pattern)
            return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).reduce(0) { sum, m in
                let value = (text as NSString).substring(with: m.range(at: 1)).split(separator: ".")
                return sum + Int64(value[0])! * 100 + Int64(value[1])!
            }
        }
        #expect(cents(journal, #"\$(\d+\.\d\d)\n"#) == total)
        #expect(cents(beancount, #"  (\d+\.\d\d) USD\n"#) == total)
    }
}
