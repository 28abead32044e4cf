#!/usr/bin/env python3
"""Renders the generated half of the receipt test set: receipts of shops in four countries, printed
in the fonts on this machine, then rotated, blurred, noised and saved as phone-quality JPEGs.
Seeded, so the set is the same every run. Writes generated/*.jpg and manifest.tsv (the expected
total, currency, date and shop of every image, and whether the shop is one the book knows).

    pip install pillow && python3 Tests/receipts/generate.py
"""
import os
import random
from datetime import date, timedelta

from PIL import Image, ImageDraw, ImageFilter, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "generated")
FONTS = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
]
FONTS += [f for f in ("/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf",
                      "/usr/share/fonts/truetype/roboto/unhinted/RobotoCondensed-Regular.ttf") if os.path.exists(f)]

# shop, country, known to the book
SHOPS = [
    ("Whole Foods Market", "us", True), ("Trader Joe's", "us", True), ("Target", "us", True),
    ("Walgreens", "us", False), ("Blue Bottle Coffee", "us", False), ("Home Depot", "us", True),
    ("Tesco", "uk", True), ("Sainsbury's", "uk", True), ("Pret A Manger", "uk", False), ("Boots", "uk", False),
    ("Lidl", "de", True), ("Rewe", "de", True), ("dm-drogerie markt", "de", False), ("Edeka", "de", False),
    ("Carrefour", "fr", True), ("Monoprix", "fr", True), ("Boulangerie Paul", "fr", False), ("Fnac", "fr", False),
]
ITEMS = {
    "en": ["BANANAS", "ORGANIC MILK", "BREAD", "EGGS 12CT", "COFFEE", "AVOCADO", "CHEESE", "PASTA", "SHAMPOO",
           "BATTERIES", "SANDWICH", "APPLES", "YOGURT", "TOMATOES"],
    "de": ["Milch", "Brot", "Butter", "Kaese", "Aepfel", "Joghurt", "Kaffee", "Nudeln", "Tomaten", "Wasser"],
    "fr": ["Baguette", "Lait", "Beurre", "Fromage", "Pommes", "Yaourt", "Cafe", "Pates", "Tomates", "Eau"],
}


def money(cents, comma):
    text = f"{cents // 100}.{cents % 100:02d}"
    return text.replace(".", ",") if comma else text


