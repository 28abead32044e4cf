import FuzzSupport
import TallyCore

// Money.parse over what people type, in a currency picked by the first byte; then a stored
// amount made from the next eight bytes, shown and read back.
//
// Invariants: a parsed amount is within ±Money.maxMinorUnits; decimalString and formatted both
// parse back to the same amount; plain decimals ("-123.45") agree with an Int128 oracle, errors
// included; spaces around the text and a leading minus change nothing else.

/// libFuzzer's `main`, under the name SwiftPM gives this module's entry point.
@_cdecl("fuzz_money_main")
public func fuzzMoneyMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzMoney)
}

/// One input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMoney(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let selector = input.byte()
    let currency =
        selector < 128
        ? Currency.fuzzed[Int(selector) % Currency.fuzzed.count]
        : Currency.everyOne[Int(selector) % Currency.everyOne.count]
    let stored = input.int64()
    checkParse(input.text, currency)
    checkShown(Money(minorUnits: stored % (Money.maxMinorUnits + 1), currency: currency))
    return 0
}

/// Reads `text`, and checks the result against the rules that hold for any text.
func checkParse(_ text: String, _ currency: Currency) {
    let result = Result { () throws(MoneyParseError) in try Money.parse(text, currency: currency) }
    if let expected = PlainDecimal(text, currency: currency)?.expected {
        require(
            result.map(\.minorUnits) == expected,
            "\(shown(text)) in \(currency): \(result), the oracle says \(expected)"
        )
    }
    guard case .success(let money) = result else { return }
    require(money.currency == currency, "currency changed")
    require(
        money.minorUnits.magnitude <= Money.maxMinorUnits.magnitude,
        "\(shown(text)) parsed beyond the bound: \(money.minorUnits)"
    )
    checkShown(money)

    let padded = Result { () throws(MoneyParseError) in try Money.parse(" \t\(text) ", currency: currency) }
    require((try? padded.get()) == money, "\(shown(text)) with spaces around parses as \(padded), without as \(money)")
    if !text.contains(where: { "-−+".contains($0) }) {
        let negated = Result { () throws(MoneyParseError) in try Money.parse("-" + text, currency: currency) }
        require(
            (try? negated.get()) == money.negated,
            "\(shown("-" + text)) parses as \(negated), not \(money.negated)"
        )
    }
}

/// Checks that both ways of showing an amount read back as the same amount.
func checkShown(_ money: Money) {
    for shown in [money.decimalString, money.formatted] {
        let back = Result { () throws(MoneyParseError) in try Money.parse(shown, currency: money.currency) }
        require(
            (try? back.get()) == money,
            "\(money.minorUnits) \(money.currency) is shown as '\(shown)', which parses as \(back)"
        )
    }
}

/// A text of the form `-?[0-9]+(\.[0-9]+)?`, whose meaning needs no rules about separators,
/// worked out with 128-bit integers as an oracle independent of the parser.
struct PlainDecimal {
    var negative: Bool
    var integer: Substring
    var fraction: Substring
    var currency: Currency

    init?(_ text: String, currency: Currency) {
        var rest = Substring(text)
        negative = rest.first == "-"
        if negative { rest = rest.dropFirst() }
        let pieces = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits: (Substring) -> Bool = { !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } }
        guard pieces.count >= 1, isDigits(pieces[0]), pieces.count == 1 || isDigits(pieces[1]) else { return nil }
        integer = pieces[0]
        fraction = pieces.count == 2 ? pieces[1] : ""
        self.currency = currency
    }

    /// What the parser must answer.
    var expected: Result<Int64, MoneyParseError> {
        let minorDigits = currency.minorDigits
        guard fraction.count <= minorDigits else { return .failure(.tooManyDecimals(currency: currency)) }
        let digits = integer.drop { $0 == "0" } + fraction + String(repeating: "0", count: minorDigits - fraction.count)
        guard digits.count <= 30 else { return .failure(.tooLarge(currency: currency)) }
        var value: Int128 = 0
        for byte in digits.utf8 { value = value * 10 + Int128(byte - 48) }
        guard value <= Int128(Money.maxMinorUnits) else { return .failure(.tooLarge(currency: currency)) }
        return .success(Int64(negative ? -value : value))
    }
}
