import Foundation
import TallyCore
import TallyFiles
import TallyStore

/// Imports on a server: `POST …/imports` with the file as the body and its options in the query,
/// `POST …/imports/{id}/commit`, `DELETE …/imports/{id}` and `…/import-presets`.
extension RemoteBackend {
    func importTallyCSV(_ bytes: [UInt8], dryRun: Bool) async throws -> TallyCSVOutcome {
        let query = [("format", "tally")] + (dryRun ? [("dry_run", "true")] : [])
        let upload = ServerClient.Upload(
            bytes: bytes,
            contentType: TallyFile.isJSON(bytes) ? "application/json" : "text/csv"
        )
        let answer = try await client.send(.POST, base + "/imports", query: query, upload: upload)
        guard dryRun else {
            let entry = try RemoteJSON.decode(RemoteJSON.ImportedEntry.self, answer.body)
            var result = ImportResult()
            result.count = entry.imported
            result.createdCategories = entry.createdCategories
            result.createdAccounts = entry.createdAccounts
            result.firstDate = try entry.firstDate.map(RemoteJSON.date)
            result.lastDate = try entry.lastDate.map(RemoteJSON.date)
            return .imported(result)
        }
        let preview = try RemoteJSON.decode(RemoteJSON.PreviewEntry.self, answer.body)
        let rows = try preview.rows.prefix(ImportReview.previewRows).map { r in
            [
                String(r.line), r.date, r.kind, try RemoteJSON.money(r.amount, r.currency).formatted, r.payee,
                [r.category, r.subcategory].filter { !$0.isEmpty }.joined(separator: ":"), r.account,
            ]
        }
        return .preview(count: preview.count, rows: rows)
    }

    func importPresets() async throws -> [PresetEntry] {
        let answer = try await client.send(.GET, base + "/import-presets")
        guard let list = try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [[String: Any]] else {
            throw CLIError("the server's answer could not be read (presets): is it a Tally server of this version?")
        }
        return try list.map { object in
            let mapping = try JSONSerialization.data(withJSONObject: object["mapping"] ?? [:], options: [.sortedKeys])
            return PresetEntry(
                name: object["name"] as? String ?? "",
                mapping: String(decoding: mapping, as: UTF8.self),
                header: object["header"] as? String ?? ""
            )
        }
    }

    func savePreset(name: String, mapping: String, header: String) async throws {
        let object = try JSONSerialization.jsonObject(with: Data(mapping.utf8))
        _ = try await client.send(
            .POST,
            base + "/import-presets",
            json: ["name": name, "mapping": object, "header": header]
        )
    }

    func stage(_ file: StatementFile) async throws -> StagedImport {
        var query = [("format", file.format.rawValue)]
        if let account = file.account { query.append(("account", account)) }
        if let mapping = file.mapping { query.append(("mapping", mapping)) }
        if let order = file.dateOrder { query.append(("date_order", order.rawValue)) }
        let upload = ServerClient.Upload(bytes: file.bytes, contentType: "application/octet-stream")
        let answer = try await client.send(.POST, base + "/imports", query: query, upload: upload)
        return try RemoteJSON.decode(RemoteJSON.StagedEntry.self, answer.body).review()
    }

    func commitImport(_ id: Int64) async throws { _ = try await client.send(.POST, base + "/imports/\(id)/commit") }

    func undoImport(_ id: Int64) async throws -> ImportUndo {
        let answer = try await client.send(.DELETE, base + "/imports/\(id)")
        let entry = try RemoteJSON.decode(RemoteJSON.UndoneEntry.self, answer.body)
        return ImportUndo(
            removed: entry.removed,
            kept: entry.kept.map(TransactionID.init(rawValue:)),
            restored: entry.restored
        )
    }
}

extension RemoteJSON {
    /// `ReportJSON.Import`.
    struct ImportedEntry: Decodable {
        let imported: Int, createdCategories: Int, createdAccounts: Int, firstDate: String?, lastDate: String?
    }

    /// `ImportsAPI.PreviewJSON`.
    struct PreviewEntry: Decodable {
        let count: Int
        let rows: [Row]

        struct Row: Decodable {
            let line: Int, date: String, kind: String, amount: String, currency: String, payee: String
            let category: String, subcategory: String, account: String
        }
    }

    /// `ImportUndoJSON`.
    struct UndoneEntry: Decodable {
        let removed: Int, kept: [Int64], restored: Int
    }
}