def receipt(rng, shop, country, day):
    """The lines of one receipt and its total in cents."""
    lang = {"us": "en", "uk": "en", "de": "de", "fr": "fr"}[country]
    comma = country in ("de", "fr")
    items = [(rng.choice(ITEMS[lang]), rng.randint(49, 2499)) for _ in range(rng.randint(2, 7))]
    subtotal = sum(c for _, c in items)
    tax = subtotal * rng.choice([0, 5, 7, 8]) // 100 if country == "us" else 0
    total = subtotal + tax
    cash = ((total // 1000) + rng.randint(1, 5)) * 1000  # handed over: larger than the total
    sign = {"us": "$", "uk": "£", "de": "", "fr": ""}[country]
    lines = [shop.upper() if rng.random() < 0.6 else shop]
    lines.append(rng.choice(["123 Main Street", "Store #0452", "45 High St", "Hauptstr. 12", "12 rue de Rivoli"]))
    lines.append(rng.choice(["Tel 555-0142", "www.example.com", ""]))
    if country == "us":
        written = rng.choice([day.strftime("%m/%d/%Y"), day.strftime("%m/%d/%y"), day.isoformat(),
                              day.strftime("%b %d, %Y")])
    elif country == "uk":
        written = rng.choice([day.strftime("%d/%m/%Y"), day.strftime("%d %b %Y"), day.isoformat()])
    else:
        written = rng.choice([day.strftime("%d.%m.%Y"), day.strftime("%d/%m/%Y"), day.strftime("%d.%m.%y")])
    time = f"{rng.randint(8, 21):02d}:{rng.randint(0, 59):02d}"
    date_first = rng.random() < 0.5
    if date_first:
        lines.append(f"{written}  {time}")
    width = 30
    for name, cents in items:
        price = sign + money(cents, comma)
        lines.append(name + " " * max(1, width - len(name) - len(price)) + price)
    labels = {
        "us": ("SUBTOTAL", "TAX", rng.choice(["TOTAL", "TOTAL", "Amount due", "BALANCE DUE"]), "CASH", "CHANGE"),
        "uk": ("SUBTOTAL", "VAT incl.", rng.choice(["TOTAL", "Balance due", "Total"]), "CASH", "CHANGE"),
        "de": ("Zwischensumme", "MwSt 7%", rng.choice(["SUMME EUR", "Summe", "Gesamt", "zu zahlen"]), "Gegeben", "Rückgeld"),
        "fr": ("Sous-total", "TVA 5,5%", rng.choice(["TOTAL TTC", "Total", "A PAYER", "Net à payer"]), "Espèces", "Rendu"),
    }[country]
    def row(label, cents):
        price = sign + money(cents, comma) + (" EUR" if country in ("de", "fr") and rng.random() < 0.3 else "")
        return label + " " * max(1, width - len(label) - len(price)) + price
    lines.append("-" * width)
    lines.append(row(labels[0], subtotal))
    lines.append(row(labels[1], tax if country == "us" else total * 7 // 107))
    lines.append(row(labels[2], total))
    lines.append(row(labels[3], cash))
    lines.append(row(labels[4], cash - total))
    if not date_first:
        lines.append(f"{written}  {time}")
    lines.append(rng.choice(["THANK YOU", "Vielen Dank", "Merci de votre visite", "Thank you for shopping"]))
    return [l for l in lines if l != ""], total


def render(rng, lines, path):
    font = ImageFont.truetype(rng.choice(FONTS), rng.randint(22, 28))
    height = font.getbbox("Hg")[3] + 8
    width = max(int(font.getlength(l)) for l in lines) + 80
    paper = rng.randint(225, 250)
    image = Image.new("L", (width, height * len(lines) + 80), paper)
    draw = ImageDraw.Draw(image)
    ink = rng.randint(10, 70)
    for i, line in enumerate(lines):
        draw.text((40, 40 + i * height), line, font=font, fill=ink)
    image = image.rotate(rng.uniform(-4, 4), resample=Image.BICUBIC, expand=True, fillcolor=paper - 40)
    image = image.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 1.1)))
    noise = Image.effect_noise(image.size, rng.uniform(8, 22))
    image = Image.blend(image, noise, 0.12)
    # A little darker at one side, as a photo under a lamp is.
    shade = Image.linear_gradient("L").rotate(rng.choice([0, 90, 180, 270])).resize(image.size)
    image = Image.blend(image, shade, 0.08)
    image.save(path, "JPEG", quality=rng.randint(60, 80))


def main():
    rng = random.Random(28)
    os.makedirs(OUT, exist_ok=True)
    rows = ["file\ttotal\tcurrency\tdate\tshop\tknown\tsource\tlicence"]
    start = date(2025, 1, 1)
    for n in range(44):
        shop, country, known = SHOPS[n % len(SHOPS)]
        day = start + timedelta(days=rng.randint(0, 400))
        lines, total = receipt(rng, shop, country, day)
        name = f"generated/r{n + 1:02d}-{country}.jpg"
        render(rng, lines, os.path.join(HERE, name))
        currency = {"us": "USD", "uk": "GBP", "de": "EUR", "fr": "EUR"}[country]
        rows.append(f"{name}\t{total // 100}.{total % 100:02d}\t{currency}\t{day.isoformat()}\t{shop}\t"
                    f"{'yes' if known else 'no'}\tgenerated by generate.py\tCC0 (made here)")
    # The rows of real receipts (real/, see real/SOURCES.md) are kept as they are.
    manifest = os.path.join(HERE, "manifest.tsv")
    if os.path.exists(manifest):
        with open(manifest) as old:
            rows += [line.rstrip("\n") for line in old.readlines()[1:]
                     if line.strip() and not line.startswith("generated/")]
    with open(manifest, "w") as out:
        out.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
