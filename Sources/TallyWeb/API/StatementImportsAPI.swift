import Foundation
import Hummingbird
import NIOCore
import TallyCore
import TallyFiles
import TallyStore

/// Bank-statement imports, staged for review: `POST …/imports` with an OFX/QFX, QIF, CAMT.053 or
/// bank CSV file stages one (`ImportsAPI` hands such files here), `GET …/imports` is the history,
/// `GET …/imports/{id}` one import with its rows and balances, `PATCH …/imports/{id}/rows/{row}`
/// changes a row, `POST …/imports/{id}/commit` stores it, and `DELETE …/imports/{id}` discards a
/// staged import or undoes a committed one.
struct StatementImportsAPI {
    let store: Store

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.get("imports", use: list)
        book.get("imports/:id", use: show)
        book.patch("imports/:id/rows/:row", use: updateRow)
        book.post("imports/:id/commit", use: commit)
        book.delete("imports/:id", use: undo)
        return routes
    }

    func list(_ request: Request, context: AppContext) async throws -> APIList<StatementImportJSON> {
        let scope = try context.bookScope()
        let all = try await store.imports.statementImports(in: scope)
        let accounts = try await store.books.accounts(in: scope).map(\.account)
        return APIList(all.map { StatementImportJSON($0, categories: [], accounts: accounts, whole: false) })
    }

    func show(_ request: Request, context: AppContext) async throws -> StatementImportJSON {
        let scope = try context.bookScope()
        let found = try await store.imports.statementImport(try Self.pathID(context), in: scope)
        return try await Self.json(found, store: store, scope: scope)
    }

    func updateRow(_ request: Request, context: AppContext) async throws -> ImportRowJSON {
        let scope = try context.bookScope()
        let id = try Self.pathID(context)
        guard let text = context.parameters.get("row"), let number = Int(text), number > 0 else {
            throw HTTPError(.notFound)
        }
        let body = try await JSONBody.read(request, allowed: ["action", "category", "payee", "note"])
        let change = ImportRowChange(
            action: try body.string("action"),
            category: try body.string("category", allowInteger: true),
            payee: try body.string("payee"),
            note: try body.string("note")
        )
        let row = try await store.imports.updateImportRow(id, row: number, in: scope, change)
        return ImportRowJSON(row, categories: try await store.books.categories(in: scope))
    }

    func commit(_ request: Request, context: AppContext) async throws -> StatementImportJSON {
        let scope = try context.bookScope()
        let done = try await store.imports.commitStatementImport(try Self.pathID(context), in: scope)
        return try await Self.json(done, store: store, scope: scope)
    }

    func undo(_ request: Request, context: AppContext) async throws -> ImportUndoJSON {
        let scope = try context.bookScope()
        return ImportUndoJSON(try await store.imports.undoStatementImport(try Self.pathID(context), in: scope))
    }

    /// The whole import as JSON, with the book's category paths and account ids.
    static func json(_ found: StatementImport, store: Store, scope: BookScope) async throws -> StatementImportJSON {
        StatementImportJSON(
            found,
            categories: try await store.books.categories(in: scope),
            accounts: try await store.books.accounts(in: scope).map(\.account),
            whole: true
        )
    }

    /// The `:id` of the path, or 404 when it is not a positive integer.
    static func pathID(_ context: AppContext) throws -> Int64 {
        guard let text = context.parameters.get("id"), let id = Int64(text), id > 0 else { throw HTTPError(.notFound) }
        return id
    }

    /// Stages a bank file: reads it whole (nothing is stored when any entry is wrong; the 422
    /// names the line or element) and answers 201 with the import and its rows.
    static func stage(
        _ upload: ImportUpload,
        format: StatementFormat,
        store: Store,
        scope: BookScope,
        request: Request,
        context: AppContext
    ) async throws -> Response {
        guard upload.bytes.count <= StatementLimits.maxBytes else {
            throw AppError(
                .contentTooLarge,
                "file: is \(upload.bytes.count) bytes; bank statement files are read up to 20 MiB (split it by date)",
                field: "file"
            )
        }
        var mapping: CSVMapping?
        if format == .csv {
            mapping = try await Self.mapping(upload, store: store, scope: scope)
            guard mapping != nil else { return try Self.mappingNeeded(upload.bytes) }
        }
        let dateOrder = try upload.dateOrder.map { text in
            guard let order = QIFDateOrder(rawValue: text.uppercased()) else {
                throw FieldError("date_order", "must be MDY or DMY")
            }
            return order
        }
        let statement: Statement
        do {
            statement = try StatementReader.read(
                upload.bytes,
                format: format,
                currency: scope.book.currency,
                mapping: mapping,
                dateOrder: dateOrder
            )
        } catch {
            throw FieldError(error.location, error.message)
        }
        let name = upload.fileName ?? "statement.\(format.rawValue)"
        let staged = try await store.imports.stageStatement(
            statement,
            into: scope,
            fileName: name,
            account: upload.account
        )
        let json = try await Self.json(staged, store: store, scope: scope)
        return try created(json).response(from: request, context: context)
    }

    /// The mapping sent inline (`mapping`) or saved under a name (`preset`); nil when neither.
    private static func mapping(_ upload: ImportUpload, store: Store, scope: BookScope) async throws -> CSVMapping? {
        do {
            if let inline = upload.mapping, !inline.trimmingSpaces().isEmpty {
                return try CSVMapping.decode(json: Array(inline.utf8))
            }
            guard let name = upload.preset?.trimmingSpaces(), !name.isEmpty else { return nil }
            let presets = try await store.imports.presets(in: scope)
            guard let preset = presets.first(where: { $0.name.lowercased() == name.lowercased() }) else {
                throw FieldError("preset", "this book has no preset named '\(name)'")
            }
            return try CSVMapping.decode(json: Array(preset.mapping.utf8))
        } catch let error as StatementError {
            throw FieldError(error.location, error.message)
        }
    }

    /// The 422 for a bank CSV sent without a mapping: a problem naming `mapping`, with the
    /// mapping Tally proposes from the file's columns (`proposed_mapping`, null when it sees none)
    /// for the caller to check and send back.
    private static func mappingNeeded(_ bytes: [UInt8]) throws -> Response {
        let detail =
            "mapping: a bank CSV needs a mapping (or a saved preset) that names its columns; "
            + "proposed_mapping is what Tally reads in this file, to check and send as mapping "
            + "(a Tally CSV starts with the header date,amount,kind, or send format=tally)"
        var body = ProblemBody.fields(.unprocessableContent, detail, field: "mapping")
        body["proposed_mapping"] = NSNull()
        if let proposed = try? BankCSVReader.sniff(bytes).proposedMapping,
            let data = try? JSONEncoder().encode(proposed),
            let object = try? JSONSerialization.jsonObject(with: data)
        {
            body["proposed_mapping"] = object
        }
        let data = try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys, .withoutEscapingSlashes])
        return Response(
            status: .unprocessableContent,
            headers: [.contentType: "application/problem+json"],
            body: .init(byteBuffer: ByteBuffer(bytes: data))
        )
    }
}
