// swift-tools-version:6.0
import PackageDescription

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
            name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        .target(
            name: "StampKit",
            dependencies: ["CTesseract", "CLeptonica", "CSQLite"]),
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
