import TallyCore
import Testing

@testable import TallyFiles

@Test func statementAmounts() throws {
    let usd = Currency.usd
    #expect(try StatementAmount.parse("8.85000", currency: usd).get().minorUnits == 885)
    #expect(try StatementAmount.parse("(1,234.50)", currency: usd).get().minorUnits == -123450)
    #expect(try StatementAmount.parse("1.234,56", currency: usd, decimalSeparator: ",").get().minorUnits == 123456)
    #expect(try StatementAmount.parse("12.50-", currency: usd).get().minorUnits == -1250)
    #expect(try StatementAmount.parse("€ -3", currency: usd).get().minorUnits == -300)
    #expect(StatementAmount.parse("1.005", currency: usd) == .failure(.tooManyDecimals(usd)))
    #expect(StatementAmount.parse("abc", currency: usd) == .failure(.notANumber))
}
