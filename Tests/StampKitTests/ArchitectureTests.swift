import Foundation
import Testing

/// Package.swift is the architecture: these tests read it and the sources, so a stage that
/// imports one above it, or a C library outside the stage that wraps it, fails here even where
/// the build would let it through.
@Suite struct ArchitectureTests {
    /// Each target's declared dependencies, read from Package.swift.
    static func declaredDependencies() throws -> [String: [String]] {
        let manifest = try String(contentsOf: Repository.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let target = try Regex(#"\.(?:target|executableTarget)\(\s*name:\s*"(\w+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?"#)
        var graph: [String: [String]] = [:]
        for match in manifest.matches(of: target) {
            let name = String(match.output[1].substring ?? "")
            let list = match.output[2].substring.map(String.init) ?? ""
            graph[name] = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
                .filter { !$0.isEmpty }
        }
        return graph
    }

    /// Everything `name` may import: its dependencies and theirs.
    static func reachable(from name: String, in graph: [String: [String]]) -> Set<String> {
        var seen: Set<String> = []
        var stack = graph[name] ?? []
        while let next = stack.popLast() {
            if seen.insert(next).inserted { stack += graph[next] ?? [] }
        }
        return seen
    }

    /// The package's own modules (targets and C modules) each source file of `target` imports.
    static func imports(of target: String, modules: Set<String>) throws -> [(file: String, module: String)] {
        let folder = Repository.root.appendingPathComponent("Sources/\(target)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        var found: [(String, String)] = []
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let i = words.firstIndex(of: "import"), i + 1 < words.count,
                    words[..<i].allSatisfy({ $0.hasPrefix("@") || $0 == "package" || $0 == "public" || $0 == "internal" })
                else { continue }
                let module = String(words[i + 1])
                if modules.contains(module) { found.append((file, module)) }
            }
        }
        return found
    }

    @Test func everyImportPointsDownThePipeline() throws {
        let graph = try Self.declaredDependencies()
        #expect(graph.count >= 11, "Package.swift should list the stage targets, found \(graph.keys.sorted())")
        let modules = Set(graph.keys).union(["CTesseract", "CLeptonica", "CSQLite", "CHeif"])
        for target in graph.keys where FileManager.default.fileExists(atPath: Repository.root.appendingPathComponent("Sources/\(target)").path) {
            let allowed = Self.reachable(from: target, in: graph)
            #expect(!allowed.contains(target), "\(target) depends on itself through a cycle")
            for (file, module) in try Self.imports(of: target, modules: modules) where module != target {
                #expect(allowed.contains(module), "\(target)/\(file) imports \(module), which is not below it in Package.swift")
            }
        }
    }

    @Test func eachCLibraryIsTouchedByTheOneStageThatWrapsIt() throws {
        let graph = try Self.declaredDependencies()
        let owners = ["CLeptonica": "StampKitImaging", "CTesseract": "StampKitOCR", "CSQLite": "StampKitSQLite", "CHeif": "StampKitImaging"]
        for target in graph.keys where FileManager.default.fileExists(atPath: Repository.root.appendingPathComponent("Sources/\(target)").path) {
            for (file, module) in try Self.imports(of: target, modules: Set(owners.keys)) {
                #expect(owners[module] == target, "\(target)/\(file) imports \(module); only \(owners[module] ?? "?") may")
            }
            for dependency in graph[target] ?? [] where owners[dependency] != nil {
                #expect(owners[dependency] == target, "\(target) declares a dependency on \(dependency)")
            }
        }
    }

    @Test func theStagesAreTheirOwnTargets() throws {
        let graph = try Self.declaredDependencies()
        for stage in ["Support", "SQLite", "Imaging", "OCR", "Gazetteer", "Evidence", "Matching", "MRZ", "Scan"] {
            #expect(graph["StampKit\(stage)"] != nil, "no target for the \(stage) stage")
        }
        // The umbrella re-exports, the executable stays thin: neither holds a stage's work.
        let umbrella = try FileManager.default.contentsOfDirectory(atPath: Repository.root.appendingPathComponent("Sources/StampKit").path)
        #expect(umbrella == ["StampKit.swift"])
    }
}
