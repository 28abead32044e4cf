import Foundation
import TallyCore
import TallyFiles
import Testing

/// The date of a one-record file whose D is `text`.
func qifDate(_ text: String, order: QIFDateOrder? = nil) throws(StatementError) -> LocalDate? {
    try qif("!Type:Bank\nD\(text)\nT1\n^\n", order: order).entries.first?.date
}

/// QIF fields: date forms and order, amounts and separators, encodings and line ends.
@Suite struct QIFFieldTests {
    @Test func dateForms() throws {
        let forms: [(String, String)] = [
            ("1/2/26", "2026-01-02"), ("01/02/2026", "2026-01-02"), ("1/ 2'26", "2026-01-02"),
            ("1/2'2026", "2026-01-02"), ("01-02-2026", "2026-01-02"), ("2026-01-02", "2026-01-02"),
            ("1.2.26", "2026-01-02"), (" 1/ 2/26", "2026-01-02"), ("12/31' 0", "2000-12-31"),
            ("1/ 1'00", "2000-01-01"), ("2026/01/02", "2026-01-02"),
            // The two-digit year pivot: 00–69 are 20xx, 70–99 are 19xx; the apostrophe is always 20xx.
            ("1/2/69", "2069-01-02"), ("1/2/70", "1970-01-02"), ("12/31/99", "1999-12-31"), ("1/2'99", "2099-01-02"),
        ]
        for (text, expected) in forms {
            #expect(try qifDate(text) == qifDay(expected), "\(text)")
        }
    }

    @Test func dateOrderComesFromTheWholeFile() throws {
        // 3/4 alone is month-first (Quicken's US default)…
        #expect(try qifDate("3/4/26") == qifDay("2026-03-04"))
        // …unless a later date shows the day comes first, or the caller says so.
        let dayFirst = try qif("!Type:Bank\nD3/4/26\nT1\n^\nD25/4/26\nT1\n^\n")
        #expect(dayFirst.entries.map(\.date) == [qifDay("2026-04-03"), qifDay("2026-04-25")])
        let monthFirst = try qif("!Type:Bank\nD3/4/26\nT1\n^\nD4/25/26\nT1\n^\n")
        #expect(monthFirst.entries.map(\.date) == [qifDay("2026-03-04"), qifDay("2026-04-25")])
        #expect(try qifDate("3/4/26", order: .dayFirst) == qifDay("2026-04-03"))
        #expect(try qifDate("2026-03-04", order: .dayFirst) == qifDay("2026-03-04"))
        #expect(QIFDateOrder(rawValue: "DMY") == .dayFirst && QIFDateOrder.monthFirst.rawValue == "MDY")
    }

