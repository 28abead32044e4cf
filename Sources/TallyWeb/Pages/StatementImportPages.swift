import Foundation
import Hummingbird
import TallyCore
import TallyFiles
import TallyStore

/// Bank files from the upload form: OFX/QFX, QIF and CAMT.053 are read and staged for review at
/// once; a bank CSV first goes through the mapping step (`import/mapping`), where the person
/// names its columns with the file's first rows in view. The raw CSV waits between the steps in
/// the staged uploads (`stageImport`), so nothing is sent twice and nothing reaches the records
/// before the review's commit.
struct StatementImportPages {
    let store: Store
    let pages: PageRenderer

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.post("import/mapping", use: mapping)
        return routes
    }

    // MARK: - The upload form

    /// The upload page, with `error` and what was chosen when a file was refused.
    func uploadPage(
        scope: BookScope,
        context: AppContext,
        form: StatementUploadForm? = nil,
        error: String = "",
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let book = try scope.writable()
        let accounts = try await store.books.accounts(in: scope)
        let chosen = form?.account ?? ""
        var options = [ValueOption(value: "", label: "As the file says (or a new account)", selected: chosen.isEmpty)]
        options += accounts.filter { !$0.account.archived }.map {
            ValueOption(value: String($0.account.id), label: $0.account.name, selected: chosen == String($0.account.id))
        }
        options.append(ValueOption(value: "new", label: "A new account named…", selected: chosen == "new"))
        let order = form?.dateOrder ?? ""
        let recent = try await store.imports.statementImports(in: scope, limit: 5)
        let model = ImportUploadPage(
            columns: TallyCSV.columns.joined(separator: ","),
            error: error,
            accounts: options,
            newAccount: form?.newAccount ?? "",
            dateOrders: [
                ValueOption(value: "", label: "As the file shows", selected: order.isEmpty),
                ValueOption(value: "MDY", label: "Month first (1/2 is 2 January)", selected: order == "MDY"),
                ValueOption(value: "DMY", label: "Day first (1/2 is 1 February)", selected: order == "DMY"),
            ],
            recent: recent.map { ImportHistoryRow($0, book: book.id) },
            hasRecent: !recent.isEmpty
        )
        return pages.page("import", title: "Import", context: context, book: book, model: model, status: status)
    }

    /// A file that is not Tally's CSV, from the upload form: a statement is staged and reviewed;
    /// a bank CSV goes to the mapping step.
    func upload(
        _ bytes: [UInt8],
        format: StatementFormat,
        form: StatementUploadForm,
        fileName: String,
        scope: BookScope,
        context: AppContext
    ) async throws -> Response {
        let book = try scope.writable()
        let account = try Self.account(form)
        if format == .csv {
            let sniff: CSVSniff
            do {
                sniff = try BankCSVReader.sniff(bytes)
            } catch {
                return try await uploadPage(
                    scope: scope,
                    context: context,
                    form: form,
                    error: "\(fileName): \(error.description). Nothing was imported.",
                    status: .unprocessableContent
                )
            }
            let token = try await store.imports.stageImport(into: scope, fileName: fileName, data: bytes)
            let header = (sniff.header ?? []).joined(separator: ",")
            let presets = try await store.imports.presets(in: scope)
            let step = MappingStep(
                fileName: fileName,
                token: token,
                account: account ?? "",
                dateOrder: form.dateOrder ?? "",
                bytes: bytes,
                sniff: sniff
            )
            if let preset = presets.first(where: { !$0.header.isEmpty && $0.header == header }),
                let mapping = try? CSVMapping.decode(json: Array(preset.mapping.utf8))
            {
                let notice = "The preset ‘\(preset.name)’ was made from a file with this header; check the rows below."
                return try await mappingPage(
                    step,
                    choice: MappingChoice(mapping, sniff: sniff, preset: preset.name),
                    presets: presets,
                    read: true,
                    notice: notice,
                    scope: scope,
                    context: context
                )
            }
            let proposed = sniff.proposedMapping.map { MappingChoice($0, sniff: sniff, preset: "") }
            return try await mappingPage(
                step,
                choice: proposed ?? MappingChoice(),
                presets: presets,
                read: proposed != nil,
                scope: scope,
                context: context
            )
        }
        do {
            let statement = try StatementReader.read(
                bytes,
                format: format,
                currency: book.currency,
                dateOrder: form.dateOrder.flatMap { QIFDateOrder(rawValue: $0) }
            )
            let staged = try await store.imports.stageStatement(
                statement,
                into: scope,
                fileName: fileName,
                account: account
            )
            return PageRenderer.redirect("/books/\(book.id)/imports/\(staged.id)")
        } catch let error as StatementError {
            return try await uploadPage(
                scope: scope,
                context: context,
                form: form,
                error: "\(fileName): \(error.description). Nothing was imported.",
                status: .unprocessableContent
            )
        } catch let error as FieldError {
            return try await uploadPage(
                scope: scope,
                context: context,
                form: form,
                error: "\(fileName): \(error.description). Nothing was imported.",
                status: .unprocessableContent
            )
        }
    }

    /// The target account the upload form names: an id, a new name, or nil for "as the file says".
    static func account(_ form: StatementUploadForm) throws(FieldError) -> String? {
        let chosen = form.account?.trimmingSpaces() ?? ""
        if chosen == "new" {
            let name = form.newAccount?.trimmingSpaces() ?? ""
            guard !name.isEmpty else { throw FieldError("new_account", "name the new account") }
            return name
        }
        return chosen.isEmpty ? nil : chosen
    }

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

