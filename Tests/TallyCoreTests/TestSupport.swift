import TallyCore

/// Currencies used across the tests, looked up once.
extension Currency {
    static let eur = Currency(code: "EUR")!
    static let jpy = Currency(code: "JPY")!
    static let kwd = Currency(code: "KWD")!
    static let clf = Currency(code: "CLF")!
    static let brl = Currency(code: "BRL")!
    static let pln = Currency(code: "PLN")!
    static let bif = Currency(code: "BIF")!
}

/// The outcome of parsing, as a comparable value: minor units or the error.
func parsed(_ text: String, _ currency: Currency = .usd) -> Result<Int64, MoneyParseError> {
    do {
        return .success(try Money.parse(text, currency: currency).minorUnits)
    } catch {
        return .failure(error)
    }
}

/// A date that is known to exist.
func date(_ text: String) -> LocalDate {
    guard let date = LocalDate(text) else { fatalError("bad test date \(text)") }
    return date
}

/// SplitMix64: a tiny, seeded, deterministic generator so property tests are reproducible.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An Int64 other than `Int64.min` (whose magnitude has no positive Int64), mixing the
    /// full range with small amounts of every length.
    mutating func nextMinorUnits() -> Int64 {
        let raw = Int64(bitPattern: next())
        let value: Int64
        switch next() % 4 {
        case 0:
            value = raw % (Money.maxMinorUnits + 1)  // anywhere in the accepted range
        default:
            // 1 to 18 digits, so short amounts and every grouping length are well covered.
            var limit: Int64 = 1
            for _ in 0..<Int(1 + next() % 12) { limit *= 10 }  // amounts have at most 12 digits
            value = raw % limit
        }
        return value == .min ? .min + 1 : value
    }
}