    @Test func contradictoryDatesAreRefused() {
        #expect(
            qifError("!Type:Bank\nD13/1/26\nT1\n^\nD1/13/26\nT1\n^\n")
                == "line 5: D has the month first, but line 2 has the day first; a file must write every date the same way"
        )
        #expect(
            qifError("!Type:Bank\nD1/2/26\nT1\n^\nD25/4/26\nT1\n^\n", order: .monthFirst)
                == "line 5: D has the day first, but the dates were to be read month first (MDY)"
        )
        #expect(
            qifError("!Type:Bank\nD4/25/26\nT1\n^\n", order: .dayFirst)
                == "line 2: D has the month first, but the dates were to be read day first (DMY)"
        )
    }

    @Test func badDatesNameTheLine() {
        let forms = "QIF dates look like 1/2/26, 01/02/2026, 1/ 2'26, 01-02-2026, 1.2.26 or 2026-01-02"
        for text in ["yesterday", "1/2", "1/2/3/4", "1/2/026", "1'2/26", "1/2-26", "12345/1/1", "1 2/3/26", ""] {
            #expect(
                qifError("!Type:Bank\nD\(text)\nT1\n^\n") == "line 2: D '\(text)' is not a date; \(forms)",
                "\(text)"
            )
        }
        #expect(
            qifError("!Type:Bank\nD2/30/26\nT1\n^\n")
                == "line 2: D '2/30/26' is not a date between 1900-01-01 and 2199-12-31 (read month first)"
        )
        #expect(
            qifError("!Type:Bank\nD1/2/1850\nT1\n^\n")
                == "line 2: D '1/2/1850' is not a date between 1900-01-01 and 2199-12-31 (read month first)"
        )
    }

    @Test func amounts() throws {
        let statement = try qif(
            "!Type:Bank\nD1/2/26\nT-1,234.56\n^\nD1/2/26\nT1234.5\n^\nD1/2/26\nT8.85000\n^\nD1/2/26\nT$1,000,000\n^\n"
        )
        #expect(statement.entries.map(\.amount.minorUnits) == [-123_456, 123_450, 885, 100_000_000])
        #expect(
            qifError("!Type:Bank\nD1/2/26\nT12.345\n^\n")
                == "line 3: T '12.345' has more decimals than USD has (2); only zeros may follow them"
        )
        #expect(
            qifError("!Type:Bank\nD1/2/26\nT-12.5\n^\n", currency: Currency(code: "JPY")!)
                == "line 3: T '-12.5' has more decimals than JPY has (0); only zeros may follow them"
        )
        #expect(
            qifError("!Type:Bank\nD1/2/26\nTabc\n^\n")
                == "line 3: T 'abc' is not an amount (this file writes amounts like 1,234.56)"
        )
        #expect(
            qifError("!Type:Bank\nD1/2/26\nT\n^\n") == "line 3: T '' is empty"
        )
        #expect(
            qifError("!Type:Bank\nD1/2/26\nT99999999999999\n^\n")
                == "line 3: T '99999999999999' is larger than Tally allows (999999999999 minor units)"
        )
        #expect(
            qifError("!Type:Bank\nD1/2/26\nT-10\nSA\n$-1.001\n^\n")
                == "line 5: $ '-1.001' has more decimals than USD has (2); only zeros may follow them"
        )
    }

    @Test func commaDecimalFilesAreDetected() throws {
        let statement = try qif("!Type:Bank\nD1.2.26\nT-12,50\n^\nD2.2.26\nT-1.234,56\n^\nD3.2.26\nT7\n^\n")
        #expect(statement.entries.map(\.amount.minorUnits) == [-1250, -123_456, 700])
        // A thousands group alone proves nothing: 1,234 stays one thousand two hundred thirty-four.
        #expect(try qif("!Type:Bank\nD1/2/26\nT1,234\n^\n").entries.map(\.amount.minorUnits) == [123_400])
        // A file that writes both is not read as either silently: 12,50 is not a dot-decimal amount.
        #expect(
            qifError("!Type:Bank\nD1/2/26\nT1.50\n^\nD1/2/26\nT12,50\n^\n")
                == "line 6: T '12,50' is not an amount (this file writes amounts like 1,234.56)"
        )
    }

    @Test func encodingsAndLineEnds() throws {
        let text = "!Type:Bank\nD1/2/26\nT-3\nPCaf\u{E9} \u{20AC}\n^\n"
        let lf = try qif(text)
        #expect(lf.entries.map(\.payee) == ["Café €"])
        let bom = try QIFReader.read([0xEF, 0xBB, 0xBF] + Array(text.utf8), currency: Currency.usd)
        #expect(bom == lf)
        for ending in ["\r\n", "\r"] {
            let other = try qif(text.replacingOccurrences(of: "\n", with: ending))
            #expect(other == lf, "\(ending.debugDescription)")
        }
        // Windows-1252: é is 0xE9, € is 0x80, ’ is 0x92; 0x81 is undefined.
        let cp1252: [UInt8] =
            Array("!Type:Bank\r\nD1/2/26\r\nT-3\r\nPCaf".utf8) + [0xE9, 0x20, 0x80, 0x92, 0x81]
            + Array("\r\n^\r\n".utf8)
        let windows = try QIFReader.read(cp1252, currency: Currency.usd)
        #expect(windows.entries.map(\.payee) == ["Café €’\u{FFFD}"])
        // Line numbers count every line, with any line end.
        let mixed = try qif("!Type:Bank\r\n\r\nD1/2/26\rT1\n^\nD1/3/26\r\nT2\r\n^")
        #expect(mixed.entries.map(\.location) == ["line 3", "line 6"])
    }
}
