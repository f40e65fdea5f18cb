/// Frames in root coordinates: the answer key an import is checked against. IB saves each
/// view's `<rect key="frame">` relative to its superview, as Apple's engine solved it for the
/// document's device; adding the superviews' origins gives the same root coordinates that
/// layoutdb's `frames` and `solved_frames.x/y` use.
public struct IBPlacedView: Sendable, Equatable {
    /// The view's `ref` (its IB id where it has one).
    public var ref: String
    /// The ref of the root of its tree (a controller's view, a XIB's top-level view).
    public var root: String
    /// The frame in the root's coordinates (the root itself at 0, 0).
    public var frame: IBRect

    public init(ref: String, root: String, frame: IBRect) {
        self.ref = ref
        self.root = root
        self.frame = frame
    }
}

extension IBView {
    /// The frames of this view (placed at 0, 0 as the root) and of every view below it, in this
    /// view's coordinates, depth first. A view IB saved without a frame cannot be placed: it and
    /// the views below it are left out. A scroll view's subviews are placed at content offset 0,
    /// as IB draws them.
    public func framesInRootCoordinates() -> [IBPlacedView] {
        guard let rootFrame = frame else { return [] }
        var out = [
            IBPlacedView(
                ref: ref, root: ref,
                frame: IBRect(x: 0, y: 0, width: rootFrame.width, height: rootFrame.height))
        ]
        func walk(_ view: IBView, originX: Double, originY: Double) {
            for child in view.subviews {
                guard let f = child.frame else { continue }
                let x = originX + f.x
                let y = originY + f.y
                out.append(
                    IBPlacedView(
                        ref: child.ref, root: ref,
                        frame: IBRect(x: x, y: y, width: f.width, height: f.height)))
                walk(child, originX: x, originY: y)
            }
        }
        walk(self, originX: 0, originY: 0)
        return out
    }
}

extension IBDocument {
    /// Every placed view of every tree, by ref.
    public func framesInRootCoordinates() -> [String: IBPlacedView] {
        var out: [String: IBPlacedView] = [:]
        for root in rootViews {
            for placed in root.framesInRootCoordinates() { out[placed.ref] = placed }
        }
        return out
    }

    /// Constraints whose items are neither a view nor a layout guide of the tree that holds
    /// them, one diagnostic each. IB never writes such a constraint, so any is a damaged file
    /// (or a reader that missed a kind of view or guide).
    public func unresolvedConstraintItems() -> [IBDiagnostic] {
        var problems: [IBDiagnostic] = []
        func check(_ root: IBView, controllerGuides: [IBLayoutGuide]) {
            let views = root.allViews
            var known = Set(views.map(\.ref))
            for v in views { for g in v.layoutGuides { known.insert(g.id) } }
            for g in controllerGuides { known.insert(g.id) }
            for v in views {
                for c in v.constraints {
                    for item in c.items where !known.contains(item) {
                        problems.append(
                            IBDiagnostic(
                                file: file, line: c.line, element: "<constraint id=\(c.id)>",
                                message: "item \(item) is not a view or layout guide of this scene")
                        )
                    }
                }
            }
        }
        for c in allControllers {
            if let v = c.view { check(v, controllerGuides: c.layoutGuides) }
        }
        for scene in scenes { for v in scene.extraViews { check(v, controllerGuides: []) } }
        for v in topLevelViews { check(v, controllerGuides: []) }
        return problems
    }

    /// Ids written twice (views, guides, constraints): IB gives every object its own, so a
    /// repeat is a damaged file (most often a merge that kept both sides), and a constraint
    /// naming that id would be ambiguous. One diagnostic per repeat, at the later element.
    public func duplicateIDs() -> [IBDiagnostic] {
        var seen: [String: Int] = [:]
        var problems: [IBDiagnostic] = []
        func visit(_ id: String?, _ element: String, _ line: Int) {
            guard let id else { return }
            if let first = seen[id] {
                problems.append(
                    IBDiagnostic(
                        file: file, line: line, element: "<\(element) id=\(id)>",
                        message: "id \(id) is already used at line \(first)"))
            } else {
                seen[id] = line
            }
        }
        for c in allControllers {
            visit(c.id, c.elementName, c.line)
            for g in c.layoutGuides { visit(g.id, "viewControllerLayoutGuide", g.line) }
        }
        for v in allViews {
            visit(v.id, v.elementName, v.line)
            for g in v.layoutGuides { visit(g.id, "viewLayoutGuide", g.line) }
            for c in v.constraints { visit(c.id, "constraint", c.line) }
        }
        return problems.sorted { $0.line < $1.line }
    }
}
