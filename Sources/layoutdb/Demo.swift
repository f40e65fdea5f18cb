import ArgumentParser
import FoundationEssentials
import LayoutStore
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Show what layoutdb does, on a bundled example.",
        discussion: commandHelp(
            """
            Applies the bundled phone-screen example (examples/phone.layout), prints
            its frames and an edit; then the sign-in screen (examples/signin.layout,
            stacks and a hidden error line) and what showing the error moves. Writes
            to --db if given, else to a temporary file that is removed afterwards.
            """,
            examples: ["layoutdb demo", "layoutdb --db demo.layoutdb demo"]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions

    func run() throws {
        let temporary = global.db == nil
        let path =
            global.db
            ?? FileManager.default.temporaryDirectory
            .appending(path: "layoutdb-demo-\(getpid()).layoutdb").path
        defer {
            if temporary {
                for suffix in ["", "-wal", "-shm"] {
                    try? FileManager.default.removeItem(atPath: path + suffix)
                }
            }
        }
        let project = try Project.open(path: path, create: true)
        print("$ layoutdb apply phone.layout        (bundled example: examples/phone.layout)")
        try project.apply(script: BundledExamples.phone, file: "phone.layout")
        print("\n$ layoutdb frames")
        printFrames(try project.frames())
        print("\n$ layoutdb frames --variant compact   (320 x 568, header 44)")
        printFrames(try project.frames(variant: "compact"))
        print("\n$ layoutdb set-constant header.height 100")
        for change in try project.setConstant(label: "header.height", to: 100).changes {
            print(describe(change))
        }
        print(
            "\n$ sqlite3 \(temporary ? "demo.layoutdb" : path) \"select view, width from solved_frames where variant = 'base' and width < 100\""
        )
        for row in try project.frames() where row.frame.width < 100 {
            print("\(row.view)|\(formatNumber(row.frame.width))")
        }
        print(
            "\n$ layoutdb --layout signin apply signin.layout   (bundled: examples/signin.layout)")
        try project.apply(script: BundledExamples.signin, file: "signin.layout", layout: "signin")
        print("\n$ layoutdb --layout signin frames   (a stack of fields; error hidden)")
        printFrames(try project.frames(layout: "signin"))
        print("\n$ layoutdb --layout signin show error   (the stack opens a gap for it)")
        for change in try project.setHidden(view: "error", false, layout: "signin").changes
        where change.variant == baseVariantName {
            print(describe(change))
        }
        print("\nTry it on your own file: layoutdb --db app.layoutdb apply screen.layout")
    }

    /// As `layoutdb frames` prints them: the transcript is what the command shows.
    private func printFrames(_ rows: [FrameRow]) { print(framesTable(rows)) }
}