/// A bank CSV between the upload and the review.
struct MappingStep {
    let fileName: String
    let token: String
    let account: String
    let dateOrder: String
    let bytes: [UInt8]
    let sniff: CSVSniff
}

/// What the mapping form holds: columns as their 1-based numbers (as text), the rest as typed.
struct MappingChoice {
    var date = ""
    var dateFormat = ""
    var amountMode = "amount"
    var amount = ""
    var debit = ""
    var credit = ""
    var direction = ""
    var directionOut = ""
    var directionIn = ""
    var decimalSeparator = ""
    var negate = false
    var payee = ""
    var note = ""
    var category = ""
    var id = ""
    var delimiter = ""
    var encoding = ""
    var skipLines = ""
    var preset = ""
    var savePreset = ""

    /// Nothing chosen yet.
    init() {}

    /// As posted.
    init(_ form: MappingForm) {
        date = form.date ?? ""
        dateFormat = form.dateFormat ?? ""
        amountMode = form.amountMode ?? "amount"
        amount = form.amount ?? ""
        debit = form.debit ?? ""
        credit = form.credit ?? ""
        direction = form.direction ?? ""
        directionOut = form.directionOut ?? ""
        directionIn = form.directionIn ?? ""
        decimalSeparator = form.decimalSeparator ?? ""
        negate = form.negate != nil
        payee = form.payee ?? ""
        note = form.note ?? ""
        category = form.category ?? ""
        id = form.id ?? ""
        delimiter = form.delimiter ?? ""
        encoding = form.encoding ?? ""
        skipLines = form.skipLines ?? ""
        preset = form.preset ?? ""
        savePreset = form.savePreset ?? ""
    }

    /// A stored or proposed mapping as choices over the sniffed columns.
    init(_ mapping: CSVMapping, sniff: CSVSniff, preset: String) {
        func number(_ column: CSVMapping.Column?) -> String {
            switch column {
            case .index(let i): return String(i)
            case .name(let name):
                let key = name.trimmingSpaces()
                if let i = sniff.header?.firstIndex(where: { $0.trimmingSpaces() == key }) { return String(i + 1) }
                return Int(key).map(String.init) ?? ""
            case nil: return ""
            }
        }
        date = number(mapping.date)
        dateFormat = mapping.dateFormat ?? ""
        amount = number(mapping.amount)
        debit = number(mapping.debit)
        credit = number(mapping.credit)
        if let d = mapping.direction {
            direction = number(d.column)
            directionOut = d.out
            directionIn = d.in
        }
        amountMode = mapping.direction != nil ? "direction" : mapping.amount == nil ? "debit_credit" : "amount"
        decimalSeparator = mapping.decimalSeparator ?? ""
        negate = mapping.negate
        payee = number(mapping.payee)
        note = number(mapping.note.first)
        category = number(mapping.category)
        id = number(mapping.id)
        delimiter = mapping.delimiter ?? ""
        encoding = mapping.encoding?.rawValue ?? ""
        skipLines = mapping.skipLines.map(String.init) ?? ""
        self.preset = preset
    }

