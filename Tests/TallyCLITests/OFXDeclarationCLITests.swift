import Foundation
import Testing

/// Issue 42, finding 9, end to end: `tally statement` and `tally import` refuse an OFX file that
/// declares a DTD (it used to be staged with the literal `&xxe;` as the payee), and nothing is
/// staged or stored.
@Suite("tally import refuses an OFX with a DOCTYPE", .serialized)
struct OFXDeclarationCLITests {
    static let evil = """
        <?xml version="1.0" encoding="UTF-8"?>
        <?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
        <!DOCTYPE OFX [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
        <OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
        <STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>1<ACCTID>1234<ACCTTYPE>CHECKING</BANKACCTFROM>
        <BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260302<TRNAMT>-4.50<FITID>1<NAME>&xxe;</STMTTRN>
        </BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>

        """

    static let refusal = "error: line 3: the file declares a DTD or entities, which Tally does not read\n"

    @Test("statement and import exit 65 naming line 3; no import is staged and no record stored")
    func refusedAndNothingStaged() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        _ = try cli.run(["user", "create", "--email", "me@example.com", "--password-stdin"], input: "password123\n")
        let file = cli.dataFolder.appendingPathComponent("evil.qfx")
        try Self.evil.write(to: file, atomically: true, encoding: .utf8)
        #expect(
            try cli.run(["statement", file.path], data: false) == .init(status: 65, stdout: "", stderr: Self.refusal)
        )
        for extra in [[], ["--yes"]] {
            let imported = try cli.run(["import", file.path, "--account", "Cash"] + extra)
            #expect(imported == .init(status: 65, stdout: "", stderr: Self.refusal))
        }
        #expect(try cli.run(["list", "--format", "json"]).stdout == "[\n\n]\n")
        // The next file staged is import 1: the refused ones staged nothing.
        let good = cli.dataFolder.appendingPathComponent("good.qif")
        try "!Type:Bank\nD3/2/2026\nT-4.50\nPCoffee\n^\n".write(to: good, atomically: true, encoding: .utf8)
        let review = try cli.run(["import", good.path, "--account", "Cash"])
        #expect(review.status == 0)
        #expect(review.stdout.contains("(import 1)."), "\(review.stdout)")
    }
}
