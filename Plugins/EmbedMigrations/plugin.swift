import Foundation
import PackagePlugin

/// Embeds the package's top-level `Migrations/*.sql` into LayoutStore as Swift source.
///
/// SwiftPM ignores resources outside a target's folder; generating code keeps the
/// `Migrations/` folder the one source of truth and the installed binary self-contained.
@main
struct EmbedMigrations: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Migrations")
        let files = try FileManager.default
            .contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "sql" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        // The squashed schema for new files (Tools/squash_migrations.py), if there is one.
        let baselineFolder = folder.appending(path: "baseline")
        let baseline =
            ((try? FileManager.default.contentsOfDirectory(
                at: baselineFolder, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "sql" }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) migrations",
                executable: try context.tool(named: "MigrationEmbedder").url,
                arguments: [output.path] + baseline.flatMap { ["--baseline", $0.path] }
                    + files.map(\.path),
                inputFiles: files + baseline,
                outputFiles: [output])
        ]
    }
}
