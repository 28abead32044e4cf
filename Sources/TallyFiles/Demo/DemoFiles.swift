import Foundation
import TallyCore

/// Writes demo records as files: Tally's CSV (which `tally import` and the API read), and the same
/// records as an hledger/ledger journal and a beancount file, for the benchmark's peers.
public enum DemoFiles {
    /// Writes `txns_N.csv`, `txns_N.journal` and `txns_N.beancount` into `folder` (created when
    /// missing), streaming the records; returns the three paths.
    @discardableResult
    public static func write(_ generator: DemoGenerator, to folder: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let base = folder + "/txns_\(generator.count)"
        let paths = [base + ".csv", base + ".journal", base + ".beancount"]
        var outs: [FileOutput] = []
        for path in paths { outs.append(try FileOutput(path)) }
        let accounts = ledgerAccounts
        outs[0].write(TallyCSV.header(time: false, toAccount: false))
        outs[1].write("; demo data, \(generator.count) transactions, written by `tally demo`\n")
        outs[1].write(accounts.map { "account \($0)\n" }.joined() + "\n")
        outs[2].write("; demo data, \(generator.count) transactions, written by `tally demo`\n")
        outs[2].write("option \"title\" \"Demo household\"\noption \"operating_currency\" \"USD\"\n\n")
        outs[2].write(accounts.map { "\(generator.start) open \($0) USD\n" }.joined() + "\n")
        var records = generator
        while let r = records.next() {
            outs[0].write(TallyCSV.line(r, time: false, toAccount: false))
            outs[1].write(journal(r))
            outs[2].write(beancount(r))
        }
        for i in outs.indices { try outs[i].close() }
        return paths
    }

    /// Every account the journal and beancount files use, declared up front.
    static var ledgerAccounts: [String] {
        DemoCatalog.accounts.map(\.ledger)
            + DemoCatalog.categories.flatMap { c in c.1.map { "Expenses:\(c.0):\($0.0)" } }
            + DemoCatalog.incomes.map { "Income:\($0.subcategory)" }
    }

    static func ledgerName(_ account: String) -> String {
        DemoCatalog.accounts.first { $0.name == account }?.ledger ?? "Assets:Other"
    }

    /// One journal entry; hledger and ledger read the same syntax.
    static func journal(_ r: ExportRecord) -> String {
        let head = "\(r.date) \(r.payee)" + (r.note.isEmpty ? "" : "  ; \(r.note)")
        let amount = "$" + r.amount.decimalString
        if r.kind == .income {
            return "\(head)\n    \(ledgerName(r.account))  \(amount)\n    Income:\(r.subcategory)\n\n"
        }
        return "\(head)\n    Expenses:\(r.category):\(r.subcategory)  \(amount)\n    \(ledgerName(r.account))\n\n"
    }

    /// One beancount transaction.
    static func beancount(_ r: ExportRecord) -> String {
        let head = "\(r.date) * \"\(r.payee)\" \"\(r.note)\"\n"
        let amount = r.amount.decimalString + " USD"
        if r.kind == .income {
            return head + "  \(ledgerName(r.account))  \(amount)\n  Income:\(r.subcategory)\n\n"
        }
        return head + "  Expenses:\(r.category):\(r.subcategory)  \(amount)\n  \(ledgerName(r.account))\n\n"
    }
}

/// A file written through a 1 MiB buffer.
struct FileOutput {
    private let handle: FileHandle
    private var buffer: [UInt8] = []

    init(_ path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw FieldError("out", "cannot write \(path)") }
        self.handle = handle
        buffer.reserveCapacity(1 << 20)
    }

    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 20 { flush() }
    }

    mutating func flush() {
        handle.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }

    mutating func close() throws {
        flush()
        try handle.close()
    }
}

/// Demo records as an import source, so `tally demo` stores them through the one import path
/// (all or nothing, kept totals, categories and accounts created by name).
public final class DemoImportSource: ImportSource, @unchecked Sendable {
    // @unchecked: one importing task advances it, as with TallyCSVImport; the lock keeps a second
    // caller from corrupting the position.
    private let lock = NSLock()
    private var generator: DemoGenerator
    private var line = 1
    private var spent: [String: Int64] = [:]

    /// The generator's records as import rows.
    public init(_ generator: DemoGenerator) { self.generator = generator }

    /// Cents spent so far under `path` ("" for all spending, "Food", "Food:Coffee"), so the demo's
    /// budgets can be set near what the data actually spends.
    public func spent(_ path: String) -> Int64 {
        lock.lock()
        defer { lock.unlock() }
        return spent[path, default: 0]
    }

    /// The next row.
    public func next() throws -> ImportRecord? {
        lock.lock()
        defer { lock.unlock() }
        guard let r = generator.next() else { return nil }
        line += 1
        if r.kind == .expense {
            for path in ["", r.category, r.category + ":" + r.subcategory] {
                spent[path, default: 0] += r.amount.minorUnits
            }
        }
        let draft = TransactionDraft(
            kind: r.kind,
            amount: r.amount,
            date: r.date,
            time: nil,
            payee: r.payee,
            category: nil,
            account: nil,
            toAccount: nil,
            note: r.note
        )
        return ImportRecord(
            line: line,
            draft: draft,
            category: r.category,
            subcategory: r.subcategory,
            account: r.account,
            toAccount: ""
        )
    }
}
