import Foundation
import Hummingbird
import TallyCore
import TallyFiles
import TallyStore

/// The mapping step of a bank CSV: its first rows in view, a column chosen for each field.
extension StatementImportPages {
    // MARK: - The mapping step

    /// `POST import/mapping`: load a preset, preview the rows through the mapping, or read the
    /// file through it and stage it for review (saving the mapping as a preset when named).
    func mapping(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let book = try scope.writable()
        let form = try await request.form(MappingForm.self, context: context)
        let token = form.token ?? ""
        if form.cancel != nil {
            try? await store.imports.dropStagedImport(token, in: scope)
            return PageRenderer.redirect("/books/\(book.id)/import")
        }
        let staged = try await store.imports.stagedImport(token, in: scope)
        let sniff: CSVSniff
        do {
            sniff = try BankCSVReader.sniff(staged.data)
        } catch {
            throw FieldError("file", error.description)
        }
        let step = MappingStep(
            fileName: staged.fileName,
            token: token,
            account: form.account ?? "",
            dateOrder: form.dateOrder ?? "",
            bytes: staged.data,
            sniff: sniff
        )
        let presets = try await store.imports.presets(in: scope)
        if form.load != nil {
            let name = form.preset ?? ""
            guard let preset = presets.first(where: { $0.name == name }),
                let mapping = try? CSVMapping.decode(json: Array(preset.mapping.utf8))
            else {
                return try await mappingPage(
                    step,
                    choice: MappingChoice(form),
                    presets: presets,
                    read: false,
                    error: "Choose a preset to use.",
                    scope: scope,
                    context: context,
                    status: .unprocessableContent
                )
            }
            return try await mappingPage(
                step,
                choice: MappingChoice(mapping, sniff: sniff, preset: preset.name),
                presets: presets,
                read: true,
                notice: "Using the preset ‘\(preset.name)’.",
                scope: scope,
                context: context
            )
        }
        let choice = MappingChoice(form)
        guard form.go != nil else {
            return try await mappingPage(
                step,
                choice: choice,
                presets: presets,
                read: true,
                scope: scope,
                context: context
            )
        }
        do {
            let mapping = try choice.mapping(sniff: sniff)
            let statement = try StatementReader.read(
                staged.data,
                format: .csv,
                currency: book.currency,
                mapping: mapping
            )
            let name = choice.savePreset.trimmingSpaces()
            if !name.isEmpty {
                do {
                    let json = String(decoding: try JSONEncoder().encode(mapping), as: UTF8.self)
                    let header = (sniff.header ?? []).joined(separator: ",")
                    _ = try await store.imports.savePreset(in: scope, name: name, mapping: json, header: header)
                } catch let error as FieldError {
                    throw FieldError("save_preset", error.message)
                }
            }
            let account = step.account.isEmpty ? nil : step.account
            let imported = try await store.imports.stageStatement(
                statement,
                into: scope,
                fileName: staged.fileName,
                account: account
            )
            try? await store.imports.dropStagedImport(token, in: scope)
            return PageRenderer.redirect("/books/\(book.id)/imports/\(imported.id)")
        } catch let error as StatementError {
            return try await mappingPage(
                step,
                choice: choice,
                presets: presets,
                read: false,
                error: error.description,
                scope: scope,
                context: context,
                status: .unprocessableContent
            )
        } catch let error as FieldError {
            return try await mappingPage(
                step,
                choice: choice,
                presets: presets,
                read: false,
                error: error.description,
                field: error.field,
                scope: scope,
                context: context,
                status: .unprocessableContent
            )
        }
    }

