import Foundation

/// The travel atlas: one static page (HTML, CSS, a little JavaScript, the stamps' thumbnails)
/// that opens from the file system with no network and no server. A world map shades the
/// visited countries by their number of stamps; the gallery groups the thumbnails continent →
/// country; a click on a country (map or list) or a year filters the gallery through the URL's
/// fragment (`#country=IS`, `#year=2019`), so a link or a test can apply the same filter.
public struct AtlasPage {
    /// A country's outline to draw: rings of longitude, latitude degrees.
    public typealias Shape = (code: String?, name: String, rings: [[(lon: Double, lat: Double)]])

    /// The stamps shown, oldest first.
    public let records: [StampRecord]
    /// The stamps grouped continent → country, as `gallery` groups them.
    public let gallery: Gallery
    /// Country outlines for the map (may be empty: the page then has no map).
    public let shapes: [Shape]

    /// A page of `records`; `continentOf` gives a country code's continent code and name.
    public init(records: [StampRecord], continentOf: (String) throws -> (code: String, name: String)?, shapes: [Shape]) rethrows {
        self.records = records.sorted(by: CollectionGroups.chronological)
        self.gallery = try Gallery(records: self.records, continentOf: continentOf)
        self.shapes = shapes
    }

    /// The map's shading classes: a country with `count` stamps gets the first band it fits.
    public static let bands: [(range: ClosedRange<Int>, label: String)] = [
        (1...1, "1 stamp"), (2...4, "2–4"), (5...9, "5–9"), (10...Int.max, "10 or more"),
    ]

    /// The 1-based band of `count` stamps, 0 for none.
    public static func band(_ count: Int) -> Int {
        (bands.firstIndex { $0.range.contains(count) }).map { $0 + 1 } ?? 0
    }

    /// Stamps per country code.
    public var countsByCountry: [String: Int] {
        records.reduce(into: [:]) { counts, r in if let c = r.country?.id { counts[c, default: 0] += 1 } }
    }

    /// Text made safe for HTML content and quoted attribute values.
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for ch in text.unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    /// The thumbnail file name of a record inside the page's `thumbnails/` folder: its number,
    /// so the page says nothing about the photo it came from.
    public static func thumbnailName(_ record: StampRecord) -> String {
        "\(record.id ?? 0).jpg"
    }

    // MARK: - Map

    /// Map units per degree: integers at 0.1° keep the path data short and still sharp
    /// at page width.
    static let unitsPerDegree = 10.0
    /// Latitudes shown: Antarctica's interior and the Arctic sea carry no stamps.
    static let north = 84.0, south = -60.0

    /// One SVG path's `d`: relative moves at map units, repeated points dropped.
    static func pathData(_ rings: [[(lon: Double, lat: Double)]]) -> String {
        var d = ""
        var px = 0, py = 0
        for ring in rings {
            var points: [(Int, Int)] = []
            for p in ring {
                let x = Int(((p.lon + 180) * unitsPerDegree).rounded())
                let y = Int(((90 - p.lat) * unitsPerDegree).rounded())
                if let last = points.last, last == (x, y) { continue }
                points.append((x, y))
            }
            if points.count > 1, points.first! == points.last! { points.removeLast() }
            guard points.count >= 3 else { continue }
            // The first move is relative to the previous ring's start, as SVG's `z` leaves it.
            d += "m\(points[0].0 - px) \(points[0].1 - py)l"
            px = points[0].0; py = points[0].1
            var cx = px, cy = py
            var first = true
            for (x, y) in points.dropFirst() {
                let dx = x - cx, dy = y - cy
                if !first && dx >= 0 { d += " " }
                d += "\(dx)"
                d += dy >= 0 ? " \(dy)" : "\(dy)"
                cx = x; cy = y
                first = false
            }
            d += "z"
        }
        return d
    }

