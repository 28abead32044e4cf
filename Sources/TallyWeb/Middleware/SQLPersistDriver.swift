import Foundation
import Hummingbird
import TallyStore

/// Hummingbird's key-value `PersistDriver` backed by the `sessions` table, so sessions survive
/// restarts and several server processes sharing one PostgreSQL share them too.
struct SQLPersistDriver: PersistDriver {
    let store: Store

    func create<Object: Codable & Sendable>(key: String, value: Object, expires: Duration?) async throws {
        if try await store.users.session(key: key) != nil { throw PersistError.duplicate }
        try await store.users.putSession(
            key: key,
            value: try encode(value),
            expiresAt: expires.map(expiry),
            userID: (value as? WebSession)?.userID
        )
    }

    func set<Object: Codable & Sendable>(key: String, value: Object, expires: Duration?) async throws {
        try await store.users.putSession(
            key: key,
            value: try encode(value),
            expiresAt: expires.map(expiry),
            userID: (value as? WebSession)?.userID
        )
    }

    func get<Object: Codable & Sendable>(key: String, as type: Object.Type) async throws -> Object? {
        try await getWithTTL(key: key, as: type)?.object
    }

    func getWithTTL<Object: Codable & Sendable>(
        key: String,
        as type: Object.Type
    ) async throws -> (object: Object, ttl: Duration?)? {
        guard let (json, expiresAt) = try await store.users.session(key: key) else { return nil }
        do {
            let object = try JSONDecoder().decode(Object.self, from: Data(json.utf8))
            let ttl = expiresAt.map { Duration.seconds($0 - Int64(Date().timeIntervalSince1970)) }
            return (object, ttl)
        } catch {
            throw PersistError.invalidConversion
        }
    }

    func remove(key: String) async throws {
        try await store.users.removeSession(key: key)
    }

    private func encode(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    private func expiry(_ duration: Duration) -> Int64 {
        Int64(Date().timeIntervalSince1970) + duration.components.seconds
    }
}
