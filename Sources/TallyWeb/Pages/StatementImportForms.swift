import Foundation
import Hummingbird
import TallyCore
import TallyFiles
import TallyStore

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
