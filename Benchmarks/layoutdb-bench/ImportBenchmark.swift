import Foundation
import LayoutImport
import LayoutStore

/// `import-samples`: imports every document of `../shared/ib-samples` (read where it is, never
/// copied), solves it, and prints the share of views within 1 point of the frame Xcode saved,
/// per document and per cause of mismatch (`IBMatch`); with `--views`, first every view that
/// does not match, with its cause and its saved and solved frames.
func runImportSamples() {
    let directory = option("--dir") ?? "../shared/ib-samples"
    let tolerance = Double(option("--tolerance") ?? "1") ?? 1
    let names =
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
        .filter { $0.hasSuffix(".xib") || $0.hasSuffix(".storyboard") }.sorted()
    guard !names.isEmpty else { fail("no .xib or .storyboard in \(directory) (--dir DIR)") }
    let listViews = CommandLine.arguments.contains("--views")
    var rows: [(name: String, count: IBMatch.Count)] = []
    for name in names {
        do {
            let document = try IBReader.read(
                contentsOf: URL(fileURLWithPath: directory).appending(path: name), file: name)
            let (views, _) = try Project.matchViews(document, tolerance: tolerance)
            rows.append((name, IBMatch.count(views)))
            if listViews {
                for line in IBMatch.mismatchLines(views) { print("\(name): \(line)") }
            }
        } catch {
            fail("\(name): \(error)")
        }
    }
    if listViews { print("") }
    print(IBMatch.markdownTable(rows))
}

/// `import`: `Project.importInterfaceBuilder` of a generated storyboard of `--scenes` scenes
/// (50 by default) into a new project: read, translate, parse, write and solve, median of
/// `--repeat` runs; and the same through the `layoutdb` binary when it is beside the bench.
func runImportBenchmark() {
    let scenes = Int(option("--scenes") ?? "50") ?? 50
    let repeats = Int(option("--repeat") ?? "5") ?? 5
    let views = Int(option("--views") ?? "12") ?? 12
    let text = generatedStoryboard(scenes: scenes, viewsPerScene: views)
    let directory = FileManager.default.temporaryDirectory
        .appending(path: "layoutdb-bench-import-\(getpid())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appending(path: "Generated.storyboard").path
    guard (try? Data(text.utf8).write(to: URL(fileURLWithPath: file))) != nil else {
        fail("cannot write \(file)")
    }
    var times: [Double] = []
    var imported = 0
    for rep in 0..<repeats {
        let db = directory.appending(path: "lib-\(rep).layoutdb").path
        let start = now()
        do {
            let project = try Project.open(path: db, create: true)
            let report = try project.importInterfaceBuilder(file: file)
            imported = report.layouts.filter(\.imported).count
        } catch {
            fail("import failed: \(error)")
        }
        times.append(now() - start)
    }
    // Where the time goes, once: read, translate, read and translate and parse (prepare).
    let data = Data(text.utf8)
    var start = now()
    guard let document = try? IBReader.read(data: data, file: "Generated.storyboard") else {
        fail("cannot read the generated storyboard")
    }
    let read = now() - start
    start = now()
    _ = IBTranslator.translate(document)
    let translate = now() - start
    start = now()
    _ = try? Project.prepare(document, options: ImportOptions())
    let prepare = now() - start
    print(
        String(
            format: "phases: read %.3f s, translate %.3f s, translate + parse %.3f s",
            read, translate, prepare))
    print(
        "import of a generated \(scenes)-scene storyboard (\(scenes * (views + 1)) views, "
            + "\(text.utf8.count / 1024) KiB): \(imported) layouts, "
            + String(format: "%.3f s", median(times)) + " (library, median of \(repeats))")
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appending(path: "layoutdb").path
    if FileManager.default.isExecutableFile(atPath: binary) {
        var cli: [Double] = []
        for rep in 0..<repeats {
            let db = directory.appending(path: "cli-\(rep).layoutdb").path
            guard let (status, _, seconds) = run(binary, ["--db", db, "import", file, "-q"]),
                status == 0
            else { fail("layoutdb import failed on \(file)") }
            cli.append(seconds)
        }
        print(
            "layoutdb import, process start to exit: "
                + String(format: "%.3f s", median(cli)) + " (median of \(repeats))")
    }
}

/// A storyboard of `scenes` view controllers on a 414x896 phone, each with `viewsPerScene`
/// labels and buttons in a column pinned to the safe area and the root's margins: the
/// constructs an import applies today, written as Xcode writes them.
func generatedStoryboard(scenes: Int, viewsPerScene: Int) -> String {
    var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" \
        toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" \
        useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
            <device id="retina6_1" orientation="portrait" appearance="light"/>
            <scenes>

        """
    for s in 0..<scenes {
        let id = { (kind: String, n: Int) in "\(kind)\(s)-gn-\(n)" }
        out += """
                    <scene sceneID="\(id("Scn", 0))">
                        <objects>
                            <viewController storyboardIdentifier="Screen\(s)" id="\(id("Vcl", 0))" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="\(id("Roo", 0))">
                                    <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    <subviews>

            """
        var constraints: [String] = []
        for v in 1...viewsPerScene {
            let y = 44 + 8 + Double(v - 1) * 52
            let isButton = v % 3 == 0
            let element = isButton ? "button" : "label"
            out += """
                                            <\(element) opaque="NO" contentMode="left" text="Item \(v)" translatesAutoresizingMaskIntoConstraints="NO" id="\(id("Vw", v))">
                                                <rect key="frame" x="20" y="\(y)" width="374" height="44"/>
                                                <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                            </\(element)>

                """
            let top =
                v == 1
                ? "<constraint firstItem=\"\(id("Vw", v))\" firstAttribute=\"top\" secondItem=\"\(id("Saf", 0))\" secondAttribute=\"top\" constant=\"8\" id=\"\(id("Ct", v))\"/>"
                : "<constraint firstItem=\"\(id("Vw", v))\" firstAttribute=\"top\" secondItem=\"\(id("Vw", v - 1))\" secondAttribute=\"bottom\" constant=\"8\" id=\"\(id("Ct", v))\"/>"
            constraints += [
                top,
                "<constraint firstItem=\"\(id("Vw", v))\" firstAttribute=\"leading\" secondItem=\"\(id("Roo", 0))\" secondAttribute=\"leadingMargin\" id=\"\(id("Cl", v))\"/>",
                "<constraint firstItem=\"\(id("Roo", 0))\" firstAttribute=\"trailingMargin\" secondItem=\"\(id("Vw", v))\" secondAttribute=\"trailing\" id=\"\(id("Cr", v))\"/>",
                "<constraint firstItem=\"\(id("Vw", v))\" firstAttribute=\"height\" constant=\"44\" id=\"\(id("Ch", v))\"/>",
            ]
        }
        out += """
                                    </subviews>
                                    <viewLayoutGuide key="safeArea" id="\(id("Saf", 0))"/>
                                    <constraints>

            """
        for c in constraints { out += "                                        \(c)\n" }
        out += """
                                    </constraints>
                                </view>
                            </viewController>
                        </objects>
                    </scene>

            """
    }
    out += "    </scenes>\n</document>\n"
    return out
}
