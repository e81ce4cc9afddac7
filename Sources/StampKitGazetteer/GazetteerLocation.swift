import Foundation

/// Where the gazetteer lives when nobody says otherwise.
public enum GazetteerLocation {
    /// `--gazetteer PATH`, else `$STAMPKIT_GAZETTEER`, else
    /// `$XDG_DATA_HOME/stampkit/gazetteer.sqlite`, else `~/.local/share/stampkit/gazetteer.sqlite`.
    /// Empty values count as unset, as the XDG spec asks.
    public static func resolve(explicit: String?, environment: [String: String]) -> URL {
        func nonEmpty(_ value: String?) -> String? {
            guard let value, !value.isEmpty else { return nil }
            return value
        }
        if let path = nonEmpty(explicit) ?? nonEmpty(environment["STAMPKIT_GAZETTEER"]) {
            return URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        }
        let dataHome: URL
        if let xdg = nonEmpty(environment["XDG_DATA_HOME"]), xdg.hasPrefix("/") {
            dataHome = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            let home = nonEmpty(environment["HOME"]) ?? NSHomeDirectory()
            dataHome = URL(fileURLWithPath: home, isDirectory: true)
                .appendingPathComponent(".local/share", isDirectory: true)
        }
        return dataHome.appendingPathComponent("stampkit/gazetteer.sqlite")
    }
}
