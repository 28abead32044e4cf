import AsyncHTTPClient
import Foundation
import NIOHTTP1

/// The CLI's rule for a server's redirects (issue 42, finding 4). AsyncHTTPClient's own following
/// is off (`ServerClient.configuration`): it re-sent a 307's or 308's body, the password of
/// `tally login` included, to whatever host the Location named. Now:
/// - a GET that sends no body is followed to the same origin (scheme, host and port), with its
///   token, since that is the server the token was made for; at most `maxRedirects` in a row;
/// - anything else stops with `Redirected`, naming the Location, before a byte goes there: a
///   request with a body or another method (a body may be a stream already spent, and a 303 after
///   a POST means the server acted on it), and every redirect to another origin, whatever the method.
/// - http to https on the same host stops too, rather than being followed: the person is told to
///   use the https address, so the token or password stops crossing the network in clear text
///   before each redirect, and `tally login` stores the address that works.
extension ServerClient {
    /// The most same-origin redirects of one GET followed in a row.
    static let maxRedirects = 5

    /// The statuses that redirect; 300, 304 and 305 are errors like any other status.
    static let redirectStatuses: Set<UInt> = [301, 302, 303, 307, 308]

    /// The URL to request next after `response`, or nil when it is not a redirect; throws
    /// `Redirected` when the redirect must not be followed.
    func redirectTarget(
        of response: HTTPClientResponse,
        to request: HTTPClientRequest,
        followed: Int
    ) throws -> String? {
        let status = response.status.code
        guard Self.redirectStatuses.contains(status) else { return nil }
        let from = URL(string: request.url)
        func stop(_ reason: Redirected.Reason, _ location: String?, _ target: URL? = nil) -> Redirected {
            Redirected(
                server: server,
                status: Int(status),
                method: request.method.rawValue,
                path: from?.path ?? request.url,
                location: location,
                address: target.flatMap(Self.address(of:)),
                reason: reason
            )
        }
        guard let location = response.headers.first(name: "Location") else { throw stop(.noLocation, nil) }
        guard let from, let target = URL(string: location, relativeTo: from)?.absoluteURL,
            let origin = Self.origin(of: target)
        else { throw stop(.otherOrigin, location) }
        let shown = target.absoluteString
        if origin != Self.origin(of: from) {
            let upgrade = from.scheme?.lowercased() == "http" && target.scheme?.lowercased() == "https"
            let sameHost = from.host?.lowercased() == target.host?.lowercased()
            throw stop(upgrade && sameHost ? .upgrade : .otherOrigin, shown, target)
        }
        guard request.method == .GET, request.body == nil else { throw stop(.notSafeToRepeat, shown) }
        guard followed < Self.maxRedirects else { throw stop(.tooMany, shown) }
        return shown
    }

    /// "https://host:443": scheme, host and port with the scheme's default filled in; nil for a
    /// URL that is not http or https (a `file:` Location never matches).
    static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host?.lowercased(), !host.isEmpty
        else { return nil }
        return "\(scheme)://\(host):\(url.port ?? (scheme == "https" ? 443 : 80))"
    }

    /// "https://host[:port]", the address to give `tally login --server`, as the Location wrote it.
    static func address(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", let host = url.host,
            !host.isEmpty
        else { return nil }
        return "\(scheme)://\(host.contains(":") ? "[\(host)]" : host)" + (url.port.map { ":\($0)" } ?? "")
    }
}

/// A redirect the CLI did not follow: which, where it pointed, and what to do.
struct Redirected: Error, CustomStringConvertible {
    /// Why it was not followed.
    enum Reason { case otherOrigin, upgrade, notSafeToRepeat, tooMany, noLocation }

    let server: String
    let status: Int
    let method: String
    let path: String
    /// The Location, resolved against the request's URL when it could be.
    let location: String?
    /// The origin it points to, to suggest to `tally login --server`.
    let address: String?
    let reason: Reason

    var description: String {
        let head = "the server at \(server) answered \(status) to \(method) \(path)"
        guard let location else { return head + " with no Location to go to" }
        // The Location is the server's text: no control character of it reaches the terminal.
        let shown = String(
            String.UnicodeScalarView(
                location.unicodeScalars.prefix(300).map { $0.properties.generalCategory == .control ? "?" : $0 }
            )
        )
        let said = head + ", redirecting to \(shown): "
        let use = address.map { ": tally login --server \($0)" } ?? ""
        switch reason {
        case .otherOrigin:
            return said + "Tally sends no password, token or data to another address, so nothing was sent there"
                + (address == nil ? "" : "; if that is your server, use its address\(use)")
        case .upgrade:
            return said + "Tally sends no password, token or data on after a redirect, so nothing was sent there; "
                + "use the https address\(use)"
        case .notSafeToRepeat:
            return said + "Tally follows a redirect only for a GET to the same server, so nothing was sent again; "
                + "check the address given to --server"
        case .tooMany:
            return said + "more than \(ServerClient.maxRedirects) redirects in a row, so Tally stopped"
        case .noLocation:
            return head + " with no Location to go to"
        }
    }
}

extension Redirected: CLIFailure { var exitCode: Int32 { 1 } }