    /// The rings plus, for a ring unwrapped past ±180° (Fiji, Chukotka), a copy a world-width
    /// over, so the part beyond the map's edge shows at the other edge.
    static func wrapped(_ rings: [[(lon: Double, lat: Double)]]) -> [[(lon: Double, lat: Double)]] {
        var out = rings
        for ring in rings {
            if ring.contains(where: { $0.lon > 180 }) { out.append(ring.map { ($0.lon - 360, $0.lat) }) }
            if ring.contains(where: { $0.lon < -180 }) { out.append(ring.map { ($0.lon + 360, $0.lat) }) }
        }
        return out
    }

    func mapSVG() -> String {
        guard !shapes.isEmpty else { return "" }
        let counts = countsByCountry
        let top = Int((90 - Self.north) * Self.unitsPerDegree), height = Int((Self.north - Self.south) * Self.unitsPerDegree)
        var svg = "<svg id=\"map\" viewBox=\"0 \(top) \(Int(360 * Self.unitsPerDegree)) \(height)\" role=\"img\" aria-label=\"World map of the visited countries\">"
        svg += "<rect class=\"sea\" x=\"0\" y=\"\(top)\" width=\"\(Int(360 * Self.unitsPerDegree))\" height=\"\(height)\"/>"
        for shape in shapes {
            let d = Self.pathData(Self.wrapped(shape.rings))
            guard !d.isEmpty else { continue }
            let count = shape.code.flatMap { counts[$0] } ?? 0
            let name = Self.escaped(shape.name)
            if let code = shape.code, count > 0 {
                let stamps = count == 1 ? "1 stamp" : "\(count) stamps"
                svg += "<path class=\"land visited band-\(Self.band(count))\" data-country=\"\(Self.escaped(code))\" data-stamps=\"\(count)\" d=\"\(d)\"><title>\(name): \(stamps)</title></path>"
            } else {
                svg += "<path class=\"land\" d=\"\(d)\"><title>\(name)</title></path>"
            }
        }
        return svg + "</svg>"
    }

    func legend() -> String {
        var html = "<ul class=\"legend\" aria-label=\"Stamps per country\">"
        for (i, band) in Self.bands.enumerated() {
            html += "<li><span class=\"swatch band-\(i + 1)\"></span>\(band.label)</li>"
        }
        return html + "<li><span class=\"swatch land\"></span>not visited</li></ul>"
    }

    // MARK: - Text

    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `12 Jul 2019`: unambiguous in every country, unlike 07/12/2019.
    static func readable(_ day: CalendarDay) -> String {
        "\(day.day) \(months[day.month - 1]) \(day.year)"
    }

    /// country › region › city › airport, as far as known.
    static func chain(_ r: StampRecord) -> String {
        var parts = [r.country?.name ?? "No country"]
        if let region = r.region { parts.append(region.name) }
        if let city = r.city { parts.append(city.name) }
        if let airport = r.airport { parts.append("\(airport.id) \(airport.name)") }
        return parts.joined(separator: " › ")
    }

    func stampItem(_ r: StampRecord, thumbnail: String?) -> String {
        let code = Self.escaped(r.country?.id ?? "")
        let year = r.date.map { String($0.year) } ?? ""
        var html = "<li class=\"stamp\" data-country=\"\(code)\" data-year=\"\(year)\">"
        let alt = Self.escaped("Stamp #\(r.id ?? 0): " + Self.chain(r))
        if let thumbnail {
            // `data-src`, set as `src` by the script when the picture nears the screen: Chromium
            // does the work of every `src` image while parsing a `file:` page, lazy or not,
            // which made 1,000 stamps five times slower to show.
            html += "<img loading=\"lazy\" decoding=\"async\" data-src=\"thumbnails/\(Self.escaped(thumbnail))\" alt=\"\(alt)\">"
        } else {
            html += "<div class=\"nothumb\" role=\"img\" aria-label=\"\(alt)\">no picture</div>"
        }
        html += "<p class=\"chain\">\(Self.escaped(Self.chain(r)))</p><p class=\"meta\">"
        if let date = r.date {
            html += "<time datetime=\"\(date)\">\(Self.readable(date))</time>"
        } else {
            html += "<span class=\"nodate\">no date</span>"
        }
        html += " · <span class=\"direction\">\(r.direction?.rawValue ?? "direction unknown")</span>"
        if r.favorite { html += " <span class=\"favourite\" title=\"favourite\">★</span>" }
        html += "</p>"
        if let note = r.note, !note.isEmpty { html += "<p class=\"note\">\(Self.escaped(note))</p>" }
        return html + "</li>"
    }

