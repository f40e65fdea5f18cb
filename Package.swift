// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "layoutdb",
    products: [
        .library(name: "LayoutStore", targets: ["LayoutStore"]),
        .library(name: "LayoutSolver", targets: ["LayoutSolver"]),
        .executable(name: "layoutdb", targets: ["layoutdb"]),
        .library(name: "LayoutImport", targets: ["LayoutImport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // `swift package generate-documentation --target LayoutStore` (the DocC catalog).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // libsqlite3 from the system (apt: libsqlite3-dev), as GRDB's GRDBSQLite.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        // Turns the top-level Migrations/*.sql into Swift source at build time, so the
        // SQL files stay the single source of truth and the binary needs no source tree.
        // It also writes the bytes of a new project file, made from the squashed schema
        // with SQLite at build time.
        .executableTarget(
            name: "MigrationEmbedder", dependencies: ["CSQLite"], path: "Tools/MigrationEmbedder"),
        .plugin(
            name: "EmbedMigrations",
            capability: .buildTool(),
            dependencies: ["MigrationEmbedder"]),
        // The solver alone: variables, linear constraints, lexicographic priorities.
        .target(name: "LayoutSolver"),
        // The model, the parsers, the writer and the DSL's value types: no SQLite.
        .target(name: "LayoutScript", dependencies: ["LayoutSolver"]),
        // A thin layer over libsqlite3 that knows nothing of layouts.
        .target(name: "LayoutSQLite", dependencies: ["CSQLite"]),
        // Store, engine, project, rendering: `Project` is the public door.
        .target(
            name: "LayoutStore",
            dependencies: ["LayoutSolver", "LayoutScript", "LayoutSQLite", "LayoutImport"],
            plugins: ["EmbedMigrations"]),
        .executableTarget(
            name: "layoutdb",
            dependencies: [
                "LayoutStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: [
                // A release binary linked at a fixed address: a position-independent one
                // (the toolchain's default) makes the dynamic loader apply 79k relocations,
                // one page fault each, before every command; 2 ms of a 10 ms `frames`
                // (docs/performance.md). The libraries it loads keep their randomized
                // addresses.
                .unsafeFlags(
                    ["-Xclang-linker", "-no-pie"],
                    .when(platforms: [.linux], configuration: .release))
            ]),
        .executableTarget(
            name: "layoutdb-bench",
            dependencies: ["LayoutSolver", "LayoutStore", "LayoutImport"],
            path: "Benchmarks/layoutdb-bench"),
        .executableTarget(
            name: "layoutdb-examples",
            dependencies: ["LayoutStore"],
            path: "Demos/layoutdb-examples"),
        // Fuzz target for the parsers (see docs/robustness.md): libFuzzer when built with
        // `-Xswiftc -sanitize=fuzzer`, a plain seeded random driver otherwise.
        .executableTarget(
            name: "layoutdb-fuzz",
            dependencies: ["LayoutStore"],
            path: "Fuzz/ParserFuzz",
            linkerSettings: [
                // SwiftPM links with --gc-sections and its own `main`, so nothing would keep
                // libFuzzer's driver; keep it and export it for the dlsym in main.swift.
                // Both are no-ops in a build without the fuzzer runtime.
                .unsafeFlags([
                    "-Xlinker", "-u", "-Xlinker", "LLVMFuzzerRunDriver",
                    "-Xlinker", "--export-dynamic-symbol=LLVMFuzzerRunDriver",
                ])
            ]),
        .testTarget(
            name: "LayoutSolverTests",
            dependencies: [
                "LayoutSolver",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            resources: [.copy("../Fixtures")]),
        .testTarget(
            name: "LayoutScriptTests",
            dependencies: ["LayoutScript"],
            resources: [.copy("../Fixtures")]),
        .testTarget(name: "LayoutSQLiteTests", dependencies: ["LayoutSQLite"]),
        .testTarget(
            name: "LayoutStoreTests",
            dependencies: [
                "LayoutSolver", "LayoutScript", "LayoutSQLite", "LayoutStore",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            resources: [.copy("../Fixtures")]),
        // Reads Interface Builder documents (Foundation's XMLParser only); see docs/import.md.
        .target(name: "LayoutImport"),
        // LayoutStore only to check that translated scripts parse; LayoutImport itself does
        // not depend on it.
        .testTarget(
            name: "LayoutImportTests",
            dependencies: ["LayoutImport", "LayoutStore"]),
        .testTarget(
            name: "layoutdbTests",
            dependencies: ["LayoutStore", "layoutdb"]),
    ]
)
