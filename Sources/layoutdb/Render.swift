import ArgumentParser
import FoundationEssentials
import LayoutStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw the solved layout as SVG or PNG.",
        discussion: commandHelp(
            """
            Views are labelled rectangles in root coordinates, nested views drawn over
            their parents, one panel per variant; ambiguous views have a dashed red
            outline. A label is written inside its view's top-left corner, shortened
            with … to fit, and left out where another label is already drawn.
            PNG needs rsvg-convert (apt-get install librsvg2-bin).
            """,
            examples: [
                "layoutdb render -o home.svg",
                "layoutdb render --all-variants -o all.svg",
                "layoutdb render --variant compact -o compact.png",
            ]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Option(help: ArgumentHelp("Draw this variant instead of the base layout.", valueName: "name"))
    var variant: String?
    @Flag(help: "Draw the base layout and every variant side by side.") var allVariants = false
    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "The file to write: .svg or .png (- for SVG on stdout).", valueName: "file"),
        transform: unshielded)
    var output: String

    func validate() throws {
        if variant != nil && allVariants {
            throw ValidationError("--variant and --all-variants exclude each other")
        }
        let ext = output.lowercased()
        if output != "-" && !ext.hasSuffix(".svg") && !ext.hasSuffix(".png") {
            throw ValidationError("-o must name a .svg or .png file (got '\(output)')")
        }
    }

    func run() throws {
        let png = output.lowercased().hasSuffix(".png")
        // Before any work: a missing converter is the user's first thing to fix.
        let converter = png ? try PNGConverter.find() : nil
        let project = try global.open()
        let variants: [String?] =
            allVariants
            ? [nil] + (try project.variants(layout: global.layout).map(\.name))
            : [variant]
        let panels = try project.panels(
            layout: global.layout, variants: variants,
            reading: global.writesNothing ? .asStored : .solvingInMemory)
        if global.writesNothing {
            try warnStale(project, variants: variants.map { $0 ?? baseVariantName }, global)
        }
        let svg = SVGRenderer.render(panels)
        if let converter {
            try converter.convert(svg, to: output)
        } else {
            try writeOutput(svg, to: output)
        }
    }
}

/// rsvg-convert from the system's packages, when installed.
struct PNGConverter {
    let executable: String

    static func find() throws -> PNGConverter {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/rsvg-convert"
            if FileManager.default.isExecutableFile(atPath: candidate) {
                return PNGConverter(executable: candidate)
            }
        }
        throw MissingConverterError()
    }

    func convert(_ svg: String, to path: String) throws {
        let temporary = FileManager.default.temporaryDirectory
            .appending(path: "layoutdb-render-\(getpid()).svg")
        try writeOutput(svg, to: temporary.path)
        defer { try? FileManager.default.removeItem(at: temporary) }
        guard run([executable, "-o", path, temporary.path]) == 0 else {
            throw OutputFileError(path: path, reason: "rsvg-convert failed")
        }
    }

    /// Runs `arguments[0]` with the rest and this process's environment; its exit status,
    /// or -1 when it could not be started or did not exit of itself.
    private func run(_ arguments: [String]) -> Int32 {
        let argv = arguments.map { strdup($0) } + [nil]
        defer {
            for argument in argv { free(argument) }
        }
        var pid = pid_t()
        guard posix_spawn(&pid, arguments[0], nil, nil, argv, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { return -1 }
        }
        // WIFEXITED and WEXITSTATUS, which Swift does not import (they are macros).
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    }
}

struct MissingConverterError: LayoutDBError {
    var errorKind: ErrorKind { .missingProgram }
    var description: String {
        "PNG needs rsvg-convert, which is not installed: apt-get install librsvg2-bin, "
            + "or write .svg instead"
    }
}
