import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A loopback HTTP listener that stands in for a server that redirects (issue 42, finding 4): it
/// notes every request it gets (method, path, headers, body) and answers from a small table, else
/// with a redirect, else with the default. In Python (Debian's python3) like `FlakyProxy`, one
/// request per connection (every answer says `Connection: close`).
final class RedirectStub {
    /// A request as the listener read it.
    struct Request: Decodable {
        let method: String
        let path: String
        /// Header names lower-cased.
        let headers: [String: String]
        let body: String
    }

    let process = Process()
    let log: URL
    let port: Int
    var url: String { "http://127.0.0.1:\(port)" }

    /// Starts the listener on `port` (a free one by default). `redirect` is the status and the
    /// Location to answer with, `{path}` in it standing for the request's path (and query);
    /// `methods` limits it to those methods. Requests whose path starts with `/moved` are never
    /// redirected. `answers` maps "METHOD /path" to a status and a JSON body.
    init(
        port: Int? = nil,
        redirect: (status: Int, location: String)? = nil,
        methods: [String]? = nil,
        answers: [String: (Int, String)] = [:],
        folder: URL
    ) throws {
        self.port = try port ?? TallyServer.freePort()
        log = folder.appendingPathComponent("stub-\(self.port).log")
        var config: [String: Any] = [
            "answers": answers.mapValues { [$0.0, $0.1] as [Any] }, "default": [200, #"{"id": 1, "token": "leaked"}"#],
        ]
        if let redirect { config["redirect"] = ["status": redirect.status, "location": redirect.location] }
        if let methods { config["methods"] = methods }
        let json = String(decoding: try JSONSerialization.data(withJSONObject: config), as: UTF8.self)
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-c", Self.script, String(self.port), json]
        process.standardOutput = try FileHandle(forWritingTo: log)
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while !TallyServer.accepts(self.port) {
            guard Date() < deadline, process.isRunning else { throw TallyServer.ServerDidNotStart(port: self.port) }
            usleep(20_000)
        }
    }

    /// What the listener got so far. `accepts` in `init` made one connection with no request,
    /// which the script does not note.
    func requests() throws -> [Request] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return try text.split(separator: "\n").map { try JSONDecoder().decode(Request.self, from: Data($0.utf8)) }
    }

    func stop() {
        // SIGKILL: nothing to clean up, and it may sit in accept() forever.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    static let script = #"""
        import json, socket, sys
        port, config = int(sys.argv[1]), json.loads(sys.argv[2])
        s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(("127.0.0.1", port)); s.listen(16)
        def answer(c, status, body, extra=b""):
            data = body.encode()
            c.sendall(b"HTTP/1.1 %d X\r\nContent-Type: application/json\r\nContent-Length: %d\r\n%sConnection: close\r\n\r\n"
                      % (status, len(data), extra) + data)
        while True:
            c, _ = s.accept()
            c.settimeout(5)
            data = b""
            try:
                while b"\r\n\r\n" not in data:
                    chunk = c.recv(65536)
                    if not chunk: break
                    data += chunk
            except socket.timeout:
                pass
            if not data:
                c.close(); continue
            head, _, body = data.partition(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            first = lines[0].split(" ")
            method, path = first[0], (first[1] if len(first) > 1 else "")
            headers = {}
            for line in lines[1:]:
                name, _, value = line.partition(":")
                headers[name.strip().lower()] = value.strip()
            length = int(headers.get("content-length", "0") or "0")
            try:
                while len(body) < length:
                    chunk = c.recv(65536)
                    if not chunk: break
                    body += chunk
            except socket.timeout:
                pass
            print(json.dumps({"method": method, "path": path, "headers": headers, "body": body.decode("latin-1")}),
                  flush=True)
            key = method + " " + path
            redirect = config.get("redirect")
            methods = config.get("methods")
            try:
                if key in config["answers"]:
                    answer(c, *config["answers"][key])
                elif redirect and not path.startswith("/moved") and (methods is None or method in methods):
                    location = redirect["location"].replace("{path}", path)
                    answer(c, redirect["status"], "", b"Location: " + location.encode() + b"\r\n")
                else:
                    answer(c, *config["default"])
            except OSError:
                pass
            c.close()
        """#
}