    func timeline() -> String {
        let trips = CollectionGroups.trips(records)
        guard !trips.isEmpty else { return "" }
        var byYear: [Int: [CollectionGroups.Trip]] = [:]
        for trip in trips { byYear[trip.start.year, default: []].append(trip) }
        let most = byYear.values.map { $0.reduce(0) { $0 + $1.records.count } }.max() ?? 1
        var html = "<section id=\"timeline\"><h2>Trips by year</h2><ol class=\"years\">"
        for year in byYear.keys.sorted() {
            let yearTrips = byYear[year]!
            let stamps = yearTrips.reduce(0) { $0 + $1.records.count }
            let width = max(4, Int((100 * Double(stamps) / Double(most)).rounded()))
            html += "<li class=\"year\" data-year=\"\(year)\"><a class=\"year-link\" href=\"#year=\(year)\">\(year)</a>"
            html += "<span class=\"bar\" style=\"width:\(width)%\"></span><span class=\"count\">\(stamps == 1 ? "1 stamp" : "\(stamps) stamps")</span><ul class=\"trips\">"
            for trip in yearTrips {
                let when = trip.start == trip.end
                    ? Self.readable(trip.start) : Self.readable(trip.start) + " – " + Self.readable(trip.end)
                let places = trip.countries.map {
                    "<a href=\"#country=\(Self.escaped($0.code))\">\(Self.escaped($0.name))</a>"
                }.joined(separator: ", ")
                html += "<li><span class=\"when\">\(when)</span> \(places)</li>"
            }
            html += "</ul></li>"
        }
        return html + "</ol></section>"
    }

