import TallyCore

/// A bank file's table: decoded, its preamble skipped, split into rows with their physical line
/// numbers. Shared by `BankCSVReader` and `BankCSVReader.sniff`.
struct BankCSVTable {
    /// What the file was read as.
    var encoding: CSVEncoding
    /// The layout used.
    var layout: BankCSVLayout
    /// The physical lines above the table.
    var preamble: [String]
    /// The header row's cells (trimmed), when the table has one.
    var header: [String]?
    /// The header's line (0 without a header).
    var headerLine: Int
    /// The data rows; rows whose cells are all empty are left out.
    var rows: [(line: Int, fields: [String])]

    /// Reads the table. `header` nil asks to decide by whether the first row looks like one.
    static func load(
        _ bytes: [UInt8],
        encoding: CSVEncoding?,
        delimiter: UInt8?,
        skipLines: Int?,
        header: Bool?,
        headerNamed name: String? = nil
    ) throws(StatementError) -> BankCSVTable {
        guard bytes.count <= StatementLimits.maxBytes else {
            throw StatementError(
                "file",
                "is larger than Tally reads (\(StatementLimits.maxBytes / 1024 / 1024) MiB); split it by date"
            )
        }
        let encoding = encoding ?? BankCSVText.detectEncoding(bytes)
        let text = BankCSVText.utf8(bytes, encoding)
        var layout = BankCSVLayout.detect(text, delimiter: delimiter, skipLines: skipLines)
        if skipLines == nil, let name,
            BankCSVLayout.line(naming: name, in: text, layout.delimiter, layout.skipLines..<layout.skipLines + 1)
                == nil,
            let line = BankCSVLayout.line(naming: name, in: text, layout.delimiter, 0..<50)
        {
            layout.skipLines = line
        }
        let start = BankCSVText.offset(afterLines: layout.skipLines, in: text)
        let preamble =
            layout.skipLines == 0
            ? []
            : BankCSVText.lines(text[..<start]).prefix(layout.skipLines).map {
                String($0.prefix(StatementLimits.maxText))
            }
        var reader = CSVReader(Array(text[start...]), delimiter: layout.delimiter)
        var rows: [(line: Int, fields: [String])] = []
        do {
            while let row = try reader.next() {
                let fields = row.fields.map { $0.trimmingSpaces() }
                if fields.allSatisfy(\.isEmpty) { continue }
                guard rows.count <= StatementLimits.maxEntries else {
                    throw StatementError("file", "has more than \(StatementLimits.maxEntries) rows; split it by date")
                }
                rows.append((row.line + layout.skipLines, fields))
            }
        } catch let error as CSVReader.FormatError {
            let hint = error.message.contains("UTF-8") ? "; set the mapping's encoding (windows-1252?)" : ""
            throw StatementError("line \(error.line + layout.skipLines)", error.message + hint)
        } catch let error as StatementError {
            throw error
        } catch {
            throw StatementError("file", "cannot be read")
        }
        var table = BankCSVTable(
            encoding: encoding,
            layout: layout,
            preamble: Array(preamble),
            header: nil,
            headerLine: 0,
            rows: rows
        )
        if let first = rows.first, header ?? looksLikeHeader(first.fields) {
            table.header = first.fields
            table.headerLine = first.line
            table.rows.removeFirst()
        }
        guard table.rows.count <= StatementLimits.maxEntries else {
            throw StatementError("file", "has more than \(StatementLimits.maxEntries) rows; split it by date")
        }
        return table
    }

    /// A first row is a header when none of its cells is a date or a number.
    static func looksLikeHeader(_ fields: [String]) -> Bool {
        !fields.contains { cell in
            !cell.isEmpty
                && (BankCSVDateFormat.candidates.contains { $0.read(cell) != nil }
                    || BankCSVNumbers.looksLikeAmount(cell, ".") && cell.contains { $0.isNumber })
        }
    }

    /// The column's 0-based index, or an error naming the mapping key.
    func resolve(_ column: CSVMapping.Column, key: String) throws(StatementError) -> BankCSVColumn {
        switch column {
        case .index(let n):
            if let header, n > header.count {
                throw StatementError("mapping.\(key)", "column \(n) does not exist; the header has \(header.count)")
            }
            let name = header.map { "'\($0[n - 1])'" } ?? "\(n)"
            return BankCSVColumn(index: n - 1, label: "column \(name)")
        case .name(let raw):
            let name = raw.trimmingSpaces()
            guard let header else {
                if let n = Int(name), n >= 1 { return BankCSVColumn(index: n - 1, label: "column \(n)") }
                throw StatementError("mapping.\(key)", "'\(name)' names a header, but the file has none")
            }
            if let i = header.firstIndex(of: name)
                ?? header.firstIndex(where: { $0.lowercased() == name.lowercased() })
            {
                return BankCSVColumn(index: i, label: "column '\(header[i])'")
            }
            if let n = Int(name), (1...header.count).contains(n) {
                return BankCSVColumn(index: n - 1, label: "column '\(header[n - 1])'")
            }
            let shown = header.prefix(30).map { "'\($0)'" }.joined(separator: ", ")
            throw StatementError(
                "mapping.\(key)",
                "no column '\(name)' in the header on line \(headerLine) (its columns: \(shown))"
            )
        }
    }
}

/// A mapped column found in the file.
struct BankCSVColumn {
    /// 0-based field index.
    var index: Int
    /// "column 'Betrag'" or "column 3", for errors.
    var label: String
}
