import Foundation
import Testing

/// `--tag` on add, list, search and report; `report --by tag`; `tally tags`.
@Suite("tally tags", .serialized)
struct TagCLITests {
    @Test("records are tagged, filtered and reported by tag; tags are renamed, merged and deleted")
    func tags() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        _ = try cli.run(["user", "create", "--email", "me@example.com", "--password-stdin"], input: "password123\n")
        #expect(
            try cli.run([
                "add", "expense", "200", "--payee", "Hotel", "--category", "Travel:Hotels", "--date", "2026-03-10",
                "--tag", "japan-2026", "--tag", "#reimbursable",
            ]).stdout == "Added expense #1: 2026-03-10 Hotel $200.00 Travel:Hotels #japan-2026 #reimbursable\n"
        )
        _ = try cli.run([
            "add", "expense", "30", "--payee", "Ramen", "--category", "Food", "--date", "2026-03-11", "--tag",
            "Japan-2026",
        ])
        _ = try cli.run(["add", "expense", "5", "--payee", "Coffee", "--category", "Food", "--date", "2026-03-11"])
        #expect(
            try cli.run(["add", "expense", "1", "--payee", "X", "--tag", "two words;"])
                == .init(
                    status: 65,
                    stdout: "",
                    stderr: "error: tags: 'words;' is not a tag: use letters, digits and - _ . / only\n"
                )
        )
        #expect(try cli.run(["tags"]).stdout == "#japan-2026    2 records\n#reimbursable  1 record\n")
        let listed = try cli.run(["list", "--tag", "japan-2026", "--format", "csv"]).stdout
        #expect(listed.split(separator: "\n").count == 3, "\(listed)")
        let report = try cli.run([
            "report", "--by", "tag", "--from", "2026-03-01", "--to", "2026-03-31", "--format", "csv",
        ]).stdout
        #expect(report.contains("japan-2026") && report.contains("230.00"), "\(report)")
        #expect(report.split(separator: "\n").count == 3, "a record without a tag is in no row: \(report)")
        let food = try cli.run([
            "report", "--tag", "japan-2026", "--from", "2026-03-01", "--to", "2026-03-31", "--format", "csv",
        ]).stdout
        #expect(food.contains("Food") && food.contains("30.00") && !food.contains("5.00"), "\(food)")
        #expect(
            try cli.run(["tags", "rename", "reimbursable", "JAPAN-2026"]).stdout == "#JAPAN-2026 is on 2 records.\n"
        )
        #expect(try cli.run(["tags", "delete", "#japan-2026"]).stdout == "Deleted #japan-2026.\n")
        #expect(try cli.run(["tags"]).stdout == "No tags.\n")
        #expect(
            try cli.run(["tags", "delete", "nope"])
                == .init(status: 65, stdout: "", stderr: "error: name: no tag 'nope' in this book\n")
        )
        let json = try cli.run(["list", "--format", "json"]).stdout
        #expect(json.contains("\"tags\" : [\n\n    ]") || json.contains("\"tags\" : ["), "\(json)")
    }
}
