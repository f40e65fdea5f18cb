import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads `.xib` and `.storyboard` files into `IBDocument`, on ``XMLScanner``.
///
/// What decides whether an element is a view is where it sits, not its name (apps subclass
/// freely, and IB writes any UIView subclass as its own element): every child of
/// `<subviews>`, `<prototypes>` and `<cells>`; a controller's child keyed `view`; a view's
/// child under one of the view-valued keys (`contentView`, `tableHeaderView`, ...); and in a
/// XIB, every top-level object that is not a placeholder, a controller or a plain object.
/// Subtrees the model does not describe (connections, navigation items, accessibility,
/// attributed text, ...) are passed over whole.
public enum IBReader {
    /// The deepest views may nest (the root is level 1). The reader builds the tree without
    /// recursion, but the steps after it (the tree's values, the translator, the frames) walk
    /// it recursively, and a debug build's translator overflows an 8 MB stack at about 500
    /// levels; real documents nest a few dozen.
    public static let maximumViewDepth = 200

    /// Reads the document at `url`; `file` (default: the path) is the name messages use.
    /// A pipe (`<(curl ...)`, `/dev/stdin`) is read as a file is; a folder is refused.
    public static func read(contentsOf url: URL, file: String? = nil) throws(IBReadError)
        -> IBDocument
    {
        let name = file ?? url.path
        switch documentBytes(atPath: url.path) {
        case .success(let bytes):
            return try read(data: Data(bytes), file: name)
        case .failure(let problem):
            throw IBReadError(
                kind: .unreadable, file: name, line: 0, column: 0,
                message: "cannot read the file (\(problem.reason))", hint: problem.hint)
        }
    }

    /// Reads a document from its bytes; `file` names it in messages and in `IBDocument.file`.
    public static func read(data: Data, file: String) throws(IBReadError) -> IBDocument {
        var scanner = XMLScanner([UInt8](data))
        let reader = IBParseDelegate(file: file)
        do throws(XMLSyntaxError) {
            // The reader's first refusal ends the reading, as a syntax error does.
            while reader.error == nil, let event = try scanner.next() {
                switch event {
                case .start(let name, let attributes, let line):
                    reader.start(name, attributes, line: line)
                case .end:
                    reader.end()
                }
            }
        } catch {
            throw IBReadError(
                kind: .malformedXML, file: file, line: max(error.line, 1),
                column: max(error.column, 1),
                message: "malformed XML: \(error.message)",
                hint: "an Interface Builder document is XML text; open and save it again in Xcode, "
                    + "or check that it is not a compiled .nib or a merge-conflicted file")
        }
        if let error = reader.error { throw error }
        guard let document = reader.finish() else {
            throw IBReadError(
                kind: .notInterfaceBuilder, file: file, line: 1, column: 1,
                message: "no Interface Builder <document> element",
                hint: "give a .xib or .storyboard file saved by Xcode")
        }
        return document
    }
}

// MARK: - Reading the file

/// Why a document's bytes could not be read, and what to do.
private struct ReadProblem: Error {
    var reason: String
    var hint = "check the path and that the file is readable"
}

/// The bytes of the file at `path`, read with the system's calls: Foundation's read
/// answered a folder with a dump of its error's types, and a pipe with "permission
/// denied".
private func documentBytes(atPath path: String) -> Result<[UInt8], ReadProblem> {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return .failure(ReadProblem(reason: systemReason())) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return .failure(ReadProblem(reason: systemReason())) }
    let type = info.st_mode & S_IFMT
    // A device is refused, as `apply` refuses it: `/dev/zero` was read until memory ran out.
    guard type == S_IFREG || type == S_IFIFO else {
        return .failure(
            ReadProblem(
                reason: type == S_IFDIR
                    ? "a folder" : "a device or a socket, not a regular file or a pipe",
                hint: "give a .xib or .storyboard file"))
    }
    let largest = 256 << 20
    guard type != S_IFREG || info.st_size <= largest else { return .failure(tooLarge(largest)) }
    var bytes: [UInt8] = []
    if type == S_IFREG { bytes.reserveCapacity(Int(info.st_size)) }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR { continue }
            return .failure(ReadProblem(reason: systemReason()))
        }
        if count == 0 { return .success(bytes) }
        bytes += buffer[..<count]
        // An endless pipe too (`yes '<!-- -->' |`).
        if bytes.count > largest { return .failure(tooLarge(largest)) }
    }
}

