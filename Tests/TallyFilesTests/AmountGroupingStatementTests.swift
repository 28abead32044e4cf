import TallyCore
import Testing

@testable import TallyFiles

/// Issue 42, finding 12: a bank file's malformed amount is refused, naming where it is, and never
/// read as another amount (`1.234.56` was stored as 123,456.00 when the mapping named no decimal
/// separator).
@Suite struct AmountGroupingStatementTests {
    private static let inr = Currency(code: "INR")!

    /// The error reading a `;`-separated file of `Date;Payee;Amount` rows gives, or nil.
    private static func csvError(_ amounts: [String], decimal: String? = nil, _ currency: Currency = .usd) -> String? {
        do {
            _ = try csv(amounts, decimal: decimal, currency)
            return nil
        } catch {
            return error.description
        }
    }

    private static func csv(
        _ amounts: [String],
        decimal: String? = nil,
        _ currency: Currency = .usd
    ) throws(StatementError) -> [Int64] {
        let rows = amounts.enumerated().map { "2026-03-0\($0.offset + 1);Shop;\($0.element)" }
        let file = "Date;Payee;Amount\n" + rows.joined(separator: "\n") + "\n"
        let mapping = CSVMapping(date: "Date", amount: "Amount", decimalSeparator: decimal, payee: "Payee")
        return try BankCSVReader.read(Array(file.utf8), mapping: mapping, defaultCurrency: currency)
            .entries.map(\.amount.minorUnits)
    }

    private static func misplaced(_ line: Int, _ text: String, decimal: String) -> String {
        "line \(line), column 'Amount': '\(text)' "
            + "has misplaced grouping separators: with '\(decimal)' as the decimal separator, "
            + "the others may only separate groups of three digits"
    }

