import Foundation
import TallyCore

/// Every language's catalog, read once at start-up from the `.po` files shipped beside the
/// binary (`Sources/TallyLocales/po/<tag>.po`), then shared read-only by every request and command.
public struct Catalogs: Sendable {
    private let byLanguage: [Language: Catalog]

    /// The catalogs in `directory` (one `<tag>.po` per language; a missing one leaves that
    /// language in English). Refused, naming the file and line, when one does not parse.
    public init(directory: String) throws(FieldError) {
        var files: [String: POFile] = [:]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names.sorted() where name.hasSuffix(".po") {
            let path = directory + "/" + name
            guard let data = FileManager.default.contents(atPath: path), data.count <= Self.maxFileBytes,
                let text = String(data: data, encoding: .utf8)
            else { throw FieldError(name, "is not a UTF-8 catalog of at most \(Self.maxFileBytes) bytes") }
            files[String(name.dropLast(3))] = try POFile(text, file: name)
        }
        var byLanguage: [Language: Catalog] = [:]
        for language in Language.allCases {
            byLanguage[language] = Catalog(language, files: language.fallbacks.compactMap { files[$0] })
        }
        self.byLanguage = byLanguage
    }

    /// No catalog: every language in English.
    init() { byLanguage = [:] }

    /// The catalogs shipped with Tally (its resource bundle's `po` folder), read on first use. A
    /// shipped catalog that does not parse leaves every language in English, and `checkShipped()`
    /// throws its error, which `tally serve` does at start-up (and a test does on every change).
    public static let shipped: Catalogs = loaded.catalogs

    /// Throws what stopped a shipped catalog from loading, naming its file and line.
    public static func checkShipped() throws(FieldError) {
        if let error = loaded.error { throw error }
    }

    private static let loaded: (catalogs: Catalogs, error: FieldError?) = {
        do throws(FieldError) {
            return (try Catalogs(directory: (Bundle.module.resourcePath ?? ".") + "/po"), nil)
        } catch {
            return (Catalogs(), error)
        }
    }()

    /// The catalog of `language`.
    public func catalog(_ language: Language) -> Catalog { byLanguage[language] ?? .english }

    /// A `.po` larger than this is refused: Tally's own are a few hundred KB.
    static let maxFileBytes = 8 << 20
}
