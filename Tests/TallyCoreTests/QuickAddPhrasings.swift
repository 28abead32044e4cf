/// The quick-add phrasing table of issue 28's acceptance: a line as people type it in a note, then
/// the fields they mean by it, `|` between them: kind | amount | currency | date | time | payee |
/// category | account | note. An empty column is a field left empty (no amount: the draft must ask
/// for one). Read against `QuickAddPhrasingTests.book` on Wednesday 18 March 2026, slashed dates
/// month first.
///
/// Written from what a person means, not from what the parser answers: a row it gets wrong stays
/// as meant and counts as a miss. The conventions the rows follow (docs/quick-add.md): a word that
/// names a category is shown by the category and leaves the line; an everyday word for one
/// ("lunch", "taxi") stays; the words before the amount, up to "with" or "for", name the payee
/// when no known payee or "at …" does; what is left is the note, in the order typed.
extension QuickAddPhrasingTests {
    static let table = """
        # --- terse: a category's name and an amount
        coffee 4.5 | expense | 4.50 | USD | 2026-03-18 |  |  | Food & Dining:Coffee Shops |  |
        coffee 3 | expense | 3.00 | USD | 2026-03-18 |  |  | Food & Dining:Coffee Shops |  |
        Coffee 4.50 | expense | 4.50 | USD | 2026-03-18 |  |  | Food & Dining:Coffee Shops |  |
        COFFEE 4.50 | expense | 4.50 | USD | 2026-03-18 |  |  | Food & Dining:Coffee Shops |  |
        coffee  4.50 | expense | 4.50 | USD | 2026-03-18 |  |  | Food & Dining:Coffee Shops |  |
        groceries 82.10 | expense | 82.10 | USD | 2026-03-18 |  |  | Food & Dining:Groceries |  |
        grocery 45 | expense | 45.00 | USD | 2026-03-18 |  |  | Food & Dining:Groceries |  |
        Groceries 123.45 | expense | 123.45 | USD | 2026-03-18 |  |  | Food & Dining:Groceries |  |
        gas 40 | expense | 40.00 | USD | 2026-03-18 |  |  | Auto & Transport:Gas & Fuel |  |
        fuel 55.20 | expense | 55.20 | USD | 2026-03-18 |  |  | Auto & Transport:Gas & Fuel |  |
        parking 12 | expense | 12.00 | USD | 2026-03-18 |  |  | Auto & Transport:Parking |  |
        rent 1,850 | expense | 1850.00 | USD | 2026-03-18 |  |  | Bills & Utilities:Rent |  |
        internet 59.99 | expense | 59.99 | USD | 2026-03-18 |  |  | Bills & Utilities:Internet |  |
        utilities 120 | expense | 120.00 | USD | 2026-03-18 |  |  | Bills & Utilities:Utilities |  |
        phone 45 | expense | 45.00 | USD | 2026-03-18 |  |  | Bills & Utilities:Mobile Phone |  |
        mobile phone 35 | expense | 35.00 | USD | 2026-03-18 |  |  | Bills & Utilities:Mobile Phone |  |
        movies 24 | expense | 24.00 | USD | 2026-03-18 |  |  | Entertainment:Movies |  |
        movie 12.50 | expense | 12.50 | USD | 2026-03-18 |  |  | Entertainment:Movies |  |
        streaming 9.99 | expense | 9.99 | USD | 2026-03-18 |  |  | Entertainment:Streaming |  |
        gym 35 | expense | 35.00 | USD | 2026-03-18 |  |  | Health & Fitness:Gym |  |
        pharmacy 18.20 | expense | 18.20 | USD | 2026-03-18 |  |  | Health & Fitness:Pharmacy |  |
        doctor 40 | expense | 40.00 | USD | 2026-03-18 |  |  | Health & Fitness:Doctor |  |
        books 27 | expense | 27.00 | USD | 2026-03-18 |  |  | Shopping:Books |  |
        book 9.99 | expense | 9.99 | USD | 2026-03-18 |  |  | Shopping:Books |  |
        electronics 199 | expense | 199.00 | USD | 2026-03-18 |  |  | Shopping:Electronics |  |
        clothing 75 | expense | 75.00 | USD | 2026-03-18 |  |  | Shopping:Clothing |  |
        pets 30 | expense | 30.00 | USD | 2026-03-18 |  |  | Pets |  |
        charity 50 | expense | 50.00 | USD | 2026-03-18 |  |  | Gifts & Donations:Charity |  |
        gift 35 | expense | 35.00 | USD | 2026-03-18 |  |  | Gifts & Donations:Gift |  |
        gifts 42 | expense | 42.00 | USD | 2026-03-18 |  |  | Gifts & Donations:Gift |  |
        hotel 189 | expense | 189.00 | USD | 2026-03-18 |  |  | Travel:Hotel |  |
        travel 250 | expense | 250.00 | USD | 2026-03-18 |  |  | Travel |  |
        restaurant 64 | expense | 64.00 | USD | 2026-03-18 |  |  | Food & Dining:Restaurants |  |
        restaurants 58 | expense | 58.00 | USD | 2026-03-18 |  |  | Food & Dining:Restaurants |  |
        fast food 11 | expense | 11.00 | USD | 2026-03-18 |  |  | Food & Dining:Fast Food |  |
        cafe 3 | expense | 3.00 | USD | 2026-03-18 |  |  | Food & Dining:Café |  |
        CAFÉ 3,20 | expense | 3.20 | USD | 2026-03-18 |  |  | Food & Dining:Café |  |
        Café 2.80 | expense | 2.80 | USD | 2026-03-18 |  |  | Food & Dining:Café |  |
        entertainment 40 | expense | 40.00 | USD | 2026-03-18 |  |  | Entertainment |  |
        shopping 65 | expense | 65.00 | USD | 2026-03-18 |  |  | Shopping |  |
        public transportation 2.75 | expense | 2.75 | USD | 2026-03-18 |  |  | Auto & Transport:Public Transportation |  |
        ride share 14 | expense | 14.00 | USD | 2026-03-18 |  |  | Auto & Transport:Ride Share |  |
        air travel 410 | expense | 410.00 | USD | 2026-03-18 |  |  | Travel:Air Travel |  |
        hair 30 | expense | 30.00 | USD | 2026-03-18 |  |  | Personal Care:Hair |  |
        personal care 18 | expense | 18.00 | USD | 2026-03-18 |  |  | Personal Care |  |
        grocries 64.30 | expense | 64.30 | USD | 2026-03-18 |  |  | Food & Dining:Groceries |  |
        electronic 49 | expense | 49.00 | USD | 2026-03-18 |  |  | Shopping:Electronics |  |
        salary 3200 | income | 3200.00 | USD | 2026-03-18 |  |  | Income:Salary |  |
        interest 4.12 | income | 4.12 | USD | 2026-03-18 |  |  | Income:Interest |  |
        freelance 600 | income | 600.00 | USD | 2026-03-18 |  |  | Income:Freelance |  |
        +3200 salary | income | 3200.00 | USD | 2026-03-18 |  |  | Income:Salary |  |
        +12.50 interest | income | 12.50 | USD | 2026-03-18 |  |  | Income:Interest |  |
        income 150 | income | 150.00 | USD | 2026-03-18 |  |  | Income |  |
        4.50 | expense | 4.50 | USD | 2026-03-18 |  |  |  |  |
        -12.40 groceries | expense | 12.40 | USD | 2026-03-18 |  |  | Food & Dining:Groceries |  |
        # --- everyday words for a category: the word stays (it says more than the category)
        lunch 12 | expense | 12.00 | USD | 2026-03-18 |  | lunch | Food & Dining:Restaurants |  |
        dinner 45 | expense | 45.00 | USD | 2026-03-18 |  | dinner | Food & Dining:Restaurants |  |
        breakfast 9.50 | expense | 9.50 | USD | 2026-03-18 |  | breakfast | Food & Dining:Restaurants |  |
        brunch 32 | expense | 32.00 | USD | 2026-03-18 |  | brunch | Food & Dining:Restaurants |  |
        drinks 30 | expense | 30.00 | USD | 2026-03-18 |  | drinks | Food & Dining:Alcohol & Bars |  |
        beer 8 | expense | 8.00 | USD | 2026-03-18 |  | beer | Food & Dining:Alcohol & Bars |  |
        wine 22 | expense | 22.00 | USD | 2026-03-18 |  | wine | Food & Dining:Alcohol & Bars |  |
        taxi 23 | expense | 23.00 | USD | 2026-03-18 |  | taxi | Auto & Transport:Ride Share |  |
        cab 18 | expense | 18.00 | USD | 2026-03-18 |  | cab | Auto & Transport:Ride Share |  |
        bus 2.50 | expense | 2.50 | USD | 2026-03-18 |  | bus | Auto & Transport:Public Transportation |  |
        train 7.50 | expense | 7.50 | USD | 2026-03-18 |  | train | Auto & Transport:Public Transportation |  |
        flight 320 | expense | 320.00 | USD | 2026-03-18 |  | flight | Travel:Air Travel |  |
        clothes 60 | expense | 60.00 | USD | 2026-03-18 |  | clothes | Shopping:Clothing |  |
        shoes 89.99 | expense | 89.99 | USD | 2026-03-18 |  | shoes | Shopping:Clothing |  |
        haircut 25 | expense | 25.00 | USD | 2026-03-18 |  | haircut | Personal Care:Hair |  |
        medicine 12 | expense | 12.00 | USD | 2026-03-18 |  | medicine | Health & Fitness:Pharmacy |  |
        donation 20 | expense | 20.00 | USD | 2026-03-18 |  | donation | Gifts & Donations:Charity |  |
        cinema 14 | expense | 14.00 | USD | 2026-03-18 |  | cinema | Entertainment:Movies |  |
        electricity 88.40 | expense | 88.40 | USD | 2026-03-18 |  | electricity | Bills & Utilities:Utilities |  |
        pizza 18 | expense | 18.00 | USD | 2026-03-18 |  | pizza | Food & Dining:Restaurants |  |
        sushi 45 date night | expense | 45.00 | USD | 2026-03-18 |  | sushi | Food & Dining:Restaurants |  | date night
        ramen 14 tokyo trip | expense | 14.00 | USD | 2026-03-18 |  | ramen | Food & Dining:Restaurants |  | tokyo trip
        paycheck 2,150 | income | 2150.00 | USD | 2026-03-18 |  | paycheck | Income:Salary |  |
        bonus 500 | income | 500.00 | USD | 2026-03-18 |  | bonus | Income:Salary |  |
        # --- rules of the book
        vet 120 | expense | 120.00 | USD | 2026-03-18 |  | vet | Pets |  |
        hulu 7.99 | expense | 7.99 | USD | 2026-03-18 |  | hulu | Entertainment:Streaming |  |
        Hulu 17.99 | expense | 17.99 | USD | 2026-03-18 |  | Hulu | Entertainment:Streaming |  |
        parkmobile 4.50 | expense | 4.50 | USD | 2026-03-18 |  | parkmobile | Auto & Transport:Parking |  |
        # --- payee first
        starbucks 4.50 | expense | 4.50 | USD | 2026-03-18 |  | Starbucks Coffee | Food & Dining:Coffee Shops | Visa |
        starbucks 4.50 coffee | expense | 4.50 | USD | 2026-03-18 |  | Starbucks Coffee | Food & Dining:Coffee Shops | Visa |
        Starbucks 5.25 | expense | 5.25 | USD | 2026-03-18 |  | Starbucks Coffee | Food & Dining:Coffee Shops | Visa |
        STARBUCKS 6.10 | expense | 6.10 | USD | 2026-03-18 |  | Starbucks Coffee | Food & Dining:Coffee Shops | Visa |
        starbuks 3.20 | expense | 3.20 | USD | 2026-03-18 |  | Starbucks Coffee | Food & Dining:Coffee Shops | Visa |
        starbucks coffee 4.95 | expense | 4.95 | USD | 2026-03-18 |  | Starbucks Coffee | Food & Dining:Coffee Shops | Visa |
        blue bottle 5.50 | expense | 5.50 | USD | 2026-03-18 |  | Blue Bottle Coffee | Food & Dining:Coffee Shops | Visa |
        blue bottle coffee 6 | expense | 6.00 | USD | 2026-03-18 |  | Blue Bottle Coffee | Food & Dining:Coffee Shops | Visa |
        dunkin 3.25 | expense | 3.25 | USD | 2026-03-18 |  | Dunkin' | Food & Dining:Coffee Shops | Wallet |
        dunkin' 2.99 | expense | 2.99 | USD | 2026-03-18 |  | Dunkin' | Food & Dining:Coffee Shops | Wallet |
        peets 4 | expense | 4.00 | USD | 2026-03-18 |  | Peet's Coffee | Food & Dining:Coffee Shops | Amex Gold |
        peet's coffee 5.40 | expense | 5.40 | USD | 2026-03-18 |  | Peet's Coffee | Food & Dining:Coffee Shops | Amex Gold |
        whole foods 82.10 | expense | 82.10 | USD | 2026-03-18 |  | Whole Foods Market | Food & Dining:Groceries | Visa |
        wholefoods 54.30 | expense | 54.30 | USD | 2026-03-18 |  | Whole Foods Market | Food & Dining:Groceries | Visa |
        Whole Foods Market 120.45 | expense | 120.45 | USD | 2026-03-18 |  | Whole Foods Market | Food & Dining:Groceries | Visa |
        whole foods 82.10 groceries | expense | 82.10 | USD | 2026-03-18 |  | Whole Foods Market | Food & Dining:Groceries | Visa |
        trader joes 38.20 | expense | 38.20 | USD | 2026-03-18 |  | Trader Joe's | Food & Dining:Groceries | Visa |
        trader joe's 41 | expense | 41.00 | USD | 2026-03-18 |  | Trader Joe's | Food & Dining:Groceries | Visa |
        safeway 61.07 | expense | 61.07 | USD | 2026-03-18 |  | Safeway | Food & Dining:Groceries | Checking |
        safway 22 | expense | 22.00 | USD | 2026-03-18 |  | Safeway | Food & Dining:Groceries | Checking |
        costco 212.50 | expense | 212.50 | USD | 2026-03-18 |  | Costco | Food & Dining:Groceries | Amex Gold |
        costco gas 48 | expense | 48.00 | USD | 2026-03-18 |  | Costco | Auto & Transport:Gas & Fuel | Amex Gold |
        walmart 33.12 | expense | 33.12 | USD | 2026-03-18 |  | Walmart | Food & Dining:Groceries | Checking |
        wal-mart 20 | expense | 20.00 | USD | 2026-03-18 |  | Walmart | Food & Dining:Groceries | Checking |
        walmart 25 clothes | expense | 25.00 | USD | 2026-03-18 |  | Walmart | Shopping:Clothing | Checking | clothes
        farmers market 23 | expense | 23.00 | USD | 2026-03-18 |  | Farmers Market |  | Wallet |
        farmers market 23 groceries | expense | 23.00 | USD | 2026-03-18 |  | Farmers Market | Food & Dining:Groceries | Wallet |
        tartine 8.50 | expense | 8.50 | USD | 2026-03-18 |  | Tartine Bakery |  | Wallet |
        chipotle 12.85 | expense | 12.85 | USD | 2026-03-18 |  | Chipotle | Food & Dining:Fast Food | Visa |
        chipolte 11.40 | expense | 11.40 | USD | 2026-03-18 |  | Chipotle | Food & Dining:Fast Food | Visa |
        mcdonalds 8.99 | expense | 8.99 | USD | 2026-03-18 |  | McDonald's | Food & Dining:Fast Food | Wallet |
        McDonald's 6.49 | expense | 6.49 | USD | 2026-03-18 |  | McDonald's | Food & Dining:Fast Food | Wallet |
        panera 14.20 | expense | 14.20 | USD | 2026-03-18 |  | Panera Bread | Food & Dining:Restaurants | Visa |
        olive garden 64 | expense | 64.00 | USD | 2026-03-18 |  | Olive Garden | Food & Dining:Restaurants | Visa |
        joes pizza 18 | expense | 18.00 | USD | 2026-03-18 |  | Joe's Pizza | Food & Dining:Restaurants | Wallet |
        toronado 24 | expense | 24.00 | USD | 2026-03-18 |  | Toronado Pub | Food & Dining:Alcohol & Bars | Wallet |
        uber 15 | expense | 15.00 | USD | 2026-03-18 |  | Uber | Auto & Transport:Ride Share | Visa |
        Uber 9.80 | expense | 9.80 | USD | 2026-03-18 |  | Uber | Auto & Transport:Ride Share | Visa |
        lyft 18 | expense | 18.00 | USD | 2026-03-18 |  | Lyft | Auto & Transport:Ride Share | Visa |
        shell 45 | expense | 45.00 | USD | 2026-03-18 |  | Shell | Auto & Transport:Gas & Fuel |  |
        chevron 52.10 | expense | 52.10 | USD | 2026-03-18 |  | Chevron | Auto & Transport:Gas & Fuel | Visa |
        bart 5.60 | expense | 5.60 | USD | 2026-03-18 |  | BART | Auto & Transport:Public Transportation | Checking |
        netflix 15.49 | expense | 15.49 | USD | 2026-03-18 |  | Netflix | Entertainment:Streaming | Visa |
        netflx 15.49 | expense | 15.49 | USD | 2026-03-18 |  | Netflix | Entertainment:Streaming | Visa |
        spotify 10.99 | expense | 10.99 | USD | 2026-03-18 |  | Spotify | Entertainment:Streaming | Visa |
        comcast 79.99 | expense | 79.99 | USD | 2026-03-18 |  | Comcast | Bills & Utilities:Internet | Checking |
        pg&e 134.20 | expense | 134.20 | USD | 2026-03-18 |  | PG&E | Bills & Utilities:Utilities | Checking |
        t-mobile 65 | expense | 65.00 | USD | 2026-03-18 |  | T-Mobile | Bills & Utilities:Mobile Phone | Checking |
        tmobile 65 | expense | 65.00 | USD | 2026-03-18 |  | T-Mobile | Bills & Utilities:Mobile Phone | Checking |
        oakwood 1,850 | expense | 1850.00 | USD | 2026-03-18 |  | Oakwood Apartments | Bills & Utilities:Rent | Checking |
        target 45.99 | expense | 45.99 | USD | 2026-03-18 |  | Target | Shopping | Visa |
        target 30 groceries | expense | 30.00 | USD | 2026-03-18 |  | Target | Food & Dining:Groceries | Visa |
        amazon 23.99 | expense | 23.99 | USD | 2026-03-18 |  | Amazon | Shopping | Amex Gold |
        amazn 12 | expense | 12.00 | USD | 2026-03-18 |  | Amazon | Shopping | Amex Gold |
        best buy 199.99 | expense | 199.99 | USD | 2026-03-18 |  | Best Buy | Shopping:Electronics | Visa |
        bestbuy 89 | expense | 89.00 | USD | 2026-03-18 |  | Best Buy | Shopping:Electronics | Visa |
        apple store 129 | expense | 129.00 | USD | 2026-03-18 |  | Apple Store | Shopping:Electronics | Amex Gold |
        barnes & noble 27.50 | expense | 27.50 | USD | 2026-03-18 |  | Barnes & Noble | Shopping:Books | Visa |
        barnes and noble 18 | expense | 18.00 | USD | 2026-03-18 |  | Barnes & Noble | Shopping:Books | Visa |
        h&m 40 | expense | 40.00 | USD | 2026-03-18 |  | H&M | Shopping:Clothing | Visa |
        H&M 25 | expense | 25.00 | USD | 2026-03-18 |  | H&M | Shopping:Clothing | Visa |
        zara 59.90 | expense | 59.90 | USD | 2026-03-18 |  | Zara | Shopping:Clothing | Visa |
        amc 28 | expense | 28.00 | USD | 2026-03-18 |  | AMC Theatres | Entertainment:Movies | Visa |
        AMC theaters 31 | expense | 31.00 | USD | 2026-03-18 |  | AMC Theatres | Entertainment:Movies | Visa |
        cvs 12.49 | expense | 12.49 | USD | 2026-03-18 |  | CVS Pharmacy | Health & Fitness:Pharmacy | Visa |
        walgreens 9.87 | expense | 9.87 | USD | 2026-03-18 |  | Walgreens | Health & Fitness:Pharmacy | Checking |
        walgreen 14 | expense | 14.00 | USD | 2026-03-18 |  | Walgreens | Health & Fitness:Pharmacy | Checking |
        dr patel 40 | expense | 40.00 | USD | 2026-03-18 |  | Dr. Patel | Health & Fitness:Doctor | Checking |
        Dr. Patel 120 | expense | 120.00 | USD | 2026-03-18 |  | Dr. Patel | Health & Fitness:Doctor | Checking |
        24 hour fitness 39.99 | expense | 39.99 | USD | 2026-03-18 |  | 24 Hour Fitness | Health & Fitness:Gym | Checking |
        marriott 189 | expense | 189.00 | USD | 2026-03-18 |  | Marriott | Travel:Hotel | Amex Gold |
        marriot 240 | expense | 240.00 | USD | 2026-03-18 |  | Marriott | Travel:Hotel | Amex Gold |
        united 320 | expense | 320.00 | USD | 2026-03-18 |  | United Airlines | Travel:Air Travel | Amex Gold |
        united airlines 289.40 | expense | 289.40 | USD | 2026-03-18 |  | United Airlines | Travel:Air Travel | Amex Gold |
        airbnb 410 | expense | 410.00 | USD | 2026-03-18 |  | Airbnb | Travel:Hotel | Amex Gold |
        air bnb 380 | expense | 380.00 | USD | 2026-03-18 |  | Airbnb | Travel:Hotel | Amex Gold |
        petco 42.18 | expense | 42.18 | USD | 2026-03-18 |  | Petco | Pets | Visa |
        great clips 22 | expense | 22.00 | USD | 2026-03-18 |  | Great Clips | Personal Care:Hair | Wallet |
        red cross 50 | expense | 50.00 | USD | 2026-03-18 |  | Red Cross | Gifts & Donations:Charity | Checking |
        7-eleven 5.25 | expense | 5.25 | USD | 2026-03-18 |  | 7-Eleven | Food & Dining:Fast Food | Wallet |
        7 eleven 4.10 | expense | 4.10 | USD | 2026-03-18 |  | 7-Eleven | Food & Dining:Fast Food | Wallet |
        7eleven 3.50 | expense | 3.50 | USD | 2026-03-18 |  | 7-Eleven | Food & Dining:Fast Food | Wallet |
        café luna 4.20 | expense | 4.20 | USD | 2026-03-18 |  | Café Luna | Food & Dining:Café | Wallet |
        CAFE LUNA 3.80 | expense | 3.80 | USD | 2026-03-18 |  | Café Luna | Food & Dining:Café | Wallet |
        cafe luna 4 | expense | 4.00 | USD | 2026-03-18 |  | Café Luna | Food & Dining:Café | Wallet |
        acme corp 3200 | income | 3200.00 | USD | 2026-03-18 |  | Acme Corp | Income:Salary | Checking |
        upwork 600 | income | 600.00 | USD | 2026-03-18 |  | Upwork | Income:Freelance | Checking |
        # --- amount first
        12.99 netflix | expense | 12.99 | USD | 2026-03-18 |  | Netflix | Entertainment:Streaming | Visa |
        4.50 starbucks | expense | 4.50 | USD | 2026-03-18 |  | Starbucks Coffee | Food & Dining:Coffee Shops | Visa |
        15 uber | expense | 15.00 | USD | 2026-03-18 |  | Uber | Auto & Transport:Ride Share | Visa |
        82.10 whole foods | expense | 82.10 | USD | 2026-03-18 |  | Whole Foods Market | Food & Dining:Groceries | Visa |
        3.20 coffee | expense | 3.20 | USD | 2026-03-18 |  |  | Food & Dining:Coffee Shops |  |
        45 gas chevron | expense | 45.00 | USD | 2026-03-18 |  | Chevron | Auto & Transport:Gas & Fuel | Visa |
        20 lunch chipotle | expense | 20.00 | USD | 2026-03-18 |  | Chipotle | Food & Dining:Fast Food | Visa | lunch
        1850 rent | expense | 1850.00 | USD | 2026-03-18 |  |  | Bills & Utilities:Rent |  |
        60 zara | expense | 60.00 | USD | 2026-03-18 |  | Zara | Shopping:Clothing | Visa |
        9.99 spotify | expense | 9.99 | USD | 2026-03-18 |  | Spotify | Entertainment:Streaming | Visa |
        25 haircut great clips | expense | 25.00 | USD | 2026-03-18 |  | Great Clips | Personal Care:Hair | Wallet | haircut
        5 bus | expense | 5.00 | USD | 2026-03-18 |  | bus | Auto & Transport:Public Transportation |  |
        14.99 amazon books | expense | 14.99 | USD | 2026-03-18 |  | Amazon | Shopping:Books | Amex Gold |
        35 gym | expense | 35.00 | USD | 2026-03-18 |  |  | Health & Fitness:Gym |  |
        2.75 bart | expense | 2.75 | USD | 2026-03-18 |  | BART | Auto & Transport:Public Transportation | Checking |
        110 shell gas | expense | 110.00 | USD | 2026-03-18 |  | Shell | Auto & Transport:Gas & Fuel |  |
        64 dinner olive garden | expense | 64.00 | USD | 2026-03-18 |  | Olive Garden | Food & Dining:Restaurants | Visa | dinner
        18 uber home | expense | 18.00 | USD | 2026-03-18 |  | Uber | Auto & Transport:Ride Share | Visa | home
        120 costco | expense | 120.00 | USD | 2026-03-18 |  | Costco | Food & Dining:Groceries | Amex Gold |
        7.50 chipotle | expense | 7.50 | USD | 2026-03-18 |  | Chipotle | Food & Dining:Fast Food | Visa |
        40 dr patel | expense | 40.00 | USD | 2026-03-18 |  | Dr. Patel | Health & Fitness:Doctor | Checking |
        250 marriott | expense | 250.00 | USD | 2026-03-18 |  | Marriott | Travel:Hotel | Amex Gold |
        3200 acme corp | income | 3200.00 | USD | 2026-03-18 |  | Acme Corp | Income:Salary | Checking |
        22 walgreens | expense | 22.00 | USD | 2026-03-18 |  | Walgreens | Health & Fitness:Pharmacy | Checking |
        8 beer | expense | 8.00 | USD | 2026-03-18 |  | beer | Food & Dining:Alcohol & Bars |  |
        48 amazon | expense | 48.00 | USD | 2026-03-18 |  | Amazon | Shopping | Amex Gold |
        30 groceries | expense | 30.00 | USD | 2026-03-18 |  |  | Food & Dining:Groceries |  |
        12.40 lyft | expense | 12.40 | USD | 2026-03-18 |  | Lyft | Auto & Transport:Ride Share | Visa |
        65 t-mobile | expense | 65.00 | USD | 2026-03-18 |  | T-Mobile | Bills & Utilities:Mobile Phone | Checking |
        19.99 hulu | expense | 19.99 | USD | 2026-03-18 |  | hulu | Entertainment:Streaming |  |
        # --- currencies
        $4.50 starbucks | expense | 4.50 | USD | 2026-03-18 |  | Starbucks Coffee | Food & Dining:Coffee Shops | Visa |
        $12 lunch | expense | 12.00 | USD | 2026-03-18 |  | lunch | Food & Dining:Restaurants |  |
        $1,200 rent | expense | 1200.00 | USD | 2026-03-18 |  |  | Bills & Utilities:Rent |  |
        starbucks $5.10 | expense | 5.10 | USD | 2026-03-18 |  | Starbucks Coffee | Food & Dining:Coffee Shops | Visa |
        gas $40 | expense | 40.00 | USD | 2026-03-18 |  |  | Auto & Transport:Gas & Fuel |  |
        €12 dinner | expense | 12.00 | EUR | 2026-03-18 |  | dinner | Food & Dining:Restaurants |  |
        £3.20 coffee | expense | 3.20 | GBP | 2026-03-18 |  |  | Food & Dining:Coffee Shops |  |
        coffee £3.20 pret | expense | 3.20 | GBP | 2026-03-18 |  | pret | Food & Dining:Coffee Shops |  |
        ¥1200 ramen | expense | 1200 | JPY | 2026-03-18 |  | ramen | Food & Dining:Restaurants |  |
        1.234,56 € rent | expense | 1234.56 | EUR | 2026-03-18 |  |  | Bills & Utilities:Rent |  |
        2500 JPY coffee | expense | 2500 | JPY | 2026-03-18 |  |  | Food & Dining:Coffee Shops |  |
        30 USD dinner | expense | 30.00 | USD | 2026-03-18 |  | dinner | Food & Dining:Restaurants |  |
        taxi 12 EUR | expense | 12.00 | EUR | 2026-03-18 |  | taxi | Auto & Transport:Ride Share |  |
        EUR 12 taxi | expense | 12.00 | EUR | 2026-03-18 |  | taxi | Auto & Transport:Ride Share |  |
        taxi 12€ | expense | 12.00 | EUR | 2026-03-18 |  | taxi | Auto & Transport:Ride Share |  |
        lunch €14,50 | expense | 14.50 | EUR | 2026-03-18 |  | lunch | Food & Dining:Restaurants |  |
        hotel 189 GBP | expense | 189.00 | GBP | 2026-03-18 |  |  | Travel:Hotel |  |
        12.50 CAD parking | expense | 12.50 | CAD | 2026-03-18 |  |  | Auto & Transport:Parking |  |
        CHF 20 lunch | expense | 20.00 | CHF | 2026-03-18 |  | lunch | Food & Dining:Restaurants |  |
        bakery 4,50 € | expense | 4.50 | EUR | 2026-03-18 |  | bakery |  |  |
        train ¥2,400 | expense | 2400 | JPY | 2026-03-18 |  | train | Auto & Transport:Public Transportation |  |
        dinner ₹850 | expense | 850.00 | INR | 2026-03-18 |  | dinner | Food & Dining:Restaurants |  |
        uber €23 | expense | 23.00 | EUR | 2026-03-18 |  | Uber | Auto & Transport:Ride Share | Visa |
        groceries 45.60 EUR | expense | 45.60 | EUR | 2026-03-18 |  |  | Food & Dining:Groceries |  |
        flight 450 usd | expense | 450.00 | USD | 2026-03-18 |  | flight | Travel:Air Travel |  |
        amazon 30 gbp | expense | 30.00 | GBP | 2026-03-18 |  | Amazon | Shopping | Amex Gold |
        dinner 250 SEK | expense | 250.00 | SEK | 2026-03-18 |  | dinner | Food & Dining:Restaurants |  |
        PLN 40 groceries | expense | 40.00 | PLN | 2026-03-18 |  |  | Food & Dining:Groceries |  |
        dinner 50 CAD | expense | 50.00 | CAD | 2026-03-18 |  | dinner | Food & Dining:Restaurants |  |
        museum 15eur | expense | 15.00 | EUR | 2026-03-18 |  | museum |  |  |
        lunch 12 bucks | expense | 12.00 | USD | 2026-03-18 |  | lunch | Food & Dining:Restaurants |  |
        taxi 20 euros | expense | 20.00 | EUR | 2026-03-18 |  | taxi | Auto & Transport:Ride Share |  |
        coffee 3 dollars | expense | 3.00 | USD | 2026-03-18 |  |  | Food & Dining:Coffee Shops |  |
        hotel 95 pounds | expense | 95.00 | GBP | 2026-03-18 |  |  | Travel:Hotel |  |
        # --- comma decimals and grouping
        coffee 4,50 | expense | 4.50 | USD | 2026-03-18 |  |  | Food & Dining:Coffee Shops |  |
        groceries 23,99 | expense | 23.99 | USD | 2026-03-18 |  |  | Food & Dining:Groceries |  |
        1.234,56 rent | expense | 1234.56 | USD | 2026-03-18 |  |  | Bills & Utilities:Rent |  |
        lunch 12,5 | expense | 12.50 | USD | 2026-03-18 |  | lunch | Food & Dining:Restaurants |  |
        gas 45,00 | expense | 45.00 | USD | 2026-03-18 |  |  | Auto & Transport:Gas & Fuel |  |
        starbucks 3,75 | expense | 3.75 | USD | 2026-03-18 |  | Starbucks Coffee | Food & Dining:Coffee Shops | Visa |
        2.345,00 € flight | expense | 2345.00 | EUR | 2026-03-18 |  | flight | Travel:Air Travel |  |
        rent 1.850,00 | expense | 1850.00 | USD | 2026-03-18 |  |  | Bills & Utilities:Rent |  |
        hotel 1,234.56 | expense | 1234.56 | USD | 2026-03-18 |  |  | Travel:Hotel |  |
        netflix 15,49 | expense | 15.49 | USD | 2026-03-18 |  | Netflix | Entertainment:Streaming | Visa |
        zara 39,95 | expense | 39.95 | USD | 2026-03-18 |  | Zara | Shopping:Clothing | Visa |
        1,200 rent | expense | 1200.00 | USD | 2026-03-18 |  |  | Bills & Utilities:Rent |  |
        # --- dates (today is Wednesday 18 March 2026)
        coffee 4.50 starbucks yesterday | expense | 4.50 | USD | 2026-03-17 |  | Starbucks Coffee | Food & Dining:Coffee Shops | Visa |
        lunch 12 today | expense | 12.00 | USD | 2026-03-18 |  | lunch | Food & Dining:Restaurants |  |
        gas 40 monday | expense | 40.00 | USD | 2026-03-16 |  |  | Auto & Transport:Gas & Fuel |  |
        gas 40 on monday | expense | 40.00 | USD | 2026-03-16 |  |  | Auto & Transport:Gas & Fuel |  |
        dinner 55 friday | expense | 55.00 | USD | 2026-03-13 |  | dinner | Food & Dining:Restaurants |  |
        dinner 55 last friday | expense | 55.00 | USD | 2026-03-13 |  | dinner | Food & Dining:Restaurants |  |
        groceries 23.10 sat | expense | 23.10 | USD | 2026-03-14 |  |  | Food & Dining:Groceries |  |
        movies 24 sunday | expense | 24.00 | USD | 2026-03-15 |  |  | Entertainment:Movies |  |
        uber 12 tue | expense | 12.00 | USD | 2026-03-17 |  | Uber | Auto & Transport:Ride Share | Visa |
        coffee 3 wed | expense | 3.00 | USD | 2026-03-18 |  |  | Food & Dining:Coffee Shops |  |
        lunch 14 thursday | expense | 14.00 | USD | 2026-03-12 |  | lunch | Food & Dining:Restaurants |  |
        lunch 14 last thu | expense | 14.00 | USD | 2026-03-12 |  | lunch | Food & Dining:Restaurants |  |
        yesterday uber 18 | expense | 18.00 | USD | 2026-03-17 |  | Uber | Auto & Transport:Ride Share | Visa |
        yday coffee 4 | expense | 4.00 | USD | 2026-03-17 |  |  | Food & Dining:Coffee Shops |  |
        yest dunkin 3 | expense | 3.00 | USD | 2026-03-17 |  | Dunkin' | Food & Dining:Coffee Shops | Wallet |
        safeway 45 3/2 | expense | 45.00 | USD | 2026-03-02 |  | Safeway | Food & Dining:Groceries | Checking |
        book 9.99 3/14 | expense | 9.99 | USD | 2026-03-14 |  |  | Shopping:Books |  |
        target 30 03/16 | expense | 30.00 | USD | 2026-03-16 |  | Target | Shopping | Visa |
        14.3. coffee 4 | expense | 4.00 | USD | 2026-03-14 |  |  | Food & Dining:Coffee Shops |  |
        dinner 60 14.03. | expense | 60.00 | USD | 2026-03-14 |  | dinner | Food & Dining:Restaurants |  |
        2026-03-14 dinner 60 | expense | 60.00 | USD | 2026-03-14 |  | dinner | Food & Dining:Restaurants |  |
        dinner 60 14 mar | expense | 60.00 | USD | 2026-03-14 |  | dinner | Food & Dining:Restaurants |  |
        march 3rd costco 150 | expense | 150.00 | USD | 2026-03-03 |  | Costco | Food & Dining:Groceries | Amex Gold |
        mar 3 costco 150 | expense | 150.00 | USD | 2026-03-03 |  | Costco | Food & Dining:Groceries | Amex Gold |
        costco 150 3 march | expense | 150.00 | USD | 2026-03-03 |  | Costco | Food & Dining:Groceries | Amex Gold |
        12/28 gift 50 | expense | 50.00 | USD | 2025-12-28 |  |  | Gifts & Donations:Gift |  |
        feb 27 rent 1850 | expense | 1850.00 | USD | 2026-02-27 |  |  | Bills & Utilities:Rent |  |
        27 feb rent 1,850 | expense | 1850.00 | USD | 2026-02-27 |  |  | Bills & Utilities:Rent |  |
        rent 1850 2/27/2026 | expense | 1850.00 | USD | 2026-02-27 |  |  | Bills & Utilities:Rent |  |
        3/1/26 comcast 79.99 | expense | 79.99 | USD | 2026-03-01 |  | Comcast | Bills & Utilities:Internet | Checking |
        march 16, 2026 uber 22 | expense | 22.00 | USD | 2026-03-16 |  | Uber | Auto & Transport:Ride Share | Visa |
        Mar 1st walmart 60 | expense | 60.00 | USD | 2026-03-01 |  | Walmart | Food & Dining:Groceries | Checking |
        1st march walmart 60 | expense | 60.00 | USD | 2026-03-01 |  | Walmart | Food & Dining:Groceries | Checking |
        netflix 15.49 on the 15th | expense | 15.49 | USD | 2026-03-15 |  | Netflix | Entertainment:Streaming | Visa |
        spotify 10.99 the 9th | expense | 10.99 | USD | 2026-03-09 |  | Spotify | Entertainment:Streaming | Visa |
        chevron 50 2 days ago | expense | 50.00 | USD | 2026-03-16 |  | Chevron | Auto & Transport:Gas & Fuel | Visa |
        lunch 15 3 days ago | expense | 15.00 | USD | 2026-03-15 |  | lunch | Food & Dining:Restaurants |  |
        bart 5.60 last night | expense | 5.60 | USD | 2026-03-17 |  | BART | Auto & Transport:Public Transportation | Checking |
        dinner 80 tomorrow | expense | 80.00 | USD | 2026-03-19 |  | dinner | Food & Dining:Restaurants |  |
        hotel 189 fri | expense | 189.00 | USD | 2026-03-13 |  |  | Travel:Hotel |  |
        uber 25 sun | expense | 25.00 | USD | 2026-03-15 |  | Uber | Auto & Transport:Ride Share | Visa |
        amazon 23.99 last sat | expense | 23.99 | USD | 2026-03-14 |  | Amazon | Shopping | Amex Gold |
        target 12 last wed | expense | 12.00 | USD | 2026-03-11 |  | Target | Shopping | Visa |
        14 mar uber 12 | expense | 12.00 | USD | 2026-03-14 |  | Uber | Auto & Transport:Ride Share | Visa |
        uber 12 14/3 | expense | 12.00 | USD | 2026-03-14 |  | Uber | Auto & Transport:Ride Share | Visa |
        groceries 50 2026-03-01 | expense | 50.00 | USD | 2026-03-01 |  |  | Food & Dining:Groceries |  |
        wednesday coffee 4 | expense | 4.00 | USD | 2026-03-18 |  |  | Food & Dining:Coffee Shops |  |
        coffee 4 last wednesday | expense | 4.00 | USD | 2026-03-11 |  |  | Food & Dining:Coffee Shops |  |
        rent 1850 on the 1st | expense | 1850.00 | USD | 2026-03-01 |  |  | Bills & Utilities:Rent |  |
        gym 35 mar 1 | expense | 35.00 | USD | 2026-03-01 |  |  | Health & Fitness:Gym |  |
        netflix 15.49 march 9 | expense | 15.49 | USD | 2026-03-09 |  | Netflix | Entertainment:Streaming | Visa |
        t-mobile 65 3/5 | expense | 65.00 | USD | 2026-03-05 |  | T-Mobile | Bills & Utilities:Mobile Phone | Checking |
        uber 14 Monday | expense | 14.00 | USD | 2026-03-16 |  | Uber | Auto & Transport:Ride Share | Visa |
        dinner 70 FRIDAY | expense | 70.00 | USD | 2026-03-13 |  | dinner | Food & Dining:Restaurants |  |
        sat groceries 64.20 | expense | 64.20 | USD | 2026-03-14 |  |  | Food & Dining:Groceries |  |
        comcast 79.99 feb 28 | expense | 79.99 | USD | 2026-02-28 |  | Comcast | Bills & Utilities:Internet | Checking |
        pg&e 98.10 2/15 | expense | 98.10 | USD | 2026-02-15 |  | PG&E | Bills & Utilities:Utilities | Checking |
        flight 389 jan 12 | expense | 389.00 | USD | 2026-01-12 |  | flight | Travel:Air Travel |  |
        hotel 640 12/30/2025 | expense | 640.00 | USD | 2025-12-30 |  |  | Travel:Hotel |  |
        # --- times
        bus 2.80 8:30 | expense | 2.80 | USD | 2026-03-18 | 08:30 | bus | Auto & Transport:Public Transportation |  |
        drinks 30 at 8pm | expense | 30.00 | USD | 2026-03-18 | 20:00 | drinks | Food & Dining:Alcohol & Bars |  |
        8:30 pm movie 12.50 | expense | 12.50 | USD | 2026-03-18 | 20:30 |  | Entertainment:Movies |  |
        lunch 12 12:30 | expense | 12.00 | USD | 2026-03-18 | 12:30 | lunch | Food & Dining:Restaurants |  |
        uber 25 11:45pm yesterday | expense | 25.00 | USD | 2026-03-17 | 23:45 | Uber | Auto & Transport:Ride Share | Visa |
        coffee 4 7am | expense | 4.00 | USD | 2026-03-18 | 07:00 |  | Food & Dining:Coffee Shops |  |
        dinner 80 friday 7:30pm | expense | 80.00 | USD | 2026-03-13 | 19:30 | dinner | Food & Dining:Restaurants |  |
        parkmobile 6 @ 9am | expense | 6.00 | USD | 2026-03-18 | 09:00 | parkmobile | Auto & Transport:Parking |  |
        starbucks 5.10 at 7:45 | expense | 5.10 | USD | 2026-03-18 | 07:45 | Starbucks Coffee | Food & Dining:Coffee Shops | Visa |
        taxi 30 at 2am | expense | 30.00 | USD | 2026-03-18 | 02:00 | taxi | Auto & Transport:Ride Share |  |
        breakfast 11 9:15 am | expense | 11.00 | USD | 2026-03-18 | 09:15 | breakfast | Food & Dining:Restaurants |  |
        movies 28 sat 9pm | expense | 28.00 | USD | 2026-03-14 | 21:00 |  | Entertainment:Movies |  |
        lyft 16 18:45 | expense | 16.00 | USD | 2026-03-18 | 18:45 | Lyft | Auto & Transport:Ride Share | Visa |
        chipotle 12 1pm | expense | 12.00 | USD | 2026-03-18 | 13:00 | Chipotle | Food & Dining:Fast Food | Visa |
        gas 40 6:10am mon | expense | 40.00 | USD | 2026-03-16 | 06:10 |  | Auto & Transport:Gas & Fuel |  |
        # --- accounts
        coffee 4 cash | expense | 4.00 | USD | 2026-03-18 |  |  | Food & Dining:Coffee Shops | Wallet |
        lunch 12 card | expense | 12.00 | USD | 2026-03-18 |  | lunch | Food & Dining:Restaurants | Visa |
        groceries 60 visa | expense | 60.00 | USD | 2026-03-18 |  |  | Food & Dining:Groceries | Visa |
        dinner 45 amex | expense | 45.00 | USD | 2026-03-18 |  | dinner | Food & Dining:Restaurants | Amex Gold |
        target 30 amex gold | expense | 30.00 | USD | 2026-03-18 |  | Target | Shopping | Amex Gold |
        uber 15 with cash | expense | 15.00 | USD | 2026-03-18 |  | Uber | Auto & Transport:Ride Share | Wallet |
        gas 40 debit | expense | 40.00 | USD | 2026-03-18 |  |  | Auto & Transport:Gas & Fuel | Checking |
        rent 1850 from checking | expense | 1850.00 | USD | 2026-03-18 |  |  | Bills & Utilities:Rent | Checking |
        starbucks 5 wallet | expense | 5.00 | USD | 2026-03-18 |  | Starbucks Coffee | Food & Dining:Coffee Shops | Wallet |
        netflix 15.49 amex | expense | 15.49 | USD | 2026-03-18 |  | Netflix | Entertainment:Streaming | Amex Gold |
        movie 12 paid with visa | expense | 12.00 | USD | 2026-03-18 |  |  | Entertainment:Movies | Visa |
        40 groceries on amex | expense | 40.00 | USD | 2026-03-18 |  |  | Food & Dining:Groceries | Amex Gold |
        coffee 3 via venmo | expense | 3.00 | USD | 2026-03-18 |  |  | Food & Dining:Coffee Shops | Venmo |
        starbucks 4.50 cash | expense | 4.50 | USD | 2026-03-18 |  | Starbucks Coffee | Food & Dining:Coffee Shops | Wallet |
        chipotle 12 debit card | expense | 12.00 | USD | 2026-03-18 |  | Chipotle | Food & Dining:Fast Food | Checking |
        uber 20 credit card | expense | 20.00 | USD | 2026-03-18 |  | Uber | Auto & Transport:Ride Share | Visa |
        whole foods 50 card | expense | 50.00 | USD | 2026-03-18 |  | Whole Foods Market | Food & Dining:Groceries | Visa |
        cash 20 farmers market | expense | 20.00 | USD | 2026-03-18 |  | Farmers Market |  | Wallet |
        paid cash 12 haircut | expense | 12.00 | USD | 2026-03-18 |  | haircut | Personal Care:Hair | Wallet |
        +4.12 interest savings | income | 4.12 | USD | 2026-03-18 |  |  | Income:Interest | Savings |
        interest 3.80 savings | income | 3.80 | USD | 2026-03-18 |  |  | Income:Interest | Savings |
        taxi 25 cash | expense | 25.00 | USD | 2026-03-18 |  | taxi | Auto & Transport:Ride Share | Wallet |
        lunch 15 venmo | expense | 15.00 | USD | 2026-03-18 |  | lunch | Food & Dining:Restaurants | Venmo |
        groceries 75.20 checking | expense | 75.20 | USD | 2026-03-18 |  |  | Food & Dining:Groceries | Checking |
        gas 45 visa yesterday | expense | 45.00 | USD | 2026-03-17 |  |  | Auto & Transport:Gas & Fuel | Visa |
        coffee 4 by card | expense | 4.00 | USD | 2026-03-18 |  |  | Food & Dining:Coffee Shops | Visa |
        zara 80 on visa | expense | 80.00 | USD | 2026-03-18 |  | Zara | Shopping:Clothing | Visa |
        target 25 cash | expense | 25.00 | USD | 2026-03-18 |  | Target | Shopping | Wallet |
        costco 150 debit | expense | 150.00 | USD | 2026-03-18 |  | Costco | Food & Dining:Groceries | Checking |
        amazon 35 visa | expense | 35.00 | USD | 2026-03-18 |  | Amazon | Shopping | Visa |
        dinner 90 amex gold | expense | 90.00 | USD | 2026-03-18 |  | dinner | Food & Dining:Restaurants | Amex Gold |
        pharmacy 14 CASH | expense | 14.00 | USD | 2026-03-18 |  |  | Health & Fitness:Pharmacy | Wallet |
        uber 11 VISA | expense | 11.00 | USD | 2026-03-18 |  | Uber | Auto & Transport:Ride Share | Visa |
        movies 26 Amex | expense | 26.00 | USD | 2026-03-18 |  |  | Entertainment:Movies | Amex Gold |
        books 12 cash | expense | 12.00 | USD | 2026-03-18 |  |  | Shopping:Books | Wallet |
        shell 52 visa | expense | 52.00 | USD | 2026-03-18 |  | Shell | Auto & Transport:Gas & Fuel | Visa |
        # --- a payee introduced by at, @ or from
        groceries 23 at corner store | expense | 23.00 | USD | 2026-03-18 |  | corner store | Food & Dining:Groceries |  |
        coffee 4 at blue bottle | expense | 4.00 | USD | 2026-03-18 |  | Blue Bottle Coffee | Food & Dining:Coffee Shops | Visa |
        lunch 15 at sushi zen | expense | 15.00 | USD | 2026-03-18 |  | sushi zen | Food & Dining:Restaurants |  | lunch
        dinner @ nopa 85 | expense | 85.00 | USD | 2026-03-18 |  | nopa | Food & Dining:Restaurants |  | dinner
        drinks 40 at toronado | expense | 40.00 | USD | 2026-03-18 |  | Toronado Pub | Food & Dining:Alcohol & Bars | Wallet | drinks
        4.50 @ starbucks | expense | 4.50 | USD | 2026-03-18 |  | Starbucks Coffee | Food & Dining:Coffee Shops | Visa |
        +50 from mom | income | 50.00 | USD | 2026-03-18 |  | mom |  |  |
        +120 from john for concert tickets | income | 120.00 | USD | 2026-03-18 |  | john |  |  | for concert tickets
        coffee 3.50 at philz | expense | 3.50 | USD | 2026-03-18 |  | philz | Food & Dining:Coffee Shops |  |
        gas 38 at arco | expense | 38.00 | USD | 2026-03-18 |  | arco | Auto & Transport:Gas & Fuel |  |
        books 22 at green apple | expense | 22.00 | USD | 2026-03-18 |  | green apple | Shopping:Books |  |
        haircut 30 at supercuts | expense | 30.00 | USD | 2026-03-18 |  | supercuts | Personal Care:Hair |  | haircut
        lunch 14 at chipotle with sam | expense | 14.00 | USD | 2026-03-18 |  | Chipotle | Food & Dining:Fast Food | Visa | lunch with sam
        dinner 120 at chez panisse - birthday | expense | 120.00 | USD | 2026-03-18 |  | chez panisse | Food & Dining:Restaurants |  | dinner birthday
        coffee 4.50 @starbucks | expense | 4.50 | USD | 2026-03-18 |  | Starbucks Coffee | Food & Dining:Coffee Shops | Visa |
        # --- income
        +3200 acme corp | income | 3200.00 | USD | 2026-03-18 |  | Acme Corp | Income:Salary | Checking |
        acme 3200 | income | 3200.00 | USD | 2026-03-18 |  | Acme Corp | Income:Salary | Checking |
        paycheck 2,150 acme | income | 2150.00 | USD | 2026-03-18 |  | Acme Corp | Income:Salary | Checking | paycheck
        salary 3.200,00 | income | 3200.00 | USD | 2026-03-18 |  |  | Income:Salary |  |
        +850 upwork freelance | income | 850.00 | USD | 2026-03-18 |  | Upwork | Income:Freelance | Checking |
        +2,500 freelance | income | 2500.00 | USD | 2026-03-18 |  |  | Income:Freelance |  |
        +25 refund amazon | income | 25.00 | USD | 2026-03-18 |  | Amazon | Shopping | Amex Gold | refund
        +40 sold bike | income | 40.00 | USD | 2026-03-18 |  | sold bike |  |  |
        +15 venmo from alex | income | 15.00 | USD | 2026-03-18 |  | alex |  | Venmo |
        upwork 1200 yesterday | income | 1200.00 | USD | 2026-03-17 |  | Upwork | Income:Freelance | Checking |
        +3200 salary checking | income | 3200.00 | USD | 2026-03-18 |  |  | Income:Salary | Checking |
        interest 0.87 | income | 0.87 | USD | 2026-03-18 |  |  | Income:Interest |  |
        +1500 | income | 1500.00 | USD | 2026-03-18 |  |  |  |  |
        salary +3200 acme | income | 3200.00 | USD | 2026-03-18 |  | Acme Corp | Income:Salary | Checking |
        freelance 450 3/13 | income | 450.00 | USD | 2026-03-13 |  |  | Income:Freelance |  |
        # --- notes after the record
        uber 15 cash - airport | expense | 15.00 | USD | 2026-03-18 |  | Uber | Auto & Transport:Ride Share | Wallet | airport
        dinner 60 olive garden; anniversary | expense | 60.00 | USD | 2026-03-18 |  | Olive Garden | Food & Dining:Restaurants | Visa | dinner anniversary
        target 45 // birthday present for sam | expense | 45.00 | USD | 2026-03-18 |  | Target | Shopping | Visa | birthday present for sam
        starbucks 4 - meeting with client | expense | 4.00 | USD | 2026-03-18 |  | Starbucks Coffee | Food & Dining:Coffee Shops | Visa | meeting with client
        lunch 14 with bob | expense | 14.00 | USD | 2026-03-18 |  | lunch | Food & Dining:Restaurants |  | with bob
        lunch with bob 14 | expense | 14.00 | USD | 2026-03-18 |  | lunch | Food & Dining:Restaurants |  | with bob
        starbucks 4.50 coffee with anna | expense | 4.50 | USD | 2026-03-18 |  | Starbucks Coffee | Food & Dining:Coffee Shops | Visa | with anna
        coffee 24 for the team | expense | 24.00 | USD | 2026-03-18 |  |  | Food & Dining:Coffee Shops |  | for the team
        uber 15 - groceries run | expense | 15.00 | USD | 2026-03-18 |  | Uber | Auto & Transport:Ride Share | Visa | groceries run
        target 45 - got cash back | expense | 45.00 | USD | 2026-03-18 |  | Target | Shopping | Visa | got cash back
        coffee 4.50 starbucks yesterday with anna | expense | 4.50 | USD | 2026-03-17 |  | Starbucks Coffee | Food & Dining:Coffee Shops | Visa | with anna
        uber 23.40 airport | expense | 23.40 | USD | 2026-03-18 |  | Uber | Auto & Transport:Ride Share | Visa | airport
        gas 40 chevron road trip | expense | 40.00 | USD | 2026-03-18 |  | Chevron | Auto & Transport:Gas & Fuel | Visa | road trip
        amazon 35 gift for mom | expense | 35.00 | USD | 2026-03-18 |  | Amazon | Gifts & Donations:Gift | Amex Gold | for mom
        target 20 for sam's birthday | expense | 20.00 | USD | 2026-03-18 |  | Target | Shopping | Visa | for sam's birthday
        dinner 85 olive garden with parents | expense | 85.00 | USD | 2026-03-18 |  | Olive Garden | Food & Dining:Restaurants | Visa | dinner with parents
        uber 12 to work | expense | 12.00 | USD | 2026-03-18 |  | Uber | Auto & Transport:Ride Share | Visa | to work
        lyft 22 from airport | expense | 22.00 | USD | 2026-03-18 |  | Lyft | Auto & Transport:Ride Share | Visa | from airport
        costco 230 - monthly stock up | expense | 230.00 | USD | 2026-03-18 |  | Costco | Food & Dining:Groceries | Amex Gold | monthly stock up
        bart 5.60 to sfo | expense | 5.60 | USD | 2026-03-18 |  | BART | Auto & Transport:Public Transportation | Checking | to sfo
        spotify 10.99 family plan | expense | 10.99 | USD | 2026-03-18 |  | Spotify | Entertainment:Streaming | Visa | family plan
        netflix 22.99 premium | expense | 22.99 | USD | 2026-03-18 |  | Netflix | Entertainment:Streaming | Visa | premium
        dr patel 40 copay | expense | 40.00 | USD | 2026-03-18 |  | Dr. Patel | Health & Fitness:Doctor | Checking | copay
        petco 42 dog food | expense | 42.00 | USD | 2026-03-18 |  | Petco | Pets | Visa | dog food
        pizza 18 - team lunch | expense | 18.00 | USD | 2026-03-18 |  | pizza | Food & Dining:Restaurants |  | team lunch
        lunch 12 with 3 friends | expense | 12.00 | USD | 2026-03-18 |  | lunch | Food & Dining:Restaurants |  | with 3 friends
        # --- messy typing
        coffee   4.50   starbucks | expense | 4.50 | USD | 2026-03-18 |  | Starbucks Coffee | Food & Dining:Coffee Shops | Visa |
        Coffee, 4.50, Starbucks | expense | 4.50 | USD | 2026-03-18 |  | Starbucks Coffee | Food & Dining:Coffee Shops | Visa |
        UBER 15 CASH | expense | 15.00 | USD | 2026-03-18 |  | Uber | Auto & Transport:Ride Share | Wallet |
        Whole Foods 82.10 Groceries | expense | 82.10 | USD | 2026-03-18 |  | Whole Foods Market | Food & Dining:Groceries | Visa |
        coffee 4.50 (starbucks) | expense | 4.50 | USD | 2026-03-18 |  | Starbucks Coffee | Food & Dining:Coffee Shops | Visa |
        lunch: 12.50 | expense | 12.50 | USD | 2026-03-18 |  | lunch | Food & Dining:Restaurants |  |
        Coffee - 4.50 | expense | 4.50 | USD | 2026-03-18 |  |  | Food & Dining:Coffee Shops |  |
        4.50 coffee. | expense | 4.50 | USD | 2026-03-18 |  |  | Food & Dining:Coffee Shops |  |
        starbucks 4.50 yesterday. | expense | 4.50 | USD | 2026-03-17 |  | Starbucks Coffee | Food & Dining:Coffee Shops | Visa |
        gas $40. | expense | 40.00 | USD | 2026-03-18 |  |  | Auto & Transport:Gas & Fuel |  |
        Netflix 15.49 Amex | expense | 15.49 | USD | 2026-03-18 |  | Netflix | Entertainment:Streaming | Amex Gold |
        groceries 82.1 | expense | 82.10 | USD | 2026-03-18 |  |  | Food & Dining:Groceries |  |
        Trader Joes 38.2 | expense | 38.20 | USD | 2026-03-18 |  | Trader Joe's | Food & Dining:Groceries | Visa |
        # --- no amount: the draft asks for one
        coffee starbucks | expense |  |  | 2026-03-18 |  | Starbucks Coffee | Food & Dining:Coffee Shops | Visa |
        lunch with bob | expense |  |  | 2026-03-18 |  | lunch | Food & Dining:Restaurants |  | with bob
        uber to airport yesterday | expense |  |  | 2026-03-17 |  | Uber | Auto & Transport:Ride Share | Visa | to airport
        groceries | expense |  |  | 2026-03-18 |  |  | Food & Dining:Groceries |  |
        netflix | expense |  |  | 2026-03-18 |  | Netflix | Entertainment:Streaming | Visa |
        coffee 4.505 | expense |  |  | 2026-03-18 |  |  | Food & Dining:Coffee Shops |  |
        dinner 0 | expense |  |  | 2026-03-18 |  | dinner | Food & Dining:Restaurants |  |
        starbucks yesterday 8am | expense |  |  | 2026-03-17 | 08:00 | Starbucks Coffee | Food & Dining:Coffee Shops | Visa |
        """
}
