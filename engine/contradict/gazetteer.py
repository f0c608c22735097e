"""Places below the country level, each with the set of countries it lies in today.

A state, province, region, island, mountain range, desert, lake or city maps to every country
any part of it lies in, so "Tasmania" is Australia and "Patagonia" is Argentina and Chile.
Two places disagree only where their country sets share no country: "in Tuscany" and "in
Italy" agree, "in Tasmania" and "in New Zealand" do not. Names that are also a country or a
continent, or that name well-known places in different countries ("Victoria", "Georgia"), or
that read as common words or first names, are left out. Each accented name is also held
without its accents ("Zurich" for "Zürich").
"""

from __future__ import annotations

import re
import unicodedata

_COUNTRY_FORM = re.compile(r"[A-Z][a-z]+(?:[ -](?:and|[A-Z][a-z]+))*")
# letters that Unicode does not split into a base letter and a mark
_PLAIN_LETTERS = str.maketrans(
    {"ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "æ": "ae", "Æ": "Ae", "ß": "ss", "đ": "d", "ı": "i"},
)


def without_accents(name: str) -> str:
    """`name` without its accents ("Île de la Cité" -> "Ile de la Cite")."""
    decomposed = unicodedata.normalize("NFKD", name.translate(_PLAIN_LETTERS))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def spec_entries(spec: str) -> list[tuple[int, str]]:
    """The entries of `spec` with the number of the line each starts on: "#" lines and blank
    lines skipped, a line ending in a comma joined to the next."""
    entries: list[tuple[int, str]] = []
    start, held = 0, ""
    for number, raw in enumerate(spec.splitlines(), 1):
        line = raw.strip()
        if not held and (not line or line.startswith("#")):
            continue
        start, held = (start, f"{held} {line}") if held else (number, line)
        if not held.endswith(","):
            entries.append((start, held))
            held = ""
    if held:
        entries.append((start, held))
    return entries


def _table(spec: str) -> dict[str, frozenset[str]]:
    """Read `spec`, one "Place: Country, Country" a line (a long list of countries may go on
    after a line-ending comma), into place -> countries, adding each accented place's
    accent-free spelling unless that spelling is a place of its own ("Munster" is Irish,
    "Münster" German). A place given twice (however capitalised), an entry without a colon,
    an empty side, a country not written as capitalised words or named twice, or two accented
    places that read alike without accents but lie apart raise `ValueError`."""
    table: dict[str, frozenset[str]] = {}
    folded: set[str] = set()
    for number, raw in spec_entries(spec):
        place, colon, rest = raw.partition(":")
        place = " ".join(place.split())
        countries = [" ".join(c.split()) for c in rest.split(",")]
        if not colon or not place or not (place[0].isupper() or place[0].isdigit()):
            raise ValueError(f"line {number}: expected 'Place: Country[, Country...]': {raw!r}")
        for country in countries:
            if not _COUNTRY_FORM.fullmatch(country):
                raise ValueError(f"line {number}: not a country name: {country!r}")
        if len(set(countries)) != len(countries):
            raise ValueError(f"line {number}: a country named twice: {raw!r}")
        if place.casefold() in folded:
            raise ValueError(f"line {number}: place given twice: {place!r}")
        folded.add(place.casefold())
        table[place] = frozenset(countries)
    plain: dict[str, frozenset[str]] = {}
    for place, found in table.items():
        name = without_accents(place)
        if name == place or name.casefold() in folded:
            continue
        if plain.setdefault(name, found) != found:
            raise ValueError(f"{name!r} reads as two places that lie apart")
    return table | plain


#: Place below the country (as written in English prose, with its usual capitals) -> the
#: countries it lies in, each spelled exactly as in `locations._COUNTRY_NAMES`.
PLACE_COUNTRIES: dict[str, frozenset[str]] = _table("""
# ---- United States: states ("Georgia" and "Washington" left out) and districts
Alabama: United States
Alaska: United States
Arizona: United States
Arkansas: United States
California: United States
Colorado: United States
Connecticut: United States
Delaware: United States
Florida: United States
Hawaii: United States
Idaho: United States
Illinois: United States
Indiana: United States
Iowa: United States
Kansas: United States
Kentucky: United States
Louisiana: United States
Maine: United States
Maryland: United States
Massachusetts: United States
Michigan: United States
Minnesota: United States
Mississippi: United States
Missouri: United States
Montana: United States
Nebraska: United States
Nevada: United States
New Hampshire: United States
New Jersey: United States
New Mexico: United States
New York: United States
New York State: United States
North Carolina: United States
North Dakota: United States
Ohio: United States
Oklahoma: United States
Oregon: United States
Pennsylvania: United States
Rhode Island: United States
South Carolina: United States
South Dakota: United States
Tennessee: United States
Texas: United States
Utah: United States
Vermont: United States
Virginia: United States
Washington State: United States
West Virginia: United States
Wisconsin: United States
Wyoming: United States
District of Columbia: United States
Washington, D.C.: United States
Washington DC: United States
Puerto Rico: United States
Guam: United States
American Samoa: United States
Northern Mariana Islands: United States
Saipan: United States
US Virgin Islands: United States
Virgin Islands: United States, United Kingdom
Midway Atoll: United States
Wake Island: United States

# ---- United States: regions, mountains, deserts, parks, lakes and rivers
New England: United States
Midwest: United States
Deep South: United States
Appalachia: United States
Pacific Northwest: United States, Canada
Great Plains: United States, Canada
Great Basin: United States
Rocky Mountains: United States, Canada
Rockies: United States, Canada
Appalachian Mountains: United States, Canada
Appalachians: United States, Canada
Cascade Range: United States, Canada
Blue Ridge Mountains: United States
Great Smoky Mountains: United States
Smoky Mountains: United States
Ozarks: United States
Ozark Mountains: United States
Adirondacks: United States
Adirondack Mountains: United States
Catskills: United States
Catskill Mountains: United States
Berkshires: United States
Poconos: United States
Black Hills: United States
Teton Range: United States
Grand Tetons: United States
Mojave Desert: United States
Sonoran Desert: United States, Mexico
Chihuahuan Desert: Mexico, United States
Death Valley: United States
Grand Canyon: United States
Yellowstone: United States
Yellowstone National Park: United States
Yosemite: United States
Yosemite Valley: United States
Yosemite National Park: United States
Zion National Park: United States
Bryce Canyon: United States
Monument Valley: United States
Mesa Verde: United States
Chaco Canyon: United States
Everglades: United States
Okefenokee Swamp: United States
Florida Keys: United States
Key West: United States
Cape Cod: United States
Martha's Vineyard: United States
Nantucket: United States
Long Island: United States
Outer Banks: United States
Cape Hatteras: United States
Cape Canaveral: United States
Kitty Hawk: United States
Chesapeake Bay: United States
Puget Sound: United States
San Francisco Bay: United States
San Francisco Bay Area: United States
Silicon Valley: United States
Napa Valley: United States
Sonoma: United States
Big Sur: United States
Lake Tahoe: United States
Great Salt Lake: United States
Lake Okeechobee: United States
Lake Michigan: United States
Lake Superior: United States, Canada
Lake Huron: United States, Canada
Lake Erie: United States, Canada
Lake Ontario: United States, Canada
Great Lakes: United States, Canada
Lake Champlain: United States, Canada
Niagara Falls: United States, Canada
Thousand Islands: United States, Canada
Mississippi River: United States
Mississippi Delta: United States
Missouri River: United States
Ohio River: United States
Ohio Valley: United States
Hudson River: United States
Hudson Valley: United States
Shenandoah Valley: United States
Tennessee Valley: United States
Colorado River: United States, Mexico
Rio Grande: United States, Mexico
Columbia River: United States, Canada
Yukon River: United States, Canada
Mount Rushmore: United States
Mount Rainier: United States
Mount St. Helens: United States
Mount Whitney: United States
Mount Hood: United States
Pikes Peak: United States
Denali: United States
Mount McKinley: United States
Mauna Kea: United States
Mauna Loa: United States
Kilauea: United States
Oahu: United States
Maui: United States
Kauai: United States
Molokai: United States
Waikiki: United States
Pearl Harbor: United States
Aleutian Islands: United States
Kodiak Island: United States
Olympic Peninsula: United States
Alcatraz: United States

# ---- United States: cities and districts
New York City: United States
Manhattan: United States
Brooklyn: United States
Bronx: United States
The Bronx: United States
Staten Island: United States
Harlem: United States
Greenwich Village: United States
Los Angeles: United States
Hollywood: United States
Beverly Hills: United States
Santa Monica: United States
Malibu: United States
Pasadena: United States
Anaheim: United States
Long Beach: United States
San Diego: United States
San Francisco: United States
Oakland: United States
Berkeley: United States
Palo Alto: United States
Sacramento: United States
Fresno: United States
Santa Barbara: United States
Monterey: United States
Chicago: United States
Boston: United States
Philadelphia: United States
Pittsburgh: United States
Baltimore: United States
Annapolis: United States
Seattle: United States
Tacoma: United States
Spokane: United States
Portland: United States
Houston: United States
Dallas: United States
Fort Worth: United States
Austin: United States
San Antonio: United States
El Paso: United States
Galveston: United States
Miami: United States
Miami Beach: United States
Fort Lauderdale: United States
Tampa: United States
Jacksonville: United States
Tallahassee: United States
Atlanta: United States
Denver: United States
Colorado Springs: United States
Detroit: United States
Ann Arbor: United States
Las Vegas: United States
Reno: United States
New Orleans: United States
Baton Rouge: United States
Nashville: United States
Knoxville: United States
Chattanooga: United States
Louisville: United States
Lexington: United States
Cleveland: United States
Cincinnati: United States
Minneapolis: United States
Milwaukee: United States
St. Louis: United States
St Louis: United States
Kansas City: United States
Omaha: United States
Des Moines: United States
Wichita: United States
Oklahoma City: United States
Tulsa: United States
Little Rock: United States
Indianapolis: United States
Salt Lake City: United States
Boise: United States
Albuquerque: United States
Santa Fe: United States, Argentina
Los Alamos: United States
Roswell: United States
Tucson: United States
Flagstaff: United States
Scottsdale: United States
Anchorage: United States
Juneau: United States
Fairbanks: United States
Honolulu: United States
Charleston: United States
Newark: United States
Jersey City: United States
Hoboken: United States
Atlantic City: United States
Princeton: United States
New Haven: United States
Gettysburg: United States
Williamsburg: United States
Norfolk: United Kingdom, United States

# ---- Canada: provinces, territories, places
Ontario: Canada
Québec: Canada
British Columbia: Canada
Alberta: Canada
Manitoba: Canada
Saskatchewan: Canada
Nova Scotia: Canada
New Brunswick: Canada, United States
Prince Edward Island: Canada
Newfoundland and Labrador: Canada
Newfoundland: Canada
Labrador: Canada
Yukon: Canada
Northwest Territories: Canada
Nunavut: Canada
Acadia: Canada, United States
Klondike: Canada
Canadian Shield: Canada, United States
Canadian Rockies: Canada
Vancouver Island: Canada
Haida Gwaii: Canada
Queen Charlotte Islands: Canada
Cape Breton Island: Canada
Cape Breton: Canada
Anticosti Island: Canada
Baffin Island: Canada
Ellesmere Island: Canada
Victoria Island: Canada
Devon Island: Canada
Hudson Bay: Canada
James Bay: Canada
Bay of Fundy: Canada
Great Bear Lake: Canada
Great Slave Lake: Canada
Lake Winnipeg: Canada
Lake Louise: Canada
Banff: Canada
Banff National Park: Canada
Okanagan: Canada
Okanagan Valley: Canada
Muskoka: Canada
Mackenzie River: Canada
St. Lawrence River: Canada, United States
Toronto: Canada
Montréal: Canada
Ottawa: Canada
Québec City: Canada
Vancouver: Canada
Calgary: Canada
Edmonton: Canada
Winnipeg: Canada
Saskatoon: Canada
Fredericton: Canada
Charlottetown: Canada
Whitehorse: Canada
Yellowknife: Canada
Iqaluit: Canada
Trois-Rivières: Canada

# ---- Mexico, Central America, the Caribbean
Aguascalientes: Mexico
Baja California: Mexico
Baja California Sur: Mexico
Campeche: Mexico
Chiapas: Mexico
Chihuahua: Mexico
Coahuila: Mexico
Colima: Mexico
Guanajuato: Mexico
Guerrero: Mexico
Jalisco: Mexico
Michoacán: Mexico
Morelos: Mexico
Nayarit: Mexico
Nuevo León: Mexico
Oaxaca: Mexico
Puebla: Mexico
Querétaro: Mexico
Quintana Roo: Mexico
San Luis Potosí: Mexico
Sinaloa: Mexico
Sonora: Mexico
Tabasco: Mexico
Tamaulipas: Mexico
Tlaxcala: Mexico
Veracruz: Mexico
Yucatán: Mexico
Yucatán Peninsula: Mexico, Guatemala, Belize
Zacatecas: Mexico
Mexico City: Mexico
Guadalajara: Mexico, Spain
Monterrey: Mexico
Tijuana: Mexico
Ciudad Juárez: Mexico
Cancún: Mexico
Acapulco: Mexico
Puerto Vallarta: Mexico
Tulum: Mexico
Cozumel: Mexico
Chichén Itzá: Mexico
Teotihuacan: Mexico
Palenque: Mexico
Copper Canyon: Mexico
Popocatépetl: Mexico
Gulf of California: Mexico
Sea of Cortez: Mexico
Gulf of Mexico: United States, Mexico, Cuba
Guatemala City: Guatemala
Antigua Guatemala: Guatemala
Tikal: Guatemala
Petén: Guatemala
Lake Atitlán: Guatemala
Quetzaltenango: Guatemala
Belize City: Belize
Belmopan: Belize
Ambergris Caye: Belize
Tegucigalpa: Honduras
San Pedro Sula: Honduras
Roatán: Honduras
Copán: Honduras
Mosquito Coast: Honduras, Nicaragua
Managua: Nicaragua
Lake Nicaragua: Nicaragua
Ometepe: Nicaragua
Granada: Spain, Nicaragua
San Salvador: El Salvador
Monteverde: Costa Rica
Guanacaste: Costa Rica
Arenal: Costa Rica
Tortuguero: Costa Rica
Panama City: Panama
Panama Canal: Panama
Bocas del Toro: Panama
Darién Gap: Panama, Colombia
Havana: Cuba
Varadero: Cuba
Santiago de Cuba: Cuba
Camagüey: Cuba
Cienfuegos: Cuba
Pinar del Río: Cuba
Viñales: Cuba
Bay of Pigs: Cuba
Guantánamo: Cuba
Guantánamo Bay: Cuba
Hispaniola: Haiti, Dominican Republic
Port-au-Prince: Haiti
Santo Domingo: Dominican Republic
Punta Cana: Dominican Republic
Puerto Plata: Dominican Republic
Montego Bay: Jamaica
Negril: Jamaica
Ocho Rios: Jamaica
Bridgetown: Barbados
Roseau: Dominica
Port of Spain: Trinidad and Tobago
Tobago: Trinidad and Tobago
Grand Bahama: Bahamas
Bermuda: United Kingdom
Cayman Islands: United Kingdom
Grand Cayman: United Kingdom
British Virgin Islands: United Kingdom
Turks and Caicos Islands: United Kingdom
Anguilla: United Kingdom
Aruba: Netherlands
Curaçao: Netherlands
Bonaire: Netherlands
Sint Maarten: Netherlands
Saint Martin: France, Netherlands
Guadeloupe: France
Martinique: France
Saint Barthélemy: France
Saint Pierre and Miquelon: France

# ---- South America
Patagonia: Argentina, Chile
Tierra del Fuego: Argentina, Chile
Andes: Argentina, Bolivia, Chile, Colombia, Ecuador, Peru, Venezuela
Andes Mountains: Argentina, Bolivia, Chile, Colombia, Ecuador, Peru, Venezuela
Altiplano: Bolivia, Peru, Chile, Argentina
Amazon rainforest: Brazil, Peru, Colombia, Venezuela, Ecuador, Bolivia, Guyana, Suriname, France
Amazon Basin: Brazil, Peru, Colombia, Venezuela, Ecuador, Bolivia, Guyana, Suriname, France
Amazonia: Brazil, Peru, Colombia, Venezuela, Ecuador, Bolivia, Guyana, Suriname, France
Amazon River: Peru, Colombia, Brazil
Amazonas: Brazil, Colombia, Peru, Venezuela
Pantanal: Brazil, Bolivia, Paraguay
Gran Chaco: Argentina, Paraguay, Bolivia, Brazil
Pampas: Argentina, Uruguay, Brazil
Llanos: Colombia, Venezuela
Orinoco: Venezuela, Colombia
Orinoco River: Venezuela, Colombia
Orinoco Delta: Venezuela
Río de la Plata: Argentina, Uruguay
Iguazu Falls: Argentina, Brazil
Iguaçu Falls: Argentina, Brazil
Iguassu Falls: Argentina, Brazil
Angel Falls: Venezuela
Mount Roraima: Venezuela, Brazil, Guyana
Lake Titicaca: Peru, Bolivia
Lake Maracaibo: Venezuela
Guajira Peninsula: Colombia, Venezuela
Atacama Desert: Chile, Peru
Atacama: Chile
Aconcagua: Argentina
Perito Moreno Glacier: Argentina
Torres del Paine: Chile
Easter Island: Chile
Rapa Nui: Chile
Juan Fernández Islands: Chile
Chiloé: Chile
Chiloé Island: Chile
Araucanía: Chile
Magallanes: Chile
Punta Arenas: Chile
Valparaíso: Chile
Viña del Mar: Chile
Santiago de Chile: Chile
Buenos Aires: Argentina
Mendoza: Argentina
Salta: Argentina
Jujuy: Argentina
Tucumán: Argentina
Neuquén: Argentina
Chubut: Argentina
Entre Ríos: Argentina
Corrientes: Argentina
Misiones: Argentina
La Pampa: Argentina
Mar del Plata: Argentina
Ushuaia: Argentina
Bariloche: Argentina
San Carlos de Bariloche: Argentina
Montevideo: Uruguay
Punta del Este: Uruguay
Colonia del Sacramento: Uruguay
Asunción: Paraguay
Ciudad del Este: Paraguay
La Paz: Bolivia, Mexico
Sucre: Bolivia
Cochabamba: Bolivia
Potosí: Bolivia
Oruro: Bolivia
Uyuni: Bolivia
Salar de Uyuni: Bolivia
Yungas: Bolivia
Lima: Peru
Cusco: Peru
Cuzco: Peru
Machu Picchu: Peru
Sacred Valley: Peru
Arequipa: Peru
Iquitos: Peru
Puno: Peru
Nazca: Peru
Nazca Lines: Peru
Quito: Ecuador
Guayaquil: Ecuador
Galápagos: Ecuador
Galápagos Islands: Ecuador
Chimborazo: Ecuador
Cotopaxi: Ecuador
Bogotá: Colombia
Medellín: Colombia
Cali: Colombia
Barranquilla: Colombia
Antioquia: Colombia
La Guajira: Colombia
Chocó: Colombia
Caracas: Venezuela
Maracaibo: Venezuela
Zulia: Venezuela
Margarita Island: Venezuela
Isla Margarita: Venezuela
Paramaribo: Suriname
French Guiana: France
Cayenne: France
Rio de Janeiro: Brazil
São Paulo: Brazil
Brasília: Brazil
Bahia: Brazil
Minas Gerais: Brazil
Rio Grande do Sul: Brazil
Rio Grande do Norte: Brazil
Santa Catarina: Brazil
Pernambuco: Brazil
Ceará: Brazil
Mato Grosso: Brazil
Mato Grosso do Sul: Brazil
Goiás: Brazil
Maranhão: Brazil
Piauí: Brazil
Rondônia: Brazil
Roraima: Brazil
Amapá: Brazil
Tocantins: Brazil
Alagoas: Brazil
Sergipe: Brazil
Paraíba: Brazil
Espírito Santo: Brazil
Recife: Brazil
Fortaleza: Brazil
Belo Horizonte: Brazil
Manaus: Brazil
Porto Alegre: Brazil
Curitiba: Brazil
Florianópolis: Brazil
Ipanema: Brazil
Marajó: Brazil
Fernando de Noronha: Brazil
Falkland Islands: United Kingdom
Falklands: United Kingdom

# ---- United Kingdom and Ireland
Northern Ireland: United Kingdom
Ulster: United Kingdom, Ireland
London: United Kingdom
Westminster: United Kingdom
Notting Hill: United Kingdom
Manchester: United Kingdom
Liverpool: United Kingdom
Leeds: United Kingdom
Sheffield: United Kingdom
Bristol: United Kingdom
Nottingham: United Kingdom
Leicester: United Kingdom
Coventry: United Kingdom
Bradford: United Kingdom
Oxford: United Kingdom
Canterbury: United Kingdom, New Zealand
York: United Kingdom
Southampton: United Kingdom
Brighton: United Kingdom
Exeter: United Kingdom
Norwich: United Kingdom
Winchester: United Kingdom
Newcastle upon Tyne: United Kingdom
Sunderland: United Kingdom
Middlesbrough: United Kingdom
Kingston upon Hull: United Kingdom
Stoke-on-Trent: United Kingdom
Wolverhampton: United Kingdom
Blackpool: United Kingdom
Stratford-upon-Avon: United Kingdom
Cardiff: United Kingdom
Swansea: United Kingdom
Aberystwyth: United Kingdom
Edinburgh: United Kingdom
Glasgow: United Kingdom
Aberdeen: United Kingdom
Dundee: United Kingdom
Inverness: United Kingdom
St Andrews: United Kingdom
Belfast: United Kingdom
Derry: United Kingdom
Londonderry: United Kingdom
Armagh: United Kingdom
Cornwall: United Kingdom
Devon: United Kingdom
Dorset: United Kingdom
Somerset: United Kingdom
Wiltshire: United Kingdom
Hampshire: United Kingdom
Kent: United Kingdom
Sussex: United Kingdom
Surrey: United Kingdom, Canada
Essex: United Kingdom
Suffolk: United Kingdom
Berkshire: United Kingdom
Buckinghamshire: United Kingdom
Hertfordshire: United Kingdom
Oxfordshire: United Kingdom
Gloucestershire: United Kingdom
Cambridgeshire: United Kingdom
Lincolnshire: United Kingdom
Northamptonshire: United Kingdom
Warwickshire: United Kingdom
Worcestershire: United Kingdom
Herefordshire: United Kingdom
Shropshire: United Kingdom
Staffordshire: United Kingdom
Derbyshire: United Kingdom
Nottinghamshire: United Kingdom
Leicestershire: United Kingdom
Cheshire: United Kingdom
Lancashire: United Kingdom
Yorkshire: United Kingdom
Cumbria: United Kingdom
Northumberland: United Kingdom
Merseyside: United Kingdom
Greater Manchester: United Kingdom
Tyneside: United Kingdom
East Anglia: United Kingdom
West Midlands: United Kingdom
East Midlands: United Kingdom
West Country: United Kingdom
Home Counties: United Kingdom
Lake District: United Kingdom
Cotswolds: United Kingdom
Peak District: United Kingdom
Yorkshire Dales: United Kingdom
North York Moors: United Kingdom
Pennines: United Kingdom
Chiltern Hills: United Kingdom
Chilterns: United Kingdom
Dartmoor: United Kingdom
Exmoor: United Kingdom
New Forest: United Kingdom
South Downs: United Kingdom
North Downs: United Kingdom
Norfolk Broads: United Kingdom
Jurassic Coast: United Kingdom
Land's End: United Kingdom
Isle of Wight: United Kingdom
Isles of Scilly: United Kingdom
Lundy: United Kingdom
Lindisfarne: United Kingdom
Hadrian's Wall: United Kingdom
Stonehenge: United Kingdom
Avebury: United Kingdom
Thames: United Kingdom
River Thames: United Kingdom
Thames Valley: United Kingdom
Windermere: United Kingdom
Pembrokeshire: United Kingdom
Gwynedd: United Kingdom
Powys: United Kingdom
Ceredigion: United Kingdom
Carmarthenshire: United Kingdom
Snowdonia: United Kingdom
Snowdon: United Kingdom
Brecon Beacons: United Kingdom
Anglesey: United Kingdom
Gower Peninsula: United Kingdom
Scottish Highlands: United Kingdom
Scottish Lowlands: United Kingdom
Scottish Borders: United Kingdom
Fife: United Kingdom
Argyll: United Kingdom
Galloway: United Kingdom
Dumfries and Galloway: United Kingdom
Lothian: United Kingdom
Aberdeenshire: United Kingdom
Perthshire: United Kingdom
Ayrshire: United Kingdom
Lanarkshire: United Kingdom
Caithness: United Kingdom
Cairngorms: United Kingdom
Trossachs: United Kingdom
Glencoe: United Kingdom
Loch Ness: United Kingdom
Loch Lomond: United Kingdom
Ben Nevis: United Kingdom
Hebrides: United Kingdom
Outer Hebrides: United Kingdom
Inner Hebrides: United Kingdom
Western Isles: United Kingdom
Isle of Skye: United Kingdom
Isle of Mull: United Kingdom
Isle of Arran: United Kingdom
Islay: United Kingdom
Iona: United Kingdom
Orkney: United Kingdom
Orkney Islands: United Kingdom
Shetland: United Kingdom
Shetland Islands: United Kingdom
John o' Groats: United Kingdom
Giant's Causeway: United Kingdom
Lough Neagh: United Kingdom
County Antrim: United Kingdom
County Down: United Kingdom
Fermanagh: United Kingdom
Gibraltar: United Kingdom
Saint Helena: United Kingdom
St Helena: United Kingdom
Ascension Island: United Kingdom
Tristan da Cunha: United Kingdom
Pitcairn Islands: United Kingdom
Dublin: Ireland
Galway: Ireland
Limerick: Ireland
Killarney: Ireland
Kilkenny: Ireland
Waterford: Ireland
Sligo: Ireland
Wexford: Ireland
Connemara: Ireland
Burren: Ireland
Munster: Ireland
Leinster: Ireland
Connacht: Ireland
Connaught: Ireland
Donegal: Ireland
County Kerry: Ireland
County Cork: Ireland
County Clare: Ireland
County Galway: Ireland
County Mayo: Ireland
County Donegal: Ireland
Cliffs of Moher: Ireland
Aran Islands: Ireland
Dingle Peninsula: Ireland
Ring of Kerry: Ireland
Wicklow: Ireland
Wicklow Mountains: Ireland
Achill Island: Ireland
Skellig Michael: Ireland
Newgrange: Ireland
Irish Sea: United Kingdom, Ireland

# ---- France
Paris: France
Montmartre: France
Montparnasse: France
Île de la Cité: France
Versailles: France
Lyon: France
Lyons: France
Marseille: France
Marseilles: France
Bordeaux: France
Toulouse: France
Strasbourg: France
Lille: France
Nantes: France
Rennes: France
Montpellier: France
Avignon: France
Arles: France
Nîmes: France
Cannes: France
Saint-Tropez: France
St Tropez: France
Antibes: France
Grenoble: France
Chamonix: France
Annecy: France
Reims: France
Rheims: France
Rouen: France
Caen: France
Le Havre: France
Cherbourg: France
Calais: France
Dunkirk: France
Verdun: France
Orléans: France
Chartres: France
Carcassonne: France
Biarritz: France
Lourdes: France
Mont-Saint-Michel: France
Mont Saint-Michel: France
Saint-Malo: France
Bayeux: France
Giverny: France
Ajaccio: France
Bastia: France
Dijon: France
Besançon: France
Metz: France
Amiens: France
Limoges: France
Clermont-Ferrand: France
Perpignan: France
Toulon: France
Vichy: France
Colmar: France
Épernay: France
Brittany: France
Normandy: France
Provence: France
Burgundy: France
Alsace: France
Lorraine: France
Alsace-Lorraine: France
Dordogne: France
Périgord: France
Aquitaine: France
Nouvelle-Aquitaine: France
Occitania: France
Occitanie: France
Languedoc: France
Languedoc-Roussillon: France
Roussillon: France
Gascony: France
Béarn: France
Auvergne: France
Limousin: France
Poitou: France
Poitou-Charentes: France
Picardy: France
Champagne: France
Champagne-Ardenne: France
Loire Valley: France
Loire: France
Seine: France
Rhône: Switzerland, France
Rhône Valley: France, Switzerland
Savoy: France
Haute-Savoie: France
Corsica: France
Île-de-France: France
Hauts-de-France: France
Grand Est: France
Pays de la Loire: France
Centre-Val de Loire: France
Bourgogne-Franche-Comté: France
Franche-Comté: France
Auvergne-Rhône-Alpes: France
Provence-Alpes-Côte d'Azur: France
Côte d'Azur: France
French Riviera: France
French Alps: France
Camargue: France
Beaujolais: France
Médoc: France
Armagnac: France
Luberon: France
Vercors: France
Ardèche: France
Massif Central: France
Vosges: France
Cévennes: France
Anjou: France
Touraine: France
Artois: France
Pays Basque: France
Jura Mountains: France, Switzerland
Mont Blanc: France, Italy
Bay of Biscay: France, Spain
English Channel: United Kingdom, France
Mayotte: France
New Caledonia: France
French Polynesia: France
Tahiti: France
Bora Bora: France
Moorea: France
Marquesas Islands: France
Wallis and Futuna: France

# ---- Monaco, Belgium, Netherlands, Luxembourg
Monte Carlo: Monaco
Brussels: Belgium
Antwerp: Belgium
Ghent: Belgium
Bruges: Belgium
Liège: Belgium
Namur: Belgium
Leuven: Belgium
Louvain: Belgium
Mechelen: Belgium
Ypres: Belgium
Ieper: Belgium
Mons: Belgium
Charleroi: Belgium
Ostend: Belgium
Flanders: Belgium
Wallonia: Belgium
Brabant: Belgium, Netherlands
Ardennes: Belgium, Luxembourg, France, Germany
Meuse: France, Belgium, Netherlands
Scheldt: France, Belgium, Netherlands
Amsterdam: Netherlands
Rotterdam: Netherlands
The Hague: Netherlands
Utrecht: Netherlands
Eindhoven: Netherlands
Groningen: Netherlands
Delft: Netherlands
Leiden: Netherlands
Haarlem: Netherlands
Maastricht: Netherlands
Arnhem: Netherlands
Nijmegen: Netherlands
Friesland: Netherlands
Zeeland: Netherlands
North Holland: Netherlands
South Holland: Netherlands
Texel: Netherlands
Veluwe: Netherlands
Frisia: Netherlands, Germany, Denmark
Frisian Islands: Netherlands, Germany, Denmark
Wadden Sea: Netherlands, Germany, Denmark
North Sea: United Kingdom, Norway, Denmark, Germany, Netherlands, Belgium, France

# ---- Germany
Bavaria: Germany
Baden-Württemberg: Germany
Saxony: Germany
Lower Saxony: Germany
Saxony-Anhalt: Germany
Thuringia: Germany
Hesse: Germany
Hessen: Germany
North Rhine-Westphalia: Germany
Rhineland-Palatinate: Germany
Saarland: Germany
Schleswig-Holstein: Germany
Mecklenburg-Vorpommern: Germany
Mecklenburg-Western Pomerania: Germany
Mecklenburg: Germany
Brandenburg: Germany
Westphalia: Germany
Rhineland: Germany
Swabia: Germany
Franconia: Germany
Palatinate: Germany
Holstein: Germany
Schleswig: Germany, Denmark
Pomerania: Poland, Germany
Lusatia: Germany, Poland
Ruhr: Germany
Black Forest: Germany
Harz: Germany
Harz Mountains: Germany
Eifel: Germany
Bavarian Alps: Germany
Bavarian Forest: Germany
Saxon Switzerland: Germany
Allgäu: Germany
Spreewald: Germany
Rügen: Germany
Sylt: Germany
Heligoland: Germany
Helgoland: Germany
Zugspitze: Germany, Austria
Lake Constance: Germany, Austria, Switzerland
Rhine: Switzerland, Liechtenstein, Austria, Germany, France, Netherlands
Rhine Valley: Switzerland, Liechtenstein, Austria, Germany, France, Netherlands
Moselle: France, Luxembourg, Germany
Mosel: France, Luxembourg, Germany
Elbe: Czechia, Germany
Danube: Germany, Austria, Slovakia, Hungary, Croatia, Serbia, Romania, Bulgaria, Moldova, Ukraine
Berlin: Germany
Kreuzberg: Germany
Hamburg: Germany
Munich: Germany
München: Germany
Cologne: Germany
Köln: Germany
Frankfurt: Germany
Stuttgart: Germany
Düsseldorf: Germany
Dortmund: Germany
Essen: Germany
Leipzig: Germany
Dresden: Germany
Hanover: Germany
Hannover: Germany
Nuremberg: Germany
Nürnberg: Germany
Bremen: Germany
Bonn: Germany
Heidelberg: Germany
Mainz: Germany
Augsburg: Germany
Würzburg: Germany
Regensburg: Germany
Freiburg: Germany
Aachen: Germany
Münster: Germany
Potsdam: Germany
Weimar: Germany
Erfurt: Germany
Jena: Germany
Rostock: Germany
Lübeck: Germany
Kiel: Germany
Trier: Germany
Koblenz: Germany
Wiesbaden: Germany
Kassel: Germany
Karlsruhe: Germany
Mannheim: Germany
Bamberg: Germany
Bayreuth: Germany
Passau: Germany
Wittenberg: Germany
Magdeburg: Germany
Göttingen: Germany
Dachau: Germany
Rothenburg ob der Tauber: Germany
Garmisch-Partenkirchen: Germany
Berchtesgaden: Germany

# ---- Switzerland, Liechtenstein, Austria
Zürich: Switzerland
Geneva: Switzerland
Bern: Switzerland
Berne: Switzerland
Basel: Switzerland
Lausanne: Switzerland
Lucerne: Switzerland
Lugano: Switzerland
Locarno: Switzerland
Montreux: Switzerland
Fribourg: Switzerland
Neuchâtel: Switzerland
Zermatt: Switzerland
Interlaken: Switzerland
Grindelwald: Switzerland
Davos: Switzerland
St. Moritz: Switzerland
St Moritz: Switzerland
Ticino: Switzerland
Valais: Switzerland
Graubünden: Switzerland
Engadine: Switzerland
Bernese Oberland: Switzerland
Swiss Alps: Switzerland
Jungfrau: Switzerland
Eiger: Switzerland
Matterhorn: Switzerland, Italy
Lake Geneva: Switzerland, France
Lake Lucerne: Switzerland
Lake Zurich: Switzerland
Alps: Austria, France, Germany, Italy, Liechtenstein, Monaco, Slovenia, Switzerland
Vaduz: Liechtenstein
Vienna: Austria
Salzburg: Austria
Innsbruck: Austria
Graz: Austria
Linz: Austria
Hallstatt: Austria
Kitzbühel: Austria
Tyrol: Austria, Italy
Tirol: Austria, Italy
Carinthia: Austria
Styria: Austria
Vorarlberg: Austria
Burgenland: Austria
Upper Austria: Austria
Lower Austria: Austria
Salzkammergut: Austria
Wachau: Austria
Grossglockner: Austria
Austrian Alps: Austria

# ---- Italy, San Marino, Malta
Tuscany: Italy
Sicily: Italy
Sardinia: Italy
Lombardy: Italy
Piedmont: Italy, United States
Campania: Italy
Lazio: Italy
Latium: Italy
Veneto: Italy
Liguria: Italy
Emilia-Romagna: Italy
Umbria: Italy
Marche: Italy
Abruzzo: Italy
Abruzzi: Italy
Molise: Italy
Apulia: Italy
Puglia: Italy
Basilicata: Italy
Calabria: Italy
Friuli-Venezia Giulia: Italy
Friuli: Italy
Trentino-Alto Adige: Italy
Trentino: Italy
South Tyrol: Italy
Alto Adige: Italy
Aosta Valley: Italy
Valle d'Aosta: Italy
Chianti: Italy
Maremma: Italy
Val d'Orcia: Italy
Salento: Italy
Gargano: Italy
Amalfi Coast: Italy
Cinque Terre: Italy
Italian Riviera: Italy
Italian Alps: Italy
Dolomites: Italy
Apennines: Italy, San Marino
Apennine Mountains: Italy, San Marino
Po Valley: Italy
Po River: Italy
Tiber: Italy
Lake Como: Italy
Lake Garda: Italy
Lake Maggiore: Italy, Switzerland
Lake Lugano: Switzerland, Italy
Lake Trasimeno: Italy
Bay of Naples: Italy
Capri: Italy
Ischia: Italy
Elba: Italy
Lampedusa: Italy
Aeolian Islands: Italy
Lipari: Italy
Stromboli: Italy
Mount Etna: Italy
Etna: Italy
Vesuvius: Italy
Mount Vesuvius: Italy
Pompeii: Italy
Herculaneum: Italy
Rome: Italy
Trastevere: Italy
Milan: Italy
Naples: Italy
Turin: Italy
Florence: Italy
Venice: Italy
Murano: Italy
Burano: Italy
Genoa: Italy
Bologna: Italy
Palermo: Italy
Catania: Italy
Messina: Italy
Siracusa: Italy
Agrigento: Italy
Taormina: Italy
Bari: Italy
Lecce: Italy
Matera: Italy
Verona: Italy
Padua: Italy
Vicenza: Italy
Pisa: Italy
Siena: Italy
Lucca: Italy
San Gimignano: Italy
Assisi: Italy
Perugia: Italy
Urbino: Italy
Ravenna: Italy
Parma: Italy
Modena: Italy
Ferrara: Italy
Rimini: Italy
Ancona: Italy
Pescara: Italy
Trieste: Italy
Trento: Italy
Bolzano: Italy
Como: Italy
Bergamo: Italy
Brescia: Italy
Mantua: Italy
Cremona: Italy
Sorrento: Italy
Amalfi: Italy
Positano: Italy
Salerno: Italy
Portofino: Italy
Cagliari: Italy
Valletta: Malta
Gozo: Malta
Adriatic Sea: Italy, Slovenia, Croatia, Bosnia and Herzegovina, Montenegro, Albania

# ---- Spain, Portugal, Andorra
Andalusia: Spain
Andalucía: Spain
Catalonia: Spain
Catalunya: Spain
Basque Country: Spain, France
Castile: Spain
Castile and León: Spain
Castile-La Mancha: Spain
Castilla-La Mancha: Spain
La Mancha: Spain
Aragon: Spain
Navarre: Spain
Navarra: Spain
Asturias: Spain
Cantabria: Spain
Extremadura: Spain
Valencian Community: Spain
Murcia: Spain
Rioja: Spain
Balearic Islands: Spain
Canary Islands: Spain
Canaries: Spain
Costa del Sol: Spain
Costa Brava: Spain
Costa Blanca: Spain
Mallorca: Spain
Majorca: Spain
Menorca: Spain
Minorca: Spain
Ibiza: Spain
Formentera: Spain
Tenerife: Spain
Gran Canaria: Spain
Lanzarote: Spain
Fuerteventura: Spain
La Palma: Spain
La Gomera: Spain
El Hierro: Spain
Ceuta: Spain
Melilla: Spain
Picos de Europa: Spain
Sierra de Guadarrama: Spain
Doñana: Spain
Pyrenees: France, Spain, Andorra
Iberian Peninsula: Spain, Portugal, Andorra, France, United Kingdom
Iberia: Spain, Portugal, Andorra, France, United Kingdom
Strait of Gibraltar: Spain, Morocco, United Kingdom
Madrid: Spain
Barcelona: Spain
Seville: Spain
Sevilla: Spain
Málaga: Spain
Bilbao: Spain
San Sebastián: Spain
Pamplona: Spain
Zaragoza: Spain
Saragossa: Spain
Salamanca: Spain
Segovia: Spain
Ávila: Spain
Burgos: Spain
Cádiz: Spain
Jerez: Spain
Ronda: Spain
Alicante: Spain
Marbella: Spain
Palma de Mallorca: Spain
Santiago de Compostela: Spain
Tarragona: Spain
Girona: Spain
Gerona: Spain
Valladolid: Spain
Oviedo: Spain
Almería: Spain
Andorra la Vella: Andorra
Lisbon: Portugal
Porto: Portugal
Oporto: Portugal
Faro: Portugal
Sintra: Portugal
Coimbra: Portugal
Braga: Portugal
Évora: Portugal
Algarve: Portugal
Alentejo: Portugal
Douro Valley: Portugal
Madeira: Portugal
Funchal: Portugal
Azores: Portugal

# ---- Nordic countries
Stockholm: Sweden
Gothenburg: Sweden
Malmö: Sweden
Uppsala: Sweden
Kiruna: Sweden
Gotland: Sweden
Öland: Sweden
Lake Vänern: Sweden
Lake Mälaren: Sweden
Lapland: Finland, Sweden, Norway, Russia
Sápmi: Finland, Sweden, Norway, Russia
Scandinavia: Norway, Sweden, Denmark
Scandinavian Peninsula: Norway, Sweden, Finland
Scandinavian Mountains: Norway, Sweden, Finland
Øresund: Denmark, Sweden
Gulf of Bothnia: Sweden, Finland
Oslo: Norway
Bergen: Norway
Trondheim: Norway
Stavanger: Norway
Tromsø: Norway
Lofoten: Norway
Lofoten Islands: Norway
Svalbard: Norway
Spitsbergen: Norway
Jan Mayen: Norway
Geirangerfjord: Norway
Copenhagen: Denmark
Aarhus: Denmark
Odense: Denmark
Jutland: Denmark, Germany
Zealand: Denmark
Funen: Denmark
Bornholm: Denmark
Greenland: Denmark
Nuuk: Denmark
Faroe Islands: Denmark
Faroes: Denmark
Helsinki: Finland
Turku: Finland
Tampere: Finland
Rovaniemi: Finland
Åland Islands: Finland
Åland: Finland
Lake Saimaa: Finland
Lake Inari: Finland
Karelia: Russia, Finland
Gulf of Finland: Finland, Russia, Estonia
Reykjavík: Iceland
Akureyri: Iceland
Thingvellir: Iceland
Vatnajökull: Iceland
Eyjafjallajökull: Iceland
Hekla: Iceland
Westman Islands: Iceland

# ---- Baltic states, Poland, Czechia, Slovakia, Hungary
Baltic Sea: Sweden, Finland, Russia, Estonia, Latvia, Lithuania, Poland, Germany, Denmark
Tallinn: Estonia
Tartu: Estonia
Saaremaa: Estonia
Hiiumaa: Estonia
Lake Peipus: Estonia, Russia
Riga: Latvia
Jūrmala: Latvia
Courland: Latvia
Livonia: Latvia, Estonia
Vilnius: Lithuania
Kaunas: Lithuania
Klaipėda: Lithuania
Curonian Spit: Lithuania, Russia
Warsaw: Poland
Kraków: Poland
Cracow: Poland
Gdańsk: Poland
Danzig: Poland
Gdynia: Poland
Sopot: Poland
Wrocław: Poland
Breslau: Poland
Poznań: Poland
Łódź: Poland
Szczecin: Poland
Lublin: Poland
Katowice: Poland
Toruń: Poland
Malbork: Poland
Zakopane: Poland
Auschwitz: Poland
Masuria: Poland
Silesia: Poland, Czechia, Germany
Tatra Mountains: Poland, Slovakia
Tatras: Poland, Slovakia
High Tatras: Slovakia, Poland
Sudetes: Czechia, Poland, Germany
Vistula: Poland
Oder: Czechia, Poland, Germany
Białowieża Forest: Poland, Belarus
Prague: Czechia
Brno: Czechia
Ostrava: Czechia
Olomouc: Czechia
Plzeň: Czechia
Pilsen: Czechia
Karlovy Vary: Czechia
Český Krumlov: Czechia
Kutná Hora: Czechia
Terezín: Czechia
Bohemia: Czechia
Moravia: Czechia
Sudetenland: Czechia
Bratislava: Slovakia
Košice: Slovakia
Žilina: Slovakia
Carpathians: Austria, Czechia, Hungary, Poland, Romania, Serbia, Slovakia, Ukraine
Carpathian Mountains: Austria, Czechia, Hungary, Poland, Romania, Serbia, Slovakia, Ukraine
Budapest: Hungary
Debrecen: Hungary
Szeged: Hungary
Pécs: Hungary
Eger: Hungary
Tokaj: Hungary
Lake Balaton: Hungary

# ---- Southeastern Europe
Bucharest: Romania
Cluj-Napoca: Romania
Timișoara: Romania
Iași: Romania
Brașov: Romania
Sibiu: Romania
Constanța: Romania
Sighișoara: Romania
Transylvania: Romania
Wallachia: Romania
Maramureș: Romania
Moldavia: Romania, Moldova
Dobruja: Romania, Bulgaria
Banat: Romania, Serbia, Hungary
Bukovina: Romania, Ukraine
Bessarabia: Moldova, Ukraine
Danube Delta: Romania, Ukraine
Chișinău: Moldova
Transnistria: Moldova
Tiraspol: Moldova
Sofia: Bulgaria
Plovdiv: Bulgaria
Varna: Bulgaria
Burgas: Bulgaria
Veliko Tarnovo: Bulgaria
Rila Mountains: Bulgaria
Rhodope Mountains: Bulgaria, Greece
Balkan Mountains: Bulgaria, Serbia
Belgrade: Serbia
Novi Sad: Serbia
Niš: Serbia
Kragujevac: Serbia
Vojvodina: Serbia
Zagreb: Croatia
Dubrovnik: Croatia
Zadar: Croatia
Rijeka: Croatia
Pula: Croatia
Dalmatia: Croatia, Montenegro
Slavonia: Croatia
Istria: Croatia, Slovenia, Italy
Hvar: Croatia
Brač: Croatia
Korčula: Croatia
Krk: Croatia
Plitvice Lakes: Croatia
Ljubljana: Slovenia
Maribor: Slovenia
Piran: Slovenia
Lake Bled: Slovenia
Julian Alps: Slovenia, Italy
Dinaric Alps: Slovenia, Croatia, Bosnia and Herzegovina, Montenegro, Serbia, Kosovo, Albania
Sarajevo: Bosnia and Herzegovina
Mostar: Bosnia and Herzegovina
Banja Luka: Bosnia and Herzegovina
Srebrenica: Bosnia and Herzegovina
Republika Srpska: Bosnia and Herzegovina
Herzegovina: Bosnia and Herzegovina
Podgorica: Montenegro
Kotor: Montenegro
Bay of Kotor: Montenegro
Budva: Montenegro
Cetinje: Montenegro
Tirana: Albania
Durrës: Albania
Shkodër: Albania
Berat: Albania
Gjirokastër: Albania
Vlorë: Albania
Skopje: North Macedonia
Ohrid: North Macedonia
Bitola: North Macedonia
Lake Ohrid: North Macedonia, Albania
Lake Prespa: North Macedonia, Albania, Greece
Pristina: Kosovo
Prishtina: Kosovo
Prizren: Kosovo

# ---- Greece and Cyprus
Athens: Greece
Piraeus: Greece
Thessaloniki: Greece
Salonika: Greece
Patras: Greece
Volos: Greece
Ioannina: Greece
Kalamata: Greece
Nafplio: Greece
Sparta: Greece
Corinth: Greece
Mycenae: Greece
Thermopylae: Greece
Meteora: Greece
Mount Olympus: Greece
Mount Athos: Greece
Knossos: Greece
Heraklion: Greece
Chania: Greece
Crete: Greece
Rhodes: Greece
Corfu: Greece
Santorini: Greece
Mykonos: Greece
Naxos: Greece
Paros: Greece
Kos: Greece
Lesbos: Greece
Samos: Greece
Chios: Greece
Zakynthos: Greece
Kefalonia: Greece
Cephalonia: Greece
Euboea: Greece
Peloponnese: Greece
Attica: Greece
Thessaly: Greece
Halkidiki: Greece
Chalkidiki: Greece
Epirus: Greece, Albania
Thrace: Greece, Bulgaria, Turkey
Cyclades: Greece
Dodecanese: Greece
Ionian Islands: Greece
Sporades: Greece
Aegean Sea: Greece, Turkey
Nicosia: Cyprus
Limassol: Cyprus
Larnaca: Cyprus
Paphos: Cyprus
Famagusta: Cyprus
Kyrenia: Cyprus
Northern Cyprus: Cyprus

# ---- Belarus, Ukraine, Russia
Minsk: Belarus
Grodno: Belarus
Hrodna: Belarus
Vitebsk: Belarus
Gomel: Belarus
Pripet Marshes: Belarus, Ukraine
Kyiv: Ukraine
Kiev: Ukraine
Kharkiv: Ukraine
Kharkov: Ukraine
Odesa: Ukraine
Odessa: Ukraine
Lviv: Ukraine
Lvov: Ukraine
Dnipro: Ukraine
Zaporizhzhia: Ukraine
Donetsk: Ukraine
Luhansk: Ukraine
Mariupol: Ukraine
Kherson: Ukraine
Chernivtsi: Ukraine
Uzhhorod: Ukraine
Transcarpathia: Ukraine
Donbas: Ukraine
Donbass: Ukraine
Crimea: Ukraine
Sevastopol: Ukraine
Yalta: Ukraine
Chernobyl: Ukraine
Chornobyl: Ukraine
Pripyat: Ukraine
Dnieper: Russia, Belarus, Ukraine
Sea of Azov: Russia, Ukraine
Black Sea: Ukraine, Russia, Georgia, Turkey, Bulgaria, Romania
Moscow: Russia
Saint Petersburg: Russia
St. Petersburg: Russia
St Petersburg: Russia
Leningrad: Russia
Stalingrad: Russia
Volgograd: Russia
Novosibirsk: Russia
Yekaterinburg: Russia
Vladivostok: Russia
Murmansk: Russia
Arkhangelsk: Russia
Kazan: Russia
Sochi: Russia
Nizhny Novgorod: Russia
Novgorod: Russia
Irkutsk: Russia
Omsk: Russia
Samara: Russia
Norilsk: Russia
Yakutsk: Russia
Magadan: Russia
Kaliningrad: Russia
Siberia: Russia
Russian Far East: Russia
Kamchatka: Russia
Kamchatka Peninsula: Russia
Chukotka: Russia
Yakutia: Russia
Sakha Republic: Russia
Chechnya: Russia
Dagestan: Russia
Tatarstan: Russia
Bashkortostan: Russia
Buryatia: Russia
Tuva: Russia
Sakhalin: Russia
Kuril Islands: Russia
Novaya Zemlya: Russia
Franz Josef Land: Russia
Wrangel Island: Russia
Kola Peninsula: Russia
Taymyr Peninsula: Russia
Lake Baikal: Russia
Lake Ladoga: Russia
Lake Onega: Russia
Volga: Russia
Volga River: Russia
Lena River: Russia
Ob River: Russia
Yenisei: Russia, Mongolia
Amur: Russia, China
Amur River: Russia, China
Ural Mountains: Russia, Kazakhstan
Urals: Russia, Kazakhstan
Mount Elbrus: Russia
Altai Mountains: Russia, China, Mongolia, Kazakhstan
Altai: Russia, China, Mongolia, Kazakhstan
Caucasus: Russia, Georgia, Armenia, Azerbaijan, Turkey, Iran
Caucasus Mountains: Russia, Georgia, Armenia, Azerbaijan
White Sea: Russia
Barents Sea: Norway, Russia
Sea of Okhotsk: Russia, Japan
Bering Sea: United States, Russia
Sea of Japan: Japan, Russia, North Korea, South Korea

# ---- Caucasus and Central Asia
Tbilisi: Georgia
Batumi: Georgia
Kutaisi: Georgia
Abkhazia: Georgia
South Ossetia: Georgia
Yerevan: Armenia
Baku: Azerbaijan
Nagorno-Karabakh: Azerbaijan
Caspian Sea: Russia, Kazakhstan, Turkmenistan, Iran, Azerbaijan
Astana: Kazakhstan
Nur-Sultan: Kazakhstan
Almaty: Kazakhstan
Alma-Ata: Kazakhstan
Shymkent: Kazakhstan
Karaganda: Kazakhstan
Semipalatinsk: Kazakhstan
Baikonur: Kazakhstan
Kazakh Steppe: Kazakhstan
Lake Balkhash: Kazakhstan
Aral Sea: Kazakhstan, Uzbekistan
Tashkent: Uzbekistan
Samarkand: Uzbekistan
Bukhara: Uzbekistan
Khiva: Uzbekistan
Karakalpakstan: Uzbekistan
Kyzylkum: Uzbekistan, Kazakhstan, Turkmenistan
Kyzylkum Desert: Uzbekistan, Kazakhstan, Turkmenistan
Fergana Valley: Uzbekistan, Kyrgyzstan, Tajikistan
Bishkek: Kyrgyzstan
Osh: Kyrgyzstan
Issyk-Kul: Kyrgyzstan
Lake Issyk-Kul: Kyrgyzstan
Dushanbe: Tajikistan
Ashgabat: Turkmenistan
Merv: Turkmenistan
Karakum Desert: Turkmenistan
Pamir Mountains: Tajikistan, Afghanistan, China, Kyrgyzstan, Pakistan
Pamirs: Tajikistan, Afghanistan, China, Kyrgyzstan, Pakistan
Tian Shan: China, Kyrgyzstan, Kazakhstan, Uzbekistan, Tajikistan
Kabul: Afghanistan
Kandahar: Afghanistan
Herat: Afghanistan
Mazar-i-Sharif: Afghanistan
Helmand: Afghanistan
Bamiyan: Afghanistan
Wakhan Corridor: Afghanistan
Hindu Kush: Afghanistan, Pakistan, Tajikistan
Khyber Pass: Pakistan, Afghanistan
Balochistan: Pakistan, Iran, Afghanistan
Baluchistan: Pakistan, Iran, Afghanistan

# ---- Turkey and the Middle East
Istanbul: Turkey
Constantinople: Turkey
Ankara: Turkey
Izmir: Turkey
Smyrna: Turkey
Antalya: Turkey
Bursa: Turkey
Konya: Turkey
Adana: Turkey
Gaziantep: Turkey
Trabzon: Turkey
Bodrum: Turkey
Edirne: Turkey
Hatay: Turkey
Ephesus: Turkey
Gallipoli: Turkey
Pamukkale: Turkey
Göreme: Turkey
Göbekli Tepe: Turkey
Cappadocia: Turkey
Anatolia: Turkey
Asia Minor: Turkey
Mount Ararat: Turkey
Lake Van: Turkey
Taurus Mountains: Turkey
Bosphorus: Turkey
Dardanelles: Turkey
Sea of Marmara: Turkey
Kurdistan: Turkey, Iraq, Iran, Syria
Iraqi Kurdistan: Iraq
Mesopotamia: Iraq, Syria, Turkey, Iran, Kuwait
Euphrates: Turkey, Syria, Iraq
Tigris: Turkey, Syria, Iraq
Baghdad: Iraq
Basra: Iraq
Mosul: Iraq
Erbil: Iraq
Kirkuk: Iraq
Najaf: Iraq
Karbala: Iraq
Fallujah: Iraq
Babylon: Iraq
Nineveh: Iraq
Damascus: Syria
Aleppo: Syria
Homs: Syria
Latakia: Syria
Palmyra: Syria
Raqqa: Syria
Syrian Desert: Syria, Jordan, Iraq, Saudi Arabia
Beirut: Lebanon
Byblos: Lebanon
Baalbek: Lebanon
Sidon: Lebanon
Bekaa Valley: Lebanon
Tripoli: Libya, Lebanon
Jerusalem: Israel
Tel Aviv: Israel
Jaffa: Israel
Haifa: Israel
Eilat: Israel
Nazareth: Israel
Galilee: Israel
Sea of Galilee: Israel
Negev: Israel
Negev Desert: Israel
Masada: Israel
Dead Sea: Israel, Jordan
Jordan River: Israel, Jordan, Syria, Lebanon
Jordan Valley: Israel, Jordan
Amman: Jordan
Petra: Jordan
Aqaba: Jordan
Wadi Rum: Jordan
Gulf of Aqaba: Egypt, Israel, Jordan, Saudi Arabia
Riyadh: Saudi Arabia
Jeddah: Saudi Arabia
Mecca: Saudi Arabia
Medina: Saudi Arabia
Dammam: Saudi Arabia
Hejaz: Saudi Arabia
Najd: Saudi Arabia
Arabian Peninsula: Saudi Arabia, Yemen, Oman, United Arab Emirates, Qatar, Bahrain, Kuwait, Jordan,
    Iraq
Arabian Desert: Saudi Arabia, Yemen, Oman, United Arab Emirates, Qatar, Kuwait, Jordan, Iraq
Rub' al Khali: Saudi Arabia, Oman, United Arab Emirates, Yemen
Empty Quarter: Saudi Arabia, Oman, United Arab Emirates, Yemen
Persian Gulf: Iran, Iraq, Kuwait, Saudi Arabia, Bahrain, Qatar, United Arab Emirates, Oman
Dubai: United Arab Emirates
Abu Dhabi: United Arab Emirates
Sharjah: United Arab Emirates
Doha: Qatar
Manama: Bahrain
Kuwait City: Kuwait
Muscat: Oman
Salalah: Oman
Musandam: Oman
Sanaa: Yemen
Sana'a: Yemen
Aden: Yemen
Hadhramaut: Yemen
Socotra: Yemen
Red Sea: Egypt, Sudan, Eritrea, Djibouti, Saudi Arabia, Yemen, Israel, Jordan
Tehran: Iran
Teheran: Iran
Isfahan: Iran
Esfahan: Iran
Shiraz: Iran
Tabriz: Iran
Mashhad: Iran
Qom: Iran
Yazd: Iran
Kerman: Iran
Bandar Abbas: Iran
Abadan: Iran
Khuzestan: Iran
Persepolis: Iran
Kish Island: Iran
Zagros Mountains: Iran, Iraq, Turkey
Alborz: Iran
Elburz Mountains: Iran
Dasht-e Kavir: Iran
Dasht-e Lut: Iran
Lake Urmia: Iran

# ---- South Asia
New Delhi: India
Delhi: India
Mumbai: India
Bombay: India
Kolkata: India
Calcutta: India
Chennai: India
Madras: India
Bengaluru: India
Bangalore: India
Ahmedabad: India
Pune: India
Jaipur: India
Agra: India
Varanasi: India
Benares: India
Lucknow: India
Kanpur: India
Amritsar: India
Chandigarh: India
Udaipur: India
Jodhpur: India
Jaisalmer: India
Mysore: India
Kochi: India
Cochin: India
Thiruvananthapuram: India
Madurai: India
Bhopal: India
Indore: India
Patna: India
Nagpur: India
Surat: India
Darjeeling: India
Shimla: India
Rishikesh: India
Haridwar: India
Bodh Gaya: India
Leh: India
Srinagar: India
Puducherry: India
Pondicherry: India
Kerala: India
Rajasthan: India
Assam: India
Tamil Nadu: India
Karnataka: India
Maharashtra: India
Gujarat: India
Goa: India
Uttar Pradesh: India
Madhya Pradesh: India
Bihar: India
Odisha: India
Orissa: India
West Bengal: India
Andhra Pradesh: India
Telangana: India
Himachal Pradesh: India
Uttarakhand: India
Jharkhand: India
Chhattisgarh: India
Haryana: India
Sikkim: India
Arunachal Pradesh: India
Meghalaya: India
Manipur: India
Mizoram: India
Nagaland: India
Tripura: India
Ladakh: India
Jammu and Kashmir: India
Kashmir Valley: India
Andaman Islands: India
Nicobar Islands: India
Andaman and Nicobar Islands: India
Lakshadweep: India
Deccan: India
Deccan Plateau: India
Western Ghats: India
Eastern Ghats: India
Kashmir: India, Pakistan, China
Punjab: India, Pakistan
Bengal: India, Bangladesh
Thar Desert: India, Pakistan
Rann of Kutch: India, Pakistan
Sundarbans: India, Bangladesh
Ganges: India, Bangladesh
Brahmaputra: China, India, Bangladesh
Indus: China, India, Pakistan
Indus Valley: Pakistan, India
Indo-Gangetic Plain: India, Pakistan, Bangladesh, Nepal
Bay of Bengal: India, Bangladesh, Myanmar, Sri Lanka
Himalayas: Bhutan, China, India, Nepal, Pakistan
Himalaya: Bhutan, China, India, Nepal, Pakistan
Karakoram: Afghanistan, China, India, Pakistan
Karakoram Range: Afghanistan, China, India, Pakistan
K2: Pakistan, China
Nanga Parbat: Pakistan
Mount Everest: Nepal, China
Everest: Nepal, China
Kangchenjunga: Nepal, India
Annapurna: Nepal
Islamabad: Pakistan
Karachi: Pakistan
Lahore: Pakistan
Peshawar: Pakistan
Rawalpindi: Pakistan
Quetta: Pakistan
Multan: Pakistan
Faisalabad: Pakistan
Sindh: Pakistan
Khyber Pakhtunkhwa: Pakistan
Gilgit-Baltistan: Pakistan
Swat Valley: Pakistan
Mohenjo-daro: Pakistan
Harappa: Pakistan
Kathmandu: Nepal
Kathmandu Valley: Nepal
Pokhara: Nepal
Lumbini: Nepal
Thimphu: Bhutan
Paro: Bhutan
Dhaka: Bangladesh
Dacca: Bangladesh
Chittagong: Bangladesh
Chittagong Hill Tracts: Bangladesh
Cox's Bazar: Bangladesh
Colombo: Sri Lanka
Kandy: Sri Lanka
Jaffna: Sri Lanka
Galle: Sri Lanka
Sri Jayawardenepura Kotte: Sri Lanka

# ---- China, Mongolia, Taiwan
Beijing: China
Peking: China
Shanghai: China
Guangzhou: China
Shenzhen: China
Zhuhai: China
Dongguan: China
Foshan: China
Hong Kong: China
Kowloon: China
Macau: China
Macao: China
Chongqing: China
Chengdu: China
Xi'an: China
Xian: China
Wuhan: China
Nanjing: China
Nanking: China
Hangzhou: China
Suzhou: China
Ningbo: China
Wuxi: China
Wenzhou: China
Tianjin: China
Harbin: China
Changchun: China
Shenyang: China
Dalian: China
Qingdao: China
Jinan: China
Zhengzhou: China
Luoyang: China
Kaifeng: China
Lanzhou: China
Xining: China
Yinchuan: China
Taiyuan: China
Datong: China
Pingyao: China
Shijiazhuang: China
Xiamen: China
Fuzhou: China
Quanzhou: China
Nanning: China
Guiyang: China
Changsha: China
Nanchang: China
Hefei: China
Haikou: China
Sanya: China
Lhasa: China
Shigatse: China
Kunming: China
Lijiang: China
Guilin: China
Yangshuo: China
Zhangjiajie: China
Urumqi: China
Ürümqi: China
Kashgar: China
Turpan: China
Dunhuang: China
Hohhot: China
Yunnan: China
Sichuan: China
Szechuan: China
Tibet: China
Xinjiang: China
Inner Mongolia: China
Guangdong: China
Guangxi: China
Fujian: China
Zhejiang: China
Jiangsu: China
Shandong: China
Hebei: China
Henan: China
Hubei: China
Hunan: China
Anhui: China
Jiangxi: China
Shanxi: China
Shaanxi: China
Gansu: China
Qinghai: China
Ningxia: China
Guizhou: China
Hainan: China
Heilongjiang: China
Jilin: China
Liaoning: China
Manchuria: China
Tibetan Plateau: China, India, Nepal, Bhutan, Pakistan
Loess Plateau: China
North China Plain: China
Sichuan Basin: China
Tarim Basin: China
Taklamakan Desert: China
Taklamakan: China
Hexi Corridor: China
Pearl River Delta: China
Yangtze River Delta: China
Yangtze: China
Yangtze River: China
Yellow River: China
Huang He: China
Three Gorges: China
Mount Kailash: China
Mount Tai: China
Mount Emei: China
Huangshan: China
Jiuzhaigou: China
Qinghai Lake: China
Gobi Desert: Mongolia, China
Gobi: Mongolia, China
Outer Mongolia: Mongolia
Ulaanbaatar: Mongolia
Ulan Bator: Mongolia
Lake Khövsgöl: Mongolia
Yellow Sea: China, North Korea, South Korea
Taipei: Taiwan
Kaohsiung: Taiwan
Taichung: Taiwan
Tainan: Taiwan

# ---- Korea and Japan
Seoul: South Korea
Busan: South Korea
Pusan: South Korea
Incheon: South Korea
Daegu: South Korea
Daejeon: South Korea
Gwangju: South Korea
Ulsan: South Korea
Suwon: South Korea
Gyeongju: South Korea
Jeju: South Korea
Jeju Island: South Korea
Gangnam: South Korea
Pyongyang: North Korea
Kaesong: North Korea
Wonsan: North Korea
Panmunjom: North Korea, South Korea
Korean Peninsula: North Korea, South Korea
Tokyo: Japan
Kyoto: Japan
Osaka: Japan
Nagoya: Japan
Yokohama: Japan
Kobe: Japan
Sapporo: Japan
Fukuoka: Japan
Hiroshima: Japan
Nagasaki: Japan
Nara: Japan
Sendai: Japan
Kamakura: Japan
Nikko: Japan
Hakone: Japan
Kanazawa: Japan
Okayama: Japan
Kagoshima: Japan
Naha: Japan
Hakodate: Japan
Matsumoto: Japan
Takayama: Japan
Fukushima: Japan
Shibuya: Japan
Shinjuku: Japan
Ginza: Japan
Akihabara: Japan
Honshu: Japan
Hokkaido: Japan
Kyushu: Japan
Shikoku: Japan
Okinawa: Japan
Ryukyu Islands: Japan
Ogasawara Islands: Japan
Bonin Islands: Japan
Iwo Jima: Japan
Yakushima: Japan
Sado Island: Japan
Kanto: Japan
Kansai: Japan
Tohoku: Japan
Chubu: Japan
Mount Fuji: Japan
Lake Biwa: Japan

# ---- Southeast Asia
Bangkok: Thailand
Chiang Mai: Thailand
Chiang Rai: Thailand
Phuket: Thailand
Pattaya: Thailand
Ayutthaya: Thailand
Sukhothai: Thailand
Krabi: Thailand
Koh Samui: Thailand
Isan: Thailand
Gulf of Thailand: Thailand, Cambodia, Vietnam, Malaysia
Hanoi: Vietnam
Ho Chi Minh City: Vietnam
Saigon: Vietnam
Da Nang: Vietnam
Hoi An: Vietnam
Ha Long Bay: Vietnam
Halong Bay: Vietnam
Mekong Delta: Vietnam, Cambodia
Mekong: China, Myanmar, Laos, Thailand, Cambodia, Vietnam
Mekong River: China, Myanmar, Laos, Thailand, Cambodia, Vietnam
Phnom Penh: Cambodia
Siem Reap: Cambodia
Angkor: Cambodia
Angkor Wat: Cambodia
Tonlé Sap: Cambodia
Vientiane: Laos
Luang Prabang: Laos
Yangon: Myanmar
Rangoon: Myanmar
Mandalay: Myanmar
Naypyidaw: Myanmar
Bagan: Myanmar
Inle Lake: Myanmar
Shan State: Myanmar
Rakhine: Myanmar
Arakan: Myanmar
Kachin: Myanmar
Irrawaddy: Myanmar
Kuala Lumpur: Malaysia
Putrajaya: Malaysia
Penang: Malaysia
Malacca: Malaysia
Melaka: Malaysia
Johor: Malaysia
Johor Bahru: Malaysia
Langkawi: Malaysia
Cameron Highlands: Malaysia
Sabah: Malaysia
Sarawak: Malaysia
Kota Kinabalu: Malaysia
Kuching: Malaysia
Mount Kinabalu: Malaysia
Malay Peninsula: Malaysia, Thailand, Myanmar, Singapore
Strait of Malacca: Malaysia, Indonesia, Singapore, Thailand
Borneo: Indonesia, Malaysia, Brunei
Bandar Seri Begawan: Brunei
Jakarta: Indonesia
Surabaya: Indonesia
Bandung: Indonesia
Medan: Indonesia
Yogyakarta: Indonesia
Denpasar: Indonesia
Ubud: Indonesia
Sumatra: Indonesia
Bali: Indonesia
Lombok: Indonesia
Sulawesi: Indonesia
Celebes: Indonesia
Kalimantan: Indonesia
Moluccas: Indonesia
Maluku: Indonesia
Komodo: Indonesia
Sumba: Indonesia
Sumbawa: Indonesia
Timor: Indonesia
Madura: Indonesia
Aceh: Indonesia
Krakatoa: Indonesia
Lake Toba: Indonesia
West Papua: Indonesia
Papua: Indonesia, Papua New Guinea
New Guinea: Indonesia, Papua New Guinea
Java Sea: Indonesia
Manila: Philippines
Quezon City: Philippines
Cebu: Philippines
Davao: Philippines
Luzon: Philippines
Mindanao: Philippines
Visayas: Philippines
Palawan: Philippines
Boracay: Philippines
Bohol: Philippines
Mindoro: Philippines
Leyte: Philippines
Panay: Philippines
Mount Pinatubo: Philippines
Mayon Volcano: Philippines

# ---- Oceania
New South Wales: Australia
Queensland: Australia
South Australia: Australia
Western Australia: Australia
Tasmania: Australia
Northern Territory: Australia
Australian Capital Territory: Australia
Sydney: Australia
Bondi Beach: Australia
Melbourne: Australia
Brisbane: Australia
Canberra: Australia
Adelaide: Australia
Hobart: Australia
Cairns: Australia
Townsville: Australia
Alice Springs: Australia
Geelong: Australia
Wollongong: Australia
Ballarat: Australia
Bendigo: Australia
Fremantle: Australia
Kalgoorlie: Australia
Broome: Australia
Coober Pedy: Australia
Byron Bay: Australia
Outback: Australia
Top End: Australia
Red Centre: Australia
Arnhem Land: Australia
Pilbara: Australia
Cape York Peninsula: Australia
Uluru: Australia
Ayers Rock: Australia
Kakadu: Australia
Kakadu National Park: Australia
Daintree Rainforest: Australia
Great Barrier Reef: Australia
Ningaloo Reef: Australia
Shark Bay: Australia
Whitsunday Islands: Australia
Fraser Island: Australia
K'gari: Australia
Kangaroo Island: Australia
Barossa Valley: Australia
Hunter Valley: Australia
Yarra Valley: Australia
Nullarbor Plain: Australia
Nullarbor: Australia
Great Dividing Range: Australia
Snowy Mountains: Australia
Cradle Mountain: Australia
Murray River: Australia
Great Sandy Desert: Australia
Great Victoria Desert: Australia
Gibson Desert: Australia
Simpson Desert: Australia
Tanami Desert: Australia
Lake Eyre: Australia
Gulf of Carpentaria: Australia
Bass Strait: Australia
Torres Strait Islands: Australia
Norfolk Island: Australia
Lord Howe Island: Australia
Christmas Island: Australia, Kiribati
Tasman Sea: Australia, New Zealand
Auckland: New Zealand
Wellington: New Zealand
Christchurch: New Zealand
Dunedin: New Zealand
Queenstown: New Zealand
Rotorua: New Zealand
Taupō: New Zealand
Lake Taupō: New Zealand
Lake Wakatipu: New Zealand
North Island: New Zealand
South Island: New Zealand
Stewart Island: New Zealand
Chatham Islands: New Zealand
Otago: New Zealand
Waikato: New Zealand
Bay of Islands: New Zealand
Bay of Plenty: New Zealand
Coromandel Peninsula: New Zealand
Marlborough Sounds: New Zealand
Fiordland: New Zealand
Milford Sound: New Zealand
Southern Alps: New Zealand
Aoraki: New Zealand
Mount Cook: New Zealand
Tongariro: New Zealand
Mount Taranaki: New Zealand
Waitangi: New Zealand
Port Moresby: Papua New Guinea
Bougainville: Papua New Guinea
New Britain: Papua New Guinea
New Ireland: Papua New Guinea
Suva: Fiji
Viti Levu: Fiji
Vanua Levu: Fiji
Apia: Samoa
Upolu: Samoa
Savai'i: Samoa
Nuku'alofa: Tonga
Tongatapu: Tonga
Port Vila: Vanuatu
Espiritu Santo: Vanuatu
Ngerulmud: Palau
Tarawa: Kiribati
South Tarawa: Kiribati
Yaren: Nauru
Funafuti: Tuvalu

# ---- North Africa and the Sahara
Sahara: Algeria, Chad, Egypt, Libya, Mali, Mauritania, Morocco, Niger, Sudan, Tunisia
Sahara Desert: Algeria, Chad, Egypt, Libya, Mali, Mauritania, Morocco, Niger, Sudan, Tunisia
Atlas Mountains: Morocco, Algeria, Tunisia
Libyan Desert: Libya, Egypt, Sudan
Tibesti Mountains: Chad, Libya
Nile: Egypt, Sudan, South Sudan, Uganda, Ethiopia, Kenya, Tanzania, Rwanda, Burundi
Nile River: Egypt, Sudan, South Sudan, Uganda, Ethiopia, Kenya, Tanzania, Rwanda, Burundi
Nile Valley: Egypt, Sudan
Nile Delta: Egypt
Blue Nile: Ethiopia, Sudan
White Nile: South Sudan, Sudan, Uganda
Cairo: Egypt
Giza: Egypt
Luxor: Egypt
Karnak: Egypt
Aswan: Egypt
Abu Simbel: Egypt
Valley of the Kings: Egypt
Saqqara: Egypt
Suez: Egypt
Suez Canal: Egypt
Port Said: Egypt
Sharm el-Sheikh: Egypt
Hurghada: Egypt
El Alamein: Egypt
Faiyum: Egypt
Siwa Oasis: Egypt
Sinai: Egypt
Sinai Peninsula: Egypt
Mount Sinai: Egypt
Western Desert: Egypt
Qattara Depression: Egypt
Lake Nasser: Egypt, Sudan
Nubia: Egypt, Sudan
Nubian Desert: Sudan
Mediterranean Sea: Spain, France, Monaco, Italy, Malta, Slovenia, Croatia, Bosnia and Herzegovina,
    Montenegro, Albania, Greece, Turkey, Cyprus, Syria, Lebanon, Israel, Egypt, Libya, Tunisia,
    Algeria, Morocco, United Kingdom
Benghazi: Libya
Tobruk: Libya
Cyrenaica: Libya
Tripolitania: Libya
Fezzan: Libya
Leptis Magna: Libya
Tunis: Tunisia
Carthage: Tunisia
Djerba: Tunisia
Sfax: Tunisia
Sousse: Tunisia
Kairouan: Tunisia
Algiers: Algeria
Oran: Algeria
Tamanrasset: Algeria
Hoggar Mountains: Algeria
Kabylie: Algeria
Kabylia: Algeria
Rabat: Morocco
Casablanca: Morocco
Marrakesh: Morocco
Marrakech: Morocco
Fez: Morocco
Fes: Morocco
Tangier: Morocco
Tangiers: Morocco
Agadir: Morocco
Essaouira: Morocco
Chefchaouen: Morocco
Meknes: Morocco
Ouarzazate: Morocco
Rif Mountains: Morocco

# ---- West and Central Africa
Lagos: Nigeria
Abuja: Nigeria
Kano: Nigeria
Ibadan: Nigeria
Port Harcourt: Nigeria
Benin City: Nigeria
Calabar: Nigeria
Enugu: Nigeria
Zaria: Nigeria
Niger Delta: Nigeria
Biafra: Nigeria
Niger River: Guinea, Mali, Niger, Benin, Nigeria
Accra: Ghana
Kumasi: Ghana
Cape Coast: Ghana
Elmina: Ghana
Ashanti: Ghana
Lake Volta: Ghana
Dakar: Senegal
Gorée: Senegal
Gorée Island: Senegal
Touba: Senegal
Casamance: Senegal
Bamako: Mali
Timbuktu: Mali
Djenné: Mali
Mopti: Mali
Ouagadougou: Burkina Faso
Bobo-Dioulasso: Burkina Faso
Niamey: Niger
Agadez: Niger
Aïr Mountains: Niger
Conakry: Guinea
Freetown: Sierra Leone
Monrovia: Liberia
Banjul: Gambia
Nouakchott: Mauritania
Lomé: Togo
Cotonou: Benin
Porto-Novo: Benin
Ouidah: Benin
Praia: Cape Verde
Yaoundé: Cameroon
Douala: Cameroon
Mount Cameroon: Cameroon
N'Djamena: Chad
Ennedi: Chad
Lake Chad: Chad, Cameroon, Niger, Nigeria
Libreville: Gabon
Luanda: Angola
Benguela: Angola
Cabinda: Angola
Congo Basin: Angola, Burundi, Cameroon, Gabon, Rwanda, Tanzania, Zambia

# ---- East Africa and the Horn
Nairobi: Kenya
Mombasa: Kenya
Kisumu: Kenya
Lamu: Kenya
Malindi: Kenya
Masai Mara: Kenya
Maasai Mara: Kenya
Amboseli: Kenya
Tsavo: Kenya
Lake Nakuru: Kenya
Lake Naivasha: Kenya
Mount Kenya: Kenya
Lake Turkana: Kenya, Ethiopia
Mount Elgon: Uganda, Kenya
Kampala: Uganda
Entebbe: Uganda
Jinja: Uganda
Bwindi: Uganda
Murchison Falls: Uganda
Rwenzori Mountains: Uganda
Virunga Mountains: Rwanda, Uganda
Kigali: Rwanda
Bujumbura: Burundi
Gitega: Burundi
Dar es Salaam: Tanzania
Dodoma: Tanzania
Arusha: Tanzania
Zanzibar: Tanzania
Stone Town: Tanzania
Serengeti: Tanzania
Ngorongoro Crater: Tanzania
Kilimanjaro: Tanzania
Mount Kilimanjaro: Tanzania
Lake Victoria: Uganda, Kenya, Tanzania
Lake Tanganyika: Tanzania, Burundi, Zambia
Lake Malawi: Malawi, Mozambique, Tanzania
Lake Nyasa: Malawi, Mozambique, Tanzania
Addis Ababa: Ethiopia
Gondar: Ethiopia
Lalibela: Ethiopia
Aksum: Ethiopia
Axum: Ethiopia
Harar: Ethiopia
Bahir Dar: Ethiopia
Lake Tana: Ethiopia
Tigray: Ethiopia
Ogaden: Ethiopia
Simien Mountains: Ethiopia
Ethiopian Highlands: Ethiopia, Eritrea
Danakil Depression: Ethiopia, Eritrea
Afar Triangle: Ethiopia, Eritrea, Djibouti
Asmara: Eritrea
Massawa: Eritrea
Mogadishu: Somalia
Hargeisa: Somalia
Berbera: Somalia
Somaliland: Somalia
Puntland: Somalia
Horn of Africa: Somalia, Ethiopia, Eritrea, Djibouti
Khartoum: Sudan
Omdurman: Sudan
Port Sudan: Sudan
Darfur: Sudan
Kordofan: Sudan
Meroë: Sudan
Juba: South Sudan
Sudd: South Sudan

# ---- Southern Africa and the Indian Ocean
Johannesburg: South Africa
Pretoria: South Africa
Cape Town: South Africa
Durban: South Africa
Port Elizabeth: South Africa
Gqeberha: South Africa
Bloemfontein: South Africa
Soweto: South Africa
Stellenbosch: South Africa
Kruger National Park: South Africa
Table Mountain: South Africa
Cape of Good Hope: South Africa
Robben Island: South Africa
KwaZulu-Natal: South Africa
Gauteng: South Africa
Western Cape: South Africa
Eastern Cape: South Africa
Northern Cape: South Africa
Mpumalanga: South Africa
Limpopo: South Africa
Transvaal: South Africa
Orange Free State: South Africa
Zululand: South Africa
Karoo: South Africa
Garden Route: South Africa
Drakensberg: South Africa, Lesotho
Limpopo River: South Africa, Botswana, Zimbabwe, Mozambique
Windhoek: Namibia
Walvis Bay: Namibia
Swakopmund: Namibia
Etosha: Namibia
Skeleton Coast: Namibia
Sossusvlei: Namibia
Caprivi Strip: Namibia
Namib: Namibia, Angola, South Africa
Namib Desert: Namibia, Angola, South Africa
Kalahari: Botswana, Namibia, South Africa
Kalahari Desert: Botswana, Namibia, South Africa
Okavango Delta: Botswana
Makgadikgadi Pans: Botswana
Gaborone: Botswana
Harare: Zimbabwe
Bulawayo: Zimbabwe
Great Zimbabwe: Zimbabwe
Hwange: Zimbabwe
Victoria Falls: Zambia, Zimbabwe
Lake Kariba: Zambia, Zimbabwe
Zambezi: Zambia, Angola, Namibia, Botswana, Zimbabwe, Mozambique
Zambezi River: Zambia, Angola, Namibia, Botswana, Zimbabwe, Mozambique
Lusaka: Zambia
Copperbelt: Zambia
Maputo: Mozambique
Beira: Mozambique
Lilongwe: Malawi
Blantyre: Malawi
Mbabane: Eswatini
Lobamba: Eswatini
Maseru: Lesotho
Antananarivo: Madagascar
Nosy Be: Madagascar
Port Louis: Mauritius
Moroni: Comoros
Mahé: Seychelles
Praslin: Seychelles
""")
