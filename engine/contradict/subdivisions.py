"""Which first-level subdivision of its country a place lies in: the state, province, region
or nation ("Naples" is Italy's Campania, "Lyon" France's Auvergne-Rhône-Alpes, "Glasgow" the
United Kingdom's Scotland).

Two places of one country may both hold one fixed thing ("in Tuscany" / "in Florence"), but
not where they lie in different subdivisions of it ("in Paris" / "in Lyon"). Only places of
the gazetteer (`gazetteer.PLACE_COUNTRIES`) are listed, each under every subdivision of the
country it lies in (a border lake under both states); a place that spans more than a few
subdivisions (a long river, a great range, "New England"), or whose name means places in
different ones, is left out, and a place left out is never set apart from another of its
country by this table. A subdivision is also listed as a place of itself.
"""

from __future__ import annotations

import re

from engine.contradict.gazetteer import PLACE_COUNTRIES, spec_entries, without_accents

_HEAD = re.compile(r"(?P<country>[A-Z][\w ]+?)\s*/\s*(?P<division>[^:]+?)\s*")


def _subdivision_table(spec: str) -> dict[str, dict[str, frozenset[str]]]:
    """Read `spec`, one "Country / Subdivision: Place, Place" a line (a long list may go on
    after a line-ending comma), into place -> {country: the subdivisions it lies in}, adding
    each accented place's accent-free spelling where the gazetteer holds it too. A place not
    in the gazetteer (other than the subdivision itself), one whose gazetteer countries do
    not take in the country, one listed twice under one subdivision, or an entry without a
    colon raise `ValueError`."""
    table: dict[str, dict[str, set[str]]] = {}
    for number, raw in spec_entries(spec):
        head, colon, rest = raw.partition(":")
        m = _HEAD.fullmatch(head)
        places = [" ".join(p.split()) for p in rest.split(",")]
        if not colon or m is None or not all(places):
            raise ValueError(f"line {number}: expected 'Country / Subdivision: Place, ...'")
        country, division = m["country"], " ".join(m["division"].split())
        for place in places:
            countries = PLACE_COUNTRIES.get(place)
            if countries is None and place != division:
                raise ValueError(f"line {number}: not a place of the gazetteer: {place!r}")
            if countries is not None and country not in countries:
                raise ValueError(f"line {number}: {place!r} does not lie in {country!r}")
            held = table.setdefault(place, {}).setdefault(country, set())
            if division in held:
                raise ValueError(f"line {number}: {place!r} listed twice")
            held.add(division)
    for place in list(table):
        plain = without_accents(place)
        # ("Munster" is Irish, not "Münster" without its accent)
        same = PLACE_COUNTRIES.get(plain) == PLACE_COUNTRIES.get(place)
        if plain != place and plain not in table and same:
            table[plain] = table[place]
    return {
        place: {country: frozenset(divisions) for country, divisions in within.items()}
        for place, within in table.items()
    }


