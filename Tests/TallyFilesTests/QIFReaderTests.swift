import TallyCore
import TallyFiles
import Testing

/// Reads QIF text (lines joined by LF) in USD.
func qif(_ text: String, order: QIFDateOrder? = nil, currency: Currency = .usd) throws(StatementError) -> Statement {
    try QIFReader.read(Array(text.utf8), currency: currency, dateOrder: order)
}

/// The error reading `text` gives, as "location: message".
func qifError(_ text: String, order: QIFDateOrder? = nil, currency: Currency = .usd) -> String? {
    qifError(bytes: Array(text.utf8), order: order, currency: currency)
}

func qifError(bytes: [UInt8], order: QIFDateOrder? = nil, currency: Currency = .usd) -> String? {
    do {
        _ = try QIFReader.read(bytes, currency: currency, dateOrder: order)
        return nil
    } catch {
        return error.description
    }
}

func qifDay(_ text: String) -> LocalDate { LocalDate(text)! }

func qifMoney(_ minor: Int64, _ currency: Currency = .usd) -> Money { Money(minorUnits: minor, currency: currency) }

/// QIF structure: sections, accounts, records, splits and the errors about them.
@Suite struct QIFReaderTests {
    @Test func readsABankRecordWithEveryField() throws {
        let statement = try qif(
            """
            !Type:Bank
            D01/02/2026
            T-1,234.56
            U-1,234.56
            PCorner Grocer
            MWeekly shop
            N1042
            CX
            AMain Street 1
            LFood:Groceries
            ^
            """
        )
        #expect(statement.format == .qif)
        #expect(statement.accounts == [StatementAccount(kind: .bank)])
        #expect(
            statement.entries == [
                StatementEntry(
                    location: "line 2",
                    date: qifDay("2026-01-02"),
                    amount: qifMoney(-123_456),
                    payee: "Corner Grocer",
                    memo: "Weekly shop",
                    category: "Food:Groceries",
                    checkNumber: "1042"
                )
            ]
        )
    }

    @Test func sectionTypesGiveAccountKinds() throws {
        let kinds: [(String, StatementAccountKind)] = [
            ("Bank", .bank), ("CCard", .creditCard), ("Cash", .cash), ("Oth A", .asset), ("Oth L", .liability),
            ("ccard  ", .creditCard), ("OTH A", .asset), ("bank", .bank),
        ]
        for (type, kind) in kinds {
            let statement = try qif("!Type:\(type)\nD1/2/26\nT5\n^\n")
            #expect(statement.accounts.map(\.kind) == [kind], "\(type)")
            #expect(statement.entries.map(\.amount) == [qifMoney(500)])
        }
    }

    @Test func categoriesTransfersAndClasses() throws {
        let statement = try qif(
            """
            !Type:Bank
            D1/2/26
            T-10
            LAuto:Fuel/Business
            ^
            D1/3/26
            T-200
            L[Savings Account]
            ^
            D1/4/26
            T-3
            L [Credit Card]/Home
            ^
            D1/5/26
            T-4
            ^
            """
        )
        #expect(statement.entries.map(\.category) == ["Auto:Fuel", "", "", ""])
        #expect(statement.entries.map(\.transferAccount) == ["", "Savings Account", "Credit Card", ""])
        #expect(statement.entries.map(\.location) == ["line 2", "line 6", "line 10", "line 14"])
    }

    @Test func splitsBecomeOneSplitEntry() throws {
        let statement = try qif(
            """
            !Type:CCard
            D3/14'26
            T-52.50
            PCostco
            MWeekly shop
            L--Split--
            SFood:Groceries
            EBread and milk
            $-40.00
            SHousehold/Class
            $-12.50
            ^
            """
        )
        #expect(statement.entries.count == 1)
        let entry = statement.entries[0]
        #expect(entry.location == "line 2")
        #expect(entry.amount == qifMoney(-5250))
        #expect(entry.category == "" && entry.transferAccount == "")
        #expect(entry.memo == "Weekly shop" && entry.payee == "Costco")
        #expect(
            entry.splits == [
                StatementSplit(category: "Food:Groceries", amount: qifMoney(-4000), memo: "Bread and milk"),
                StatementSplit(category: "Household", amount: qifMoney(-1250), memo: ""),
            ]
        )
    }

    @Test func splitsOfMixedSignOrOneLineStayEntries() throws {
        // A refund line inside a purchase cannot be a line of a split record (lines are positive).
        let mixed = try qif("!Type:Bank\nD1/2/26\nT-5\nSA\n$-7\nSB\n$2\n^\n")
        #expect(mixed.entries.map(\.amount) == [qifMoney(-700), qifMoney(200)])
        #expect(mixed.entries.allSatisfy { $0.splits.isEmpty })
        let one = try qif("!Type:Bank\nD1/2/26\nT-5\nSA\n$-5\n^\n")
        #expect(one.entries.map(\.category) == ["A"] && one.entries[0].splits.isEmpty)
    }

    @Test func splitsWithATransferBecomeOneEntryEach() throws {
        let statement = try qif(
            """
            !Type:CCard
            D3/14'26
            T-100.00
            PHardware Store
            MSpring
            N77
            L--Split--
            SHome:Garden
            EPlants
            $-60.00
            SHome:Tools/Class
            $-25.00
            S[Savings]
            ETo savings
            $-15.00
            ^
            """
        )
        let entries = statement.entries
        #expect(entries.map(\.location) == ["line 2 (split 1)", "line 2 (split 2)", "line 2 (split 3)"])
        #expect(entries.map(\.amount) == [qifMoney(-6000), qifMoney(-2500), qifMoney(-1500)])
        #expect(entries.map(\.category) == ["Home:Garden", "Home:Tools", ""])
        #expect(entries.map(\.transferAccount) == ["", "", "Savings"])
        #expect(entries.map(\.memo) == ["Plants", "Spring", "To savings"])
        #expect(
            entries.allSatisfy {
                $0.date == qifDay("2026-03-14") && $0.payee == "Hardware Store" && $0.checkNumber == "77"
            }
        )
        #expect(statement.accounts.map(\.kind) == [.creditCard])
    }

    @Test func splitsWithoutCategoryOrMemoStillSplit() throws {
        let statement = try qif("!Type:Bank\nD1/2/26\nT-3\n$-1\n$-2\n^\n")
        #expect(statement.entries.map(\.amount) == [qifMoney(-300)])
        #expect(statement.entries[0].splits.map(\.amount) == [qifMoney(-100), qifMoney(-200)])
        #expect(statement.entries[0].splits.map(\.category) == ["", ""])
    }

    @Test func splitsMustAddUpToTheTotal() {
        #expect(
            qifError("!Type:Bank\nD1/2/26\nT-10.00\nSA\n$-4.00\nSB\n$-5.00\n^\n")
                == "line 3: the splits add up to -9.00, but T is -10.00"
        )
        #expect(qifError("!Type:Bank\nD1/2/26\nT-10.00\nSA\nEno amount\n^\n") == "line 4: split 1 has no amount ($)")
    }

    @Test func quiffenSplitDatesAreIgnored() throws {
        let statement = try qif("!Type:Bank\nD2/10'2020\nT-2\nSA\nD1/10'2020\n$-2\n^\n")
        #expect(statement.entries.map(\.date) == [qifDay("2020-02-10")])
    }

    @Test func tAndU() throws {
        let statement = try qif("!Type:Bank\nD1/2/26\nU-7.00\n^\nD1/2/26\nT-5.00\nU-9.00\n^\n")
        // U alone is the amount; when both are there and disagree, T is.
        #expect(statement.entries.map(\.amount) == [qifMoney(-700), qifMoney(-500)])
    }

    @Test func accountBlocksNameTheFollowingSections() throws {
        let statement = try qif(
            """
            !Option:AutoSwitch
            !Account
            NEveryday
            TBank
            ^
            NVisa
            TCCard
            ^
            NBrokerage
            TInvst
            ^
            !Clear:AutoSwitch
            !Account
            NEveryday
            TBank
            ^
            !Type:Bank
            D1/2/26
            T100
            ^
            !Account
            NVisa
            TCCard
            DThe blue card
            ^
            !Type:CCard
            D1/3/26
            T-20
            L[Everyday]
            ^
            !Account
            NWallet
            ^
            !Type:Cash
            D1/4/26
            T-5
            ^
            """
        )
        #expect(
            statement.accounts == [
                StatementAccount(name: "Everyday", kind: .bank), StatementAccount(name: "Visa", kind: .creditCard),
                StatementAccount(name: "Wallet", kind: .cash),
            ]
        )
        #expect(statement.entries.map(\.account) == [0, 1, 2])
        #expect(statement.entries.map(\.transferAccount) == ["", "Everyday", ""])
        #expect(statement.entries.map(\.location) == ["line 18", "line 27", "line 35"])
    }

    @Test func sectionsWithoutAccountBlocks() throws {
        let statement = try qif("!Type:Bank\nD1/2/26\nT1\n^\n!Type:CCard\nD1/2/26\nT2\n^\n!Type:Bank\nD1/2/26\nT3\n^\n")
        #expect(statement.accounts == [StatementAccount(kind: .bank), StatementAccount(kind: .creditCard)])
        #expect(statement.entries.map(\.account) == [0, 1, 0])
    }

    @Test func listsAreSkipped() throws {
        let statement = try qif(
            """
            !Type:Cat
            NFood
            DFood and drink
            E
            ^
            !Type:Class
            NBusiness
            ^
            !Type:Memorized
            KC
            T-50
            PLandlord
            ^
            !Type:Bank
            D1/2/26
            T-1
            ^
            !Type:Security
            NAcme
            SACME
            ^
            """
        )
        #expect(statement.entries.count == 1)
        #expect(statement.accounts == [StatementAccount(kind: .bank)])
    }

    @Test func aFileWithoutTransactionsHasOneUnnamedAccount() throws {
        let statement = try qif("!Type:Cat\nNFood\n^\n")
        #expect(statement.accounts == [StatementAccount()])
        #expect(statement.entries.isEmpty)
    }

    @Test func unknownAndInvestmentTypesAreRefused() {
        #expect(
            qifError("!Type:Foo\nD1/2/26\nT1\n^\n")
                == "line 1: unknown QIF type 'Foo'; Tally reads Bank, CCard, Cash, Oth A and Oth L"
        )
        #expect(
            qifError("!Type:Bank\nD1/2/26\nT1\n^\n!Type:Invst\nD1/2/26\nNBuy\n^\n")
                == "line 5: investment accounts (!Type:Invst) are not supported; Tally reads Bank, CCard, Cash, Oth A and Oth L"
        )
        #expect(
            qifError("!Bogus\n")
                == "line 1: unknown QIF header '!Bogus'; expected !Type:…, !Account, !Option:… or !Clear:…"
        )
    }

    @Test func structureErrors() {
        #expect(qifError("") == "file: this is not a QIF file: it has no header such as !Type:Bank")
        #expect(qifError("# only a comment\n") == "file: this is not a QIF file: it has no header such as !Type:Bank")
        #expect(
            qifError("D1/2/26\n!Type:Bank\n")
                == "line 1: 'D1/2/26' comes before the first QIF header; a QIF file starts with a header such as !Type:Bank"
        )
        #expect(qifError("!Type:Bank\nD1/2/26\nPx\n^\n") == "line 2: the record has no amount (T)")
        #expect(qifError("!Type:Bank\nT1\nPx\n^\n") == "line 2: the record has no date (D)")
        #expect(
            qifError("!Type:Bank\nD1/2/26\nT1\nD1/3/26\nT2\n^\n")
                == "line 4: a second D in one record (is a ^ missing before it?)"
        )
        #expect(
            qifError("!Type:Bank\nD1/2/26\nT1\n^\nD1/3/26\nT2\nD1/4/26\n")
                == "line 7: a second D in one record (is a ^ missing before it?)"
        )
        // Text after the last ^ that is not a whole record.
        #expect(
            qifError("!Type:Bank\nD1/2/26\nT1\n^\nPTrailing payee\n")
                == "line 5: the record has no date (D) and no ^ at its end"
        )
        #expect(
            qifError("!Option:AutoSwitch\nNStray\n")
                == "line 2: 'NStray' is outside any section (expected !Account or !Type)"
        )
    }

    @Test func aLastRecordWithoutCaretCounts() throws {
        let statement = try qif("!Type:Bank\nD1/2/26\nT1\n^\nD1/3/26\nT2")
        #expect(statement.entries.map(\.amount) == [qifMoney(100), qifMoney(200)])
        // Before a header too.
        let two = try qif("!Type:Bank\nD1/2/26\nT1\n!Type:CCard\nD1/3/26\nT2\n^\n")
        #expect(two.entries.map(\.account) == [0, 1])
    }

    @Test func emptyRecordsAndCommentsAreSkipped() throws {
        let statement = try qif("# exported by hand\n^\n!Type:Bank\n^\n\n   \nD1/2/26\n  T1  \n^\n^\n")
        #expect(statement.entries.map(\.location) == ["line 7"])
        #expect(statement.entries.map(\.amount) == [qifMoney(100)])
    }

    @Test func limits() {
        var big = [UInt8]("!Type:Bank\n".utf8)
        big += [UInt8](repeating: 0x20, count: StatementLimits.maxBytes)
        #expect(
            qifError(bytes: big)
                == "file: the file has \(big.count) bytes; Tally reads QIF files of up to \(StatementLimits.maxBytes) bytes"
        )
        let long = String(repeating: "é", count: StatementLimits.maxText + 10)
        let statement = try? qif("!Type:Bank\nD1/2/26\nT1\nP\(long)\nM\(long)\nL\(long)\n^\n")
        #expect(statement?.entries.first?.payee == String(repeating: "é", count: StatementLimits.maxText))
        #expect(statement?.entries.first?.memo.count == StatementLimits.maxText)
        #expect(statement?.entries.first?.category.count == StatementLimits.maxText)
    }

    @Test func tooManyEntries() {
        var text = "!Type:Bank\n"
        text.reserveCapacity(StatementLimits.maxEntries * 12)
        for _ in 0...StatementLimits.maxEntries { text += "D1/2/26\nT1\n^\n" }
        let line = 2 + 3 * StatementLimits.maxEntries
        #expect(
            qifError(text) == "line \(line): the file has more than 200000 entries, more than Tally reads from one file"
        )
    }
}