    /// The mapping these choices make, or the field the person still has to fill in.
    func mapping(sniff: CSVSniff) throws(FieldError) -> CSVMapping {
        func column(_ text: String, _ field: String, required: Bool) throws(FieldError) -> CSVMapping.Column? {
            guard let n = Int(text), n >= 1, n <= sniff.columns.count else {
                if required { throw FieldError(field, "choose the column") }
                return nil
            }
            // By its header text when that names one column, so a bank adding a column keeps working.
            if let header = sniff.header, n <= header.count {
                let name = header[n - 1].trimmingSpaces()
                if !name.isEmpty, Int(name) == nil, header.filter({ $0.trimmingSpaces() == name }).count == 1 {
                    return .name(name)
                }
            }
            return .index(n)
        }
        let dateColumn = try column(date, "date", required: true)!
        let formats = sniff.columns.first { $0.number == Int(date) }?.dateFormats ?? []
        var format: String? = dateFormat.isEmpty ? nil : dateFormat
        if formats.count == 1 && format == nil { format = formats[0] }
        if formats.count > 1 && (format == nil || !formats.contains(format!)) {
            throw FieldError("date_format", "the dates fit \(formats.joined(separator: " and ")); choose one")
        }
        var mapping = CSVMapping(date: dateColumn, dateFormat: format)
        switch amountMode {
        case "debit_credit":
            mapping.debit = try column(debit, "debit", required: true)
            mapping.credit = try column(credit, "credit", required: true)
        case "direction":
            mapping.amount = try column(amount, "amount", required: true)
            let out = directionOut.trimmingSpaces()
            let into = directionIn.trimmingSpaces()
            guard !out.isEmpty, !into.isEmpty else {
                throw FieldError("direction", "say which text means money out and which money in")
            }
            mapping.direction = CSVMapping.Direction(
                column: try column(direction, "direction", required: true)!,
                out: out,
                in: into
            )
        default:
            mapping.amount = try column(amount, "amount", required: true)
        }
        mapping.decimalSeparator = decimalSeparator == "." || decimalSeparator == "," ? decimalSeparator : nil
        mapping.negate = negate
        mapping.payee = try column(payee, "payee", required: false)
        mapping.note = try column(note, "note", required: false).map { [$0] } ?? []
        mapping.category = try column(category, "category", required: false)
        mapping.id = try column(id, "id", required: false)
        mapping.delimiter = [",", ";", "\t", "|"].contains(delimiter) ? delimiter : nil
        mapping.encoding = CSVEncoding(name: encoding)
        mapping.skipLines = Int(skipLines).flatMap { (0...1000).contains($0) ? $0 : nil }
        mapping.header = sniff.header != nil
        return mapping
    }
}

/// The upload form: any file, the account it is for, and how a QIF's dates are written.
struct StatementUploadForm: PageForm {
    var file: Upload?
    var account: String?
    var newAccount: String?
    var dateOrder: String?

    enum CodingKeys: String, CodingKey {
        case file, account
        case newAccount = "new_account"
        case dateOrder = "date_order"
    }
}

/// The mapping step's form.
struct MappingForm: PageForm {
    var token: String?
    var account: String?
    var dateOrder: String?
    var delimiter: String?
    var encoding: String?
    var skipLines: String?
    var preset: String?
    var date: String?
    var dateFormat: String?
    var amountMode: String?
    var amount: String?
    var debit: String?
    var credit: String?
    var direction: String?
    var directionOut: String?
    var directionIn: String?
    var decimalSeparator: String?
    var negate: String?
    var payee: String?
    var note: String?
    var category: String?
    var id: String?
    var savePreset: String?
    /// Which button: load the preset, read the file through the mapping, or cancel.
    var load: String?
    var go: String?
    var cancel: String?

    enum CodingKeys: String, CodingKey {
        case token, account, delimiter, encoding, preset, date, amount, debit, credit, direction, negate, payee
        case note, category, id, load, go, cancel
        case dateOrder = "date_order"
        case skipLines = "skip_lines"
        case dateFormat = "date_format"
        case amountMode = "amount_mode"
        case directionOut = "direction_out"
        case directionIn = "direction_in"
        case decimalSeparator = "decimal_separator"
        case savePreset = "save_preset"
    }
}
