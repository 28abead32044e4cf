import Foundation
import TallyCore
import TallyStore

extension Tally.Add {
    /// `tally add --receipt photo.jpg`: reads the photo (here or on the server), shows the
    /// proposal as a draft with the options' fields put in, asks (or `--yes`), and saves the
    /// record with the photo attached. A field the photo did not give must come from an option:
    /// nothing unread is saved as a guess the person did not see.
    func addReceipt(_ path: String) async throws {
        let key = idempotencyKey ?? UUID().uuidString
        try await reportingErrors {
            let bytes = try ReceiptFile.read(path)
            try await store.withBackend(who) { [self] backend in
                let proposal = try await backend.readReceipt(bytes)
                var input = TransactionInput(
                    kind: TransactionKind.expense.rawValue,
                    amount: words.first ?? proposal.amount?.decimalString,
                    currency: currency ?? proposal.currency.code,
                    date: date ?? proposal.date?.description,
                    time: time,
                    payee: payee ?? proposal.payee,
                    category: category,
                    account: account,
                    toAccount: nil,
                    note: note
                )
                if !tag.isEmpty { input.tags = tag }
                let shown = ReceiptFile.table(proposal, heading: dryRun ? "Receipt (nothing saved):" : "Receipt:")
                Self.say(format == .json ? try ReceiptFile.json(proposal) : shown)
                if dryRun { return }
                guard input.amount != nil else {
                    throw CLIError("amount: not read from the receipt; give it: tally add AMOUNT --receipt \(path)")
                }
                if !yes, !(try Self.confirmed("Save it, with the photo? [y/N] ")) { return }
                let record = try await backend.add(input, key: key)
                try await backend.attachReceipt(bytes, to: record.transaction.id)
                Self.say("Added expense #\(record.transaction.id) with its receipt: " + Listing.summary(record))
            }
        }
    }
}