#: Place (as the gazetteer writes it) -> {country: the first-level subdivisions of that
#: country it lies in}.
PLACE_SUBDIVISIONS: dict[str, dict[str, frozenset[str]]] = _subdivision_table("""
# ---- Australia
Australia / Australian Capital Territory: Australian Capital Territory, Canberra
Australia / Christmas Island: Christmas Island
Australia / New South Wales: New South Wales, Sydney, Bondi Beach, Wollongong, Byron Bay,
    Hunter Valley, Snowy Mountains, Murray River, Lord Howe Island
Australia / Norfolk Island: Norfolk Island
Australia / Northern Territory: Northern Territory, Alice Springs, Top End, Red Centre,
    Arnhem Land, Uluru, Ayers Rock, Kakadu, Kakadu National Park, Great Sandy Desert,
    Simpson Desert, Tanami Desert, Gulf of Carpentaria
Australia / Queensland: Queensland, Brisbane, Cairns, Townsville, Cape York Peninsula,
    Daintree Rainforest, Great Barrier Reef, Whitsunday Islands, Fraser Island, K'gari,
    Simpson Desert, Gulf of Carpentaria, Torres Strait Islands
Australia / South Australia: South Australia, Adelaide, Coober Pedy, Kangaroo Island,
    Barossa Valley, Nullarbor Plain, Nullarbor, Murray River, Great Victoria Desert,
    Simpson Desert, Lake Eyre
Australia / Tasmania: Tasmania, Hobart, Cradle Mountain, Bass Strait
Australia / Victoria: Melbourne, Geelong, Ballarat, Bendigo, Yarra Valley, Murray River,
    Bass Strait
Australia / Western Australia: Western Australia, Fremantle, Kalgoorlie, Broome, Pilbara,
    Ningaloo Reef, Shark Bay, Nullarbor Plain, Nullarbor, Great Sandy Desert,
    Great Victoria Desert, Gibson Desert, Tanami Desert
# ---- Brazil
Brazil / Alagoas: Alagoas
Brazil / Amapá: Amapá, Amazon River
Brazil / Amazonas: Amazonas, Amazon River, Manaus
Brazil / Bahia: Bahia
Brazil / Ceará: Ceará, Fortaleza
Brazil / Espírito Santo: Espírito Santo
Brazil / Federal District: Brasília
Brazil / Goiás: Goiás
Brazil / Maranhão: Maranhão
Brazil / Mato Grosso: Mato Grosso, Pantanal, Gran Chaco
Brazil / Mato Grosso do Sul: Mato Grosso do Sul, Pantanal, Gran Chaco
Brazil / Minas Gerais: Minas Gerais, Belo Horizonte
Brazil / Paraná: Iguazu Falls, Iguaçu Falls, Iguassu Falls, Curitiba
Brazil / Paraíba: Paraíba
Brazil / Pará: Amazon River, Marajó
Brazil / Pernambuco: Pernambuco, Recife, Fernando de Noronha
Brazil / Piauí: Piauí
Brazil / Rio Grande do Norte: Rio Grande do Norte
Brazil / Rio Grande do Sul: Rio Grande do Sul, Pampas, Porto Alegre
Brazil / Rio de Janeiro: Rio de Janeiro, Ipanema
Brazil / Rondônia: Rondônia
Brazil / Roraima: Roraima, Mount Roraima
Brazil / Santa Catarina: Santa Catarina, Florianópolis
Brazil / Sergipe: Sergipe
Brazil / São Paulo: São Paulo
Brazil / Tocantins: Tocantins
# ---- Canada
Canada / Alberta: Alberta, Great Plains, Rocky Mountains, Rockies, Canadian Rockies,
    Lake Louise, Banff, Banff National Park, Calgary, Edmonton
Canada / British Columbia: British Columbia, Rocky Mountains, Rockies, Cascade Range,
    Columbia River, Yukon River, Canadian Rockies, Vancouver Island, Haida Gwaii,
    Queen Charlotte Islands, Okanagan, Okanagan Valley, Vancouver, Surrey
Canada / Manitoba: Manitoba, Great Plains, Lake Winnipeg, Winnipeg
Canada / New Brunswick: New Brunswick, Bay of Fundy, Fredericton
Canada / Newfoundland and Labrador: Newfoundland and Labrador, Newfoundland, Labrador
Canada / Northwest Territories: Northwest Territories, Victoria Island, Great Bear Lake,
    Great Slave Lake, Mackenzie River, Yellowknife
Canada / Nova Scotia: Nova Scotia, Cape Breton Island, Cape Breton, Bay of Fundy
Canada / Nunavut: Nunavut, Baffin Island, Ellesmere Island, Victoria Island, Devon Island,
    James Bay, Iqaluit
Canada / Ontario: Ontario, Lake Superior, Lake Huron, Lake Erie, Lake Ontario, Great Lakes,
    Niagara Falls, Thousand Islands, James Bay, Muskoka, St. Lawrence River, Toronto, Ottawa
Canada / Prince Edward Island: Prince Edward Island, Charlottetown
Canada / Quebec: Lake Champlain, Québec, Anticosti Island, James Bay, St. Lawrence River,
    Montréal, Québec City, Trois-Rivières
Canada / Saskatchewan: Saskatchewan, Great Plains, Saskatoon
Canada / Yukon: Yukon, Yukon River, Klondike, Whitehorse
# ---- China
China / Anhui: Anhui, Hefei, Huangshan
China / Beijing: Beijing, Peking
China / Chongqing: Chongqing, Sichuan Basin, Three Gorges
China / Fujian: Fujian, Xiamen, Quanzhou
China / Gansu: Gansu, Lanzhou, Dunhuang, Hexi Corridor
China / Guangdong: Guangdong, Guangzhou, Shenzhen, Zhuhai, Dongguan, Foshan, Pearl River Delta
China / Guangxi: Guangxi, Nanning, Guilin, Yangshuo
China / Guizhou: Guizhou, Guiyang
China / Hainan: Hainan, Haikou, Sanya
China / Hebei: Hebei, Shijiazhuang
China / Heilongjiang: Heilongjiang, Amur, Amur River, Harbin
China / Henan: Henan, Zhengzhou, Luoyang, Kaifeng
China / Hong Kong: Hong Kong, Kowloon, Pearl River Delta
China / Hubei: Hubei, Wuhan, Three Gorges
China / Hunan: Hunan, Changsha, Zhangjiajie
China / Inner Mongolia: Inner Mongolia, Hohhot
China / Jiangsu: Jiangsu, Nanjing, Nanking, Wuxi
China / Jiangxi: Jiangxi, Nanchang
China / Jilin: Jilin, Changchun
China / Liaoning: Liaoning, Shenyang, Dalian
China / Macau: Macau, Macao, Pearl River Delta
China / Ningxia: Ningxia, Yinchuan
China / Qinghai: Qinghai, Xining, Qinghai Lake, Mekong, Mekong River
China / Shaanxi: Shaanxi, Xi'an, Xian
China / Shandong: Shandong, Qingdao, Jinan, Mount Tai
China / Shanghai: Shanghai
China / Shanxi: Shanxi, Taiyuan, Datong, Pingyao
China / Sichuan: Sichuan, Chengdu, Szechuan, Sichuan Basin, Mount Emei, Jiuzhaigou
China / Tianjin: Tianjin
China / Tibet: Tibet, Kashmir, Brahmaputra, Indus, Himalayas, Himalaya, Mount Everest, Everest,
    Lhasa, Shigatse, Mount Kailash, Mekong, Mekong River
China / Xinjiang: Xinjiang, Altai Mountains, Altai, Pamir Mountains, Pamirs, Tian Shan, Kashmir,
    Karakoram, Karakoram Range, K2, Urumqi, Ürümqi, Kashgar, Turpan, Tarim Basin,
    Taklamakan Desert, Taklamakan
China / Yunnan: Yunnan, Kunming, Lijiang, Mekong, Mekong River
China / Zhejiang: Zhejiang, Hangzhou, Ningbo, Wenzhou
# ---- France
France / Auvergne-Rhône-Alpes: Auvergne-Rhône-Alpes, Lyon, Lyons, Grenoble, Chamonix, Annecy,
    Clermont-Ferrand, Vichy, Auvergne, Savoy, Haute-Savoie, Vercors, Mont Blanc, Lake Geneva,
    Dordogne, Languedoc, Cévennes, Ardèche, Burgundy, Rhône, Rhône Valley, French Alps, Alps,
    Beaujolais, Jura Mountains
France / Bourgogne-Franche-Comté: Bourgogne-Franche-Comté, Dijon, Besançon, Franche-Comté,
    Burgundy, Beaujolais, Vosges, Jura Mountains
France / Brittany: Brittany, Rennes, Saint-Malo, Bay of Biscay, English Channel
France / Centre-Val de Loire: Centre-Val de Loire, Orléans, Chartres, Touraine, Loire Valley,
    Anjou
France / Corsica: Corsica, Ajaccio, Bastia, Mediterranean Sea
France / French Guiana: French Guiana, Amazon rainforest, Amazon Basin, Amazonia, Cayenne
France / French Polynesia: French Polynesia, Tahiti, Bora Bora, Moorea, Marquesas Islands
France / Grand Est: Grand Est, Strasbourg, Reims, Rheims, Verdun, Metz, Colmar, Épernay, Alsace,
    Lorraine, Alsace-Lorraine, Champagne-Ardenne, Ardennes, Meuse, Rhine, Rhine Valley, Moselle,
    Mosel, Vosges
France / Guadeloupe: Guadeloupe
France / Hauts-de-France: Hauts-de-France, Lille, Calais, Dunkirk, Amiens, Picardy, Artois,
    Scheldt, North Sea, English Channel
France / Martinique: Martinique
France / Mayotte: Mayotte
France / New Caledonia: New Caledonia
France / Normandy: Normandy, Rouen, Caen, Le Havre, Cherbourg, Mont-Saint-Michel,
    Mont Saint-Michel, Bayeux, Giverny, English Channel
France / Nouvelle-Aquitaine: Nouvelle-Aquitaine, Bordeaux, Biarritz, Limoges, Périgord,
    Aquitaine, Béarn, Limousin, Poitou-Charentes, Médoc, Pays Basque, Basque Country, Dordogne,
    Gascony, Armagnac, Pyrenees, Poitou, Anjou, Bay of Biscay
France / Occitania: Occitania, Toulouse, Montpellier, Nîmes, Carcassonne, Lourdes, Perpignan,
    Occitanie, Languedoc-Roussillon, Dordogne, Languedoc, Cévennes, Ardèche, Gascony, Armagnac,
    Pyrenees, Rhône, Rhône Valley, Camargue, Mediterranean Sea
France / Pays de la Loire: Pays de la Loire, Nantes, Brittany, Poitou, Loire Valley, Anjou,
    Bay of Biscay
France / Provence-Alpes-Côte d'Azur: Provence-Alpes-Côte d'Azur, Marseille, Marseilles, Avignon,
    Arles, Cannes, Saint-Tropez, St Tropez, Antibes, Toulon, Provence, Côte d'Azur,
    French Riviera, Luberon, Rhône, Rhône Valley, French Alps, Alps, Camargue, Mediterranean Sea
France / Saint Barthélemy: Saint Barthélemy
France / Saint Martin: Saint Martin
France / Saint Pierre and Miquelon: Saint Pierre and Miquelon
France / Wallis and Futuna: Wallis and Futuna
France / Île-de-France: Île-de-France, Paris, Montmartre, Montparnasse, Île de la Cité,
    Versailles
# ---- Germany
Germany / Baden-Württemberg: Baden-Württemberg, Black Forest, Stuttgart, Heidelberg, Freiburg,
    Karlsruhe, Mannheim, Swabia, Allgäu, Lake Constance, Danube
Germany / Bavaria: Bavaria, Bavarian Alps, Bavarian Forest, Zugspitze, Alps, Munich, München,
    Nuremberg, Nürnberg, Augsburg, Würzburg, Regensburg, Bamberg, Bayreuth, Passau, Dachau,
    Rothenburg ob der Tauber, Garmisch-Partenkirchen, Berchtesgaden, Swabia, Allgäu,
    Lake Constance, Danube
Germany / Berlin: Berlin, Kreuzberg
Germany / Brandenburg: Brandenburg, Spreewald, Potsdam, Pomerania, Oder, Lusatia, Silesia,
    Frankfurt
Germany / Bremen: Bremen
Germany / Hamburg: Hamburg, Holstein, Jutland, Frisian Islands, Wadden Sea
Germany / Hesse: Hesse, Hessen, Wiesbaden, Kassel, Frankfurt
Germany / Lower Saxony: Lower Saxony, Hanover, Hannover, Göttingen, Westphalia, Harz,
    Harz Mountains, Frisia, Frisian Islands, Wadden Sea
Germany / Mecklenburg-Western Pomerania: Mecklenburg-Western Pomerania, Mecklenburg-Vorpommern,
    Mecklenburg, Rügen, Rostock, Pomerania, Oder, Baltic Sea
Germany / North Rhine-Westphalia: North Rhine-Westphalia, Ruhr, Cologne, Köln, Düsseldorf,
    Dortmund, Essen, Bonn, Aachen, Münster, Westphalia, Rhineland, Eifel
Germany / Rhineland-Palatinate: Rhineland-Palatinate, Mainz, Trier, Koblenz, Rhineland, Eifel,
    Moselle, Mosel
Germany / Saarland: Saarland, Rhineland, Moselle, Mosel
Germany / Saxony: Saxony, Saxon Switzerland, Leipzig, Dresden, Sudetes, Lusatia, Silesia
Germany / Saxony-Anhalt: Saxony-Anhalt, Wittenberg, Magdeburg, Harz, Harz Mountains
Germany / Schleswig-Holstein: Schleswig-Holstein, Schleswig, Sylt, Heligoland, Helgoland,
    Lübeck, Kiel, Holstein, Jutland, Frisia, Frisian Islands, Wadden Sea, Baltic Sea
Germany / Thuringia: Thuringia, Weimar, Erfurt, Jena, Harz, Harz Mountains
# ---- India
India / Andaman and Nicobar Islands: Andaman and Nicobar Islands, Andaman Islands,
    Nicobar Islands
India / Andhra Pradesh: Andhra Pradesh
India / Arunachal Pradesh: Arunachal Pradesh, Brahmaputra
India / Assam: Assam, Brahmaputra
India / Bihar: Bihar, Patna, Bodh Gaya
India / Chandigarh: Chandigarh
India / Chhattisgarh: Chhattisgarh
India / Delhi: Delhi, New Delhi
India / Goa: Goa
India / Gujarat: Gujarat, Ahmedabad, Surat, Rann of Kutch
India / Haryana: Haryana
India / Himachal Pradesh: Himachal Pradesh, Shimla
India / Jammu and Kashmir: Jammu and Kashmir, Srinagar, Kashmir Valley, Kashmir
India / Jharkhand: Jharkhand
India / Karnataka: Karnataka, Bengaluru, Bangalore, Mysore
India / Kerala: Kerala, Kochi, Cochin, Thiruvananthapuram
India / Ladakh: Ladakh, Leh, Kashmir, Indus, Karakoram, Karakoram Range
India / Lakshadweep: Lakshadweep
India / Madhya Pradesh: Madhya Pradesh, Bhopal, Indore
India / Maharashtra: Maharashtra, Mumbai, Bombay, Pune, Nagpur
India / Manipur: Manipur
India / Meghalaya: Meghalaya
India / Mizoram: Mizoram
India / Nagaland: Nagaland
India / Odisha: Odisha, Orissa
India / Puducherry: Puducherry, Pondicherry
India / Punjab: Punjab, Amritsar
India / Rajasthan: Rajasthan, Jaipur, Udaipur, Jodhpur, Jaisalmer
India / Sikkim: Sikkim, Kangchenjunga
India / Tamil Nadu: Tamil Nadu, Chennai, Madras, Madurai
India / Telangana: Telangana
India / Tripura: Tripura
India / Uttar Pradesh: Uttar Pradesh, Agra, Varanasi, Benares, Lucknow, Kanpur
India / Uttarakhand: Uttarakhand, Rishikesh, Haridwar
India / West Bengal: West Bengal, Kolkata, Calcutta, Darjeeling, Bengal, Sundarbans
# ---- Italy
Italy / Abruzzo: Abruzzo, Abruzzi, Pescara
Italy / Aosta Valley: Aosta Valley, Mont Blanc, Matterhorn, Valle d'Aosta
Italy / Apulia: Apulia, Puglia, Salento, Gargano, Bari, Lecce
Italy / Basilicata: Basilicata, Matera
Italy / Calabria: Calabria
Italy / Campania: Campania, Amalfi Coast, Bay of Naples, Capri, Ischia, Vesuvius,
    Mount Vesuvius, Pompeii, Herculaneum, Naples, Sorrento, Amalfi, Positano, Salerno
Italy / Emilia-Romagna: Emilia-Romagna, Bologna, Ravenna, Parma, Modena, Ferrara, Rimini
Italy / Friuli-Venezia Giulia: Friuli-Venezia Giulia, Friuli, Dolomites, Trieste, Istria,
    Julian Alps
Italy / Lazio: Lazio, Latium, Maremma, Rome, Trastevere
Italy / Liguria: Liguria, Cinque Terre, Italian Riviera, Genoa, Portofino
Italy / Lombardy: Lombardy, Lake Como, Lake Garda, Lake Maggiore, Lake Lugano, Milan, Como,
    Bergamo, Brescia, Mantua, Cremona
Italy / Marche: Marche, Urbino, Ancona
Italy / Molise: Molise
Italy / Piedmont: Piedmont, Lake Maggiore, Turin
Italy / Sardinia: Sardinia, Cagliari
Italy / Sicily: Sicily, Lampedusa, Aeolian Islands, Lipari, Stromboli, Mount Etna, Etna,
    Palermo, Catania, Messina, Siracusa, Agrigento, Taormina
Italy / Trentino-Alto Adige: Trentino-Alto Adige, Tyrol, Tirol, Trentino, South Tyrol,
    Alto Adige, Dolomites, Lake Garda, Trento, Bolzano
Italy / Tuscany: Tuscany, Chianti, Maremma, Val d'Orcia, Elba, Florence, Pisa, Siena, Lucca,
    San Gimignano
Italy / Umbria: Umbria, Lake Trasimeno, Assisi, Perugia
Italy / Veneto: Veneto, Dolomites, Lake Garda, Venice, Murano, Burano, Verona, Padua, Vicenza
# ---- Japan
Japan / Aichi: Nagoya
Japan / Fukuoka: Fukuoka
Japan / Fukushima: Fukushima
Japan / Gifu: Takayama
Japan / Hiroshima: Hiroshima
Japan / Hokkaido: Hokkaido, Sea of Okhotsk, Sapporo, Hakodate
Japan / Hyogo: Kobe
Japan / Ishikawa: Kanazawa
Japan / Kagoshima: Kagoshima, Ryukyu Islands, Yakushima
Japan / Kanagawa: Yokohama, Kamakura, Hakone
Japan / Kyoto: Kyoto
Japan / Miyagi: Sendai
Japan / Nagano: Matsumoto
Japan / Nagasaki: Nagasaki
Japan / Nara: Nara
Japan / Niigata: Sado Island
Japan / Okayama: Okayama
Japan / Okinawa: Okinawa, Naha, Ryukyu Islands
Japan / Osaka: Osaka
Japan / Shiga: Lake Biwa
Japan / Shizuoka: Mount Fuji
Japan / Tochigi: Nikko
Japan / Tokyo: Tokyo, Shibuya, Shinjuku, Ginza, Akihabara, Ogasawara Islands, Bonin Islands,
    Iwo Jima
Japan / Yamanashi: Mount Fuji
# ---- Mexico
Mexico / Aguascalientes: Aguascalientes
Mexico / Baja California: Baja California, Colorado River, Tijuana
Mexico / Baja California Sur: Baja California Sur
Mexico / Campeche: Campeche, Yucatán Peninsula
Mexico / Chiapas: Chiapas, Palenque
Mexico / Chihuahua: Chihuahua, Ciudad Juárez, Copper Canyon
Mexico / Coahuila: Coahuila
Mexico / Colima: Colima
Mexico / Guanajuato: Guanajuato
Mexico / Guerrero: Guerrero, Acapulco
Mexico / Jalisco: Jalisco, Guadalajara, Puerto Vallarta
Mexico / Mexico City: Mexico City
Mexico / Michoacán: Michoacán
Mexico / Morelos: Morelos, Popocatépetl
Mexico / Nayarit: Nayarit
Mexico / Nuevo León: Nuevo León, Monterrey
Mexico / Oaxaca: Oaxaca
Mexico / Puebla: Puebla, Popocatépetl
Mexico / Querétaro: Querétaro
Mexico / Quintana Roo: Quintana Roo, Yucatán Peninsula, Cancún, Tulum, Cozumel
Mexico / San Luis Potosí: San Luis Potosí
Mexico / Sinaloa: Sinaloa
Mexico / Sonora: Sonora, Colorado River
Mexico / State of Mexico: Teotihuacan, Popocatépetl
Mexico / Tabasco: Tabasco
Mexico / Tamaulipas: Tamaulipas
Mexico / Tlaxcala: Tlaxcala
Mexico / Veracruz: Veracruz
Mexico / Yucatán: Yucatán, Yucatán Peninsula, Chichén Itzá
Mexico / Zacatecas: Zacatecas
# ---- Spain
Spain / Andalusia: Andalusia, Granada, Andalucía, Costa del Sol, Doñana, Strait of Gibraltar,
    Seville, Sevilla, Málaga, Cádiz, Jerez, Ronda, Marbella, Almería
Spain / Aragon: Aragon, Zaragoza, Saragossa
Spain / Asturias: Asturias, Picos de Europa, Oviedo
Spain / Balearic Islands: Balearic Islands, Mallorca, Majorca, Menorca, Minorca, Ibiza,
    Formentera, Palma de Mallorca
Spain / Basque Country: Basque Country, Bilbao, San Sebastián
Spain / Canary Islands: Canary Islands, Canaries, Tenerife, Gran Canaria, Lanzarote,
    Fuerteventura, La Palma, La Gomera, El Hierro
Spain / Cantabria: Cantabria, Picos de Europa
Spain / Castile and León: Castile and León, Picos de Europa, Sierra de Guadarrama, Salamanca,
    Segovia, Ávila, Burgos, Valladolid
Spain / Castilla-La Mancha: Castilla-La Mancha, Guadalajara, Castile-La Mancha, La Mancha
Spain / Catalonia: Catalonia, Catalunya, Costa Brava, Barcelona, Tarragona, Girona, Gerona
Spain / Ceuta: Ceuta, Strait of Gibraltar
Spain / Community of Madrid: Sierra de Guadarrama, Madrid
Spain / Extremadura: Extremadura
Spain / Galicia: Santiago de Compostela
Spain / Melilla: Melilla
Spain / Murcia: Murcia
Spain / Navarre: Navarre, Basque Country, Navarra, Pamplona
Spain / Valencian Community: Valencian Community, Costa Blanca, Alicante
# ---- United Kingdom
United Kingdom / Anguilla: Anguilla
United Kingdom / Ascension Island: Ascension Island
United Kingdom / Bermuda: Bermuda
United Kingdom / British Virgin Islands: British Virgin Islands, Virgin Islands
United Kingdom / Cayman Islands: Cayman Islands, Grand Cayman
United Kingdom / England: England, Norfolk, London, Westminster, Notting Hill, Manchester,
    Liverpool, Leeds, Sheffield, Bristol, Nottingham, Leicester, Coventry, Bradford, Oxford,
    Canterbury, York, Southampton, Brighton, Exeter, Norwich, Winchester, Newcastle upon Tyne,
    Sunderland, Middlesbrough, Kingston upon Hull, Stoke-on-Trent, Wolverhampton, Blackpool,
    Stratford-upon-Avon, Cornwall, Devon, Dorset, Somerset, Wiltshire, Hampshire, Kent, Sussex,
    Surrey, Essex, Suffolk, Berkshire, Buckinghamshire, Hertfordshire, Oxfordshire,
    Gloucestershire, Cambridgeshire, Lincolnshire, Northamptonshire, Warwickshire,
    Worcestershire, Herefordshire, Shropshire, Staffordshire, Derbyshire, Nottinghamshire,
    Leicestershire, Cheshire, Lancashire, Yorkshire, Cumbria, Northumberland, Merseyside,
    Greater Manchester, Tyneside, East Anglia, West Midlands, East Midlands, West Country,
    Home Counties, Lake District, Cotswolds, Peak District, Yorkshire Dales, North York Moors,
    Pennines, Chiltern Hills, Chilterns, Dartmoor, Exmoor, New Forest, South Downs, North Downs,
    Norfolk Broads, Jurassic Coast, Land's End, Isle of Wight, Isles of Scilly, Lundy,
    Lindisfarne, Hadrian's Wall, Stonehenge, Avebury, Thames, River Thames, Thames Valley,
    Windermere, English Channel, North Sea
United Kingdom / Falkland Islands: Falkland Islands, Falklands
United Kingdom / Gibraltar: Gibraltar, Iberian Peninsula, Iberia, Strait of Gibraltar
United Kingdom / Northern Ireland: Northern Ireland, Ulster, Belfast, Derry, Londonderry,
    Armagh, Giant's Causeway, Lough Neagh, County Antrim, County Down, Fermanagh
United Kingdom / Pitcairn Islands: Pitcairn Islands
United Kingdom / Saint Helena: Saint Helena, St Helena
United Kingdom / Scotland: Scotland, Edinburgh, Glasgow, Aberdeen, Dundee, Inverness,
    St Andrews, Scottish Highlands, Scottish Lowlands, Scottish Borders, Fife, Argyll, Galloway,
    Dumfries and Galloway, Lothian, Aberdeenshire, Perthshire, Ayrshire, Lanarkshire, Caithness,
    Cairngorms, Trossachs, Glencoe, Loch Ness, Loch Lomond, Ben Nevis, Hebrides, Outer Hebrides,
    Inner Hebrides, Western Isles, Isle of Skye, Isle of Mull, Isle of Arran, Islay, Iona,
    Orkney, Orkney Islands, Shetland, Shetland Islands, John o' Groats, North Sea
United Kingdom / Tristan da Cunha: Tristan da Cunha
United Kingdom / Turks and Caicos Islands: Turks and Caicos Islands
United Kingdom / Wales: Wales, Cardiff, Swansea, Aberystwyth, Pembrokeshire, Gwynedd, Powys,
    Ceredigion, Carmarthenshire, Snowdonia, Snowdon, Brecon Beacons, Anglesey, Gower Peninsula
# ---- United States
United States / Alabama: Alabama
United States / Alaska: Alaska, Yukon River, Denali, Mount McKinley, Aleutian Islands,
    Kodiak Island, Anchorage, Juneau, Fairbanks, Bering Sea
United States / American Samoa: American Samoa
United States / Arizona: Arizona, Sonoran Desert, Chihuahuan Desert, Grand Canyon,
    Monument Valley, Tucson, Flagstaff, Scottsdale
United States / Arkansas: Arkansas, Little Rock
United States / California: California, Cascade Range, Sonoran Desert, Death Valley, Yosemite,
    Yosemite Valley, Yosemite National Park, San Francisco Bay, San Francisco Bay Area,
    Silicon Valley, Napa Valley, Sonoma, Big Sur, Lake Tahoe, Mount Whitney, Alcatraz,
    Los Angeles, Beverly Hills, Santa Monica, Malibu, Anaheim, Long Beach, San Diego,
    San Francisco, Oakland, Berkeley, Palo Alto, Sacramento, Fresno, Santa Barbara, Monterey
United States / Colorado: Colorado, Mesa Verde, Rio Grande, Pikes Peak, Denver, Colorado Springs
United States / Connecticut: Connecticut, Berkshires, New Haven
United States / Delaware: Delaware
United States / District of Columbia: District of Columbia, Washington DC
United States / Florida: Florida, Everglades, Okefenokee Swamp, Florida Keys, Key West,
    Cape Canaveral, Lake Okeechobee, Miami, Miami Beach, Fort Lauderdale, Tampa, Jacksonville,
    Tallahassee
United States / Georgia: Okefenokee Swamp, Atlanta
United States / Guam: Guam
United States / Hawaii: Hawaii, Mauna Kea, Mauna Loa, Kilauea, Oahu, Maui, Kauai, Molokai,
    Waikiki, Pearl Harbor, Honolulu
United States / Idaho: Idaho, Teton Range, Grand Tetons, Yellowstone, Yellowstone National Park,
    Boise
United States / Illinois: Illinois, Chicago
United States / Indiana: Indiana, Indianapolis
United States / Iowa: Iowa, Des Moines
United States / Kansas: Kansas, Kansas City, Wichita
United States / Kentucky: Kentucky, Louisville
United States / Louisiana: Louisiana, New Orleans, Baton Rouge
United States / Maine: Maine, Acadia
United States / Maryland: Maryland, Chesapeake Bay, Baltimore, Annapolis
United States / Massachusetts: Massachusetts, Berkshires, Cape Cod, Martha's Vineyard,
    Nantucket, Boston
United States / Michigan: Michigan, Lake Superior, Lake Huron, Detroit, Ann Arbor
United States / Midway Atoll: Midway Atoll
United States / Minnesota: Minnesota, Lake Superior, Minneapolis
United States / Mississippi: Mississippi
United States / Missouri: Missouri, St. Louis, St Louis, Kansas City
United States / Montana: Montana, Yellowstone, Yellowstone National Park
United States / Nebraska: Nebraska, Omaha
United States / Nevada: Nevada, Lake Tahoe, Las Vegas, Reno
United States / New Hampshire: New Hampshire
United States / New Jersey: New Jersey, Hudson River, Newark, Jersey City, Hoboken,
    Atlantic City, Princeton, New Brunswick
United States / New Mexico: New Mexico, Chihuahuan Desert, Chaco Canyon, Rio Grande,
    Albuquerque, Santa Fe, Los Alamos
United States / New York: New York, New York State, Adirondacks, Adirondack Mountains,
    Catskills, Catskill Mountains, Long Island, Lake Ontario, Lake Champlain, Niagara Falls,
    Thousand Islands, Hudson River, Hudson Valley, New York City, Manhattan, Brooklyn, Bronx,
    The Bronx, Staten Island, Harlem, Greenwich Village, St. Lawrence River
United States / North Carolina: North Carolina, Great Smoky Mountains, Smoky Mountains,
    Outer Banks, Cape Hatteras, Kitty Hawk
United States / North Dakota: North Dakota
United States / Northern Mariana Islands: Northern Mariana Islands, Saipan
United States / Ohio: Ohio, Cleveland, Cincinnati
United States / Oklahoma: Oklahoma, Oklahoma City, Tulsa
United States / Oregon: Oregon, Cascade Range, Columbia River, Mount Hood
United States / Pennsylvania: Pennsylvania, Poconos, Philadelphia, Pittsburgh, Gettysburg
United States / Puerto Rico: Puerto Rico
United States / Rhode Island: Rhode Island
United States / South Carolina: South Carolina
United States / South Dakota: South Dakota, Black Hills, Mount Rushmore
United States / Tennessee: Tennessee, Great Smoky Mountains, Smoky Mountains, Nashville,
    Knoxville, Chattanooga
United States / Texas: Texas, Chihuahuan Desert, Rio Grande, Houston, Dallas, Fort Worth,
    Austin, San Antonio, El Paso, Galveston
United States / United States Virgin Islands: US Virgin Islands, Virgin Islands
United States / Utah: Utah, Zion National Park, Bryce Canyon, Monument Valley, Great Salt Lake,
    Salt Lake City
United States / Vermont: Vermont, Lake Champlain
United States / Virginia: Virginia, Outer Banks, Chesapeake Bay, Shenandoah Valley, Norfolk
United States / Wake Island: Wake Island
United States / Washington: Washington State, Cascade Range, Puget Sound, Columbia River,
    Mount Rainier, Mount St. Helens, Olympic Peninsula, Seattle, Tacoma, Spokane
United States / West Virginia: West Virginia, Shenandoah Valley
United States / Wisconsin: Wisconsin, Lake Superior, Milwaukee
United States / Wyoming: Wyoming, Black Hills, Teton Range, Grand Tetons, Yellowstone,
    Yellowstone National Park
""")