    /// The mapping page over `step`'s file with `choice` selected; with `read`, the rows read
    /// through the mapping are shown (or why they cannot be).
    func mappingPage(
        _ step: MappingStep,
        choice: MappingChoice,
        presets: [ImportPreset],
        read: Bool,
        notice: String = "",
        error: String = "",
        field: String = "",
        scope: BookScope,
        context: AppContext,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let book = try scope.writable()
        let sniff = step.sniff
        var error = error
        var field = field
        var readRows: [ImportReadRow] = []
        var readCount = 0
        var hasRead = false
        if read {
            do {
                let mapping = try choice.mapping(sniff: sniff)
                let statement = try StatementReader.read(
                    step.bytes,
                    format: .csv,
                    currency: book.currency,
                    mapping: mapping
                )
                readCount = statement.entries.count
                hasRead = true
                readRows = statement.entries.prefix(10).map { e in
                    ImportReadRow(
                        location: e.location,
                        date: e.date.description,
                        amount: e.amount.formatted,
                        negative: e.amount.minorUnits < 0,
                        payee: e.payee,
                        note: e.memo,
                        category: e.category
                    )
                }
            } catch let failure as StatementError {
                error = failure.description
            } catch let failure as FieldError where failure.field == "date_format" && error.isEmpty {
                // The date format select asks already; the preview waits for the answer.
                field = failure.field
            } catch let failure as FieldError {
                error = failure.description
                field = failure.field
            }
        }
        let width = sniff.columns.count
        let header = (0..<width).map { i in
            let name = sniff.header.flatMap { $0.count > i ? $0[i].trimmingSpaces() : nil } ?? ""
            return name.isEmpty ? "Column \(i + 1)" : name
        }
        func options(_ chosen: String, optional: Bool) -> [ValueOption] {
            var all = optional ? [ValueOption(value: "", label: "— none —", selected: chosen.isEmpty)] : []
            if !optional && chosen.isEmpty { all.append(ValueOption(value: "", label: "Choose…", selected: true)) }
            for i in 0..<width {
                let sample = sniff.preview.first.flatMap { $0.count > i ? $0[i] : nil } ?? ""
                let label = sample.isEmpty ? header[i] : "\(header[i]) (\(sample.prefix(24)))"
                all.append(ValueOption(value: String(i + 1), label: label, selected: chosen == String(i + 1)))
            }
            return all
        }
        func fieldError(_ key: String) -> String { field == key ? error : "" }
        let fields = [
            ("date", "Date", choice.date, false, ""),
            ("amount", "Amount (signed: minus is money out)", choice.amount, false, "amount"),
            ("debit", "Money out (debit)", choice.debit, false, "debit_credit"),
            ("credit", "Money in (credit)", choice.credit, false, "debit_credit"),
            ("direction", "Column saying out or in", choice.direction, false, "direction"),
            ("payee", "Payee", choice.payee, true, ""),
            ("note", "Note", choice.note, true, ""),
            ("category", "Category", choice.category, true, ""),
            ("id", "The bank's id of the row", choice.id, true, ""),
        ].map { key, label, value, optional, group in
            ImportMappingField(
                key: key,
                label: label,
                options: options(value, optional: optional),
                required: !optional && group.isEmpty,
                fieldError: fieldError(key),
                group: group
            )
        }
        let formats = Int(choice.date).flatMap { n in sniff.columns.first { $0.number == n }?.dateFormats } ?? []
        let askDate = formats.count > 1 && !formats.contains(choice.dateFormat)
        var dateOptions = formats.map { ValueOption(value: $0, label: $0, selected: $0 == choice.dateFormat) }
        if askDate { dateOptions.insert(ValueOption(value: "", label: "Choose…", selected: true), at: 0) }
        if formats.isEmpty {
            dateOptions = [ValueOption(value: "", label: "Found in the file", selected: true)]
        }
        let sampleDate = Int(choice.date).flatMap { n in
            sniff.preview.lazy.compactMap { $0.count >= n && !$0[n - 1].isEmpty ? $0[n - 1] : nil }.first
        }
        var dateHint = ""
        if askDate {
            dateHint = "The dates of this column fit \(formats.joined(separator: " and ")): say which"
            if let sampleDate { dateHint += " (is \(sampleDate) written \(formats.joined(separator: " or ")))" }
            dateHint += "."
        }
        let model = ImportMappingPage(
            fileName: step.fileName,
            token: step.token,
            account: step.account,
            dateOrder: step.dateOrder,
            delimiter: choice.delimiter.isEmpty ? sniff.delimiter : choice.delimiter,
            encoding: choice.encoding.isEmpty ? sniff.encoding.rawValue : choice.encoding,
            skipLines: choice.skipLines.isEmpty ? String(sniff.skipLines) : choice.skipLines,
            detected: Self.detected(sniff),
            headerCells: header,
            previewRows: sniff.preview.map { row in
                ImportMappingRow(cells: (0..<width).map { $0 < row.count ? row[$0] : "" })
            },
            fields: fields,
            dateFormats: dateOptions,
            askDate: askDate,
            dateHint: dateHint,
            dateError: fieldError("date_format"),
            amountModes: [
                ValueOption(
                    value: "amount",
                    label: "One signed amount column",
                    selected: choice.amountMode == "amount"
                ),
                ValueOption(
                    value: "debit_credit",
                    label: "Money out and money in columns",
                    selected: choice.amountMode == "debit_credit"
                ),
                ValueOption(
                    value: "direction",
                    label: "An amount and a column saying out or in",
                    selected: choice.amountMode == "direction"
                ),
            ],
            decimalSeparators: [
                ValueOption(value: "", label: "As the file shows", selected: choice.decimalSeparator.isEmpty),
                ValueOption(value: ".", label: "Point (1,234.56)", selected: choice.decimalSeparator == "."),
                ValueOption(value: ",", label: "Comma (1.234,56)", selected: choice.decimalSeparator == ","),
            ],
            directionOut: choice.directionOut,
            directionIn: choice.directionIn,
            negate: choice.negate,
            presets: [ValueOption(value: "", label: "Choose a preset…", selected: choice.preset.isEmpty)]
                + presets.map { ValueOption(value: $0.name, label: $0.name, selected: $0.name == choice.preset) },
            hasPresets: !presets.isEmpty,
            presetNotice: notice,
            savePreset: choice.savePreset,
            savePresetError: fieldError("save_preset"),
            error: error,
            readRows: readRows,
            hasRead: hasRead,
            readCount: readCount
        )
        return pages.page(
            "import-mapping",
            title: "Map the columns",
            context: context,
            book: book,
            model: model,
            status: status
        )
    }

    /// "UTF-8, separated by ;, 2 lines above the table".
    static func detected(_ sniff: CSVSniff) -> String {
        let delimiter = sniff.delimiter == "\t" ? "tabs" : "‘\(sniff.delimiter)’"
        var text = "\(sniff.encoding.rawValue.uppercased()), separated by \(delimiter)"
        if sniff.skipLines > 0 { text += ", \(sniff.skipLines) line\(sniff.skipLines == 1 ? "" : "s") above the table" }
        text += sniff.header == nil ? ", no header row" : ""
        return text
    }
}
