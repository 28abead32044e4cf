import Foundation
import TallyCore
import TallyFiles
import TallyStore

/// What `tally rate set`, `delete` and `import` need: the store's `Rates` locally, the API's
/// `…/rates` routes remotely. (`rate list` stays local: it also counts the records no rate
/// converts, per currency, which the API does not report.)
protocol RateBackend: Sendable {
    /// Sets a currency's rate from a day on: how many records were converted anew.
    func setRate(_ input: RateInput) async throws -> Int
    /// Deletes a rate: how many records were converted anew.
    func deleteRate(_ id: RateID) async throws -> Int
    /// Imports a rates CSV: how many rates were written, records converted anew, columns left out.
    func importRates(_ bytes: [UInt8]) async throws -> (written: Int, reconverted: Int, skipped: [String])
}

extension LocalBackend {
    func setRate(_ input: RateInput) async throws -> Int {
        try await store.rates.setRate(in: scope, currency: input.currency, date: input.date, rate: input.rate)
            .reconverted
    }

    func deleteRate(_ id: RateID) async throws -> Int { try await store.rates.deleteRate(id, in: scope).reconverted }

    func importRates(_ bytes: [UInt8]) async throws -> (written: Int, reconverted: Int, skipped: [String]) {
        let parsed = try RateCSV.parse(bytes, base: scope.book.currency)
        let change = try await store.rates.importRates(in: scope, parsed.rows)
        return (change.written, change.reconverted, parsed.skipped)
    }
}

extension RemoteBackend {
    func setRate(_ input: RateInput) async throws -> Int {
        let body = ["date": input.date.description, "currency": input.currency.code, "rate": input.rate.description]
        let answer = try await client.send(.POST, base + "/rates", json: body)
        return try RemoteJSON.decode(RemoteJSON.RateChangeEntry.self, answer.body).reconverted
    }

    func deleteRate(_ id: RateID) async throws -> Int {
        let answer = try await client.send(.DELETE, base + "/rates/\(id)")
        return try RemoteJSON.decode(RemoteJSON.RateChangeEntry.self, answer.body).reconverted
    }

    func importRates(_ bytes: [UInt8]) async throws -> (written: Int, reconverted: Int, skipped: [String]) {
        let upload = ServerClient.Upload(bytes: bytes, contentType: "text/csv")
        let answer = try await client.send(.POST, base + "/rates/import", upload: upload)
        let change = try RemoteJSON.decode(RemoteJSON.RateChangeEntry.self, answer.body)
        return (change.written, change.reconverted, change.skipped ?? [])
    }
}

extension RemoteJSON {
    /// `RateChangeJSON`.
    struct RateChangeEntry: Decodable {
        let written: Int, reconverted: Int, skipped: [String]?
    }
}
