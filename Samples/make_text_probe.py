#!/usr/bin/python3
"""Write clean or worn stamp text for places and wording the development stamps lack.

    python3 Samples/make_text_probe.py build/probe                 # clean text
    python3 Samples/make_text_probe.py build/probe-worn --worn -s 11
    stampkit eval build/probe --readings build/probe/readings

No images: each stamp is its printed lines as an OCR reading (`readings/FILE.json`, the
form `eval --readings` keeps), so `stampkit eval` measures matching alone, in a second,
on 239 real stamp texts of 81 countries in the development stamps' designs (Schengen
rings with their sign, US, UK, Japanese, Thai, Latin American, African and other
layouts) for airports, ports and land crossings the development and held-out stamps
do not name, and on 124 countries' formal names at a stamp's head (RÉPUBLIQUE
TUNISIENNE, LAO PDR). `--worn` drops or swaps letters as a worn stamp does (O as 0,
Ø as @, a letter lost, one in twelve); the seed fixes which.
"""

import argparse
import json
import os
import random

A, D = "arrival", "departure"
# Schengen rings: (sign, name as printed, country, IATA or None, method)
SCH = [
 ("D","FLUGHAFEN FRANKFURT","DE","FRA","air"),("D","MÜNCHEN","DE","MUC","air"),("D","FLUGHAFEN HANNOVER","DE","HAJ","air"),
 ("D","NÜRNBERG FLUGHAFEN","DE","NUE","air"),("D","FLUGHAFEN BREMEN","DE","BRE","air"),("D","LEIPZIG/HALLE","DE","LEJ","air"),
 ("D","FLUGHAFEN DRESDEN","DE","DRS","air"),("D","ROSTOCK HAFEN","DE",None,"sea"),("D","FRANKFURT HAHN","DE","HHN","air"),
 ("D","BERLIN TEGEL","DE","TXL","air"),("D","BERLIN-SCHÖNEFELD","DE","SXF","air"),
 ("A","FLUGHAFEN WIEN-SCHWECHAT","AT","VIE","air"),("A","LINZ FLUGHAFEN","AT","LNZ","air"),("A","NICKELSDORF","AT",None,"land"),
 ("F","ROISSY-CHARLES DE GAULLE","FR","CDG","air"),("F","NANTES ATLANTIQUE","FR","NTE","air"),("F","STRASBOURG ENTZHEIM","FR","SXB","air"),
 ("F","CHERBOURG PORT","FR",None,"sea"),("F","AÉROPORT DE BEAUVAIS","FR","BVA","air"),("F","AÉROPORT MONTPELLIER","FR","MPL","air"),
 ("I","ROMA FIUMICINO","IT","FCO","air"),("I","CIAMPINO","IT","CIA","air"),("I","MILANO LINATE","IT","LIN","air"),
 ("I","BERGAMO ORIO AL SERIO","IT","BGY","air"),("I","AEROPORTO DI PISA","IT","PSA","air"),("I","FIRENZE PERETOLA","IT","FLR","air"),
 ("I","CATANIA FONTANAROSSA","IT","CTA","air"),("I","PALERMO PUNTA RAISI","IT","PMO","air"),("I","TORINO CASELLE","IT","TRN","air"),
 ("I","PORTO DI ANCONA","IT",None,"sea"),("I","AEROPORTO DI BARI","IT","BRI","air"),
 ("E","MADRID-BARAJAS","ES","MAD","air"),("E","AEROPUERTO DE ALICANTE","ES","ALC","air"),("E","SEVILLA","ES","SVQ","air"),
 ("E","AEROPUERTO DE BILBAO","ES","BIO","air"),("E","IBIZA","ES","IBZ","air"),("E","TENERIFE SUR","ES","TFS","air"),
 ("E","GRAN CANARIA","ES","LPA","air"),("E","AEROPUERTO DE GIRONA","ES","GRO","air"),
 ("P","AEROPORTO DE LISBOA","PT","LIS","air"),("P","FUNCHAL","PT","FNC","air"),("P","LISBOA","PT","LIS","air"),
 ("NL","SCHIPHOL","NL","AMS","air"),("NL","MAASTRICHT AACHEN","NL","MST","air"),("NL","HOEK VAN HOLLAND","NL",None,"sea"),
 ("NL","GRONINGEN EELDE","NL","GRQ","air"),
 ("B","ZAVENTEM","BE","BRU","air"),("B","OOSTENDE","BE","OST","air"),("B","ANTWERPEN","BE","ANR","air"),("B","ZEEBRUGGE","BE",None,"sea"),
 ("L","LUXEMBOURG","LU","LUX","air"),("L","AÉROPORT DE LUXEMBOURG","LU","LUX","air"),
 ("CH","ZÜRICH FLUGHAFEN","CH","ZRH","air"),("CH","FLUGHAFEN BERN","CH","BRN","air"),
 ("DK","KØBENHAVN KASTRUP","DK","CPH","air"),("DK","AARHUS LUFTHAVN","DK","AAR","air"),("DK","RØDBY HAVN","DK",None,"sea"),
 ("N","OSLO LUFTHAVN GARDERMOEN","NO","OSL","air"),("N","TROMSØ LUFTHAVN","NO","TOS","air"),("N","KRISTIANSAND","NO","KRS","air"),
 ("N","STORSKOG","NO",None,"land"),
 ("S","STOCKHOLM ARLANDA","SE","ARN","air"),("S","SKAVSTA","SE","NYO","air"),("S","BROMMA","SE","BMA","air"),
 ("S","TRELLEBORG HAMN","SE",None,"sea"),("S","HAPARANDA","SE",None,"land"),
 ("FIN","HELSINKI-VANTAA","FI","HEL","air"),("FIN","TURUN LENTOASEMA","FI","TKU","air"),("FIN","VAALIMAA","FI",None,"land"),
 ("FIN","IVALO","FI","IVL","air"),
 ("IS","KEFLAVÍKURFLUGVÖLLUR","IS","KEF","air"),("IS","REYKJAVÍK","IS","RKV","air"),
 ("PL","WARSZAWA OKĘCIE","PL","WAW","air"),("PL","LOTNISKO CHOPINA","PL","WAW","air"),("PL","POZNAŃ ŁAWICA","PL","POZ","air"),
 ("PL","MODLIN","PL","WMI","air"),("PL","ŚWINOUJŚCIE","PL",None,"sea"),("PL","TERESPOL","PL",None,"land"),("PL","LOTNISKO RZESZÓW","PL","RZE","air"),
 ("CZ","PRAHA RUZYNĚ","CZ","PRG","air"),("CZ","LETIŠTĚ PRAHA","CZ","PRG","air"),("CZ","KARLOVY VARY","CZ","KLV","air"),
 ("SK","LETISKO POPRAD-TATRY","SK","TAT","air"),("SK","VYŠNÉ NEMECKÉ","SK",None,"land"),
 ("H","BUDAPEST FERIHEGY","HU","BUD","air"),("H","LISZT FERENC REPÜLŐTÉR","HU","BUD","air"),("H","RÖSZKE","HU",None,"land"),
 ("SLO","MARIBOR","SI","MBX","air"),("SLO","LUKA KOPER","SI",None,"sea"),("SLO","OBREŽJE","SI",None,"land"),
 ("HR","ZRAČNA LUKA ZADAR","HR","ZAD","air"),("HR","ZRAČNA LUKA PULA","HR","PUY","air"),("HR","LUKA RIJEKA","HR",None,"sea"),
 ("GR","RODOS","GR","RHO","air"),("GR","KERKYRA","GR","CFU","air"),("GR","PATRAI","GR",None,"sea"),("GR","IGOUMENITSA","GR",None,"sea"),
 ("GR","CHANIA","GR","CHQ","air"),("GR","KIPOI","GR",None,"land"),
 ("EST","TALLINNA SADAM","EE",None,"sea"),("EST","KOIDULA","EE",None,"land"),
 ("LV","RĪGAS OSTA","LV",None,"sea"),("LV","TEREHOVA","LV",None,"land"),("LV","LIEPĀJAS LIDOSTA","LV","LPX","air"),
 ("LT","PALANGOS ORO UOSTAS","LT","PLQ","air"),("LT","KLAIPĖDOS UOSTAS","LT",None,"sea"),("LT","MEDININKAI","LT",None,"land"),
 ("M","LUQA","MT","MLA","air"),
 ("BG","LETISHTE SOFIA","BG","SOF","air"),("BG","VARNA","BG","VAR","air"),("BG","BURGAS","BG","BOJ","air"),
 ("RO","AEROPORTUL HENRI COANDĂ","RO","OTP","air"),("RO","CLUJ-NAPOCA","RO","CLJ","air"),("RO","TIMIȘOARA","RO","TSR","air"),
]
# Other designs: (country, IATA or None, method, header lines, place lines, {direction: word}, date style)
OTH = [
 ("US","JFK","air",["U.S. CUSTOMS AND BORDER PROTECTION"],["JFK"],{A:"ADMITTED"},"MON d y"),
 ("US","SFO","air",["DEPARTMENT OF HOMELAND SECURITY"],["SFO"],{A:"ADMITTED"},"MON d y"),
 ("US","ATL","air",["U.S. CUSTOMS AND BORDER PROTECTION"],["ATL 4412"],{A:"ADMITTED"},"MON d y"),
 ("US","HNL","air",["U.S. IMMIGRATION"],["HONOLULU"],{A:"ADMITTED"},"MON d y"),
 ("US",None,"land",["U.S. IMMIGRATION"],["LAREDO, TX"],{A:"ADMITTED"},"MON d y"),
 ("US",None,"land",["U.S. CUSTOMS AND BORDER PROTECTION"],["BLAINE, WA"],{A:"ADMITTED"},"MON d y"),
 ("GB","LHR","air",["UK BORDER"],["HEATHROW (4)"],{A:""},"d MON y"),
 ("GB","STN","air",["UK BORDER"],["STANSTED"],{A:""},"d MON y"),
 ("GB","BHX","air",["UK BORDER"],["BIRMINGHAM"],{A:""},"d MON y"),
 ("GB","GLA","air",["UK BORDER"],["GLASGOW"],{A:""},"d MON y"),
 ("GB",None,"land",["UK BORDER"],["COQUELLES"],{A:""},"d MON y"),
 ("JP","NRT","air",["LANDING PERMISSION"],["NARITA(N)"],{A:""},"d MON y"),
 ("JP","HND","air",["DEPARTED"],["HANEDA(H)"],{D:""},"d MON y"),
 ("JP","CTS","air",["LANDING PERMISSION"],["NEW CHITOSE(C)"],{A:""},"d MON y"),
 ("JP","OKA","air",["LANDING PERMISSION"],["NAHA(N)"],{A:""},"d MON y"),
 ("TH","BKK","air",["IMMIGRATION"],["SUVARNABHUMI AIRPORT"],{A:"ADMITTED",D:"DEPARTURE"},"d MON y"),
 ("TH","KBV","air",["IMMIGRATION"],["KRABI AIRPORT"],{A:"ADMITTED"},"d MON y"),
 ("TH",None,"land",["IMMIGRATION"],["ARANYAPRATHET"],{A:"ADMITTED"},"d MON y"),
 ("TH",None,"land",["IMMIGRATION"],["NONG KHAI"],{A:"ADMITTED"},"d MON y"),
 ("MY","PEN","air",["IMIGRESEN MALAYSIA"],["PULAU PINANG"],{A:"MASUK",D:"KELUAR"},"d MON y"),
 ("MY","BKI","air",["IMIGRESEN MALAYSIA"],["KOTA KINABALU"],{A:"MASUK"},"d MON y"),
 ("MY","LGK","air",["IMIGRESEN MALAYSIA"],["LANGKAWI"],{D:"KELUAR"},"d MON y"),
 ("MY",None,"land",["IMIGRESEN MALAYSIA"],["BUKIT KAYU HITAM"],{A:"MASUK"},"d MON y"),
 ("IN","DEL","air",["IMMIGRATION"],["IGI AIRPORT NEW DELHI"],{A:"ARRIVAL",D:"DEPARTURE"},"d MON y"),
 ("IN","BLR","air",["IMMIGRATION"],["BENGALURU AIRPORT"],{A:"ARRIVAL"},"d MON y"),
 ("IN","CCU","air",["IMMIGRATION"],["KOLKATA AIRPORT"],{D:"DEPARTURE"},"d MON y"),
 ("IN","GOI","air",["IMMIGRATION"],["GOA AIRPORT"],{A:"ARRIVAL"},"d MON y"),
 ("AU","PER","air",["AUSTRALIA"],["PERTH"],{A:"ARRIVED",D:"DEPARTED"},"d MON y"),
 ("AU","ADL","air",["AUSTRALIA"],["ADELAIDE"],{A:"ARRIVED"},"d MON y"),
 ("AU","CNS","air",["AUSTRALIA"],["CAIRNS"],{D:"DEPARTED"},"d MON y"),
 ("AU","OOL","air",["AUSTRALIA"],["GOLD COAST"],{A:"ARRIVED"},"d MON y"),
 ("MX","CUN","air",["INSTITUTO NACIONAL DE MIGRACIÓN","AEROPUERTO INTERNACIONAL"],["CANCÚN"],{A:"ENTRADA",D:"SALIDA"},"d MON y"),
 ("MX","GDL","air",["INSTITUTO NACIONAL DE MIGRACIÓN","AEROPUERTO INTERNACIONAL"],["GUADALAJARA"],{A:"ENTRADA"},"d MON y"),
 ("MX","SJD","air",["INSTITUTO NACIONAL DE MIGRACIÓN","AEROPUERTO INTERNACIONAL"],["LOS CABOS"],{A:"ENTRADA"},"d MON y"),
 ("MX",None,"land",["INSTITUTO NACIONAL DE MIGRACIÓN"],["TIJUANA"],{A:"ENTRADA"},"d MON y"),
 ("CL","PUQ","air",["POLICÍA DE INVESTIGACIONES"],["AEROPUERTO PUNTA ARENAS"],{A:"ENTRADA",D:"SALIDA"},"d MON y"),
 ("CL",None,"land",["POLICÍA DE INVESTIGACIONES"],["PASO CHACALLUTA"],{A:"ENTRADA"},"d MON y"),
 ("AR","AEP","air",["MIGRACIONES"],["AEROPARQUE JORGE NEWBERY"],{A:"ENTRADA",D:"SALIDA"},"d MON y"),
 ("AR","IGR","air",["MIGRACIONES"],["AEROPUERTO IGUAZÚ"],{A:"ENTRADA"},"d MON y"),
 ("AR","MDZ","air",["MIGRACIONES"],["MENDOZA"],{D:"SALIDA"},"d MON y"),
 ("EG","CAI","air",["CAIRO AIRPORT"],[],{A:"ARRIVAL",D:"DEPARTURE"},"d MON y"),
 ("EG","SSH","air",["SHARM EL SHEIKH AIRPORT"],[],{A:"ARRIVAL"},"d MON y"),
 ("EG","LXR","air",["LUXOR AIRPORT"],[],{D:"DEPARTURE"},"d MON y"),
 ("TN","DJE","air",["RÉPUBLIQUE TUNISIENNE"],["AÉROPORT DJERBA-ZARZIS"],{A:"ENTRÉE",D:"SORTIE"},"d MON y"),
 ("TN","MIR","air",["RÉPUBLIQUE TUNISIENNE"],["AÉROPORT MONASTIR"],{A:"ENTRÉE"},"d MON y"),
 ("TN","NBE","air",["RÉPUBLIQUE TUNISIENNE"],["AÉROPORT ENFIDHA-HAMMAMET"],{D:"SORTIE"},"d MON y"),
 ("TZ","DAR","air",["UNITED REPUBLIC OF TANZANIA"],["DAR ES SALAAM"],{A:"ARRIVAL"},"d MON y"),
 ("TZ","ZNZ","air",["UNITED REPUBLIC OF TANZANIA"],["ZANZIBAR"],{D:"DEPARTURE"},"d MON y"),
 ("AE","DXB","air",["DUBAI AIRPORT"],[],{A:"ARRIVAL",D:"EXIT"},"d/m/y"),
 ("AE","SHJ","air",["SHARJAH AIRPORT"],[],{A:"ENTRY"},"d/m/y"),
 ("CN","PVG","air",["CHINA IMMIGRATION INSPECTION"],["SHANGHAI PUDONG"],{A:"ENTRY",D:"EXIT"},"y-m-d"),
 ("CN","SZX","air",["CHINA IMMIGRATION INSPECTION"],["SHENZHEN"],{A:"ENTRY"},"y-m-d"),
 ("CN","CTU","air",["CHINA IMMIGRATION INSPECTION"],["CHENGDU"],{D:"EXIT"},"y-m-d"),
 ("CN","XMN","air",["CHINA IMMIGRATION INSPECTION"],["XIAMEN"],{A:"ENTRY"},"y-m-d"),
 ("VN","CXR","air",["VIETNAM IMMIGRATION"],["CAM RANH"],{A:"NHẬP CẢNH"},"d m y"),
 ("VN","PQC","air",["VIETNAM IMMIGRATION"],["PHÚ QUỐC"],{D:"XUẤT CẢNH"},"d m y"),
 ("NZ","WLG","air",["NEW ZEALAND"],["WELLINGTON"],{A:"ARRIVED"},"d MON y"),
 ("NZ","ZQN","air",["NEW ZEALAND"],["QUEENSTOWN"],{D:"DEPARTED"},"d MON y"),
 ("PH","CRK","air",["BUREAU OF IMMIGRATION"],["CLARK"],{A:"ARRIVAL"},"d MON y"),
 ("PH","MNL","air",["BUREAU OF IMMIGRATION"],["NAIA"],{A:"ARRIVAL"},"d MON y"),
 ("PH","DVO","air",["BUREAU OF IMMIGRATION"],["DAVAO"],{A:"ARRIVAL"},"d MON y"),
 ("CA","YYZ","air",["CANADA BORDER SERVICES AGENCY"],["TORONTO PEARSON"],{A:""},"y-m-d"),
 ("CA","YYC","air",["CANADA BORDER SERVICES AGENCY"],["CALGARY"],{A:""},"y-m-d"),
 ("CA","YHZ","air",["CANADA BORDER SERVICES AGENCY"],["HALIFAX"],{A:""},"y-m-d"),
 ("IE","SNN","air",["GARDA NATIONAL IMMIGRATION BUREAU"],["SHANNON AIRPORT"],{A:""},"d MON y"),
 ("IE","ORK","air",["GARDA NATIONAL IMMIGRATION BUREAU"],["CORK AIRPORT"],{A:""},"d MON y"),
 ("JO","AQJ","air",["HASHEMITE KINGDOM OF JORDAN"],["AQABA AIRPORT"],{A:"ENTRY"},"d MON y"),
 ("JO",None,"land",["HASHEMITE KINGDOM OF JORDAN"],["KING HUSSEIN BRIDGE"],{A:"ENTRY"},"d MON y"),
 ("KH","PNH","air",["KINGDOM OF CAMBODIA"],["PHNOM PENH INT'L AIRPORT"],{A:"ARRIVAL",D:"DEPARTURE"},"d MON y"),
 ("KR","ICN","air",["KOREA IMMIGRATION SERVICE"],["INCHEON"],{A:"ARRIVAL",D:"DEPARTURE"},"y. m. d"),
 ("KR","PUS","air",["KOREA IMMIGRATION SERVICE"],["GIMHAE"],{A:"ARRIVAL"},"y. m. d"),
 ("KR","CJU","air",["KOREA IMMIGRATION SERVICE"],["JEJU"],{D:"DEPARTURE"},"y. m. d"),
 ("LK","CMB","air",["DEPARTMENT OF IMMIGRATION & EMIGRATION"],["BANDARANAIKE INT'L AIRPORT"],{D:"DEPARTURE"},"d MON y"),
 ("MA","CMN","air",["ROYAUME DU MAROC"],["AÉROPORT MOHAMMED V"],{A:"ENTRÉE",D:"SORTIE"},"d MON y"),
 ("MA","AGA","air",["ROYAUME DU MAROC"],["AÉROPORT AGADIR AL MASSIRA"],{A:"ENTRÉE"},"d MON y"),
 ("MA","TNG","air",["ROYAUME DU MAROC"],["AÉROPORT TANGER IBN BATTOUTA"],{D:"SORTIE"},"d MON y"),
 ("CO","CTG","air",["MIGRACIÓN COLOMBIA"],["AEROPUERTO RAFAEL NÚÑEZ"],{A:"ENTRADA"},"d MON y"),
 ("CO","CLO","air",["MIGRACIÓN COLOMBIA"],["AEROPUERTO ALFONSO BONILLA ARAGÓN"],{D:"SALIDA"},"d MON y"),
 ("BR","GRU","air",["POLÍCIA FEDERAL","AEROPORTO INTERNACIONAL"],["DE GUARULHOS"],{A:"ENTRADA",D:"SAÍDA"},"d.m.y"),
 ("BR","BSB","air",["POLÍCIA FEDERAL","AEROPORTO INTERNACIONAL"],["DE BRASÍLIA"],{A:"ENTRADA"},"d.m.y"),
 ("BR","IGU","air",["POLÍCIA FEDERAL"],["FOZ DO IGUAÇU"],{A:"ENTRADA"},"d.m.y"),
 ("ZA","JNB","air",["SOUTH AFRICA"],["O.R. TAMBO INT. AIRPORT"],{A:"ARRIVED",D:"DEPARTED"},"d MON y"),
 ("ZA","DUR","air",["SOUTH AFRICA"],["KING SHAKA INT. AIRPORT"],{A:"ARRIVED"},"d MON y"),
 ("TR","IST","air",[],["İSTANBUL HAVALİMANI"],{A:"GİRİŞ",D:"ÇIKIŞ"},"d.m.y"),
 ("TR","DLM","air",[],["DALAMAN HAVALİMANI"],{A:"GİRİŞ"},"d.m.y"),
 ("TR","ESB","air",[],["ANKARA ESENBOĞA HAVALİMANI"],{D:"ÇIKIŞ"},"d.m.y"),
 ("HK","HKG","air",["HONG KONG"],["IMMIGRATION"],{A:""},"d MON y"),
 ("SG","SIN","air",["IMMIGRATION & CHECKPOINTS AUTHORITY"],["CHANGI AIRPORT"],{A:"ARRIVAL"},"d MON y"),
 ("SG",None,"land",["IMMIGRATION & CHECKPOINTS AUTHORITY"],["WOODLANDS CHECKPOINT"],{A:"ARRIVAL"},"d MON y"),
 ("NP","KTM","air",["DEPARTMENT OF IMMIGRATION"],["TRIBHUVAN INT'L AIRPORT"],{D:"DEPARTURE"},"d MON y"),
 ("QA","DOH","air",["STATE OF QATAR"],["HAMAD INTERNATIONAL AIRPORT"],{D:"DEPARTURE"},"d MON y"),
 ("ET","ADD","air",["FEDERAL DEMOCRATIC REPUBLIC OF ETHIOPIA"],["BOLE INTERNATIONAL AIRPORT"],{A:"ARRIVAL"},"d MON y"),
 ("KE","MBA","air",["REPUBLIC OF KENYA"],["MOI INTERNATIONAL AIRPORT"],{A:"ARRIVAL"},"d MON y"),
 ("UG","EBB","air",["REPUBLIC OF UGANDA"],["ENTEBBE INTERNATIONAL AIRPORT"],{A:"ARRIVAL"},"d MON y"),
 ("RW","KGL","air",["REPUBLIC OF RWANDA"],["KIGALI INTERNATIONAL AIRPORT"],{A:"ARRIVAL"},"d MON y"),
 ("SN","DSS","air",["RÉPUBLIQUE DU SÉNÉGAL"],["AÉROPORT BLAISE DIAGNE"],{A:"ENTRÉE"},"d MON y"),
 ("PE","CUZ","air",["MIGRACIONES"],["AEROPUERTO CUSCO"],{A:"ENTRADA"},"d MON y"),
 ("EC","UIO","air",["REPÚBLICA DEL ECUADOR"],["AEROPUERTO MARISCAL SUCRE"],{A:"ENTRADA"},"d MON y"),
 ("CU","HAV","air",["REPÚBLICA DE CUBA"],["AEROPUERTO JOSÉ MARTÍ"],{A:"ENTRADA"},"d MON y"),
 ("DO","PUJ","air",["REPÚBLICA DOMINICANA","DIRECCIÓN GENERAL DE MIGRACIÓN"],["AEROPUERTO PUNTA CANA"],{A:"ENTRADA"},"d MON y"),
 ("ID","SUB","air",["IMIGRASI"],["JUANDA SURABAYA"],{A:"KEDATANGAN"},"d MON y"),
 ("LA","VTE","air",["LAO PDR"],["WATTAY INTERNATIONAL AIRPORT"],{A:"ARRIVAL"},"d MON y"),
 ("MM","RGN","air",["MYANMAR"],["YANGON INTERNATIONAL AIRPORT"],{A:"ARRIVAL"},"d MON y"),
 ("GE","TBS","air",["GEORGIA"],["TBILISI AIRPORT"],{A:"ENTRY"},"d MON y"),
 ("AM","EVN","air",["REPUBLIC OF ARMENIA"],["ZVARTNOTS AIRPORT"],{A:"ENTRY"},"d MON y"),
 ("IL","TLV","air",["STATE OF ISRAEL"],["BEN GURION AIRPORT"],{A:"ENTRY"},"d MON y"),
 ("RS","BEG","air",["REPUBLIKA SRBIJA"],["AERODROM NIKOLA TESLA BEOGRAD"],{A:"ULAZ"},"d.m.y"),
 ("ME","TGD","air",["CRNA GORA"],["AERODROM PODGORICA"],{A:"ULAZ",D:"IZLAZ"},"d.m.y"),
 ("AL","TIA","air",["REPUBLIKA E SHQIPËRISË"],["AEROPORTI RINAS TIRANË"],{A:"HYRJE"},"d.m.y"),
 ("CY","LCA","air",["REPUBLIC OF CYPRUS"],["LARNACA AIRPORT"],{A:"ARRIVAL"},"d.m.y"),
 ("UA","KBP","air",["UKRAINE"],["BORYSPIL"],{A:"ENTRY"},"d.m.y"),
]
# Formal names at a stamp's head: country, name.
FORMAL = """TN RÉPUBLIQUE TUNISIENNE
DZ RÉPUBLIQUE ALGÉRIENNE DÉMOCRATIQUE ET POPULAIRE
MA ROYAUME DU MAROC
FR RÉPUBLIQUE FRANÇAISE
IT REPUBBLICA ITALIANA
PT REPÚBLICA PORTUGUESA
ES REINO DE ESPAÑA
BE ROYAUME DE BELGIQUE
BE KONINKRIJK BELGIË
NL KONINKRIJK DER NEDERLANDEN
DE BUNDESREPUBLIK DEUTSCHLAND
AT REPUBLIK ÖSTERREICH
CH SCHWEIZERISCHE EIDGENOSSENSCHAFT
CH CONFÉDÉRATION SUISSE
PL RZECZPOSPOLITA POLSKA
CZ ČESKÁ REPUBLIKA
SK SLOVENSKÁ REPUBLIKA
SI REPUBLIKA SLOVENIJA
HR REPUBLIKA HRVATSKA
HU MAGYARORSZÁG
RO ROMÂNIA
BG REPUBLIKA BULGARIA
GR ELLINIKI DIMOKRATIA
GR HELLENIC REPUBLIC
CY REPUBLIC OF CYPRUS
MT REPUBBLIKA TA' MALTA
EE EESTI VABARIIK
LV LATVIJAS REPUBLIKA
LT LIETUVOS RESPUBLIKA
FI SUOMEN TASAVALTA
SE KONUNGARIKET SVERIGE
NO KONGERIKET NORGE
DK KONGERIGET DANMARK
IS ÍSLAND
IE ÉIRE
LU GRAND-DUCHÉ DE LUXEMBOURG
MX ESTADOS UNIDOS MEXICANOS
BR REPÚBLICA FEDERATIVA DO BRASIL
AR REPÚBLICA ARGENTINA
CL REPÚBLICA DE CHILE
PE REPÚBLICA DEL PERÚ
CO REPÚBLICA DE COLOMBIA
EC REPÚBLICA DEL ECUADOR
UY REPÚBLICA ORIENTAL DEL URUGUAY
PY REPÚBLICA DEL PARAGUAY
BO ESTADO PLURINACIONAL DE BOLIVIA
VE REPÚBLICA BOLIVARIANA DE VENEZUELA
CU REPÚBLICA DE CUBA
DO REPÚBLICA DOMINICANA
CR REPÚBLICA DE COSTA RICA
PA REPÚBLICA DE PANAMÁ
GT REPÚBLICA DE GUATEMALA
SN RÉPUBLIQUE DU SÉNÉGAL
CI RÉPUBLIQUE DE CÔTE D'IVOIRE
CM RÉPUBLIQUE DU CAMEROUN
GA RÉPUBLIQUE GABONAISE
CD RÉPUBLIQUE DÉMOCRATIQUE DU CONGO
MG REPOBLIKAN'I MADAGASIKARA
MU REPUBLIC OF MAURITIUS
KE REPUBLIC OF KENYA
UG REPUBLIC OF UGANDA
RW REPUBLIC OF RWANDA
ET FEDERAL DEMOCRATIC REPUBLIC OF ETHIOPIA
NG FEDERAL REPUBLIC OF NIGERIA
GH REPUBLIC OF GHANA
ZA REPUBLIC OF SOUTH AFRICA
NA REPUBLIC OF NAMIBIA
BW REPUBLIC OF BOTSWANA
ZW REPUBLIC OF ZIMBABWE
ZM REPUBLIC OF ZAMBIA
TZ UNITED REPUBLIC OF TANZANIA
EG ARAB REPUBLIC OF EGYPT
JO HASHEMITE KINGDOM OF JORDAN
SA KINGDOM OF SAUDI ARABIA
OM SULTANATE OF OMAN
BH KINGDOM OF BAHRAIN
KW STATE OF KUWAIT
QA STATE OF QATAR
AE UNITED ARAB EMIRATES
IL STATE OF ISRAEL
LB REPUBLIC OF LEBANON
IR ISLAMIC REPUBLIC OF IRAN
PK ISLAMIC REPUBLIC OF PAKISTAN
IN REPUBLIC OF INDIA
BD PEOPLE'S REPUBLIC OF BANGLADESH
LK DEMOCRATIC SOCIALIST REPUBLIC OF SRI LANKA
NP FEDERAL DEMOCRATIC REPUBLIC OF NEPAL
MV REPUBLIC OF MALDIVES
KH KINGDOM OF CAMBODIA
LA LAO PDR
LA LAO PEOPLE'S DEMOCRATIC REPUBLIC
MM REPUBLIC OF THE UNION OF MYANMAR
TH KINGDOM OF THAILAND
VN SOCIALIST REPUBLIC OF VIETNAM
PH REPUBLIC OF THE PHILIPPINES
ID REPUBLIK INDONESIA
MY MALAYSIA
SG REPUBLIC OF SINGAPORE
BN NEGARA BRUNEI DARUSSALAM
TW REPUBLIC OF CHINA
MN MONGOLIA
KZ REPUBLIC OF KAZAKHSTAN
UZ REPUBLIC OF UZBEKISTAN
GE GEORGIA
AM REPUBLIC OF ARMENIA
AZ REPUBLIC OF AZERBAIJAN
TR TÜRKİYE CUMHURİYETİ
RS REPUBLIKA SRBIJA
ME CRNA GORA
BA BOSNA I HERCEGOVINA
MK REPUBLIC OF NORTH MACEDONIA
AL REPUBLIKA E SHQIPËRISË
XK REPUBLIKA E KOSOVËS
MD REPUBLICA MOLDOVA
UA UKRAINE
BY REPUBLIC OF BELARUS
RU RUSSIAN FEDERATION
FJ REPUBLIC OF FIJI
NZ NEW ZEALAND
AU COMMONWEALTH OF AUSTRALIA
JM JAMAICA
BS COMMONWEALTH OF THE BAHAMAS
TT REPUBLIC OF TRINIDAD AND TOBAGO
BB BARBADOS
"""