/// A document past `largest` bytes: more than any Interface Builder document.
private func tooLarge(_ largest: Int) -> ReadProblem {
    ReadProblem(
        reason: "larger than \(largest >> 20) MiB, more than an Interface Builder document",
        hint: "give a .xib or .storyboard file saved by Xcode")
}

/// The system's words for the current `errno` (`No such file or directory`).
private func systemReason() -> String { String(cString: strerror(errno)) }

// MARK: - Builders (mutable while the parse is under way, plain values at the end)

private final class ViewBuilder {
    var view: IBView
    var children: [ViewBuilder] = []
    var variations: [VariationBuilder] = []

    init(view: IBView) { self.view = view }

    func finish(images: [String: IBSize]) -> IBView {
        var v = view
        v.subviews = children.map { $0.finish(images: images) }
        v.variations = variations.map(\.value)
        if let name = v.imageName, v.imageSize == nil { v.imageSize = images[name] }
        return v
    }
}

private final class VariationBuilder {
    var key: String
    var line: Int
    var masks: [MaskBuilder] = []

    init(key: String, line: Int) {
        self.key = key
        self.line = line
    }

    var value: IBVariation {
        IBVariation(
            key: key, line: line,
            masks: masks.map { IBMask(key: $0.key, includes: $0.includes, excludes: $0.excludes) })
    }
}

private final class MaskBuilder {
    var key: String
    var includes: [String] = []
    var excludes: [String] = []

    init(key: String) { self.key = key }
}

private final class ControllerBuilder {
    var controller: IBViewController
    var view: ViewBuilder?

    init(controller: IBViewController) { self.controller = controller }

    func finish(images: [String: IBSize]) -> IBViewController {
        var c = controller
        c.view = view?.finish(images: images)
        let owner = c.view?.ref
        for i in c.layoutGuides.indices { c.layoutGuides[i].owner = owner }
        return c
    }
}

private final class SceneBuilder {
    var scene: IBScene
    var controllers: [ControllerBuilder] = []
    var extraViews: [ViewBuilder] = []

    init(scene: IBScene) { self.scene = scene }
}

// MARK: - The delegate

/// Where the parse is: one entry per open element.
private enum Context {
    case document
    case device
    case scenes
    case scene(SceneBuilder)
    case sceneObjects(SceneBuilder)
    case xibObjects
    case controller(ControllerBuilder)
    case controllerGuides(ControllerBuilder)
    case view(ViewBuilder)
    /// `<subviews>`, `<prototypes>`, `<cells>`: every child is a view of this view.
    case viewList(ViewBuilder)
    /// A table view's `<sections>` or one `<tableViewSection>`: only `<cells>` and sections matter.
    case tableSections(ViewBuilder)
    case viewGuides(ViewBuilder)
    case constraints(ViewBuilder)
    case variation(ViewBuilder, VariationBuilder)
    case mask(MaskBuilder)
    case designables
    case designable(String)
    case resources
    /// A controller's navigation item or toolbar items: not read, but a view inside one (a
    /// `titleView`, a bar button's `customView`) is reported.
    case barItems
    /// An element read from its attributes alone, or a subtree the model does not describe.
    case ignored
}

/// View-valued keys of a view's child elements (UITableViewCell.contentView,
/// UITableView.tableHeaderView, UIVisualEffectView.contentView, ...).
private let viewKeys: Set<String> = [
    "contentView", "backgroundView", "selectedBackgroundView", "multipleSelectionBackgroundView",
    "tableHeaderView", "tableFooterView", "sectionHeaderView", "sectionFooterView",
    "inputView", "inputAccessoryView",
]

