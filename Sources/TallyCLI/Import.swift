import ArgumentParser
import Foundation
import TallyCore
import TallyFiles
import TallyStore

extension Tally {
    /// `tally import FILE`: Tally's own CSV as before, or a bank file staged, reviewed and
    /// committed.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import Tally's CSV or JSON, or a bank file (OFX/QFX, QIF, CAMT.053, bank CSV) after a review.",
            discussion: """
                Tally's own CSV (date,amount,kind,payee,category,subcategory,account,currency,note) or \
                JSON (what tally export --format json writes) is imported whole or not at all. A bank file is read, checked against the book \
                (already imported, possible duplicates, transfers) and filed by the rules; the review is \
                printed, then committed with --yes, or after a question on a terminal. Without a \
                terminal and without --yes nothing is stored. A bad file exits 65 naming the line or \
                element. `tally import --undo ID` undoes a committed import. See docs/import.md.
                """
        )

        @Argument(help: "The file ('-' for standard input).") var file: String?
        @Option(help: "tally (Tally's CSV or JSON), csv, ofx, qif or camt (detected when left out).") var format:
            ImportFormat?
        @Option(help: "The target account (made when missing); for files that name one account.")
        var account: String?
        @Option(help: "A bank CSV's mapping, as a JSON file (see docs/import.md).") var mapping: String?
        @Option(help: "A saved mapping, by name.") var preset: String?
        @Option(name: .customLong("save-preset"), help: "Save --mapping under this name for next time.")
        var savePreset: String?
        @Option(name: .customLong("date-order"), help: "QIF dates: MDY or DMY (detected when left out).")
        var dateOrder: QIFDateOrder?
        @Flag(name: .customLong("dry-run"), help: "Show the review (or the first rows) and store nothing.")
        var dryRun = false
        @Flag(help: "Commit without asking.") var yes = false
        @Option(help: "Undo the committed import with this id (or discard a staged one).") var undo: Int64?
        @OptionGroup var who: UserOptions
        @OptionGroup var store: StoreOptions

        func validate() throws {
            guard (file == nil) != (undo == nil) else { throw ValidationError("give a FILE, or --undo ID") }
            if mapping != nil, preset != nil { throw ValidationError("give --mapping or --preset, not both") }
            if savePreset != nil, mapping == nil { throw ValidationError("--save-preset needs --mapping") }
        }

        func run() async throws {
            try await reportingErrors {
                if let undo {
                    let text = try await store.withBackend(who) { backend in
                        ImportReview.undone(undo, try await backend.undoImport(undo))
                    }
                    print(text, terminator: "")
                    return
                }
                let bytes = try readInput(file!)
                let detected = format ?? ImportFormat(StatementReader.detect(bytes))
                if detected == .tally {
                    let dryRun = dryRun
                    let text = try await store.withBackend(who) { backend in
                        let outcome = try await backend.importTallyCSV(bytes, dryRun: dryRun)
                        guard case .imported = outcome else { return ImportReview.tallyCSV(outcome, book: "") }
                        return ImportReview.tallyCSV(outcome, book: try await backend.currentBook().name)
                    }
                    print(text, terminator: "")
                    return
                }
                try await importStatement(bytes, format: detected.statementFormat!)
            }
        }

        /// Reads, stages, prints the review, then commits, asks, or discards.
        private func importStatement(_ bytes: [UInt8], format: StatementFormat) async throws {
            let mappingBytes = try mapping.map { path in
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw CLIError("cannot read \(path)")
                }
                return Array(data)
            }
            let interactive = isatty(0) == 1 && !yes && !dryRun
            let (review, staged) = try await store.withBackend(who) { backend -> (String, (id: Int64, count: Int)?) in
                let staged = try await stage(bytes, format: format, mapping: mappingBytes, backend: backend)
                let text = ImportReview.table(staged)
                if dryRun || (!yes && !interactive) {
                    _ = try await backend.undoImport(staged.id)
                    return (
                        text
                            + (dryRun
                                ? "Nothing was stored (--dry-run).\n"
                                : "Nothing was stored: run again with --yes to import.\n"),
                        nil
                    )
                }
                if yes {
                    try await backend.commitImport(staged.id)
                    return (text + ImportReview.committed(staged.id, made: staged.recordCount), nil)
                }
                return (text, (staged.id, staged.recordCount))
            }
            print(review, terminator: "")
            guard let staged else { return }
            print("Import \(staged.count) record\(staged.count == 1 ? "" : "s")? [y/N] ", terminator: "")
            let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            let text = try await store.withBackend(who) { backend in
                guard answer == "y" || answer == "yes" else {
                    _ = try await backend.undoImport(staged.id)
                    return "Nothing was stored.\n"
                }
                try await backend.commitImport(staged.id)
                return ImportReview.committed(staged.id, made: staged.count)
            }
            print(text, terminator: "")
        }

        /// Reads the file (a bad one is refused here, before anything is sent or stored), saves
        /// the mapping when asked, and stages it.
        private func stage(
            _ bytes: [UInt8],
            format: StatementFormat,
            mapping mappingBytes: [UInt8]?,
            backend: any TallyBackend
        ) async throws -> StagedImport {
            let book = try await backend.currentBook()
            let chosen = try await Self.mapping(
                format: format,
                bytes: bytes,
                file: mappingBytes,
                preset: preset,
                backend: backend
            )
            let statement = try Self.read(
                bytes,
                format: format,
                currency: book.currency,
                mapping: chosen?.mapping,
                dateOrder: dateOrder
            )
            if let savePreset, let chosen {
                try await backend.savePreset(name: savePreset, mapping: chosen.json, header: chosen.header)
            }
            let name = file == "-" ? "stdin" : (file! as NSString).lastPathComponent
            return try await backend.stage(
                StatementFile(
                    bytes: bytes,
                    statement: statement,
                    format: format,
                    fileName: name,
                    account: account,
                    mapping: chosen?.json,
                    dateOrder: dateOrder
                )
            )
        }

        /// The mapping for a bank CSV: the file given, the preset named, or the preset whose
        /// header is the file's; nil for the other formats.
        static func mapping(
            format: StatementFormat,
            bytes: [UInt8],
            file: [UInt8]?,
            preset: String?,
            backend: any TallyBackend
        ) async throws -> (mapping: CSVMapping, json: String, header: String)? {
            guard format == .csv else { return nil }
            let header = ((try? BankCSVReader.sniff(bytes))?.header ?? []).joined(separator: ",")
            if let file { return (try decode(file), String(decoding: file, as: UTF8.self), header) }
            let presets = try await backend.importPresets()
            let found: PresetEntry?
            if let preset {
                guard let named = presets.first(where: { $0.name.lowercased() == preset.lowercased() }) else {
                    throw CLIError("no preset named \(preset); see the import presets of the book")
                }
                found = named
            } else {
                found = presets.first { !$0.header.isEmpty && $0.header == header }
            }
            guard let found else {
                throw CLIBadFile(
                    "mapping: a bank CSV needs --mapping FILE.json or --preset NAME (see docs/import.md)"
                )
            }
            return (try decode(Array(found.mapping.utf8)), found.mapping, found.header)
        }
    }
}
