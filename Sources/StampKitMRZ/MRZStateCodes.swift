/// Issuing-state and nationality codes an MRZ may carry. An unknown code is flagged, never
/// rejected: states introduce codes, and OCR damage shows up in the check digits instead.
public enum MRZStateCodes {
    /// True when `code` (as printed, `<`-padded or trimmed) is an ISO 3166-1 alpha-3 code, a
    /// former ISO code still found in old passports, or an ICAO 9303 Part 3 special code.
    public static func isKnown(_ code: String) -> Bool {
        var trimmed = Substring(code)
        while trimmed.last == "<" { trimmed = trimmed.dropLast() }
        return known.contains(String(trimmed))
    }

    static let known: Set<String> = Set(
        [current, former, icaoSpecial].joined(separator: " ").split(whereSeparator: \.isWhitespace).map(String.init))

    /// ISO 3166-1 alpha-3, taken from Debian iso-codes (`iso_3166-1.json`).
    static let current = """
        ABW AFG AGO AIA ALA ALB AND ARE ARG ARM ASM ATA ATF ATG AUS AUT AZE BDI BEL BEN BES BFA BGD
        BGR BHR BHS BIH BLM BLR BLZ BMU BOL BRA BRB BRN BTN BVT BWA CAF CAN CCK CHE CHL CHN CIV CMR
        COD COG COK COL COM CPV CRI CUB CUW CXR CYM CYP CZE DEU DJI DMA DNK DOM DZA ECU EGY ERI ESH
        ESP EST ETH FIN FJI FLK FRA FRO FSM GAB GBR GEO GGY GHA GIB GIN GLP GMB GNB GNQ GRC GRD GRL
        GTM GUF GUM GUY HKG HMD HND HRV HTI HUN IDN IMN IND IOT IRL IRN IRQ ISL ISR ITA JAM JEY JOR
        JPN KAZ KEN KGZ KHM KIR KNA KOR KWT LAO LBN LBR LBY LCA LIE LKA LSO LTU LUX LVA MAC MAF MAR
        MCO MDA MDG MDV MEX MHL MKD MLI MLT MMR MNE MNG MNP MOZ MRT MSR MTQ MUS MWI MYS MYT NAM NCL
        NER NFK NGA NIC NIU NLD NOR NPL NRU NZL OMN PAK PAN PCN PER PHL PLW PNG POL PRI PRK PRT PRY
        PSE PYF QAT REU ROU RUS RWA SAU SDN SEN SGP SGS SHN SJM SLB SLE SLV SMR SOM SPM SRB SSD STP
        SUR SVK SVN SWE SWZ SXM SYC SYR TCA TCD TGO THA TJK TKL TKM TLS TON TTO TUN TUR TUV TWN TZA
        UGA UKR UMI URY USA UZB VAT VCT VEN VGB VIR VNM VUT WLF WSM YEM ZAF ZMB ZWE
        """

    /// Withdrawn ISO 3166-3 codes (USSR, Yugoslavia, Netherlands Antilles …): a stamp archive
    /// meets old passports. From Debian iso-codes (`iso_3166-3.json`).
    static let former = """
        AFI ANT ATB ATN BUR BYS CSK CTE DDR DHY FXX GEL HVO JTN MID NHB NTZ PCI PCZ PUS RHO SCG SKM
        SUN TMP VDR WAK YMD YUG ZAR
        """

    /// ICAO 9303 Part 3 codes outside ISO: `D` (Germany, printed `D<<`), British nationality
    /// classes, United Nations, stateless and refugee codes, international organisations, the
    /// EU laissez-passer, Kosovo's `RKS`, and `UTO` (Utopia), the fictional state of ICAO's
    /// specimens.
    static let icaoSpecial = """
        D GBD GBN GBO GBP GBS UNO UNA UNK XXA XXB XXC XXX EUE XBA XCC XCE XCO XDC XEC XES XIM XOM XPO
        RKS UTO
        """
}