/// Top-level objects that are not views.
private func isNonViewObject(_ name: String) -> Bool {
    if [
        "placeholder", "customObject", "exit", "navigationItem", "barButtonItem", "tabBarItem",
        "searchDisplayController", "pongPressGestureRecognizer",
    ].contains(name) {
        return true
    }
    return name.hasSuffix("GestureRecognizer") || name.hasSuffix("Item")
}

private func isController(_ name: String) -> Bool {
    name.hasSuffix("Controller") || name == "viewControllerPlaceholder"
}

/// Builds the document from the elements ``XMLScanner`` reads, one start or end at a time.
private final class IBParseDelegate {
    /// What a number must be, as a skipped constraint's note says it (``parseNumber(_:)``).
    static let numberRange = "(finite, at most 1e15 in size)"

    let file: String
    var error: IBReadError?
    var stack: [Context] = []
    var sawRoot = false

    var document: IBDocument?
    var scenes: [SceneBuilder] = []
    var topViews: [ViewBuilder] = []
    var topControllers: [ControllerBuilder] = []
    var designables: [String: IBSize] = [:]
    var images: [String: IBSize] = [:]
    var skipped: [IBDiagnostic] = []
    /// Each id read so far (controllers, views, guides, constraints) to its line.
    var ids: [String: Int] = [:]
    /// How many `.view` contexts are open on `stack`.
    var viewDepth = 0

    init(file: String) { self.file = file }

    func finish() -> IBDocument? {
        guard var doc = document else { return nil }
        doc.scenes = scenes.map { s in
            var scene = s.scene
            scene.controllers = s.controllers.map { $0.finish(images: images) }
            scene.extraViews = s.extraViews.map { $0.finish(images: images) }
            return scene
        }
        doc.topLevelViews = topViews.map { $0.finish(images: images) }
        doc.topLevelControllers = topControllers.map { $0.finish(images: images) }
        doc.designableIntrinsicSizes = designables
        doc.imageSizes = images
        doc.skipped = skipped
        return doc
    }

    // MARK: Helpers

    /// Refuses the document at `line`; the reading stops there.
    private func fail(_ line: Int, _ kind: IBReadError.Kind, _ message: String, hint: String?) {
        guard error == nil else { return }
        error = IBReadError(
            kind: kind, file: file, line: max(line, 1), column: 1, message: message, hint: hint)
    }

    /// Refuses an id already read: IB gives every object its own, and the steps after the
    /// reader find views, guides and constraints by id (a view with its ancestor's id would
    /// be its own ancestor).
    private func claim(_ id: String?, _ element: String, line: Int) {
        guard let id else { return }
        if let first = ids[id] {
            fail(
                line, .damaged,
                "duplicate id \(id): <\(element) id=\(id)> repeats the id of the element at line "
                    + "\(first)",
                hint: "Interface Builder gives every object its own id; a repeat is most often a "
                    + "merge that kept both sides: resolve the merge in Xcode and import again")
        } else {
            ids[id] = line
        }
    }

    private func note(_ line: Int, _ element: String, _ id: String?, _ message: String) {
        let tag = id.map { "<\(element) id=\($0)>" } ?? "<\(element)>"
        skipped.append(IBDiagnostic(file: file, line: line, element: tag, message: message))
    }

    /// A number attribute: `nil` when absent; noted and `nil` when not a number.
    private func number(
        _ attrs: [String: String], _ name: String, line: Int, element: String, id: String?
    ) -> Double? {
        guard let text = attrs[name] else { return nil }
        if let value = parseNumber(text) { return value }
        note(line, element, id, "\(name)=\"\(text)\" is not a number; ignored")
        return nil
    }

