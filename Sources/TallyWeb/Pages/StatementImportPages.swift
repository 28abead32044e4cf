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
        // A file that cannot be read is the upload form again, saying why; nothing was stored.
        func refused(_ reason: String) async throws -> Response {
            try await uploadPage(
                scope: scope,
                context: context,
                form: form,
                error: "\(fileName): \(reason). Nothing was imported.",
                status: .unprocessableContent
            )
        }
        if format == .csv {
            let sniff: CSVSniff
            do {
                sniff = try BankCSVReader.sniff(bytes)
            } catch {
                return try await refused(error.description)
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
            return try await refused(error.description)
        } catch let error as FieldError {
            return try await refused(error.description)
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
}
