import Foundation

/// Reads RFC 4180 CSV from bytes: quoted fields with "" escapes and line breaks inside quotes,
/// LF or CRLF line ends, an optional UTF-8 byte-order mark. Fields are separated by a comma unless
/// another single-byte delimiter is given (banks also use `;`, tab and `|`).
///
/// Written by hand rather than taken from a package: the import needs each row's line number for
/// its errors and must read a million rows in well under a second; the mirrored CSV packages give
/// neither line numbers nor a streaming byte reader.
public struct CSVReader: Sendable {
    private let bytes: [UInt8]
    private var index: Int
    private let delimiter: UInt8
    /// Line where the next row starts (1-based).
    public private(set) var line = 1

    /// A reader over a whole file's bytes (UTF-8), with fields separated by `delimiter` (an ASCII
    /// byte other than a quote or a line break; a comma by default).
    public init(_ bytes: [UInt8], delimiter: UInt8 = 0x2C) {
        self.bytes = bytes
        self.delimiter = delimiter
        index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// An error in the file's structure (not in a value).
    public struct FormatError: Error, Sendable, Equatable {
        /// Line where it was found.
        public let line: Int
        /// What is wrong.
        public let message: String
    }

    /// The next row's fields and the line it started on; nil at the end. Blank lines are skipped.
    public mutating func next() throws(FormatError) -> (line: Int, fields: [String])? {
        while index < bytes.count, bytes[index] == 0x0A || bytes[index] == 0x0D {
            if bytes[index] == 0x0A { line += 1 }
            index += 1
        }
        guard index < bytes.count else { return nil }
        let start = line
        var fields: [String] = []
        while true {
            let (field, end) = try readField()
            fields.append(field)
            if end { break }
        }
        return (start, fields)
    }

    /// Reads one field; `end` is true when it ended its row.
    private mutating func readField() throws(FormatError) -> (String, end: Bool) {
        if index < bytes.count, bytes[index] == 0x22 {
            let opened = line
            index += 1
            var value: [UInt8] = []
            while true {
                guard index < bytes.count else {
                    throw FormatError(line: opened, message: "a quoted field is not closed")
                }
                let b = bytes[index]
                index += 1
                if b == 0x22 {
                    if index < bytes.count, bytes[index] == 0x22 {
                        value.append(0x22)
                        index += 1
                    } else {
                        break
                    }
                } else {
                    if b == 0x0A { line += 1 }
                    value.append(b)
                }
            }
            let text = try decode(value[...])
            return (text, try endOfField())
        }
        let begin = index
        while index < bytes.count, bytes[index] != delimiter, bytes[index] != 0x0A, bytes[index] != 0x0D {
            if bytes[index] == 0x22 { throw FormatError(line: line, message: "a quote inside an unquoted field") }
            index += 1
        }
        let text = try decode(bytes[begin..<index])
        return (text, try endOfField())
    }

    /// Consumes the separator after a field.
    private mutating func endOfField() throws(FormatError) -> Bool {
        guard index < bytes.count else { return true }
        switch bytes[index] {
        case delimiter:
            index += 1
            return false
        case 0x0D:
            index += 1
            if index < bytes.count, bytes[index] == 0x0A { index += 1 }
            line += 1
            return true
        case 0x0A:
            index += 1
            line += 1
            return true
        default:
            throw FormatError(line: line, message: "text after a closing quote")
        }
    }

    private func decode(_ slice: ArraySlice<UInt8>) throws(FormatError) -> String {
        guard let text = String(validating: slice, as: UTF8.self) else {
            throw FormatError(line: line, message: "the file is not UTF-8 text")
        }
        return text
    }
}

/// Writes CSV the way Python's `csv` module does by default (the benchmark generator's format):
/// a field is quoted only when it holds a comma, a quote or a line break.
public enum CSVWriter {
    /// One row, ending in "\n".
    public static func row(_ fields: [String]) -> String {
        fields.map(quote).joined(separator: ",") + "\n"
    }

    /// Quoted when needed, and escaped against spreadsheet formulas (see `CSVFormulaGuard`).
    static func quote(_ field: String) -> String {
        CSVFormulaGuard.cell(field)
    }
}
