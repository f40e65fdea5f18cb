import ArgumentParser
import LayoutStore

/// The help of every argument that names a constraint: a label, or the id `list` shows.
let constraintArgumentHelp = ArgumentHelp(
    "The constraint's label, or its id as `list` shows it (#17; quote it in a shell: '#17').",
    valueName: "label")

struct RemoveView: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove-view",
        abstract: "Remove a view and the constraints that mention it.",
        discussion: commandHelp(
            """
            Lists the constraints that go with the view, then the views that moved or
            resized. A view with subviews is refused unless --recursive removes them
            with it. The root view cannot be removed.
            """,
            examples: [
                "layoutdb remove-view banner", "layoutdb remove-view card --recursive",
            ]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The view's name.") var view: String
    @Flag(help: "Remove its subviews (and their constraints) too.") var recursive = false

    func run() throws {
        let removal = try global.open().removeView(
            view, recursive: recursive, layout: global.layout)
        if !global.quiet {
            for name in removal.views { print("removed view \(name)") }
            for c in removal.constraints {
                let source =
                    c.constraint.source.isEmpty ? "" : "  (from: \(c.constraint.source))"
                print(
                    "removed constraint \(c.reference ?? "-") "
                        + ScriptWriter.text(of: c.constraint) + source)
            }
        }
        printReport(removal.report, global)
    }
}

struct MoveView: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move-view",
        abstract: "Move a view under another parent.",
        discussion: commandHelp(
            """
            The view keeps its frame relative to its parent (as UIView.frame does when
            added to another superview) and its constraints, which name views: a VFL
            `|` written under the old parent still means the old parent. Into a stack,
            the view becomes the stack's last arranged view (as addArrangedSubview:
            every view in a stack is arranged, see the format), and the stack sets its
            frame. Refuses an unknown parent and a parent inside the view. Prints what
            moved.
            """,
            examples: [
                "layoutdb move-view title --into header", "layoutdb move-view title --into root",
            ]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The view's name.") var view: String
    @Option(help: ArgumentHelp("The new parent (`root` for the root view).", valueName: "parent"))
    var into: String

    func run() throws {
        printReport(try global.open().moveView(view, into: into, layout: global.layout), global)
    }
}

struct RenameView: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename-view",
        abstract: "Rename a view; its constraints follow.",
        discussion: commandHelp(
            """
            Constraints (and so variant constants) keep pointing at the view, and their
            source text is rewritten with the new name. Labels are names of their own
            and stay as they are (`label` changes one). NEW follows the name rule:
            letters, digits, `_` and `-`, not starting with a digit.
            """,
            examples: ["layoutdb rename-view title headline"]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The view's name.") var old: String
    @Argument(help: "Its new name.") var new: String

    func run() throws {
        printReport(try global.open().renameView(old, to: new, layout: global.layout), global)
        if !global.quiet { print("renamed view \(old) to \(new)") }
    }
}

struct RenameScript: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename-script",
        abstract: "Tell the project a script it applied was moved or renamed.",
        discussion: commandHelp(
            """
            The project keeps each applied script's lines under the name it was applied
            by, and a re-apply of that name reconciles with what it made. After `git mv`,
            the new name is another file to it: its first apply is refused where it
            declares what the old one made. This holds the old name's lines and
            constraints under the new name; apply the file by that name from then on.
            After `git mv home.layout screens/home.layout`:
            """,
            examples: [
                "layoutdb rename-script home.layout screens/home.layout",
                "layoutdb apply screens/home.layout",
            ]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The name the project holds the script by.", transform: unshielded)
    var old: String
    @Argument(help: "The script's new name (as you will apply it).", transform: unshielded)
    var new: String

    func run() throws {
        let renamed = try global.open().renameScript(old, to: new)
        guard !global.quiet else { return }
        print(
            renamed
                ? "the lines of \(old) are now those of \(new)"
                : "nothing to rename: the project holds \(new) under that name, where it is")
    }
}

struct SetFrame: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-frame",
        abstract: "Change a view's frame as drawn.",
        discussion: commandHelp(
            """
            X Y are relative to the parent, as UIView.frame. A view no constraint
            mentions keeps this frame (and follows its autoresize mask); a mentioned one
            keeps from it what its constraints leave free. Prints what moved.
            """,
            examples: [
                "layoutdb set-frame badge 10 10 24 24", "layoutdb set-frame logo -8 0 100 40",
            ]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The view's name.") var view: String
    @Argument(help: "x, relative to the parent.", transform: signedNumber) var x: Double
    @Argument(help: "y, relative to the parent.", transform: signedNumber) var y: Double
    @Argument(help: "Width (>= 0).", transform: signedNumber) var width: Double
    @Argument(help: "Height (>= 0).", transform: signedNumber) var height: Double

    func run() throws {
        printReport(
            try global.open().setFrame(
                view, to: Rect(x: x, y: y, width: width, height: height), layout: global.layout),
            global)
    }
}

