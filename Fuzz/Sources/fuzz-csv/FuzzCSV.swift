import FuzzSupport
import TallyCore
import TallyFiles

// A whole file, read by CSVReader and then by TallyCSVImport (the import's checks, without a
// database). The book's currency is USD, JPY or KWD, chosen by the file's length.
//
// Invariants: reading ends, rows start on increasing lines; rows written back by CSVWriter read
// back the same; every imported row is a valid record (amount in 1...Money.maxMinorUnits, date in
// LocalDate.supported, names without ':'), errors name a line (or the file); and a row exported
// by TallyCSV imports back as the same record.

/// libFuzzer's `main`, under the name SwiftPM gives this module's entry point.
@_cdecl("fuzz_csv_main")
public func fuzzCSVMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzCSV)
}

/// One input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let currency = [Currency(code: "USD")!, Currency(code: "JPY")!, Currency(code: "KWD")!][size % 3]
    checkReader(bytes)
    checkImport(bytes, currency)
    return 0
}

/// All rows, or nil when the file's structure is refused.
func readAll(_ bytes: [UInt8]) -> [(line: Int, fields: [String])]? {
    var reader = CSVReader(bytes)
    var rows: [(line: Int, fields: [String])] = []
    do {
        while let row = try reader.next() {
            require(rows.count <= bytes.count, "more rows than bytes: the reader does not move on")
            rows.append(row)
        }
    } catch {
        require(error.line >= 1 && !error.message.isEmpty, "CSV error \(error)")
        return nil
    }
    return rows
}

func checkReader(_ bytes: [UInt8]) {
    guard let rows = readAll(bytes) else { return }
    for (a, b) in zip(rows, rows.dropFirst()) {
        require(a.line < b.line, "rows start on lines \(a.line) then \(b.line)")
    }
    require(rows.allSatisfy { $0.line >= 1 && !$0.fields.isEmpty }, "a row without fields or before line 1")
    // A row of one empty field is written as a blank line, which the reader skips: leave those
    // out. The writer guards cells against spreadsheet formulas; reading back removes the guard.
    let kept = rows.map(\.fields).filter { $0 != [""] }
    let written = "\u{FEFF}" + kept.map(CSVWriter.row).joined()
    let again = readAll(Array(written.utf8))?.map { $0.fields.map(CSVFormulaGuard.unescape) }
    require(
        again.map { $0 == kept } ?? false,
        "rows do not survive CSVWriter: \(kept.prefix(3)) became \(again?.prefix(3) ?? [])"
    )
}

func checkImport(_ bytes: [UInt8], _ currency: Currency) {
    let source: TallyCSVImport
    do {
        source = try TallyCSVImport(bytes: bytes, bookCurrency: currency, today: fuzzToday)
    } catch {
        require(
            error.field == "file" || error.field == "line 1" || error.field.hasPrefix("line "),
            "import header: \(error)"
        )
        return
    }
    var previous = 1
    var count = 0
    while true {
        let record: ImportRecord?
        do {
            record = try source.next()
        } catch let error as FieldError {
            require(error.field.hasPrefix("line ") && !error.message.isEmpty, "import row: \(error)")
            return
        } catch {
            require(false, "the import threw \(type(of: error)), not a FieldError: \(error)")
            return
        }
        guard let record else { return }
        count += 1
        require(count <= bytes.count, "more records than bytes")
        require(record.line > previous, "record on line \(record.line) after line \(previous)")
        previous = record.line
        checkRecord(record, currency)
    }
}

func checkRecord(_ record: ImportRecord, _ currency: Currency) {
    let draft = record.draft
    require(
        (1...Money.maxMinorUnits).contains(draft.amount.minorUnits),
        "line \(record.line): amount \(draft.amount.minorUnits)"
    )
    require(LocalDate.supported.contains(draft.date), "line \(record.line): date \(draft.date)")
    for name in [record.category, record.subcategory] {
        require(
            !name.contains(":") && name.count <= 100 && name == name.trimmingSpaces(),
            "line \(record.line): name \(shown(name))"
        )
    }
    require(
        !record.category.isEmpty || record.subcategory.isEmpty,
        "line \(record.line): a sub-category without a category"
    )
    require(
        draft.kind != .transfer || (record.category.isEmpty && !record.toAccount.isEmpty),
        "line \(record.line): transfer fields"
    )

    // Export the record and import it again: the same record must come back.
    let exported = ExportRecord(
        date: draft.date,
        time: draft.time,
        kind: draft.kind,
        amount: draft.amount,
        payee: draft.payee,
        category: record.category,
        subcategory: record.subcategory,
        account: record.account,
        toAccount: record.toAccount,
        note: draft.note
    )
    let file = TallyCSV.header(time: true, toAccount: true) + TallyCSV.line(exported, time: true, toAccount: true)
    do {
        let source = try TallyCSVImport(bytes: Array(file.utf8), bookCurrency: currency, today: fuzzToday)
        guard let back = try source.next() else {
            return require(false, "line \(record.line): the export reads back as nothing")
        }
        require(
            back.draft.amount == draft.amount && back.draft.date == draft.date && back.draft.time == draft.time
                && back.draft.kind == draft.kind && back.draft.payee == draft.payee && back.draft.note == draft.note
                && back.category == record.category && back.subcategory == record.subcategory
                && back.account == record.account && back.toAccount == record.toAccount,
            "line \(record.line): exported as \(shown(file)), imported back as \(back)"
        )
    } catch {
        require(false, "line \(record.line): exported as \(shown(file)), refused on import: \(error)")
    }
}