    @Test("the issue's three amounts, with no decimal separator named, are refused naming line and column")
    func issueExamples() {
        // Each beside well-written rows, so that the file's decimal separator is detected as it was.
        #expect(Self.csvError(["12,50", "1.234.56"]) == Self.misplaced(3, "1.234.56", decimal: ","))
        #expect(Self.csvError(["12.34.56"]) == Self.misplaced(2, "12.34.56", decimal: ","))
        #expect(Self.csvError(["1.50", "2.00", "1,2,3"]) == Self.misplaced(4, "1,2,3", decimal: "."))
        // All three in one file: the rows disagree, "." is assumed, and the first is still refused.
        #expect(
            Self.csvError(["1.234.56", "12.34.56", "1,2,3"])
                == "line 2, column 'Amount': '1.234.56' is not an amount"
        )
    }

    @Test(
        "other malformed amounts are refused",
        arguments: [
            ("1,23,4.00", "."), ("1.2345,00", ","), (",123.45", "."), ("1,234,", "."), ("1.234,", ","),
            ("1,234,.00", "."), ("1234,567.00", "."), ("1 23,00", ","), ("1.234,567.89", "."), ("0,123.00", "."),
        ]
    )
    func malformed(text: String, decimal: String) {
        let error = Self.csvError(["1" + decimal + "00", text], decimal: decimal)
        #expect(error?.hasPrefix("line 3, column 'Amount': '\(text)' ") == true, "\(error ?? "read")")
    }

    @Test("well-written amounts still read, detected or named")
    func valid() throws {
        #expect(try Self.csv(["1.234,56", "-12,50"]) == [123_456, -1250])
        #expect(try Self.csv(["1,234.56", "-12.50"]) == [123_456, -1250])
        #expect(
            try Self.csv(["1234.56", "$1,234,567.00", "(1,234.50)", "12.50-"]) == [
                123_456, 123_456_700, -123_450, -1250,
            ]
        )
        #expect(
            try Self.csv(["1 234,56", "1\u{00A0}234,56", "-2 000,00 EUR"], decimal: ",") == [
                123_456, 123_456, -200_000,
            ]
        )
        #expect(try Self.csv(["1'234.56"], decimal: ".") == [123_456])
        #expect(try Self.csv(["8.85000", ".5"]) == [885, 50])
    }

    @Test("Indian grouping reads in rupees and only there")
    func indian() throws {
        #expect(try Self.csv(["1,52,950.50", "-12,34,567.00"], Self.inr) == [15_295_050, -123_456_700])
        #expect(Self.csvError(["1.00", "1,52,950.50"]) == Self.misplaced(3, "1,52,950.50", decimal: "."))
        let rupeeError = Self.csvError(["1.00", "1,23,4.00"], Self.inr)
        #expect(rupeeError?.hasPrefix("line 3, column 'Amount': '1,23,4.00' has misplaced grouping separators") == true)
        #expect(rupeeError?.hasSuffix("groups of three digits, or of two before the last three (12,34,567)") == true)
    }

    @Test("StatementAmount names the separator it assumed")
    func statementAmount() {
        #expect(
            StatementAmount.parse("1.234.56", currency: .usd, decimalSeparator: ",")
                == .failure(.badGrouping(decimalSeparator: ",", .thousands))
        )
        #expect(
            StatementAmount.parse("1,2,3", currency: .usd) == .failure(.badGrouping(decimalSeparator: ".", .thousands))
        )
        #expect(StatementAmount.parse("12.", currency: .usd) == .failure(.notANumber))
        #expect(StatementAmount.parse("- 12.50", currency: .usd) == .success(Money(minorUnits: -1250, currency: .usd)))
        #expect(
            StatementAmount.parse("12,00 €", currency: .usd, decimalSeparator: ",")
                == .success(Money(minorUnits: 1200, currency: .usd))
        )
    }

    @Test("QIF refuses misplaced grouping, naming the line")
    func qif() throws {
        for (text, hint) in [
            ("1.234.56", "1,234.56"), ("1,2,3", "1,234.56"), ("1234,567.00", "1,234.56"), ("1 23.00", "1,234.56"),
            ("1,23,4.00", "1,234.56"),
        ] {
            #expect(
                qifError("!Type:Bank\nD1/2/26\nT\(text)\n^\n")
                    == "line 3: T '\(text)' is not an amount (this file writes amounts like \(hint))"
            )
        }
        #expect(
            qifError("!Type:Bank\nD1.2.26\nT-12,50\n^\nD1.2.26\nT1.2345,00\n^\n")
                == "line 6: T '1.2345,00' is not an amount (this file writes amounts like 1.234,56)"
        )
        let read = try TallyFilesTests.qif("!Type:Bank\nD1/2/26\nT-1,234.56\n^\nD1/2/26\nT1234.56\n^\n")
        #expect(read.entries.map(\.amount.minorUnits) == [-123_456, 123_456])
        let comma = try TallyFilesTests.qif("!Type:Bank\nD1.2.26\nT-1.234,56\n^\n")
        #expect(comma.entries.map(\.amount.minorUnits) == [-123_456])
    }

    @Test("OFX refuses any grouping, naming the transaction and element")
    func ofx() throws {
        for text in ["1.234.56", "12.34.56", "1,2,3", "1,234.56", "1.234,56", "12."] {
            let error = OFXSample.error(OFXSample.one("<TRNTYPE>DEBIT<DTPOSTED>20260314<TRNAMT>\(text)<FITID>A1"))
            #expect(error?.description.hasPrefix("STMTTRN 1 (TRNAMT): TRNAMT '\(text)' is not ") == true, "\(text)")
        }
        for (text, cents) in [("-1234.56", -123_456), ("-1234,56", -123_456), (".5", 50), ("+8.85000", 885)]
            as [(String, Int64)]
        {
            let statement = try OFXSample.read(
                OFXSample.one("<TRNTYPE>DEBIT<DTPOSTED>20260314<TRNAMT>\(text)<FITID>A1")
            )
            #expect(statement.entries.map(\.amount.minorUnits) == [cents], "\(text)")
        }
    }
}