    private func flag(_ attrs: [String: String], _ name: String) -> Bool? {
        guard let text = attrs[name] else { return nil }
        return text == "YES"
    }

    // MARK: Elements

    func start(_ name: String, _ attrs: [String: String], line: Int) {
        guard error == nil else { return }
        guard let top = stack.last else {
            startRoot(line, name, attrs)
            return
        }
        let next: Context
        switch top {
        case .ignored:
            next = .ignored
        case .barItems:
            if let key = attrs["key"], key == "titleView" || key == "customView" {
                note(
                    line, name, attrs["id"],
                    "\(key) of a bar item: not read (UIKit's bars lay it out)")
                next = .ignored
            } else {
                next = .barItems
            }
        case .device:
            if name == "adaptation" { document?.device?.adaptation = attrs["id"] }
            next = .ignored
        case .mask(let m):
            if let ref = attrs["reference"] {
                if name == "include" {
                    m.includes.append(ref)
                } else if name == "exclude" {
                    m.excludes.append(ref)
                }
            }
            next = .ignored
        case .designable(let id):
            if name == "size", attrs["key"] == "intrinsicContentSize",
                let w = number(attrs, "width", line: line, element: name, id: id),
                let h = number(attrs, "height", line: line, element: name, id: id)
            {
                designables[id] = IBSize(width: w, height: h)
            }
            next = .ignored
        case .document:
            next = documentChild(name, attrs, line: line)
        case .scenes:
            if name == "scene" {
                let scene = SceneBuilder(
                    scene: IBScene(sceneID: attrs["sceneID"] ?? "", line: line))
                scenes.append(scene)
                next = .scene(scene)
            } else {
                next = .ignored
            }
        case .scene(let scene):
            next = name == "objects" ? .sceneObjects(scene) : .ignored
        case .sceneObjects(let scene):
            if isController(name) {
                let c = ControllerBuilder(controller: controller(name, attrs, line: line))
                scene.controllers.append(c)
                next = .controller(c)
            } else if isNonViewObject(name) {
                next = .ignored
            } else {
                let v = makeView(name, attrs, line: line, parentRef: nil)
                scene.extraViews.append(v)
                next = .view(v)
            }
        case .xibObjects:
            if isController(name) {
                let c = ControllerBuilder(controller: controller(name, attrs, line: line))
                topControllers.append(c)
                next = .controller(c)
            } else if isNonViewObject(name) {
                next = .ignored
            } else {
                let v = makeView(name, attrs, line: line, parentRef: nil)
                topViews.append(v)
                next = .view(v)
            }
        case .controller(let c):
            if attrs["key"] == "view" {
                let v = makeView(name, attrs, line: line, parentRef: nil)
                c.view = v
                next = .view(v)
            } else if name == "layoutGuides" {
                next = .controllerGuides(c)
            } else if ["navigationBar", "toolbar", "tabBar"].contains(name) {
                // A container controller's bars are laid out by UIKit, not by the document's
                // constraints; their saved frames say nothing an import could check.
                note(line, name, attrs["id"], "bar of a \(c.controller.elementName): not read")
                next = .ignored
            } else if name == "navigationItem" || name == "toolbarItems" {
                next = .barItems
            } else if attrs["key"] == "simulatedTopBarMetrics"
                || attrs["key"] == "simulatedBottomBarMetrics"
            {
                // `<nil key=...>` says no bar is drawn.
                let bar =
                    name == "nil"
                    ? nil
                    : IBSimulatedBar(
                        elementName: name, opaque: attrs["translucent"] == "NO",
                        prompted: attrs["prompted"] == "YES")
                if attrs["key"] == "simulatedTopBarMetrics" {
                    c.controller.simulatedTopBar = bar
                } else {
                    c.controller.simulatedBottomBar = bar
                }
                next = .ignored
            } else {
                next = .ignored
            }
        case .controllerGuides(let c):
            if name == "viewControllerLayoutGuide", let id = attrs["id"] {
                claim(id, name, line: line)
                let kind: IBLayoutGuide.Kind =
                    switch attrs["type"] {
                    case "top": .controllerTop
                    case "bottom": .controllerBottom
                    default: .other(attrs["type"] ?? "viewControllerLayoutGuide")
                    }
                c.controller.layoutGuides.append(
                    IBLayoutGuide(
                        kind: kind, id: id, userLabel: attrs["userLabel"], owner: nil, line: line))
            }
            next = .ignored
        case .view(let v):
            next = viewChild(v, name, attrs, line: line)
        case .viewList(let v):
            let child = makeView(name, attrs, line: line, parentRef: v.view.ref)
            v.children.append(child)
            next = .view(child)
        case .tableSections(let v):
            if name == "tableViewSection" {
                next = .tableSections(v)
            } else if name == "cells" {
                next = .viewList(v)
            } else {
                next = .ignored
            }
        case .viewGuides(let v):
            if name == "viewLayoutGuide", let id = attrs["id"] {
                claim(id, name, line: line)
                v.view.layoutGuides.append(
                    IBLayoutGuide(
                        kind: .custom, id: id, userLabel: attrs["userLabel"], owner: v.view.ref,
                        line: line))
            }
            next = .ignored
        case .constraints(let v):
            if name == "constraint" { claim(attrs["id"], name, line: line) }
            if name == "constraint", let c = constraint(attrs, line: line, holder: v.view.ref) {
                v.view.constraints.append(c)
            }
            next = .ignored
        case .variation(_, let variation):
            if name == "mask" {
                let m = MaskBuilder(key: attrs["key"] ?? "")
                variation.masks.append(m)
                next = .mask(m)
            } else {
                next = .ignored
            }
        case .designables:
            next = name == "designable" ? .designable(attrs["name"] ?? "") : .ignored
        case .resources:
            if name == "image", let imageName = attrs["name"],
                let w = number(attrs, "width", line: line, element: name, id: imageName),
                let h = number(attrs, "height", line: line, element: name, id: imageName)
            {
                images[imageName] = IBSize(width: w, height: h)
            }
            next = .ignored
        }
        if case .view = next {
            viewDepth += 1
            if viewDepth > IBReader.maximumViewDepth {
                fail(
                    line, .damaged,
                    "<\(name)> is nested \(viewDepth) views deep; at most "
                        + "\(IBReader.maximumViewDepth) levels of views are read",
                    hint: "Xcode does not write such a document; check how it was made")
            }
        }
        stack.append(next)
    }

