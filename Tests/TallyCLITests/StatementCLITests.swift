import Foundation
import Testing

/// `tally statement`: what Tally reads from a bank file, as JSON; bad files exit 65 naming where.
@Suite("tally statement", .serialized)
struct StatementCLITests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func write(_ cli: CLI, _ name: String, _ text: String) throws -> String {
        let file = cli.dataFolder.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    @Test("a QIF file, detected, as the whole JSON document")
    func qif() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        let file = try write(
            cli,
            "a.qif",
            "!Type:Bank\nD3/14/2026\nT-4.50\nPStarbucks\nLFood:Coffee\n^\nD3/15/26\nT3200\nPAcme\n^\n"
        )
        let result = try cli.run(["statement", file, "--currency", "EUR"], data: false)
        #expect(result.status == 0)
        #expect(
            result.stdout
                == #"{"accounts":[{"closing_balance":null,"closing_date":null,"currency":null,"kind":"bank","name":"","number":""}],"entries":[{"account":0,"amount":"-4.50","category":"Food:Coffee","check_number":"","currency":"EUR","date":"2026-03-14","file_id":null,"location":"line 2","memo":"","payee":"Starbucks","time":null,"transfer_account":"","type":""},{"account":0,"amount":"3200.00","category":"","check_number":"","currency":"EUR","date":"2026-03-15","file_id":null,"location":"line 7","memo":"","payee":"Acme","time":null,"transfer_account":"","type":""}],"format":"qif"}"#
                + "\n"
        )
    }

    @Test("the example files of docs/import.md read, each in its detected format")
    func examples() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        let folder = Self.repo.appendingPathComponent("docs/examples/import").path
        for (name, format) in [
            ("example.ofx", "ofx"), ("example.qif", "qif"), ("example-camt053.xml", "camt"),
        ] {
            let result = try cli.run(["statement", folder + "/" + name], data: false)
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(result.stdout.hasSuffix(#","format":"\#(format)"}"# + "\n"), "\(name)")
        }
        let csv = try cli.run(
            [
                "statement", folder + "/example-bank.csv", "--mapping", folder + "/example-bank.mapping.json",
                "--currency", "EUR",
            ],
            data: false
        )
        #expect(csv.status == 0, "\(csv.stderr)")
        #expect(csv.stdout.hasSuffix(#","format":"csv"}"# + "\n"))
    }

    @Test("bad files exit 65 with the line or element and the field named")
    func badFiles() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        let qif = try write(cli, "bad.qif", "!Type:Bank\nD3/14/2026\nT-4.505\nPStarbucks\n^\n")
        #expect(
            try cli.run(["statement", qif], data: false)
                == .init(
                    status: 65,
                    stdout: "",
                    stderr: "error: line 3: T '-4.505' has more decimals than USD has (2); only zeros may follow them\n"
                )
        )
        let unknown = try write(cli, "unknown.qif", "!Type:Foo\nD3/14/2026\nT1\n^\n")
        let refused = try cli.run(["statement", unknown], data: false)
        #expect(refused.status == 65 && refused.stderr.hasPrefix("error: line 1: unknown QIF type 'Foo'"))
        let csv = try write(cli, "bank.csv", "Date,Amount\n03/04/2026,1.00\n")
        let noMapping = try cli.run(["statement", csv], data: false)
        #expect(noMapping.status == 65)
        #expect(noMapping.stderr.hasPrefix("error: mapping: a bank CSV needs a mapping"))
        let xxe = try write(
            cli,
            "xxe.xml",
            #"<?xml version="1.0"?><!DOCTYPE d [<!ENTITY e SYSTEM "file:///etc/passwd">]><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">&e;</Document>"#
        )
        let entity = try cli.run(["statement", xxe, "--format", "camt"], data: false)
        #expect(entity.status == 65 && entity.stderr.contains("DTD") && !entity.stdout.contains("root:"))
    }
}
