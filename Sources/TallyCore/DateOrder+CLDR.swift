// Written by scripts/date-orders.py from CLDR, through Babel 2.19.0; do not edit by hand.

extension DateOrder {
    /// Regions whose people write a day and month alone month first (`3/14`): CLDR's `Md` pattern of
    /// the region's likely locale (`und_NP` → `ne_NP`, `MM-dd`).
    static let monthFirstRegions: Set<String> = [
        "af", "as", "bt", "cn", "gh", "gu", "ht", "hu", "ir", "jp", "kp", "kr", "lk", "ls", "lt", "mh", "mn", "mp",
        "mt", "mv", "ne", "np", "pa", "pg", "ph", "pr", "py", "so", "tw", "um", "us", "vi", "za", "zw",
    ]

    /// Languages written month first when no region is given: CLDR's `Md` pattern of the language's
    /// default locale (plain English is left out: it is written both ways).
    static let monthFirstLanguages: Set<String> = [
        "aa", "ady", "ak", "ann", "apc", "arn", "ary", "asa", "bal", "bem", "bez", "bgc", "bgn", "bho", "blo",
        "blt", "bo", "bqi", "brx", "bss", "bua", "byn", "cad", "cch", "ce", "ceb", "cgg", "cho", "chr", "cic",
        "ckb", "cop", "csw", "cu", "cv", "dav", "dv", "dz", "ebu", "ee", "eo", "eu", "fa", "fil", "gaa", "gez",
        "gn", "guz", "gv", "ha", "hnj", "hrx", "ht", "hu", "ii", "io", "isv", "iu", "ja", "jbo", "jmc", "kaj",
        "kam", "kbd", "kcg", "kde", "ken", "ki", "kln", "ko", "kpe", "ks", "ksb", "ksh", "kw", "la", "lag", "lg",
        "lkt", "lmo", "lrc", "lt", "ltg", "luo", "luy", "lzz", "mas", "mdf", "mer", "mgo", "mhn", "mic", "mn",
        "moh", "mrh", "mt", "mus", "mww", "myv", "mzn", "naq", "nd", "ne", "nnh", "nqo", "nr", "nso", "nv", "ny",
        "nyn", "oka", "om", "or", "osa", "pi", "pis", "pms", "ps", "quc", "raj", "rhg", "rof", "rwk", "sah", "saq",
        "sat", "sbp", "sd", "sdh", "se", "sgs", "shn", "si", "sid", "skr", "sma", "smj", "sms", "sn", "so", "ss",
        "ssy", "st", "sus", "suz", "teo", "tig", "tn", "tok", "tpi", "trv", "ts", "tyv", "tzm", "vai", "ve", "vmw",
        "vo", "vun", "wa", "wal", "wbp", "xdq", "xh", "xog", "yue", "za", "zh", "zu",
    ]
}
