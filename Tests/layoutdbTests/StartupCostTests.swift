import ArgumentParser
import Testing

@testable import layoutdb

/// What every `layoutdb` process pays before its command runs.
@Suite struct StartupCostTests {
    /// A command without `commandName` gets its name from argument-parser's
    /// `String(describing: Self.self)`, and each such call makes the Swift runtime search
    /// every conformance record of every loaded library (Foundation's are most of them)
    /// for three protocols the metatype does not conform to. argument-parser builds its
    /// tree of every command's name on each run, and `CommandNames.unknownCommand` walks
    /// them too: on a 1k-view project that search was a fifth of a `frames` process
    /// (`perf record`, docs/performance.md). Explicit names cost nothing.
    @Test func everyCommandNamesItself() {
        var unnamed: [String] = []
        func visit(_ command: ParsableCommand.Type, path: String) {
            let configuration = command.configuration
            guard let name = configuration.commandName else {
                unnamed.append("\(path) › \(command)")
                return
            }
            for sub in configuration.subcommands { visit(sub, path: path + " " + name) }
        }
        visit(Layoutdb.self, path: "")
        #expect(unnamed.isEmpty, "give these a `commandName:` in their configuration: \(unnamed)")
        #expect(Layoutdb.configuration.subcommands.count >= 27)
    }
}
