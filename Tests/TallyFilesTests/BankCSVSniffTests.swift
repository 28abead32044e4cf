import Foundation
import TallyCore
import Testing

@testable import TallyFiles

private func sniff(_ text: String) throws -> CSVSniff {
    try BankCSVReader.sniff(Array(text.utf8))
}

@Test func sniffGermanBankPreamble() throws {
    let s = try BankCSVReader.sniff(try csvFixture("deutsche-bank.csv"))
    #expect(s.encoding == .windows1252)
    #expect(s.delimiter == ";")
    #expect(s.skipLines == 3)
    #expect(s.preamble.first == "Umsätze Girokonto;Zeitraum: 01.03.2026 - 31.03.2026;")
    #expect(s.preamble.count == 3)
    #expect(s.header?.prefix(4) == ["Buchungstag", "Wert", "Umsatzart", "Begünstigter / Auftraggeber"])
    #expect(s.preview.count == 4)
    #expect(s.preview[0][3] == "Bäckerei Müller")
    let byName = Dictionary(uniqueKeysWithValues: s.columns.compactMap { c in c.name.map { ($0, c) } })
    #expect(byName["Buchungstag"]?.dateFormats == ["DD.MM.YYYY"])
    #expect(byName["Soll"]?.looksLikeAmount == true)
    #expect(byName["Soll"]?.decimalSeparator == ",")
    #expect(byName["Mandatsreferenz"]?.looksLikeAmount == false)
    #expect(byName["Fremde Gebühren"]?.isEmpty == true)
    let proposed = try #require(s.proposedMapping)
    #expect(proposed.debit == "Soll" && proposed.credit == "Haben" && proposed.amount == nil)
    #expect(proposed.date == "Buchungstag" && proposed.dateFormat == "DD.MM.YYYY")
    #expect(proposed.decimalSeparator == "," && proposed.skipLines == 3 && proposed.encoding == .windows1252)
    #expect(proposed.payee == "Begünstigter / Auftraggeber")
    #expect(proposed.note == ["Verwendungszweck"])
    // The proposal reads the file it was made from.
    let statement = try BankCSVReader.read(
        try csvFixture("deutsche-bank.csv"),
        mapping: proposed,
        defaultCurrency: .usd
    )
    #expect(statement.entries.map(\.amount.minorUnits) == [-485, 325_000, -8500, -690])
}

@Test func sniffAmbiguousDatesOffersBoth() throws {
    let s = try sniff("Date,Description,Amount\n03/04/2026,Rent,-900.00\n05/06/2026,Pay,1500.00\n")
    #expect(s.columns[0].dateFormats == ["DD/MM/YYYY", "MM/DD/YYYY"])
    #expect(s.columns[0].looksLikeDate)
    #expect(s.columns[2].looksLikeAmount && s.columns[2].decimalSeparator == ".")
    let proposed = try #require(s.proposedMapping)
    #expect(proposed.dateFormat == nil)
    #expect(proposed.amount == "Amount" && proposed.payee == "Description")
}

@Test func sniffDecimalSeparators() throws {
    let comma = try sniff("Datum;Betrag\n01.03.2026;1.234,56\n02.03.2026;-12,50\n")
    #expect(comma.columns[1].decimalSeparator == ",")
    #expect(comma.proposedMapping?.decimalSeparator == ",")
    let dot = try sniff("Date,Amount\n2026-03-01,\"1,234.56\"\n2026-03-02,-12.50\n")
    #expect(dot.columns[1].decimalSeparator == ".")
    #expect(BankCSVNumbers.vote("1.234") == nil)
    #expect(BankCSVNumbers.vote("1.234.567") == ",")
    #expect(BankCSVNumbers.vote("12,5") == ",")
    #expect(BankCSVNumbers.vote("$1,234.56") == ".")
    #expect(BankCSVNumbers.decimalSeparator(["1,50", "2.50"]) == nil)
}

@Test func sniffEncodings() throws {
    let text = "Date\tPayee\tAmount\n2026-03-01\tCafé\t-3.50\n"
    var littleEndian: [UInt8] = []
    for unit in text.utf16 { littleEndian += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    let s = try BankCSVReader.sniff(littleEndian)
    #expect(s.encoding == .utf16 && s.delimiter == "\t")
    #expect(s.preview == [["2026-03-01", "Café", "-3.50"]])
    #expect(try BankCSVReader.sniff([0xEF, 0xBB, 0xBF] + Array(text.utf8)).encoding == .utf8)
    #expect(
        try BankCSVReader.sniff(Array("a;b\n1;\u{80}\n".unicodeScalars.map { UInt8($0.value) })).encoding
            == .windows1252
    )
    #expect(BankCSVText.utf8([0x80, 0x96, 0xE4, 0x81], .windows1252) == Array("€–ä\u{81}".utf8))
}

