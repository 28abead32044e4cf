import FuzzSupport
import TallyCore

// OCR text read into a receipt proposal (`ReceiptReading.propose` and `clues`), the path that
// trapped on Devanagari and Arabic-Indic digits (issue 42, finding 11). Input: one byte choosing
// the book's currency and the date order, one choosing a script of decimal digits, then the text.
//
// Invariants: reading never traps; a proposed date is within twenty years before today and at
// most a day after it; an amount is positive or zero and at most `Money.maxMinorUnits`; `clues`
// is 0…3. And the same text with its ASCII digits written in the chosen script (Devanagari,
// Arabic-Indic, Persian, Bengali, Thai, fullwidth, mathematical bold…) proposes the same date,
// amount and currency: every script's decimal digits are read as the digits they are.

/// libFuzzer's `main`, under the name SwiftPM gives this module's entry point.
@_cdecl("fuzz_receipt_text_main")
public func fuzzReceiptTextMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzReceiptText)
}

/// The zero of each script's decimal digits; the first byte of the input picks one.
let zeros: [UInt32] = [0x0966, 0x0660, 0x06F0, 0x09E6, 0x0E50, 0xFF10, 0x1D7CE, 0x07C0, 0x1810, 0x0BE6]

/// `text` with each ASCII digit written as the digit of the script whose zero is `zero`.
func written(_ text: String, zero: UInt32) -> String {
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
        if (0x30...0x39).contains(scalar.value), let digit = Unicode.Scalar(zero + scalar.value - 0x30) {
            out.append(digit)
        } else {
            out.append(scalar)
        }
    }
    return String(out)
}

/// One input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReceiptText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let options = input.byte()
    let zero = zeros[Int(input.byte()) % zeros.count]
    let currency = [Currency.usd, Currency(code: "EUR")!, Currency(code: "JPY")!, Currency(code: "INR")!][
        Int(options % 4)
    ]
    let order: DateOrder = options & 4 == 0 ? .monthFirst : .dayFirst
    let book = ReceiptBook(currency: currency, payees: [], order: order, today: fuzzToday)
    let text = input.text
    let proposal = ReceiptReading.propose(text, book: book)
    if let date = proposal.date {
        require(
            date >= fuzzToday.adding(months: -240) && date <= fuzzToday.adding(days: 1),
            "date \(date) of \(shown(text))"
        )
    }
    if let amount = proposal.amount {
        require(
            amount.minorUnits >= 0 && amount.minorUnits <= Money.maxMinorUnits,
            "amount \(amount) of \(shown(text))"
        )
    }
    require((0...3).contains(ReceiptReading.clues(in: text)), "clues of \(shown(text))")
    let other = written(text, zero: zero)
    let again = ReceiptReading.propose(other, book: book)
    require(
        again.date == proposal.date && again.amount == proposal.amount && again.currency == proposal.currency,
        "\(shown(other)) proposes \(String(describing: again.date)) \(String(describing: again.amount)), "
            + "\(shown(text)) \(String(describing: proposal.date)) \(String(describing: proposal.amount))"
    )
    require(ReceiptReading.clues(in: other) == ReceiptReading.clues(in: text), "clues of \(shown(other))")
    return 0
}
