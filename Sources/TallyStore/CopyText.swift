import NIOCore

/// Rows in the text format of PostgreSQL's `COPY … FROM STDIN`: one line a row, values separated
/// by a tab, NULL written `\N`.
///
/// In that format a backslash starts an escape, and a tab, a newline or a carriage return would end
/// the value or the row; each is written as its backslash escape (`\\`, `\t`, `\n`, `\r`), so text
/// arrives byte for byte as given. Every other byte goes as it is: the connection's encoding is
/// UTF-8, like the strings. A value `\.` (the old end-of-data marker) goes as `\\.` and so cannot
/// end the data early. Empty text is an empty field, distinct from `\N`.
enum CopyText {
    /// Appends rows of `width` values to `buffer`. `shared` gives columns one value for every row
    /// (at their positions in `columns`); the others come from `values`, row after row.
    static func append(
        _ values: ArraySlice<BulkValue>,
        width: Int,
        columns: [String],
        shared: [String: BulkValue],
        to buffer: inout ByteBuffer
    ) {
        // Each column either takes the next value of the row or a shared one.
        let layout = columns.map { shared[$0] }
        var row = values.startIndex
        while row < values.endIndex {
            var next = row
            for (position, fixed) in layout.enumerated() {
                if position > 0 { buffer.writeInteger(UInt8(ascii: "\t")) }
                if let fixed {
                    append(fixed, to: &buffer)
                } else {
                    append(values[next], to: &buffer)
                    next += 1
                }
            }
            buffer.writeInteger(UInt8(ascii: "\n"))
            row += width
        }
    }

    /// Appends one value, escaped.
    static func append(_ value: BulkValue, to buffer: inout ByteBuffer) {
        switch value {
        case .null:
            buffer.writeStaticString("\\N")
        case .int(let number):
            buffer.writeString(String(number))
        case .text(let text):
            var text = text
            text.withUTF8 { bytes in
                // Most text needs no escape: it goes in one copy.
                guard bytes.contains(where: needsEscape) else {
                    buffer.writeBytes(bytes)
                    return
                }
                for byte in bytes {
                    switch byte {
                    case UInt8(ascii: "\\"): buffer.writeStaticString("\\\\")
                    case UInt8(ascii: "\t"): buffer.writeStaticString("\\t")
                    case UInt8(ascii: "\n"): buffer.writeStaticString("\\n")
                    case UInt8(ascii: "\r"): buffer.writeStaticString("\\r")
                    default: buffer.writeInteger(byte)
                    }
                }
            }
        }
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }
}