MONTHS = "JAN FEB MAR APR MAY JUN JUL AUG SEP OCT NOV DEC".split()
SWAPS = {"O": "0", "I": "1", "E": "F", "S": "5", "B": "8", "L": "I", "Ø": "@", "Å": "A", "Ä": "A", "Ö": "O",
         "Ü": "U", "É": "E", "Ł": "L"}


def date_text(y, m, d, style):
    return {"MON d y": f"{MONTHS[m - 1]} {d:02d} {y}", "d MON y": f"{d:02d} {MONTHS[m - 1]} {y}",
            "d/m/y": f"{d:02d}/{m:02d}/{y}", "y-m-d": f"{y}-{m:02d}-{d:02d}", "d m y": f"{d:02d} {m:02d} {y}",
            "y. m. d": f"{y}. {m:02d}. {d:02d}", "d.m.y": f"{d:02d}.{m:02d}.{y}",
            "dmyy": f"{d:02d}.{m:02d}.{y % 100:02d}"}[style]


def worn(text, rng):
    out = []
    for ch in text:
        r = rng.random()
        if ch.isalpha() and r < 0.04:
            continue
        out.append(SWAPS.get(ch, ch) if r < 0.08 else ch)
    return "".join(out)


def stamps():
    """(country, IATA, method, direction, lines without the date, date style) for every stamp."""
    for sign, name, country, iata, method in SCH:
        yield country, iata, method, None, [sign, name], "dmyy"
    # Countries that stamp only on entry: no word for it, but the stamp is an arrival.
    entry_only = ("GB", "JP", "CA", "IE", "HK")
    for country, iata, method, header, place, words, style in OTH:
        for direction, word in words.items():
            said = direction if word or country in entry_only else None
            yield country, iata, method, said, header + place + ([word] if word else []), style
    for line in FORMAL.strip().splitlines():
        country, name = line.split(" ", 1)
        yield country, None, None, A, [name, "ARRIVAL"], "d MON y"