    func end() {
        if case .view = stack.popLast() { viewDepth -= 1 }
    }

    private func startRoot(_ line: Int, _ name: String, _ attrs: [String: String]) {
        guard !sawRoot else { return }
        sawRoot = true
        let type = attrs["type"] ?? ""
        if name == "archive" && type.hasPrefix("com.apple.InterfaceBuilder") {
            fail(
                line, .unsupportedVersion,
                "Interface Builder archive format \(attrs["version"] ?? "?") (before Xcode 5) is not supported",
                hint:
                    "open the file in a current Xcode and save it; it is then written in format 3.0"
            )
            return
        }
        guard name == "document" else {
            fail(
                line, .notInterfaceBuilder,
                "the root element is <\(name)>, not an Interface Builder <document>",
                hint: "give a .xib or .storyboard file saved by Xcode")
            return
        }
        let kind: IBDocument.Kind
        switch type {
        case "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB": kind = .storyboard
        case "com.apple.InterfaceBuilder3.CocoaTouch.XIB": kind = .xib
        case "":
            fail(
                line, .notInterfaceBuilder,
                "<document> has no type attribute: not an Interface Builder document",
                hint: "give a .xib or .storyboard file saved by Xcode")
            return
        default:
            fail(
                line, .unsupportedDocumentType,
                "document type \(type) is not supported: only iOS (CocoaTouch) XIBs and storyboards are read",
                hint:
                    "macOS, tvOS and watchOS documents lay out with other rules and are not imported"
            )
            return
        }
        let version = attrs["version"] ?? ""
        guard version.hasPrefix("3.") else {
            fail(
                line, .unsupportedVersion,
                "document format version \(version.isEmpty ? "(none)" : version) is not supported (3.x is)",
                hint: "open the file in a current Xcode and save it")
            return
        }
        document = IBDocument(
            file: file, kind: kind, type: type, version: version,
            toolsVersion: attrs["toolsVersion"] ?? "",
            useAutolayout: attrs["useAutolayout"] == "YES",
            useSafeAreas: attrs["useSafeAreas"] == "YES",
            useTraitCollections: attrs["useTraitCollections"] == "YES")
        stack.append(.document)
    }

