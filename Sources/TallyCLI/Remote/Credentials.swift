import Foundation

/// What `tally login` keeps: the server, the token and who it is for, in
/// `$XDG_CONFIG_HOME/tally/credentials.json` (else `~/.config/tally/credentials.json`), mode 0600
/// because the token is as good as the password for everything in the user's books.
struct Credentials: Codable, Equatable {
    /// The server's base URL, as `ServerTarget.normalize` writes it.
    var server: String
    /// The API token.
    var token: String
    /// The token's id on the server, so `tally logout` can revoke it.
    var tokenID: Int64?
    /// Whose token it is, for messages.
    var email: String?

    enum CodingKeys: String, CodingKey {
        case server, token, email
        case tokenID = "token_id"
    }

    /// The file's path.
    static var path: String {
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty { return xdg + "/tally/credentials.json" }
        return FileManager.default.homeDirectoryForCurrentUser.path + "/.config/tally/credentials.json"
    }

    /// The stored credentials, or nil when there are none.
    static func load() throws -> Credentials? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        do {
            return try JSONDecoder().decode(Credentials.self, from: data)
        } catch {
            throw CLIError("\(path) cannot be read; delete it or run tally login again")
        }
    }

    /// Writes the file with mode 0600, made so before the token is in it: it is created empty
    /// with that mode (the folder 0700), then filled, so no other user can open it in between.
    func save() throws {
        let path = Self.path
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(
            atPath: folder,
            withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700]
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = try encoder.encode(self) + Data("\n".utf8)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw CLIError("cannot write \(path)") }
        // An existing file keeps its mode through open(2); make sure it is 0600 too.
        fchmod(descriptor, 0o600)
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        handle.write(data)
        try handle.close()
    }

    /// Deletes the file; true when there was one.
    static func delete() throws -> Bool {
        guard FileManager.default.fileExists(atPath: path) else { return false }
        try FileManager.default.removeItem(atPath: path)
        return true
    }
}
