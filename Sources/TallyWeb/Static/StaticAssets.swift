import CompressNIO
import Crypto
import Foundation
import NIOCore

/// The files of `Public/`, read once at start-up and kept in memory with a content hash and a
/// gzip copy, so a phone on a slow network downloads each version of the CSS, the scripts and the
/// icons once: pages name them `/static/app.1a2b3c4d.css`, served with a year-long immutable
/// cache; a new build changes the name. The plain name (`/static/app.css`) still answers, with
/// `no-cache` and an ETag, for links that cannot know the hash.
///
/// Three files name the others, so they are written after them with the hashed names put in:
/// the web app manifest (its icons), the offline page (its CSS) and the service worker (the app
/// shell it caches, and its `VERSION`, a hash over every file, which changes whenever any file does).
struct StaticAssets: Sendable {
    /// One file as served.
    struct Asset: Sendable {
        /// The path it answers at besides `/static/<name>`: `/static/app.1a2b3c4d.css`.
        let hashedPath: String
        let contentType: String
        let bytes: ByteBuffer
        /// The gzip body, when the type compresses and it came out smaller.
        let gzip: ByteBuffer?
        /// A strong validator: the content hash.
        let etag: String
    }

    /// Files by plain name (`app.css`).
    let files: [String: Asset]
    /// Files by hashed name (`app.1a2b3c4d.css`).
    let hashed: [String: String]

    /// Names that are written after the others because they name them.
    static let rewritten = ["manifest.webmanifest", "offline.html", "sw.js"]

    /// Reads every file of `directory` (the bundle's `Public`).
    static func load(directory: String) throws -> StaticAssets {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { !$0.hasPrefix(".") }
            .sorted()
        var files: [String: Asset] = [:]
        var hashed: [String: String] = [:]
        func add(_ name: String, _ data: [UInt8]) {
            let asset = make(name: name, data: data)
            files[name] = asset
            hashed[String(asset.hashedPath.dropFirst("/static/".count))] = name
        }
        for name in names where !rewritten.contains(name) {
            add(name, Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))))
        }
        for name in rewritten where names.contains(name) {
            var text = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
            if name == "sw.js" {
                // Last, so the shell lists the offline page and the version covers every file.
                let version = CSRFMiddleware.hex(
                    SHA256.hash(data: Array(files.keys.sorted().map { files[$0]!.etag }.joined().utf8))
                )
                text = text.replacingOccurrences(of: "__VERSION__", with: String(version.prefix(12)))
                text = text.replacingOccurrences(of: "\"__SHELL__\"", with: shellList(files))
            }
            text = rewritingPaths(text, files: files)
            add(name, Array(text.utf8))
        }
        return StaticAssets(files: files, hashed: hashed)
    }

    /// `/static/app.1a2b3c4d.css` for `app.css`, or the plain path for a name that is not there.
    func path(_ name: String) -> String { files[name]?.hashedPath ?? "/static/\(name)" }

    /// The file a `/static/...` name answers for: plain or hashed, and whether it was hashed.
    func lookup(_ name: String) -> (asset: Asset, immutable: Bool)? {
        if let plain = hashed[name], let asset = files[plain] { return (asset, true) }
        return files[name].map { ($0, false) }
    }

    /// What the service worker caches when it installs: the styles, scripts, icons and the
    /// offline page (not the 200 KB API document).
    private static func shellList(_ files: [String: Asset]) -> String {
        let shell = files.keys.sorted().filter { $0 != "openapi.json" && !$0.hasSuffix(".webmanifest") }
        return "[" + shell.map { "\"\(files[$0]!.hashedPath)\"" }.joined(separator: ", ") + "]"
    }

    /// Replaces `/static/<name>` with the hashed path of each file already made, longest names
    /// first so `icon-192.png` is not mistaken for a longer name's prefix.
    private static func rewritingPaths(_ text: String, files: [String: Asset]) -> String {
        var text = text
        for name in files.keys.sorted(by: { $0.count > $1.count }) {
            text = text.replacingOccurrences(of: "\"/static/\(name)\"", with: "\"\(files[name]!.hashedPath)\"")
        }
        return text
    }

    /// Scripts without their comment lines and indentation: a phone downloads the code, not our
    /// notes (about a third of the text). Only whole lines that start with `//` go, so nothing
    /// inside a string or a regular expression is touched; our scripts have no multi-line strings.
    static func compactScript(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.drop(while: { $0 == " " || $0 == "\t" }) }
            .filter { !$0.isEmpty && !$0.hasPrefix("//") }
            .joined(separator: "\n") + "\n"
    }

    private static func make(name: String, data: [UInt8]) -> Asset {
        let data = name.hasSuffix(".js") ? Array(compactScript(String(decoding: data, as: UTF8.self)).utf8) : data
        let hash = CSRFMiddleware.hex(SHA256.hash(data: data))
        let dot = name.lastIndex(of: ".") ?? name.endIndex
        let hashedName = name[..<dot] + "." + hash.prefix(8) + name[dot...]
        let type = contentType(of: name)
        var gzip: ByteBuffer?
        if compresses(type) {
            var buffer = ByteBuffer(bytes: data)
            if let packed = try? buffer.compress(with: .gzip()), packed.readableBytes < data.count { gzip = packed }
        }
        return Asset(
            hashedPath: "/static/\(hashedName)",
            contentType: type,
            bytes: ByteBuffer(bytes: data),
            gzip: gzip,
            etag: "\"\(hash.prefix(16))\""
        )
    }

    /// Whether a type is text that gzip shrinks (images are compressed already, except SVG).
    static func compresses(_ type: String) -> Bool {
        type.hasPrefix("text/") || type.hasPrefix("application/json") || type.hasPrefix("application/manifest+json")
            || type.hasPrefix("application/javascript") || type.hasPrefix("image/svg+xml")
    }

    static func contentType(of name: String) -> String {
        switch name.split(separator: ".").last ?? "" {
        case "css": "text/css; charset=utf-8"
        case "js": "application/javascript; charset=utf-8"
        case "json": "application/json"
        case "webmanifest": "application/manifest+json"
        case "html": "text/html; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        default: "application/octet-stream"
        }
    }
}
