// swift-tools-version:6.0
import PackageDescription

// The architecture, one target per pipeline stage. Every dependency points down the pipeline,
// so the compiler refuses a back-edge:
//
//   stampkit (executable) ─► StampKit (umbrella: re-exports the stages)
//   Scan ─► Matching ─► Evidence ─► OCR ─► Imaging ─► Support
//                  └──► Gazetteer ─► SQLite ─► Support
//   MRZ ─► OCR, Imaging
//   Catalogue ─► SQLite, Evidence (the record's direction and entry method)
//
// Only Imaging touches Leptonica and libheif, only OCR Tesseract, only SQLite the SQLite library.
let package = Package(
    name: "StampKit",
    products: [
        .library(name: "StampKit", targets: ["StampKit"]),
        .executable(name: "stampkit", targets: ["stampkit"]),
    ],
    targets: [
        .systemLibrary(
            name: "CTesseract", path: "Sources/CTesseract", pkgConfig: "tesseract",
            providers: [.apt(["libtesseract-dev"])]),
        .systemLibrary(
            name: "CLeptonica", path: "Sources/CLeptonica", pkgConfig: "lept",
            providers: [.apt(["libleptonica-dev"])]),
        .systemLibrary(
            name: "CHeif", path: "Sources/CHeif", pkgConfig: "libheif",
            providers: [.apt(["libheif-dev"])]),
        .systemLibrary(
            name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),

        .target(name: "StampKitSupport"),
        .target(name: "StampKitSQLite", dependencies: ["CSQLite", "StampKitSupport"]),
        .target(name: "StampKitImaging", dependencies: ["CLeptonica", "CHeif", "StampKitSupport"]),
        .target(name: "StampKitOCR", dependencies: ["CTesseract", "StampKitImaging"]),
        .target(name: "StampKitGazetteer", dependencies: ["StampKitSQLite"]),
        .target(name: "StampKitEvidence", dependencies: ["StampKitOCR"]),
        .target(name: "StampKitMatching", dependencies: ["StampKitEvidence", "StampKitGazetteer"]),
        .target(name: "StampKitMRZ", dependencies: ["StampKitOCR"]),
        .target(name: "StampKitScan", dependencies: ["StampKitMatching"]),
        .target(name: "StampKitCatalogue", dependencies: ["StampKitSQLite", "StampKitEvidence"]),
        .target(
            name: "StampKit",
            dependencies: ["StampKitScan", "StampKitMRZ", "StampKitCatalogue"]),

        .executableTarget(
            name: "stampkit",
            dependencies: ["StampKit"]),
        .testTarget(
            name: "StampKitTests",
            dependencies: ["StampKit", "stampkit"],
            resources: [.copy("Fixtures")]),
    ],
    swiftLanguageModes: [.v6]
)
