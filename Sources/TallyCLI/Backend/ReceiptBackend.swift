import Foundation
import TallyCore
import TallyJSON
import TallyStore

/// Receipt photos read into a proposal and attached to a record, on this machine (its own
/// `tesseract`) or on a server (`POST …/receipts/read`, the photo read there); the proposal is
/// the API's either way, so `tally receipt read --format json` prints what the API answers.
protocol ReceiptBackend {
    /// What the receipt photo in `bytes` proposes.
    func readReceipt(_ bytes: [UInt8]) async throws -> ReceiptProposal
    /// Keeps the photo in `bytes` with record `id`.
    func attachReceipt(_ bytes: [UInt8], to id: TransactionID) async throws
}

extension LocalBackend {
    func readReceipt(_ bytes: [UInt8]) async throws -> ReceiptProposal {
        // As over the API: a proposal is only of use to someone who may add the record.
        try scope.requireWrite()
        let environment = ProcessInfo.processInfo.environment["TALLY_OCR_LANGUAGES"].flatMap { $0.isEmpty ? nil : $0 }
        do {
            let reader = ReceiptOCR(languages: try ReceiptOCR.checked(languages: environment ?? "eng"))
            let text = try await reader.text(of: bytes)
            let book = try await store.records.receiptBook(in: scope, order: Self.localeDateOrder)
            return ReceiptReading.propose(text, book: book)
        } catch let error as ReceiptOCRError {
            throw CLIError(error.description)
        }
    }

    func attachReceipt(_ bytes: [UInt8], to id: TransactionID) async throws {
        _ = try await store.records.addReceipt(to: id, in: scope, bytes: bytes)
    }

    /// The date order of the person's own locale, as POSIX ranks its variables.
    static var localeDateOrder: DateOrder? {
        let env = ProcessInfo.processInfo.environment
        let locale = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { env[$0] }.first { !$0.isEmpty }
        return locale.flatMap(DateOrder.init(locales:))
    }
}

extension RemoteBackend {
    func readReceipt(_ bytes: [UInt8]) async throws -> ReceiptProposal {
        let type = ReceiptImageType(sniffing: bytes)?.rawValue ?? "application/octet-stream"
        let upload = ServerClient.Upload(bytes: bytes, contentType: type)
        let answer = try await client.send(.POST, base + "/receipts/read", upload: upload)
        return try RemoteJSON.decode(ReceiptProposal.self, answer.body)
    }

    func attachReceipt(_ bytes: [UInt8], to id: TransactionID) async throws {
        let type = ReceiptImageType(sniffing: bytes)?.rawValue ?? "application/octet-stream"
        let upload = ServerClient.Upload(bytes: bytes, contentType: type)
        _ = try await client.send(.POST, base + "/transactions/\(id.rawValue)/receipts", upload: upload)
    }
}
