// What one amount costs to write: Tally's old hand-built US formatter against Foundation's
// Decimal.FormatStyle.Currency (ICU), which `Formats.money` (Sources/TallyCore/Locale) calls, in
// four locales. Self-contained, so it runs without building the package:
//
//     swiftc -O scripts/bench-formats.swift -o /tmp/bench-formats && /tmp/bench-formats
//
// docs/benchmarks.md ("Amounts in the person's locale") has its figures.
import Foundation

func old(_ minor: Int64) -> String {
    let magnitude = minor.magnitude
    let major = magnitude / 100
    let m = String(magnitude % 100)
    let minorS = String(repeating: "0", count: 2 - m.count) + m
    var grouped = ""
    for (index, character) in String(major).reversed().enumerated() {
        if index > 0 && index % 3 == 0 { grouped.append(",") }
        grouped.append(character)
    }
    let body = String(grouped.reversed()) + "." + minorS
    return minor < 0 ? "-$" + body : "$" + body
}
func icu(_ minor: Int64, _ loc: Locale, _ code: String) -> String {
    let d = Decimal(sign: minor < 0 ? .minus : .plus, exponent: -2, significand: Decimal(minor.magnitude))
    return Decimal.FormatStyle.Currency(code: code, locale: loc).precision(.fractionLength(2)).format(d)
}
let n = 200_000
var total = 0
var t = Date()
for i in 0..<n { total += old(Int64(i * 137 - 5000)).utf8.count }
print("old hand formatter: \(Date().timeIntervalSince(t) / Double(n) * 1e6) µs/amount")
for (id, code) in [("en_US", "USD"), ("de_DE", "EUR"), ("ja_JP", "JPY"), ("ar_EG", "EGP")] {
    let loc = Locale(identifier: id)
    _ = icu(1, loc, code)
    t = Date()
    for i in 0..<n { total += icu(Int64(i * 137 - 5000), loc, code).utf8.count }
    print("ICU \(id) \(code): \(Date().timeIntervalSince(t) / Double(n) * 1e6) µs/amount")
}
t = Date()
for _ in 0..<10_000 { total += Locale(identifier: "de_DE").identifier.count }
print("Locale(identifier:) \(Date().timeIntervalSince(t) / 10_000 * 1e6) µs")
print(total)
