import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import TallyStore

/// HTTP to a Tally server's JSON API, for the commands run with `--server`.
///
/// AsyncHTTPClient rather than FoundationNetworking's URLSession: it is already in the package's
/// graph (HummingbirdTesting uses it), it runs on the same SwiftNIO the server does, and on Linux
/// URLSession goes through libcurl, whose failures come back as bare `NSURLError` codes that say
/// less about what went wrong.
struct ServerClient: Sendable {
    /// The server's base URL, without a trailing slash: "http://127.0.0.1:8080".
    let server: String
    /// The bearer token; nil only for `POST /tokens` itself.
    let token: String?

    /// An answer: the status and the whole body.
    struct Answer: Sendable {
        let status: Int
        let body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// How long a request may take before the command gives up on it.
    static let timeout = TimeAmount.seconds(60)

    /// The client's configuration: a refused connection fails at once rather than being retried
    /// with backoff until the request's deadline (the pool's default, meant for long-running
    /// servers; a person at a terminal wants to hear that the server is down).
    static var configuration: HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(10)
        // Redirects are `start`'s to follow or refuse (Redirects.swift): the client's own
        // following re-sent a 307's or 308's body, a password included, to any host.
        configuration.redirectConfiguration = .disallow
        return configuration
    }

    /// The one client of the process. Never shut down: it lives as long as the command, and the
    /// process's exit closes its connections.
    static let shared = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)

    /// Sends a request and reads the whole answer; an error status becomes the error the local
    /// command would have thrown (`ServerClient.refusal`).
    func send(
        _ method: HTTPMethod,
        _ path: String,
        query: [(String, String)] = [],
        json: Any? = nil,
        upload: Upload? = nil,
        headers: [(String, String)] = [],
        freshConnection: Bool = false
    ) async throws -> Answer {
        guard !freshConnection else {
            // A client of its own, so no connection of the shared pool (one the server or the
            // network may have closed under it) is used again.
            let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: Self.configuration)
            do {
                let answer = try await send(
                    method,
                    path,
                    query: query,
                    json: json,
                    upload: upload,
                    headers: headers,
                    using: client
                )
                try await client.shutdown()
                return answer
            } catch {
                try? await client.shutdown()
                throw error
            }
        }
        return try await send(
            method,
            path,
            query: query,
            json: json,
            upload: upload,
            headers: headers,
            using: Self.shared
        )
    }

    private func send(
        _ method: HTTPMethod,
        _ path: String,
        query: [(String, String)],
        json: Any?,
        upload: Upload?,
        headers: [(String, String)],
        using client: HTTPClient
    ) async throws -> Answer {
        let response = try await start(
            method,
            path,
            query: query,
            json: json,
            upload: upload,
            headers: headers,
            using: client
        )
        let body = try await response.body.collect(upTo: 256 << 20)
        let answer = Answer(status: Int(response.status.code), body: Array(buffer: body))
        guard (200..<300).contains(answer.status) else { throw refusal(answer) }
        return answer
    }

    /// Sends a request and hands back the response with its body unread, for downloads that
    /// stream; the caller must check the status (see `check(_:)`). A redirect is followed only
    /// as `redirectTarget` allows, else it throws `Redirected`.
    func start(
        _ method: HTTPMethod,
        _ path: String,
        query: [(String, String)] = [],
        json: Any? = nil,
        upload: Upload? = nil,
        headers: [(String, String)] = [],
        using client: HTTPClient = ServerClient.shared
    ) async throws -> HTTPClientResponse {
        var request = HTTPClientRequest(url: server + path + Self.queryString(query))
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        request.headers.add(name: "Accept", value: "application/json")
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let json {
            let data = try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: data))
        }
        if let upload {
            request.headers.add(name: "Content-Type", value: upload.contentType)
            request.body = try upload.body()
        }
        let deadline = NIODeadline.now() + Self.timeout
        var followed = 0
        while true {
            let response: HTTPClientResponse
            do {
                response = try await client.execute(request, deadline: deadline)
            } catch {
                throw Unreachable(server: server, underlying: error)
            }
            // Outside the `catch` above: a refused redirect is no broken connection, which `add`
            // would send again.
            guard let next = try redirectTarget(of: response, to: request, followed: followed) else { return response }
            _ = try? await response.body.collect(upTo: 1 << 20)
            request.url = next
            followed += 1
        }
    }

    /// Throws the refusal of a streamed response whose status is not 2xx.
    func check(_ response: HTTPClientResponse) async throws {
        guard !(200..<300).contains(response.status.code) else { return }
        let body = (try? await response.body.collect(upTo: 1 << 20)).map { Array(buffer: $0) } ?? []
        throw refusal(Answer(status: Int(response.status.code), body: body))
    }

    /// The error an answer's status and problem JSON stand for: a `KnownError` of the same kind
    /// and detail as the server's (which classified it with the same `KnownError`), so that
    /// `reportingErrors` prints the line and exits with the code the local command would.
    func refusal(_ answer: Answer) -> any Error {
        let problem = (try? JSONSerialization.jsonObject(with: Data(answer.body))) as? [String: Any]
        let detail = problem?["detail"] as? String ?? "the server answered \(answer.status)"
        let field = problem?["field"] as? String
        switch answer.status {
        case 400, 413, 422: return KnownError(.invalid, detail, field: field)
        case 401 where token != nil: return TokenRefused(server: server)
        case 401: return KnownError(.unauthorized, detail, field: field)
        case 403: return KnownError(.forbidden, detail, field: field)
        case 404: return KnownError(.notFound, detail, field: field)
        case 409: return KnownError(.conflict, detail, field: field)
        case 410: return KnownError(.gone, detail, field: field)
        case 429: return KnownError(.throttled, detail, field: field)
        default: return CLIError("the server at \(server) answered \(answer.status): \(detail)")
        }
    }

    /// "?a=1&b=x%20y", or "" for no parameters.
    static func queryString(_ query: [(String, String)]) -> String {
        guard !query.isEmpty else { return "" }
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?#/;:@$,")
        return "?"
            + query.map { name, value in
                "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)"
            }.joined(separator: "&")
    }
}
