import Foundation

/// The server could not be reached (or the connection broke before an answer came).
struct Unreachable: Error, CustomStringConvertible {
    let server: String
    let underlying: any Error

    var description: String {
        let reason = "\(underlying)"
        if reason.contains("refused") { return "cannot reach the server at \(server): connection refused" }
        if reason.contains("remoteConnectionClosed") {
            return "cannot reach the server at \(server): the connection closed before an answer came"
        }
        if reason.lowercased().contains("timeout") {
            return "cannot reach the server at \(server): it did not answer in time"
        }
        return "cannot reach the server at \(server): \(reason)"
    }
}

/// The server answered 401 to a request with a token: it is wrong, revoked or from another server.
struct TokenRefused: Error, CustomStringConvertible {
    let server: String
    var description: String { "the server refused the token: log in again with tally login --server \(server)" }
}
