import Foundation
import LayoutStore

// The seeds' styles of writing constraints, each through layoutdb's Swift API:
//   swift run layoutdb-examples [layoutkit|strings|dsl|springs]   (all when omitted)
// Each writes a temporary project, prints its frames, and removes it.

func withProject(_ body: (Project) throws -> Void) throws {
    let path = FileManager.default.temporaryDirectory.appending(path: "layoutdb-example-\(getpid()).layoutdb").path
    defer { for s in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + s) } }
    try body(try Project.open(path: path, create: true))
}

func show(_ title: String, _ project: Project) throws {
    print("== \(title)")
    for row in try project.frames() {
        print("\(row.view): x \(formatNumber(row.frame.x)), y \(formatNumber(row.frame.y)), "
              + "width \(formatNumber(row.frame.width)), height \(formatNumber(row.frame.height))")
    }
}

/// LayoutKit: named constraints, looked up later and changed (`[c set:... name:]`).
func layoutKit() throws {
    try withProject { project in
        try project.apply(script: "canvas 320 480\nview header\nview button")
        try project.constrain("header.top == |.top; header.left == |.left; header.width == |.width")
        try project.add("header.height == 60", label: "header.height")
        try project.constrain("button.top == header.bottom + 8; button.centerX == |.centerX; button.size == 100")
        var height = try project.namedConstraint("header.height")!
        height.constant = 90  // as LayoutKit's animated constant change, persisted
        try project.save(height)
        try show("LayoutKit style: named constraint header.height changed to 90", project)
    }
}

/// JBNSLayoutConstraint: equation strings with metrics.
func strings() throws {
    try withProject { project in
        try project.apply(script: "canvas 320 480\nview view1\nview view2")
        try project.constrain(
            "view1.center == |; view1.size == side; view2.top == view1.bottom + gap; view2.left == view1.left; view2.size == view1",
            metrics: ["side": 50, "gap": 10])
        try show("JBNSLayoutConstraint style: equation strings", project)
    }
}

/// EasyLayout: Swift expressions that build constraints (statically typed here).
func dsl() throws {
    try withProject { project in
        try project.apply(script: "canvas 320 480\nview view1\nview view2")
        let view1 = LayoutView("view1"), view2 = LayoutView("view2"), root = LayoutView.root
        try project.constrain {
            view1.center == root.center
            view1.size == 50
            view2.top == view1.bottom + 10
            view2.left == view1.left
            view2.size == view1.size
        }
        try show("EasyLayout style: Swift expressions", project)
    }
}

/// CAConstraintLayoutManager and springs and struts: drawn frames that follow the canvas.
func springs() throws {
    try withProject { project in
        try project.apply(script: """
            canvas 320 480
            view bar frame 0 0 320 44 autoresize width
            view badge frame 280 10 30 24 autoresize left
            view card frame 20 60 100 100
            card.centerX == |.centerX
            variant wide canvas 480 480
            """)
        try show("Springs and struts (base 320 wide)", project)
        print("-- variant wide (480):")
        for row in try project.frames(variant: "wide") {
            print("\(row.view): x \(formatNumber(row.frame.x)), width \(formatNumber(row.frame.width))")
        }
    }
}

let all: [(String, () throws -> Void)] = [("layoutkit", layoutKit), ("strings", strings), ("dsl", dsl), ("springs", springs)]
let wanted = CommandLine.arguments.dropFirst().first
do {
    for (name, run) in all where wanted == nil || wanted == name { try run() }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
