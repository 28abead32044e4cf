import FuzzSupport
import TallyCore
import TallyFiles

// A whole bank CSV file: sniffed, then read with the mapping the sniff proposes and with a few
// fixed mappings (header or not, signed amount, debit/credit, direction, account and currency
// columns). The default currency is USD, JPY or KWD, chosen by the file's length. Input that
// starts with "{" is also decoded as a mapping.
//
// Invariants: reading ends; errors have a non-empty location and message; every entry is on a
// "line N" after the one before, in a valid account, with an amount within Money.maxMinorUnits, a
// date Tally supports and text within StatementLimits.maxText; a sniff's preview has at most 10
// rows and the mapping it proposes is valid.

/// libFuzzer's `main`, under the name SwiftPM gives this module's entry point.
@_cdecl("fuzz_bank_csv_main")
public func fuzzBankCSVMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzBankCSV)
}

/// One input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBankCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let currency = [Currency(code: "USD")!, Currency(code: "JPY")!, Currency(code: "KWD")!][size % 3]
    if bytes.first == 0x7B { checkMappingJSON(bytes) }
    do {
        let sniff = try BankCSVReader.sniff(bytes)
        require(sniff.preview.count <= 10, "a preview of \(sniff.preview.count) rows")
        require(
            sniff.skipLines == sniff.preamble.count,
            "skip_lines \(sniff.skipLines), preamble \(sniff.preamble.count)"
        )
        if let proposed = sniff.proposedMapping {
            do {
                try proposed.validate()
            } catch {
                require(false, "the proposed mapping is invalid: \(error)")
            }
            checkRead(bytes, proposed, currency)
        }
    } catch {
        checkError(error, "sniff")
    }
    for mapping in fixedMappings { checkRead(bytes, mapping, currency) }
    return 0
}

let fixedMappings: [CSVMapping] = [
    CSVMapping(header: false, date: 1, amount: 2, payee: 3),
    CSVMapping(date: "Date", amount: "Amount", payee: "Payee", note: ["Memo", "Info"], type: "Type"),
    CSVMapping(
        delimiter: ";",
        encoding: .windows1252,
        skipLines: 1,
        date: "Datum",
        dateFormat: "DD.MM.YYYY",
        debit: "Soll",
        credit: "Haben",
        decimalSeparator: ",",
        account: "Konto",
        currency: "Währung"
    ),
    CSVMapping(
        header: false,
        date: 1,
        dateFormat: "M/D/YY",
        amount: 2,
        direction: .init(column: 3, out: "debit", in: "credit"),
        negate: true,
        account: 4,
        currency: 5,
        id: 6
    ),
]

func checkRead(_ bytes: [UInt8], _ mapping: CSVMapping, _ currency: Currency) {
    let statement: Statement
    do {
        statement = try BankCSVReader.read(bytes, mapping: mapping, defaultCurrency: currency)
    } catch {
        return checkError(error, "read")
    }
    require(!statement.accounts.isEmpty, "a statement without accounts")
    require(statement.entries.count <= StatementLimits.maxEntries, "\(statement.entries.count) entries")
    var previous = 0
    for entry in statement.entries {
        let line = entry.location.hasPrefix("line ") ? Int(entry.location.dropFirst(5)) : nil
        require(line.map { $0 > previous } ?? false, "entry at \(shown(entry.location)) after line \(previous)")
        previous = line ?? previous
        require(statement.accounts.indices.contains(entry.account), "\(entry.location): account \(entry.account)")
        require(
            entry.amount.minorUnits.magnitude <= Money.maxMinorUnits.magnitude,
            "\(entry.location): amount \(entry.amount.minorUnits)"
        )
        require(LocalDate.supported.contains(entry.date), "\(entry.location): date \(entry.date)")
        for text in [entry.payee, entry.memo, entry.category, entry.type, entry.fileID ?? ""] {
            require(text.count <= StatementLimits.maxText, "\(entry.location): text of \(text.count) characters")
        }
        require(!entry.payee.isEmpty || !entry.memo.isEmpty, "\(entry.location): neither payee nor memo")
    }
}

func checkMappingJSON(_ bytes: [UInt8]) {
    do {
        _ = try CSVMapping.decode(json: bytes)
    } catch {
        require(error.location.hasPrefix("mapping") && !error.message.isEmpty, "mapping error \(error)")
    }
}

func checkError(_ error: StatementError, _ step: String) {
    require(!error.location.isEmpty && !error.message.isEmpty, "\(step): error without a location or message: \(error)")
}
