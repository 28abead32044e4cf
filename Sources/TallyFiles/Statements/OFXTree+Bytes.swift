import TallyCore

/// Byte-level steps of the tokenizer.
extension OFXTree {
    func matches(_ i: Int, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard i + count <= text.count else { return false }
        return literal.withUTF8Buffer { text[i..<(i + count)].elementsEqual($0) }
    }

    /// The index just past the next `terminator` at or after `from`.
    func skip(past terminator: StaticString, from: Int, opened: Int) throws(StatementError) -> Int {
        var i = from
        let first = terminator.utf8Start.pointee
        while i < text.count {
            if text[i] == first, matches(i, terminator) { return i + terminator.utf8CodeUnitCount }
            i += 1
        }
        let shown = String(decoding: text[opened..<min(text.count, opened + 20)], as: UTF8.self)
        throw StatementError(
            "line \(line(of: opened))",
            "the file ends inside '\(shown)' before its closing '\(terminator)': it seems cut short"
        )
    }

    func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"),
            UInt8(ascii: ":"):
            true
        default: false
        }
    }

    /// The 1-based line of a byte offset; counted only when an error needs it.
    func line(of offset: Int) -> Int {
        1 + text[..<min(offset, text.count)].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
}

extension OFXTree {
    /// The markup declarations that only a DTD holds. A `<!DOCTYPE …>` (SGML or XML) can carry an
    /// internal subset of `<!ENTITY …>` declarations; this reader never expands them, so a file
    /// that declares one would be staged with the literal `&xxe;` as a payee. No bank's file
    /// needs one, so it is refused, as CAMT files are (see `SafeXML`).
    static let declarations: [StaticString] = ["DOCTYPE", "ENTITY", "ELEMENT", "ATTLIST", "NOTATION"]

    /// Refuses a DTD declaration at `i` (a `<!` that is neither a comment nor a CDATA section),
    /// naming its line.
    func refuseDeclaration(at i: Int) throws(StatementError) {
        for keyword in Self.declarations where matchesCaseless(i + 2, keyword) {
            throw StatementError("line \(line(of: i))", SafeXML.dtdMessage)
        }
    }

    /// Whether `literal` (upper-case ASCII) is at `i`, in any case.
    private func matchesCaseless(_ i: Int, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard i + count <= text.count else { return false }
        return literal.withUTF8Buffer { expected in
            zip(text[i..<(i + count)], expected).allSatisfy { $0 & 0xDF == $1 }
        }
    }
}
