import FuzzSupport
import TallyCore
import TallyFiles

// A whole file read by CAMTReader. The first byte chooses how: even, the rest is the file as it
// stands; odd, the rest goes inside the Stmt of a valid camt.053.001.02 document, so that mutations
// reach the entry and batch rules rather than stopping at the root's namespace.
//
// Invariants: reading ends; an error names a location and says something; every entry's amount is
// within Money.maxMinorUnits, its date within LocalDate.supported, its account an index into
// `accounts`, its payee and memo at most StatementLimits.maxText characters; a closing balance is
// within Money.maxMinorUnits; and reading the same bytes again gives the same statement.

/// libFuzzer's `main`, under the name SwiftPM gives this module's entry point.
@_cdecl("fuzz_camt_main")
public func fuzzCAMTMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzCAMT)
}

/// One input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCAMT(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let wrap = input.byte() % 2 == 1
    let body = Array(input.bytes)
    let bytes = wrap ? Array(camtHead.utf8) + body + Array(camtTail.utf8) : body
    checkRead(bytes)
    return 0
}

private let camtHead = """
    <?xml version="1.0" encoding="UTF-8"?>
    <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
    <GrpHdr><MsgId>F</MsgId></GrpHdr><Stmt><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>
    """

private let camtTail = "</Stmt></BkToCstmrStmt></Document>\n"

func checkRead(_ bytes: [UInt8]) {
    let statement: Statement
    do {
        statement = try CAMTReader.read(bytes)
    } catch {
        require(!error.location.isEmpty && !error.message.isEmpty, "CAMT error without a place or text: \(error)")
        return
    }
    require(statement.format == .camt, "format \(statement.format)")
    require(statement.entries.count <= StatementLimits.maxEntries, "\(statement.entries.count) entries")
    for account in statement.accounts {
        if let balance = account.closingBalance {
            require(balance.minorUnits.magnitude <= Money.maxMinorUnits, "closing balance \(balance.minorUnits)")
            require(account.closingDate != nil, "a closing balance without its day")
        }
        require(account.name.count <= StatementLimits.maxText, "account name of \(account.name.count) characters")
    }
    for entry in statement.entries {
        let at = entry.location
        require(!at.isEmpty, "an entry without a location")
        require(entry.amount.minorUnits.magnitude <= Money.maxMinorUnits, "\(at): amount \(entry.amount.minorUnits)")
        require(LocalDate.supported.contains(entry.date), "\(at): date \(entry.date)")
        require(statement.accounts.indices.contains(entry.account), "\(at): account \(entry.account)")
        require(entry.payee.count <= StatementLimits.maxText, "\(at): payee of \(entry.payee.count) characters")
        require(entry.memo.count <= StatementLimits.maxText, "\(at): memo of \(entry.memo.count) characters")
        require(entry.fileID.map { !$0.isEmpty } ?? true, "\(at): an empty file id")
    }
    let again = try? CAMTReader.read(bytes)
    require(again == statement, "reading the same bytes twice gave different statements")
}
