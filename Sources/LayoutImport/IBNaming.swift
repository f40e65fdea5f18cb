/// The names an import gives layouts, views and guides: what a person recognises from Xcode
/// (a user label, a storyboard identifier, a class), made valid `.layout` identifiers
/// (`[A-Za-z_][A-Za-z0-9_-]*`) and unique. The IB id stays beside the name (as
/// `solved_frames.source_id`), so a name never has to carry it unless nothing better exists.
public enum IBNaming {
    /// `text` as an identifier: every run of characters outside `[A-Za-z0-9_-]` becomes one
    /// `_`, and a leading digit or `-` gets a `_` in front. An empty result is `_`.
    public static func identifier(_ text: String) -> String {
        var out = ""
        var lastWasReplacement = false
        for ch in text.unicodeScalars {
            let ok =
                (ch >= "A" && ch <= "Z") || (ch >= "a" && ch <= "z") || (ch >= "0" && ch <= "9")
                || ch == "_" || ch == "-"
            if ok {
                out.unicodeScalars.append(ch)
                lastWasReplacement = false
            } else if !lastWasReplacement {
                out.append("_")
                lastWasReplacement = true
            }
        }
        guard let first = out.unicodeScalars.first else { return "_" }
        if (first >= "0" && first <= "9") || first == "-" { out = "_" + out }
        return out
    }

    /// Hands out unique names: a second `title` is `title_2`, then `title_3`.
    public struct Namespace: Sendable {
        private var taken: Set<String>

        /// `reserved` names are never handed out (`root`: the layout's root view).
        public init(reserved: Set<String> = ["root"]) { taken = reserved }

        public mutating func claim(_ wanted: String) -> String {
            let base = IBNaming.identifier(wanted)
            var name = base
            var n = 2
            while taken.contains(name) {
                name = "\(base)_\(n)"
                n += 1
            }
            taken.insert(name)
            return name
        }
    }

    /// The name of a view: its `userLabel`, else its class (custom class, else IB's element
    /// name) and IB id, `label_Ttl-aa-001`.
    public static func preferredName(of view: IBView) -> String {
        if let label = view.userLabel, !label.isEmpty { return label }
        return "\(view.className)_\(view.id ?? view.ref)"
    }

    /// The name of a guide: its `userLabel`, else what it is to its owner
    /// (`scroll_content`, `scroll_frame`, `card_safe`, `topLayoutGuide`), else `layoutGuide_ID`.
    public static func preferredName(of guide: IBLayoutGuide, ownerName: String?) -> String {
        if let label = guide.userLabel, !label.isEmpty { return label }
        switch guide.kind {
        case .safeArea: return "\(ownerName ?? "view")_safe"
        case .scrollContent: return "\(ownerName ?? "scroll")_content"
        case .scrollFrame: return "\(ownerName ?? "scroll")_frame"
        case .controllerTop: return "topLayoutGuide"
        case .controllerBottom: return "bottomLayoutGuide"
        case .custom, .other: return "layoutGuide_\(guide.id)"
        }
    }

    /// Names for one tree: the root is `root`, every other view and every guide (the tree's
    /// and `controllerGuides`) gets a unique name, in document order, parents first. Keyed by
    /// view `ref` and guide id.
    public static func names(root: IBView, controllerGuides: [IBLayoutGuide] = []) -> [String:
        String]
    {
        var space = Namespace()
        var names: [String: String] = [root.ref: "root"]
        let views = root.allViews
        for v in views.dropFirst() { names[v.ref] = space.claim(preferredName(of: v)) }
        for v in views {
            for g in v.layoutGuides {
                names[g.id] = space.claim(preferredName(of: g, ownerName: names[v.ref]))
            }
        }
        for g in controllerGuides {
            names[g.id] = space.claim(preferredName(of: g, ownerName: nil))
        }
        return names
    }

    /// The name of the layout for a controller: its `storyboardIdentifier`, else its custom
    /// class, else its element name and IB id.
    public static func preferredLayoutName(of controller: IBViewController) -> String {
        if let s = controller.storyboardIdentifier, !s.isEmpty { return s }
        if let c = controller.customClass, !c.isEmpty { return c }
        return "\(controller.elementName)_\(controller.id ?? String(controller.line))"
    }

    /// The name of the layout for a top-level view without a controller (a XIB's view or cell):
    /// its custom class, else its user label, else its element name and IB id.
    public static func preferredLayoutName(of view: IBView) -> String {
        if let c = view.customClass, !c.isEmpty { return c }
        if let l = view.userLabel, !l.isEmpty { return l }
        return "\(view.elementName)_\(view.ref)"
    }

    /// One layout per tree of the document (each controller with a view, each extra or
    /// top-level view), in document order, with unique names: `(root view ref, layout name)`.
    public static func layoutNames(of document: IBDocument) -> [(root: String, name: String)] {
        var space = Namespace(reserved: [])
        var out: [(root: String, name: String)] = []
        for scene in document.scenes {
            for c in scene.controllers {
                if let v = c.view { out.append((v.ref, space.claim(preferredLayoutName(of: c)))) }
            }
            for v in scene.extraViews {
                out.append((v.ref, space.claim(preferredLayoutName(of: v))))
            }
        }
        for v in document.topLevelViews {
            out.append((v.ref, space.claim(preferredLayoutName(of: v))))
        }
        for c in document.topLevelControllers {
            if let v = c.view { out.append((v.ref, space.claim(preferredLayoutName(of: c)))) }
        }
        return out
    }
}