    private func documentChild(_ name: String, _ attrs: [String: String], line: Int) -> Context {
        switch name {
        case "device":
            document?.device = IBDevice(
                id: attrs["id"] ?? "", orientation: attrs["orientation"], line: line)
            return .device
        case "scenes": return .scenes
        case "objects": return .xibObjects
        case "resources": return .resources
        case "designables": return .designables
        default: return .ignored
        }
    }

    private func controller(_ name: String, _ attrs: [String: String], line: Int)
        -> IBViewController
    {
        claim(attrs["id"], name, line: line)
        return IBViewController(
            elementName: name, id: attrs["id"], customClass: attrs["customClass"],
            storyboardIdentifier: attrs["storyboardIdentifier"], userLabel: attrs["userLabel"],
            title: attrs["title"], line: line)
    }

    private func makeView(_ name: String, _ attrs: [String: String], line: Int, parentRef: String?)
        -> ViewBuilder
    {
        let id = attrs["id"]
        claim(id, name, line: line)
        let key = attrs["key"]
        let ref = id ?? (parentRef.map { "\($0).\(key ?? name)" } ?? "\(name)@\(line)")
        func num(_ a: String) -> Double? { number(attrs, a, line: line, element: name, id: id) }
        func placeholderLength(_ a: String) -> IBPlaceholderLength? {
            guard let text = attrs[a] else { return nil }
            if text == "infinite" { return IBPlaceholderLength.none }
            return num(a).map { .points($0) }
        }
        var view = IBView(
            elementName: name, key: key, id: id, ref: ref, customClass: attrs["customClass"],
            userLabel: attrs["userLabel"], line: line,
            translatesAutoresizingMaskIntoConstraints: attrs[
                "translatesAutoresizingMaskIntoConstraints"] != "NO",
            hidden: attrs["hidden"] == "YES",
            horizontalHuggingPriority: num("horizontalHuggingPriority"),
            verticalHuggingPriority: num("verticalHuggingPriority"),
            horizontalCompressionResistancePriority: num("horizontalCompressionResistancePriority"),
            verticalCompressionResistancePriority: num("verticalCompressionResistancePriority"),
            placeholderIntrinsicWidth: placeholderLength("placeholderIntrinsicWidth"),
            placeholderIntrinsicHeight: placeholderLength("placeholderIntrinsicHeight"),
            imageName: attrs["image"],
            preservesSuperviewLayoutMargins: flag(attrs, "preservesSuperviewLayoutMargins"),
            insetsLayoutMarginsFromSafeArea: flag(attrs, "insetsLayoutMarginsFromSafeArea"))
        if name == "stackView" {
            view.stack = IBStack(
                axis: attrs["axis"] ?? "horizontal", distribution: attrs["distribution"] ?? "fill",
                alignment: attrs["alignment"] ?? "fill", spacing: num("spacing") ?? 0,
                baselineRelativeArrangement: attrs["baselineRelativeArrangement"] == "YES",
                layoutMarginsRelativeArrangement: attrs["layoutMarginsRelativeArrangement"] == "YES"
            )
            view.stack?.usesStandardSpacing = attrs["spacingType"] == "standard"
        }
        if name == "label" {
            view.numberOfLines = attrs["numberOfLines"].flatMap { Int($0) } ?? 1
        }
        view.semanticContentAttribute = attrs["semanticContentAttribute"].flatMap {
            $0 == "unspecified" ? nil : $0
        }
        view.ambiguous = attrs["ambiguous"] == "YES"
        view.misplaced = attrs["misplaced"] == "YES"
        return ViewBuilder(view: view)
    }