@Test func sniffWithoutHeader() throws {
    let s = try sniff(
        "\"03/30/2026\",\"-5.75\",\"*\",\"\",\"COFFEE\"\n\"03/27/2026\",\"2500.00\",\"*\",\"\",\"PAYROLL\"\n"
    )
    #expect(s.header == nil)
    #expect(s.preview.count == 2)
    let proposed = try #require(s.proposedMapping)
    #expect(!proposed.header)
    #expect(proposed.date == .index(1) && proposed.dateFormat == "MM/DD/YYYY")
    #expect(proposed.amount == .index(2) && proposed.payee == .index(5))
}

@Test func proposalNamesAnInvisibleHeaderByItsNumber() throws {
    // A header cell a mapping could not name (a zero-width space in it) is proposed by position,
    // so the proposal can be sent back and saved as it is.
    let s = try sniff("Date,Payee\u{200B},Amount\n2026-03-02,Shop,-1.00\n2026-03-03,Cafe,-2.50\n")
    let proposed = try #require(s.proposedMapping)
    #expect(proposed.date == "Date" && proposed.amount == "Amount")
    #expect(proposed.payee == .index(2))
    #expect(throws: Never.self) { try proposed.validate() }
}

@Test func sniffDirectionAndPreview() throws {
    let s = try BankCSVReader.sniff(try csvFixture("ing-nl.csv"))
    let proposed = try #require(s.proposedMapping)
    #expect(proposed.amount == "Bedrag (EUR)")
    #expect(proposed.direction == .init(column: "Af Bij", out: "Af", in: "Bij"))
    #expect(proposed.dateFormat == "YYYYMMDD" && proposed.decimalSeparator == ",")
    let rows = (1...25).map { "2026-03-\($0 < 10 ? "0" : "")\($0),Shop,-1.00" }.joined(separator: "\n")
    #expect(try sniff("Date,Payee,Amount\n" + rows).preview.count == 10)
}

@Test func sniffSkipLinesOverridesDetection() throws {
    let file = "Account: 1234\nFrom: 2026-03-01\nDate,Payee,Amount\n2026-03-01,Shop,-1.00\n2026-03-02,Shop,-2.00\n"
    let detected = try sniff(file)
    #expect(detected.skipLines == 2 && detected.header == ["Date", "Payee", "Amount"])
    let given = try BankCSVReader.sniff(Array(file.utf8), skipLines: 1)
    #expect(given.skipLines == 1 && given.preamble == ["Account: 1234"])
    #expect(throws: StatementError("mapping.skip_lines", "must be between 0 and 1000")) {
        try BankCSVReader.sniff([], skipLines: -1)
    }
    let empty = try BankCSVReader.sniff([])
    #expect(empty.columns.isEmpty && empty.proposedMapping == nil && empty.header == nil)
}

@Test func sniffEncodesSnakeCase() throws {
    let s = try sniff("Date,Amount\n2026-03-01,1.00\n")
    let json = String(decoding: try JSONEncoder().encode(s), as: UTF8.self)
    for key in [
        "\"skip_lines\"", "\"proposed_mapping\"", "\"date_formats\"", "\"looks_like_amount\"", "\"looks_like_date\"",
    ] {
        #expect(json.contains(key), "\(key)")
    }
}

@Test(arguments: ["deutsche-bank", "sparkasse-camt", "chase-checking", "barclays", "ing-nl"])
func proposalsReadTheFixturesLikeTheirMappings(name: String) throws {
    let bytes = try csvFixture("\(name).csv")
    let proposed = try #require(try BankCSVReader.sniff(bytes).proposedMapping)
    let byProposal = try BankCSVReader.read(bytes, mapping: proposed, defaultCurrency: .usd)
    let byMapping = try BankCSVReader.read(bytes, mapping: try csvFixtureMapping(name), defaultCurrency: .usd)
    #expect(byProposal.entries.map(\.amount.minorUnits) == byMapping.entries.map(\.amount.minorUnits))
    #expect(byProposal.entries.map(\.date) == byMapping.entries.map(\.date))
    #expect(byProposal.entries.map(\.location) == byMapping.entries.map(\.location))
}
