import TallyCore

/// The element names the reader asks for, numbered before any file is read, so that looking
/// one up compares two integers.
enum OFXTag {
    /// Every tree's first names, in this order; the root is "".
    static let names = [
        "", "OFX", "SONRS", "STMTTRNRS", "CCSTMTTRNRS", "STATUS", "CODE", "MESSAGE", "STMTRS", "CCSTMTRS",
        "INVSTMTRS", "CURDEF", "BANKACCTFROM", "CCACCTFROM", "ACCTID", "LEDGERBAL", "BALAMT", "DTASOF",
        "BANKTRANLIST", "STMTTRN", "TRNAMT", "DTPOSTED", "NAME", "PAYEE", "MEMO", "FITID", "CHECKNUM", "TRNTYPE",
        "CURRENCY", "ORIGCURRENCY", "CURSYM",
    ]

    static let ofx = number("OFX")
    static let sonrs = number("SONRS")
    static let stmttrnrs = number("STMTTRNRS")
    static let ccstmttrnrs = number("CCSTMTTRNRS")
    static let status = number("STATUS")
    static let code = number("CODE")
    static let message = number("MESSAGE")
    static let stmtrs = number("STMTRS")
    static let ccstmtrs = number("CCSTMTRS")
    static let invstmtrs = number("INVSTMTRS")
    static let curdef = number("CURDEF")
    static let bankacctfrom = number("BANKACCTFROM")
    static let ccacctfrom = number("CCACCTFROM")
    static let acctid = number("ACCTID")
    static let ledgerbal = number("LEDGERBAL")
    static let balamt = number("BALAMT")
    static let dtasof = number("DTASOF")
    static let banktranlist = number("BANKTRANLIST")
    static let stmttrn = number("STMTTRN")
    static let trnamt = number("TRNAMT")
    static let dtposted = number("DTPOSTED")
    static let name = number("NAME")
    static let payee = number("PAYEE")
    static let memo = number("MEMO")
    static let fitid = number("FITID")
    static let checknum = number("CHECKNUM")
    static let trntype = number("TRNTYPE")
    static let currency = number("CURRENCY")
    static let origcurrency = number("ORIGCURRENCY")
    static let cursym = number("CURSYM")

    private static func number(_ name: String) -> Int32 { Int32(names.firstIndex(of: name)!) }
}

extension OFXTree {
    /// The first child of `node` named `name` (an `OFXTag`), or -1; -1 also when `node` is -1,
    /// so that lookups chain.
    func child(_ node: Int, _ name: Int32) -> Int {
        guard node >= 0 else { return -1 }
        var index = Int(nodes[node].firstChild)
        while index >= 0 {
            if nodes[index].name == name { return index }
            index = Int(nodes[index].nextSibling)
        }
        return -1
    }

    /// The children of `node` named `name`, in file order (none for -1).
    func children(_ node: Int, _ name: Int32) -> [Int] {
        guard node >= 0 else { return [] }
        var result: [Int] = []
        var index = Int(nodes[node].firstChild)
        while index >= 0 {
            if nodes[index].name == name { result.append(index) }
            index = Int(nodes[index].nextSibling)
        }
        return result
    }

    /// The upper-cased name of `node`.
    func name(of node: Int) -> String { names[Int(nodes[node].name)] }

    /// A leaf's text, trimmed, with entities decoded; "" for -1, an aggregate or an empty element.
    /// With `cut`, text longer than `StatementLimits.maxText` characters is cut there; amounts
    /// and dates are read whole, since cutting could change what they say.
    func value(_ node: Int, cut: Bool = false) -> String {
        guard node >= 0, var range = nodes[node].value else { return "" }
        // Trim the ASCII layout around the bytes first: most values have nothing else to trim,
        // and trimming a String walks grapheme clusters.
        while !range.isEmpty, OFXHeader.isSpace(text[range.lowerBound]) {
            range = (range.lowerBound + 1)..<range.upperBound
        }
        while !range.isEmpty, OFXHeader.isSpace(text[range.upperBound - 1]) {
            range = range.lowerBound..<(range.upperBound - 1)
        }
        let raw = text[range]
        let decoded =
            nodes[node].isCDATA || !raw.contains(UInt8(ascii: "&"))
            ? String(decoding: raw, as: UTF8.self) : Self.decodeEntities(raw)
        let trimmed = decoded.trimmingSpaces()
        guard cut, trimmed.count > StatementLimits.maxText else { return trimmed }
        // Cut, then trim again: the cut may end on a space.
        return String(trimmed.prefix(StatementLimits.maxText)).trimmingSpaces()
    }

    /// Expands `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` and numeric references (`&#233;`,
    /// `&#xE9;`); anything else, such as a bare "AT&T", stays as written.
    static func decodeEntities(_ raw: ArraySlice<UInt8>) -> String {
        var out = ""
        out.reserveCapacity(raw.count)
        var i = raw.startIndex
        var plain = i
        while i < raw.endIndex {
            guard raw[i] == UInt8(ascii: "&"),
                let semicolon = raw[i..<min(raw.endIndex, i + 12)].firstIndex(of: UInt8(ascii: ";")),
                let scalar = entity(raw[(i + 1)..<semicolon])
            else {
                i += 1
                continue
            }
            out += String(decoding: raw[plain..<i], as: UTF8.self)
            out.unicodeScalars.append(scalar)
            i = semicolon + 1
            plain = i
        }
        out += String(decoding: raw[plain...], as: UTF8.self)
        return out
    }

    private static func entity(_ name: ArraySlice<UInt8>) -> Unicode.Scalar? {
        switch String(decoding: name, as: UTF8.self) {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case let reference where reference.hasPrefix("#"):
            let digits = reference.dropFirst()
            let hex = digits.first == "x" || digits.first == "X"
            let number = hex ? digits.dropFirst() : digits
            guard !number.isEmpty, number.allSatisfy({ hex ? $0.isHexDigit : $0.isASCII && $0.isNumber }),
                let value = UInt32(number, radix: hex ? 16 : 10), value != 0
            else { return nil }
            return Unicode.Scalar(value)
        default: return nil
        }
    }
}