def reading(lines):
    """The lines as an OCR reading: words 30 px a letter, lines 60 px apart, read at 92."""
    out = []
    for k, text in enumerate(lines):
        x, y, words = 100, 100 + 60 * k, []
        for word in text.split():
            words.append({"box": {"x": x, "y": y, "width": 30 * len(word), "height": 40}, "confidence": 92.0, "text": word})
            x += 30 * len(word) + 30
        if words:
            out.append({"box": {"x": 100, "y": y, "width": x - 130, "height": 40}, "confidence": 92.0,
                        "text": " ".join(w["text"] for w in words), "words": words})
    return {"lines": out, "passes": 1, "rotation": 0}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("target", help="folder for truth.jsonl and readings/")
    parser.add_argument("--worn", action="store_true", help="wear the letters as a worn stamp does")
    parser.add_argument("-s", "--seed", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(os.path.join(args.target, "readings"), exist_ok=True)
    with open(os.path.join(args.target, "truth.jsonl"), "w", encoding="utf-8") as truth:
        for k, (country, iata, method, direction, lines, style) in enumerate(stamps()):
            y, m, d = rng.randint(2004, 2024), rng.randint(1, 12), rng.randint(1, 12)
            printed = lines + [date_text(y, m, d, style)]
            name = f"text_{k:03d}.jpg"
            truth.write(json.dumps({"file": name, "level": "easy", "country": country, "airport": iata,
                                    "date": f"{y}-{m:02d}-{d:02d}", "date_text": printed[-1], "direction": direction,
                                    "method": method, "rotation": 0, "lines": printed}, ensure_ascii=False) + "\n")
            read = [worn(line, rng) for line in printed] if args.worn else printed
            with open(os.path.join(args.target, "readings", name + ".json"), "w", encoding="utf-8") as f:
                json.dump(reading(read), f, ensure_ascii=False)


if __name__ == "__main__":
    main()