    /// The whole `index.html`; `thumbnails` maps a record's number to its file name in
    /// `thumbnails/` (missing: the stamp shows "no picture").
    public func html(thumbnails: [Int: String], title: String = "Travel atlas") -> String {
        let counts = countsByCountry
        let years = Set(records.compactMap { $0.date?.year })
        var html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="stampkit atlas">
            <title>\(Self.escaped(title))</title>
            <link rel="stylesheet" href="atlas.css">
            </head><body>
            <header><h1>\(Self.escaped(title))</h1>
            <p class="summary"><span id="stamp-total">\(records.count)</span> stamps · <span id="country-total">\(counts.count)</span> countries\(years.isEmpty ? "" : " · \(years.min()!)–\(years.max()!)")</p></header>
            <main>
            <section id="world">\(mapSVG())\(legend())</section>

            """
        html += timeline()
        html += "<nav id=\"countries\" aria-label=\"Countries\"><a class=\"all\" href=\"#\">All countries</a>"
        for continent in gallery.continents {
            html += "<h3>\(Self.escaped(continent.name))</h3><ul>"
            for country in continent.countries {
                let code = Self.escaped(country.code ?? "")
                html += "<li><a class=\"country-link\" data-country=\"\(code)\" href=\"#country=\(code)\">\(Self.escaped(country.name))</a> <span class=\"count\">\(country.stamps.count)</span></li>"
            }
            html += "</ul>"
        }
        html += "</nav>\n<section id=\"gallery\"><h2>Stamps <span id=\"filter-label\"></span> <span class=\"shown\">(<span id=\"shown-count\">\(records.count)</span> shown)</span></h2>\n"
        for continent in gallery.continents {
            html += "<section class=\"continent\" data-continent=\"\(Self.escaped(continent.code ?? ""))\"><h2>\(Self.escaped(continent.name))</h2>\n"
            for country in continent.countries {
                let code = Self.escaped(country.code ?? "")
                html += "<section class=\"country\" data-country=\"\(code)\"><h3>\(Self.escaped(country.name)) <span class=\"count\">\(country.stamps.count)</span></h3><ul class=\"stamps\">\n"
                for record in country.stamps {
                    html += stampItem(record, thumbnail: thumbnails[record.id ?? 0]) + "\n"
                }
                html += "</ul></section>\n"
            }
            html += "</section>\n"
        }
        html += "</section></main>\n<footer>Made by stampkit atlas. Map: Natural Earth (public domain).</footer>\n<script src=\"atlas.js\"></script>\n</body></html>\n"
        return html
    }

    /// The style sheet.
    public static let css = """
        :root { --sea: #dfeaf2; --land: #f4f1ea; --edge: #b9b2a4; --ink: #1f2a36; --band1: #fdd49e; --band2: #fc8d59; --band3: #d7301f; --band4: #7f0000; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 15px/1.4 system-ui, "DejaVu Sans", sans-serif; color: var(--ink); background: #fbfaf7; }
        header { padding: 16px 24px 4px; }
        h1 { margin: 0; font-size: 26px; }
        .summary { margin: 2px 0 0; color: #555; }
        main { display: grid; grid-template-columns: 220px 1fr; grid-template-areas: "world world" "timeline timeline" "nav gallery"; gap: 12px 24px; padding: 8px 24px 24px; }
        #world { grid-area: world; }
        #timeline { grid-area: timeline; }
        #countries { grid-area: nav; font-size: 14px; }
        #gallery { grid-area: gallery; }
        #map { width: 100%; height: auto; display: block; border-radius: 8px; }
        #map .sea { fill: var(--sea); }
        #map .land { fill: var(--land); stroke: var(--edge); stroke-width: 0.8; vector-effect: non-scaling-stroke; }
        #map .visited { cursor: pointer; }
        #map .visited:hover { stroke: var(--ink); stroke-width: 1.5; }
        #map .selected { stroke: #0b3d91; stroke-width: 2.5; }
        .band-1 { fill: var(--band1) !important; background: var(--band1); }
        .band-2 { fill: var(--band2) !important; background: var(--band2); }
        .band-3 { fill: var(--band3) !important; background: var(--band3); }
        .band-4 { fill: var(--band4) !important; background: var(--band4); }
        .legend { list-style: none; display: flex; gap: 16px; padding: 0; margin: 8px 0 0; font-size: 13px; }
        .swatch { display: inline-block; width: 14px; height: 14px; margin-right: 5px; vertical-align: -2px; border: 1px solid var(--edge); }
        .swatch.land { background: var(--land); }
        h2 { font-size: 18px; margin: 12px 0 6px; }
        h3 { font-size: 15px; margin: 10px 0 4px; }
        .years { list-style: none; padding: 0; margin: 0; }
        .year { display: grid; grid-template-columns: 56px 180px 80px 1fr; align-items: baseline; gap: 8px; padding: 2px 0; }
        .year .bar { height: 10px; background: var(--band2); border-radius: 5px; }
        .year .count { color: #555; font-size: 13px; }
        .trips { list-style: none; padding: 0; margin: 0; font-size: 13px; }
        .trips .when { color: #555; }
        a { color: #0b3d91; text-decoration: none; }
        a:hover { text-decoration: underline; }
        a.active { font-weight: 700; }
        #countries ul { list-style: none; padding: 0; margin: 0; }
        #countries .count, h3 .count { color: #777; font-weight: 400; font-size: 13px; }
        .shown { color: #777; font-weight: 400; font-size: 14px; }
        section.continent > h2 { border-bottom: 1px solid #e3ded3; padding-bottom: 2px; }
        section.continent { display: flex; flex-wrap: wrap; gap: 0 20px; }
        section.continent > h2 { flex-basis: 100%; }
        section.country { content-visibility: auto; contain-intrinsic-size: auto 260px; }
        .stamps { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: 10px; }
        .stamp { width: 176px; background: #fff; border: 1px solid #e3ded3; border-radius: 8px; padding: 8px; }
        .stamp img, .nothumb { width: 100%; height: 150px; object-fit: contain; display: block; background: #f3f1ec; border-radius: 4px; }
        .nothumb { line-height: 150px; text-align: center; color: #999; }
        .chain { margin: 6px 0 2px; font-size: 13px; font-weight: 600; }
        .meta { margin: 0; font-size: 12px; color: #555; }
        .note { margin: 4px 0 0; font-size: 12px; font-style: italic; white-space: pre-wrap; overflow-wrap: anywhere; }
        .favourite { color: #d7301f; }
        .hidden { display: none !important; }
        footer { padding: 8px 24px 24px; font-size: 12px; color: #777; }
        """

    /// The script: filters from the URL fragment, so a click, a link and a test all go through
    /// one path; it writes when it ran and the moment of the first frame into the page for
    /// `bench atlas`. Country sections off screen skip layout (`content-visibility`) so a
    /// thousand stamps do not delay the first frame.
    public static let javascript = """
        (function () {
          'use strict';
          var stamps = Array.prototype.slice.call(document.querySelectorAll('.stamp'));
          var countries = Array.prototype.slice.call(document.querySelectorAll('#gallery section.country'));
          var continents = Array.prototype.slice.call(document.querySelectorAll('#gallery section.continent'));
          function parse() {
            var m = /^#(country|year)=([A-Za-z0-9]+)$/.exec(location.hash);
            return m ? { key: m[1], value: m[1] === 'country' ? m[2].toUpperCase() : m[2] } : null;
          }
          function apply() {
            var f = parse(), shown = 0;
            stamps.forEach(function (s) {
              var on = !f || s.getAttribute('data-' + f.key) === f.value;
              s.classList.toggle('hidden', !on);
              if (on) { shown++; }
            });
            countries.forEach(function (c) { c.classList.toggle('hidden', !c.querySelector('.stamp:not(.hidden)')); });
            continents.forEach(function (c) { c.classList.toggle('hidden', !c.querySelector('section.country:not(.hidden)')); });
            document.querySelectorAll('[data-country]').forEach(function (e) {
              if (e.classList.contains('stamp') || e.tagName === 'SECTION') { return; }
              var on = !!f && f.key === 'country' && e.getAttribute('data-country') === f.value;
              e.classList.toggle(e.tagName.toLowerCase() === 'path' ? 'selected' : 'active', on);
            });
            var label = '';
            if (f) {
              var link = document.querySelector('#countries [data-country="' + f.value + '"]');
              label = f.key === 'country' ? 'in ' + (link ? link.textContent : f.value) : 'in ' + f.value;
            }
            document.getElementById('filter-label').textContent = label;
            document.getElementById('shown-count').textContent = String(shown);
            document.body.setAttribute('data-filter', f ? f.key + '=' + f.value : '');
          }
          var map = document.getElementById('map');
          if (map) {
            map.addEventListener('click', function (e) {
              var code = e.target.getAttribute && e.target.getAttribute('data-country');
              if (code) { location.hash = 'country=' + code; }
            });
          }
          var pictures = Array.prototype.slice.call(document.querySelectorAll('img[data-src]'));
          function show(img) { img.src = img.getAttribute('data-src'); img.removeAttribute('data-src'); }
          if ('IntersectionObserver' in window) {
            var near = new IntersectionObserver(function (entries) {
              entries.forEach(function (e) { if (e.isIntersecting) { near.unobserve(e.target); show(e.target); } });
            }, { rootMargin: '800px 0px' });
            pictures.forEach(function (img) { near.observe(img); });
          } else {
            pictures.forEach(show);
          }
          window.addEventListener('hashchange', apply);
          apply();
          document.body.setAttribute('data-script-ms', String(Math.round(performance.now())));
          requestAnimationFrame(function () {
            setTimeout(function () { document.body.setAttribute('data-first-render-ms', String(Math.round(performance.now()))); }, 0);
          });
        })();
        """
}
