import FuzzSupport
import TallyCore
import TallyFiles

// A whole OFX/QFX file, read by OFXReader. The default currency is one of Currency.fuzzed,
// chosen by the file's length.
//
// Invariants: reading ends, and gives the same result twice; an error has a location ("file",
// "line N" with N ≥ 1, or an element such as "STMTTRN 3 (TRNAMT)") and a message; a statement
// has at least one account, at most StatementLimits.maxEntries entries, entries numbered
// "STMTTRN 1", "STMTTRN 2", … pointing at existing accounts, amounts within Money.maxMinorUnits,
// dates in LocalDate.supported, and text trimmed and no longer than StatementLimits.maxText.
// Written back as OFX 1.x SGML, a statement reads back as the same statement.

/// libFuzzer's `main`, under the name SwiftPM gives this module's entry point.
@_cdecl("fuzz_ofx_main")
public func fuzzOFXMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzOFX)
}

/// One input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOFX(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let currency = Currency.fuzzed[size % Currency.fuzzed.count]
    let first = read(bytes, currency)
    let second = read(bytes, currency)
    require(first == second, "two readings differ: \(first) then \(second)")
    switch first {
    case .failure(let error): checkError(error)
    case .success(let statement):
        checkStatement(statement)
        let written = sgml(statement, currency)
        let again = read(Array(written.utf8), currency)
        require(again == .success(statement), "written back as \(shown(written)), read as \(again)")
    }
    return 0
}

func read(_ bytes: [UInt8], _ currency: Currency) -> Result<Statement, StatementError> {
    Result { () throws(StatementError) -> Statement in try OFXReader.read(bytes, defaultCurrency: currency) }
}

func checkError(_ error: StatementError) {
    require(!error.message.isEmpty, "an error without a message at \(shown(error.location))")
    let location = error.location
    if location == "file" { return }
    if location.hasPrefix("line ") {
        require(Int(location.dropFirst(5)).map { $0 >= 1 } ?? false, "error at \(shown(location))")
        return
    }
    // "NAME n" or "NAME n (FIELD)".
    let words = location.split(separator: " ", maxSplits: 2)
    require(
        words.count >= 2 && words[0].allSatisfy { $0.isUppercase || $0.isNumber || $0 == "." }
            && (Int(words[1]).map { $0 >= 1 } ?? false)
            && (words.count == 2 || (words[2].hasPrefix("(") && words[2].hasSuffix(")"))),
        "error at \(shown(location)): \(shown(error.message))"
    )
}

func checkStatement(_ statement: Statement) {
    require(statement.format == .ofx, "format \(statement.format)")
    require(!statement.accounts.isEmpty, "a statement without accounts")
    require(statement.entries.count <= StatementLimits.maxEntries, "\(statement.entries.count) entries")
    for account in statement.accounts {
        require(isKept(account.number), "account number \(shown(account.number))")
        if let balance = account.closingBalance {
            require(balance.minorUnits.magnitude <= Money.maxMinorUnits, "closing balance \(balance.minorUnits)")
        }
        if let date = account.closingDate { require(LocalDate.supported.contains(date), "closing date \(date)") }
    }
    for (index, entry) in statement.entries.enumerated() {
        let place = "STMTTRN \(index + 1)"
        require(entry.location == place, "entry \(index) is at \(shown(entry.location))")
        require(statement.accounts.indices.contains(entry.account), "\(place): account \(entry.account)")
        require(entry.amount.minorUnits.magnitude <= Money.maxMinorUnits, "\(place): amount \(entry.amount.minorUnits)")
        require(LocalDate.supported.contains(entry.date), "\(place): date \(entry.date)")
        for text in [entry.payee, entry.memo, entry.checkNumber, entry.type, entry.fileID ?? "x"] {
            require(isKept(text), "\(place): text \(shown(text))")
        }
        require(entry.fileID != "", "\(place): an empty file id instead of nil")
        require(entry.category.isEmpty && entry.transferAccount.isEmpty, "\(place): QIF-only fields")
    }
}

/// Trimmed and within the limit.
func isKept(_ text: String) -> Bool {
    text.count <= StatementLimits.maxText && text == text.trimmingSpaces()
}

/// The statement as an OFX 1.x file, with entities for the characters SGML gives a meaning.
func sgml(_ statement: Statement, _ defaultCurrency: Currency) -> String {
    func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
    func leaf(_ name: String, _ value: String) -> String { value.isEmpty ? "" : "<\(name)>\(escaped(value))\n" }
    func ofxDate(_ date: LocalDate) -> String {
        LocalDate.pad(date.year, 4) + LocalDate.pad(date.month, 2) + LocalDate.pad(date.day, 2)
    }
    var out = "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nENCODING:UTF-8\nCHARSET:NONE\n\n<OFX>\n"
    for (index, account) in statement.accounts.enumerated() {
        let card = account.kind == .creditCard
        let currency = account.currency ?? defaultCurrency
        out += card ? "<CCSTMTRS>\n" : "<STMTRS>\n"
        out += leaf("CURDEF", account.currency?.code ?? "")
        out += (card ? "<CCACCTFROM>\n" : "<BANKACCTFROM>\n") + leaf("ACCTID", account.number)
        out += card ? "</CCACCTFROM>\n" : "</BANKACCTFROM>\n"
        out += "<BANKTRANLIST>\n"
        for entry in statement.entries where entry.account == index {
            out += "<STMTTRN>\n" + leaf("TRNTYPE", entry.type)
            let time = entry.time.map { LocalDate.pad($0.minutes / 60, 2) + LocalDate.pad($0.minutes % 60, 2) + "00" }
            out += leaf("DTPOSTED", ofxDate(entry.date) + (time ?? ""))
            out += leaf("TRNAMT", entry.amount.decimalString) + leaf("FITID", entry.fileID ?? "")
            out += leaf("CHECKNUM", entry.checkNumber) + leaf("NAME", entry.payee) + leaf("MEMO", entry.memo)
            if entry.amount.currency != currency {
                out += "<CURRENCY>\n<CURRATE>1\n" + leaf("CURSYM", entry.amount.currency.code) + "</CURRENCY>\n"
            }
            out += "</STMTTRN>\n"
        }
        out += "</BANKTRANLIST>\n"
        if account.closingBalance != nil || account.closingDate != nil {
            out += "<LEDGERBAL>\n" + leaf("BALAMT", account.closingBalance?.decimalString ?? "")
            out += leaf("DTASOF", account.closingDate.map(ofxDate) ?? "") + "</LEDGERBAL>\n"
        }
        out += card ? "</CCSTMTRS>\n" : "</STMTRS>\n"
    }
    return out + "</OFX>\n"
}