struct SetIntrinsic: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-intrinsic",
        abstract: "Change a view's intrinsic content size.",
        discussion: commandHelp(
            """
            W and H are the natural content size (a label's text); `-` means none on
            that axis, and `- -` removes the intrinsic size. The view hugs it at --hug
            (default: the view's, else 250) and resists shrinking below it at --resist
            (default: the view's, else 750). With --variant, only that variant sees
            the new size (a longer translated text); without, the base and every
            variant that does not override it. Prints what moved.
            """,
            examples: [
                "layoutdb set-intrinsic title 120 24",
                "layoutdb set-intrinsic title 120 - --hug 300 --resist 900",
                "layoutdb set-intrinsic title - -",
                "layoutdb set-intrinsic body 280 100 --variant long",
            ]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The view's name.") var view: String
    @Argument(help: "Width (>= 0), or - for none.", transform: unshielded) var width: String
    @Argument(help: "Height (>= 0), or - for none.", transform: unshielded) var height: String
    @Option(help: ArgumentHelp("Hugging priority (1...1000, low, high, required).", valueName: "P"))
    var hug: String?
    @Option(
        help: ArgumentHelp(
            "Compression-resistance priority (1...1000, low, high, required).", valueName: "P"))
    var resist: String?
    @Option(help: ArgumentHelp("Change it only in this variant.", valueName: "name"))
    var variant: String?

    /// A number or `-`; whether the number is a size (>= 0) the project checks, as it
    /// does for a script's `intrinsic`, so the error and exit status are the same.
    static func size(_ text: String, _ what: String) throws -> Double? {
        if text == "-" { return nil }
        guard let value = Double(layoutNumber: unshielded(text)) else {
            throw ValidationError("\(what) must be a number or - (got '\(text)')")
        }
        return value
    }

    static func priority(_ text: String?, _ what: String) throws -> Priority? {
        guard let text else { return nil }
        guard let p = Priority(parsing: text) else {
            throw ValidationError(
                "\(what) must be 1...1000, required, high or low (got '\(text)')")
        }
        return p
    }

    func validate() throws {
        _ = try Self.size(width, "the width")
        _ = try Self.size(height, "the height")
        _ = try Self.priority(hug, "--hug")
        _ = try Self.priority(resist, "--resist")
    }

    func run() throws {
        printReport(
            try global.open().setIntrinsic(
                view, width: try Self.size(width, "the width"),
                height: try Self.size(height, "the height"),
                hug: try Self.priority(hug, "--hug"), resist: try Self.priority(resist, "--resist"),
                variant: variant, layout: global.layout),
            global)
    }
}

struct SetMultiplier: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-multiplier",
        abstract: "Change a constraint's multiplier.",
        discussion: commandHelp(
            """
            The multiplier is M in Auto Layout's shape `a.attr == b.attr * M + C`: the
            coefficient of the one view term on the right side. A constraint with no
            view or several views on its right side has none. Prints what moved.
            """,
            examples: [
                "layoutdb set-multiplier photo.aspect 0.75",
                "layoutdb set-multiplier '#12' 2",
            ]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: constraintArgumentHelp) var label: String
    @Argument(help: "The new multiplier (not 0).", transform: signedNumber) var multiplier: Double

    func validate() throws {
        guard NumberRule.finite.admits(multiplier) else {
            throw ValidationError("the multiplier must be a finite number")
        }
    }

    func run() throws {
        printReport(
            try global.open().setMultiplier(label, to: multiplier, layout: global.layout), global)
    }
}

struct Label: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "label",
        abstract: "Give a constraint a label.",
        discussion: commandHelp(
            """
            ID is the constraint's id as `list` shows it (#17; quote it in a shell), or
            a label to change. NAME follows the label rule (names joined by dots, e.g.
            title.height) and must be unused in the layout.
            """,
            examples: ["layoutdb label '#4' title.height", "layoutdb label title.h title.height"]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: constraintArgumentHelp) var id: String
    @Argument(help: "The new label.") var name: String

    func run() throws {
        printReport(try global.open().label(id, as: name, layout: global.layout), global)
        if !global.quiet { print("labelled \(id) \(name)") }
    }
}
