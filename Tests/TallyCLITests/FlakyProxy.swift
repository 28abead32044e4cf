import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A loopback HTTP proxy in front of a `TallyServer` that loses the answer to the first POST: it
/// forwards the request (so the server stores the record) and then closes the connection without
/// a word, as a network that breaks at the wrong moment does. Every request is also noted with
/// its `Idempotency-Key`, which the test reads back. Written in Python (Debian's python3) to stay
/// short; one request per connection is all the CLI needs.
final class FlakyProxy {
    let process = Process()
    /// Where the proxy notes each request (a file rather than a pipe: nothing to drain or block on).
    let log: URL
    let port: Int
    var url: String { "http://127.0.0.1:\(port)" }

    init(to server: TallyServer, log: URL) throws {
        self.log = log
        port = try TallyServer.freePort()
        FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-c", Self.script, String(port), String(server.port)]
        process.standardOutput = try FileHandle(forWritingTo: log)
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while !TallyServer.accepts(port) {
            guard Date() < deadline, process.isRunning else { throw TallyServer.ServerDidNotStart(port: port) }
            usleep(20_000)
        }
    }

    /// Stops the proxy and returns what it noted: "METHOD PATH KEY dropped|passed" per request.
    func stop() -> [String] {
        // SIGKILL: the proxy has nothing to clean up, and it may sit in accept() forever.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    static let script = #"""
        import socket, sys
        listen_port, server_port = int(sys.argv[1]), int(sys.argv[2])
        s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(("127.0.0.1", listen_port)); s.listen(16)
        dropped = False
        while True:
            c, _ = s.accept()
            data = b""
            while b"\r\n\r\n" not in data:
                chunk = c.recv(65536)
                if not chunk: break
                data += chunk
            if b"\r\n\r\n" not in data:
                c.close(); continue
            head, body = data.split(b"\r\n\r\n", 1)
            lines = head.split(b"\r\n")
            length = 0; key = "-"
            kept = [lines[0]]
            for line in lines[1:]:
                name, _, value = line.partition(b":")
                lower = name.strip().lower()
                if lower == b"content-length": length = int(value.strip())
                if lower == b"idempotency-key": key = value.strip().decode()
                if lower != b"connection": kept.append(line)
            while len(body) < length:
                body += c.recv(65536)
            kept.append(b"Connection: close")
            u = socket.create_connection(("127.0.0.1", server_port))
            u.sendall(b"\r\n".join(kept) + b"\r\n\r\n" + body)
            answer = b""
            while True:
                chunk = u.recv(65536)
                if not chunk: break
                answer += chunk
            u.close()
            method, path = lines[0].split(b" ")[0:2]
            drop = method == b"POST" and not dropped
            print(method.decode(), path.decode(), key, "dropped" if drop else "passed", flush=True)
            if drop:
                dropped = True
            else:
                c.sendall(answer)
            c.close()
        """#
}