    private func viewChild(_ v: ViewBuilder, _ name: String, _ attrs: [String: String], line: Int)
        -> Context
    {
        let key = attrs["key"]
        let id = v.view.id
        func num(_ a: String) -> Double? { number(attrs, a, line: line, element: name, id: id) }
        switch name {
        case "rect" where key == "frame":
            if let x = num("x"), let y = num("y"), let w = num("width"), let h = num("height") {
                v.view.frame = IBRect(x: x, y: y, width: w, height: h)
            }
            return .ignored
        case "autoresizingMask" where key == "autoresizingMask":
            v.view.autoresizingMask = IBAutoresizingMask(
                flexibleMinX: attrs["flexibleMinX"] == "YES",
                widthSizable: attrs["widthSizable"] == "YES",
                flexibleMaxX: attrs["flexibleMaxX"] == "YES",
                flexibleMinY: attrs["flexibleMinY"] == "YES",
                heightSizable: attrs["heightSizable"] == "YES",
                flexibleMaxY: attrs["flexibleMaxY"] == "YES")
            return .ignored
        case "subviews", "prototypes", "cells":
            return .viewList(v)
        case "sections":
            return .tableSections(v)
        case "constraints":
            return .constraints(v)
        case "layoutGuides":
            return .viewGuides(v)
        case "viewLayoutGuide":
            if let guideID = attrs["id"] {
                claim(guideID, name, line: line)
                let kind: IBLayoutGuide.Kind =
                    switch key {
                    case "safeArea": .safeArea
                    case "contentLayoutGuide": .scrollContent
                    case "frameLayoutGuide": .scrollFrame
                    case nil: .custom
                    case let other?: .other(other)
                    }
                v.view.layoutGuides.append(
                    IBLayoutGuide(
                        kind: kind, id: guideID, userLabel: attrs["userLabel"], owner: v.view.ref,
                        line: line))
            }
            return .ignored
        case "fontDescription" where key == "fontDescription":
            v.view.font = IBFont(
                type: attrs["type"], name: attrs["name"], family: attrs["family"],
                style: attrs["style"],
                weight: attrs["weight"], pointSize: num("pointSize"))
            return .ignored
        case "edgeInsets" where key == "layoutMargins":
            v.view.layoutMargins = IBInsets(
                top: num("top") ?? 0, left: num("left") ?? 0, bottom: num("bottom") ?? 0,
                right: num("right") ?? 0,
                directional: false)
            return .ignored
        case "directionalEdgeInsets" where key == "directionalLayoutMargins":
            v.view.layoutMargins = IBInsets(
                top: num("top") ?? 0, left: num("leading") ?? 0, bottom: num("bottom") ?? 0,
                right: num("trailing") ?? 0, directional: true)
            return .ignored
        case "state" where key == "normal", "buttonConfiguration":
            if v.view.imageName == nil, let image = attrs["image"] { v.view.imageName = image }
            return .ignored
        case "variation":
            let variation = VariationBuilder(key: key ?? "", line: line)
            v.variations.append(variation)
            return .variation(v, variation)
        default:
            if let key, viewKeys.contains(key) {
                let child = makeView(name, attrs, line: line, parentRef: v.view.ref)
                v.children.append(child)
                return .view(child)
            }
            return .ignored
        }
    }

