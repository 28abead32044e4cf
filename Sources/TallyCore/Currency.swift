/// An ISO 4217 currency: its three-letter code and how many minor digits it has
/// (USD has 2 — cents; JPY has 0; KWD has 3).
public struct Currency: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The upper-case ISO 4217 code, e.g. "USD".
    public let code: String
    /// Number of digits after the decimal separator in the currency's minor unit.
    public let minorDigits: Int

    /// Looks a currency up by its ISO 4217 code (case-insensitive); `nil` for unknown codes.
    public init?(code: String) {
        let upper = code.uppercased()
        guard let digits = Currency.table[upper] else { return nil }
        self.code = upper
        self.minorDigits = digits
    }

    /// A description is the ISO code itself.
    public var description: String { code }

    /// 10^minorDigits, the number of minor units in one major unit.
    public var minorUnitsPerMajor: Int64 {
        var factor: Int64 = 1
        for _ in 0..<minorDigits { factor *= 10 }
        return factor
    }

    /// The symbol used when showing amounts to people ("$", "€"); falls back to the code.
    public var symbol: String { Currency.symbols[code] ?? code }

    /// United States dollar, the default currency of a new book.
    public static let usd = Currency(code: "USD")!

    /// Every currency Tally knows, sorted by code.
    public static var all: [Currency] { table.keys.sorted().compactMap { Currency(code: $0) } }

    public init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        guard let currency = Currency(code: raw) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "unknown currency \(raw)")
            )
        }
        self = currency
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }

    // Minor digits from the ISO 4217 list (active codes). Kept as a table rather than asking
    // Foundation's locale data, which differs between platforms and versions.
    static let table: [String: Int] = {
        var table: [String: Int] = [:]
        let two = """
            AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BRL BSD BTN BWP BYN \
            BZD CAD CDF CHF CNY COP CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS \
            GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR \
            LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD \
            PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN \
            SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD UYU UZS VES WST XCD YER ZAR ZMW ZWG
            """
        for code in two.split(separator: " ") { table[String(code)] = 2 }
        for code in "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF".split(separator: " ") {
            table[String(code)] = 0
        }
        for code in "BHD IQD JOD KWD LYD OMR TND".split(separator: " ") { table[String(code)] = 3 }
        for code in "CLF UYW".split(separator: " ") { table[String(code)] = 4 }
        return table
    }()

    static let symbols: [String: String] = [
        "USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "INR": "₹", "KRW": "₩", "ILS": "₪",
        "NGN": "₦", "PHP": "₱", "VND": "₫", "UAH": "₴", "TRY": "₺", "PLN": "zł", "BRL": "R$",
    ]
}
