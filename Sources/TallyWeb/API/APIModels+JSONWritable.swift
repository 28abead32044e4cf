import TallyCore
import TallyJSON

// The API's most asked-for lists write their own JSON (see `JSONWritable`): a page of records
// is up to 500 objects of 15 keys, each key turned to snake_case and sorted by `JSONEncoder`
// anew for every record. `JSONWriterTests` holds each to `JSONEncoder`'s bytes.

extension APIModel.TransactionJSON {
    /// Keys in `JSONEncoder`'s sorted order, nil optionals left out as `encodeIfPresent` does.
    func write(to json: inout JSONWriter) {
        json.object { json in
            json.field("account", account)
            json.field("account_id", accountId)
            json.field("amount", amount)
            json.key("base_amount")
            if let base = baseAmount.value { json.string(base) } else { json.null() }
            json.field("category", category)
            json.field("category_id", categoryId)
            json.field("currency", currency)
            json.field("date", date)
            json.field("id", id)
            json.field("kind", kind)
            if let lines {
                json.key("lines")
                json.array(lines) { json, line in
                    json.object { json in
                        json.field("amount", line.amount)
                        json.field("category", line.category)
                        json.field("category_id", line.categoryId)
                        json.field("note", line.note)
                    }
                }
            }
            json.field("note", note)
            json.field("payee", payee)
            json.field("receipts", receipts)
            json.key("tags")
            json.array(tags) { json, tag in json.string(tag) }
            json.field("time", time)
            json.field("to_account", toAccount)
            json.field("to_account_id", toAccountId)
        }
    }
}

extension APIModel.PageJSON {
    /// Keys in `JSONEncoder`'s sorted order, nil optionals left out as `encodeIfPresent` does.
    func write(to json: inout JSONWriter) {
        json.object { json in
            json.field("count", count)
            json.field("currency", currency)
            json.field("expenses", expenses)
            json.field("income", income)
            json.field("next_cursor", nextCursor)
            json.key("originals")
            json.array(originals) { json, total in total.write(to: &json) }
            json.field("total", total)
            json.key("totals")
            json.array(totals) { json, total in total.write(to: &json) }
            json.key("transactions")
            json.array(transactions) { json, record in record.write(to: &json) }
            json.key("unconverted")
            json.array(unconverted) { json, record in record.write(to: &json) }
            json.field("unconverted_count", unconvertedCount)
        }
    }
}

extension APIList: JSONWritable where Element: JSONWritable {
    /// The items as one JSON array.
    func write(to json: inout JSONWriter) {
        json.array(items) { json, item in item.write(to: &json) }
    }
}