    private func constraint(_ attrs: [String: String], line: Int, holder: String) -> IBConstraint? {
        let id = attrs["id"] ?? "?"
        func skip(_ message: String) -> IBConstraint? {
            note(line, "constraint", id, message + "; skipped")
            return nil
        }
        guard let firstText = attrs["firstAttribute"] else { return skip("no firstAttribute") }
        guard let first = IBAttribute(rawValue: firstText) else {
            return skip("unknown firstAttribute \"\(firstText)\"")
        }
        var second: IBAttribute?
        if let text = attrs["secondAttribute"] {
            guard let a = IBAttribute(rawValue: text) else {
                return skip("unknown secondAttribute \"\(text)\"")
            }
            second = a
        }
        if attrs["secondItem"] != nil && second == nil {
            return skip("secondItem without secondAttribute")
        }
        if attrs["secondItem"] == nil && second != nil && second != .notAnAttribute {
            // IB omits neither item of a two-item constraint but the first; a second attribute
            // with no second item would be a file written by hand.
            return skip("secondAttribute without secondItem")
        }
        var relation = IBRelation.equal
        if let text = attrs["relation"] {
            guard let r = IBRelation(rawValue: text) else {
                return skip("unknown relation \"\(text)\"")
            }
            relation = r
        }
        var multiplier = 1.0
        if let text = attrs["multiplier"] {
            guard let m = parseMultiplier(text) else {
                return skip(
                    "multiplier \"\(text)\" is neither a number nor a ratio a:b with b not 0, of "
                        + "numbers a layout can hold " + Self.numberRange)
            }
            multiplier = m
        }
        // NSLayoutConstraint refuses it ("a multiplier of 0 ... together with a location
        // for the first attribute creates an illegal constraint of a location equal to a
        // constant"): UIKit never loads it, so neither does the import.
        if multiplier == 0, first != .width, first != .height, first != .notAnAttribute {
            return skip(
                "multiplier 0 makes \(firstText) equal to a constant, which Auto Layout refuses")
        }
        var constant = 0.0
        if let text = attrs["constant"] {
            guard let c = parseNumber(text) else {
                return skip(
                    "constant \"\(text)\" is not a number a layout can hold " + Self.numberRange)
            }
            constant = c
        }
        var priority = 1000.0
        if let text = attrs["priority"] {
            guard let p = parsePriority(text) else {
                return skip("priority \"\(text)\" is not a number from 1 to 1000")
            }
            priority = p
        }
        return IBConstraint(
            id: id, line: line, holder: holder, firstItem: attrs["firstItem"] ?? holder,
            firstAttribute: first,
            relation: relation, secondItem: attrs["secondItem"], secondAttribute: second,
            multiplier: multiplier,
            multiplierText: attrs["multiplier"], constant: constant, priority: priority,
            identifier: attrs["identifier"], placeholder: attrs["placeholder"] == "YES")
    }
}

/// A number a layout can hold: finite and at most 1e15 in size. Past that the script's
/// number text (rounded to 4 decimals by scaling) overflows to `inf`, and no frame means
/// anything; such a number is read as not a number.
func parseNumber<S: StringProtocol>(_ text: S) -> Double? {
    guard let value = Double(String(text)), value.isFinite, abs(value) <= 1e15 else { return nil }
    return value
}

/// `0.5`, or IB's ratio form `3:2` (width:height, so 1.5).
func parseMultiplier(_ text: String) -> Double? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    switch parts.count {
    case 1:
        return parseNumber(text)
    case 2:
        guard let a = parseNumber(parts[0]), let b = parseNumber(parts[1]), b != 0 else {
            return nil
        }
        return parseNumber(String(a / b))
    default:
        return nil
    }
}

/// A priority number from 1 to 1000, or one of UILayoutPriority's names.
func parsePriority(_ text: String) -> Double? {
    switch text {
    case "required": return 1000
    case "defaultHigh": return 750
    case "defaultLow": return 250
    case "fittingSizeLevel": return 50
    default:
        guard let p = Double(text), p >= 1, p <= 1000 else { return nil }
        return p
    }
}
