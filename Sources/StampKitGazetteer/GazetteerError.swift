import StampKitSupport

/// A gazetteer that cannot be opened, built, or read. Every message names the command that fixes it.
public struct GazetteerError: StampKitFailure, Equatable {
    /// Stable machine-readable code, e.g. `gazetteer-missing`.
    public var code: String
    /// One line: what happened and how to fix it.
    public var message: String

    /// Always `.database` (exit 74).
    public var failureClass: FailureClass { .database }

    /// How to get a good gazetteer again; repeated in every message about an unusable file.
    public static let rebuildHint =
        "run `make gazetteer` (or `stampkit gazetteer build --sources DIR`) to rebuild it"

    /// The gazetteer file does not exist.
    static func missing(_ path: String) -> GazetteerError {
        GazetteerError(
            code: "gazetteer-missing", message: "no gazetteer at \(path); \(rebuildHint)")
    }

    /// The file exists but is not a readable StampKit gazetteer.
    static func corrupt(_ path: String, _ why: String) -> GazetteerError {
        GazetteerError(
            code: "gazetteer-corrupt",
            message: "\(path) is not a usable gazetteer (\(why)); \(rebuildHint)")
    }

    /// Built by another schema version of StampKit.
    static func schema(_ path: String, found: String) -> GazetteerError {
        GazetteerError(
            code: "gazetteer-schema",
            message:
                "\(path) has gazetteer schema \(found) but this StampKit reads schema "
                + "\(GazetteerSchema.version); \(rebuildHint)")
    }

    /// A source file the importer needs is absent.
    static func sourceMissing(_ path: String) -> GazetteerError {
        GazetteerError(
            code: "gazetteer-source-missing",
            message:
                "gazetteer source \(path) is missing; run `make gazetteer` or "
                + "`scripts/fetch-sources.sh DIR` to fetch the pinned sources")
    }

    /// A source file is present but its content is grossly wrong.
    static func sourceInvalid(_ path: String, _ why: String) -> GazetteerError {
        GazetteerError(
            code: "gazetteer-source-invalid",
            message:
                "gazetteer source \(path) looks broken (\(why)); fetch it again with "
                + "`scripts/fetch-sources.sh DIR` and check sources.lock")
    }

    /// A line of a lexicon file the build reads is malformed (`place`: file and line).
    static func lexiconInvalid(_ place: String, _ why: String) -> GazetteerError {
        GazetteerError(
            code: "gazetteer-lexicon-invalid",
            message: "lexicon line \(place) is malformed (\(why)); correct it and build again")
    }

    /// The output could not be written.
    static func output(_ path: String, _ why: String) -> GazetteerError {
        GazetteerError(
            code: "gazetteer-output",
            message: "could not write the gazetteer to \(path) (\(why)); check the directory exists and is writable")
    }
}
