import LayoutScript

/// The constraints a stack view makes for its arranged views, as UIStackView makes them
/// (docs/vocabulary.md §7: the identifiers, relations and priorities are UIKit's).
///
/// They are built from the views' declarations alone — the stack's arrangement, each
/// view's hidden flag and intrinsic size — so the engine (``EngineBuild``) and `list`
/// generate the same ones. Written with `leading`/`trailing`, so an H stack's order and a
/// V stack's cross alignment follow the layout's direction through the engine's mirror.
///
///     let stacks = StackConstraints(views: model.solvedViews.map(\.declaration))
///     stacks.constraints   // every stack's constraints, kind .stack
package struct StackConstraints {
    /// Every generated constraint, stack by stack (kind ``Constraint/Kind/stack``; its
    /// `source` names the stack, its distribution and UIKit's identifier).
    package private(set) var constraints: [Constraint] = []
    /// Per constraint, the stack that made it.
    package private(set) var owners: [String] = []
    /// The stacks' internal guides (alignment spanners, gap guides): solved like views,
    /// never stored (UIKit keeps them private).
    package private(set) var guides: [String] = []
    /// Per visible arranged view, its stack's axis and its 1-based place among the visible
    /// ones: its hugging and resistance along that axis are generated at `P + place·10⁻³`
    /// so that, among equal priorities, the earliest view is resized first (§7.3, §11).
    package private(set) var tieBreak: [String: (axis: Attribute.Axis, place: Int)] = [:]
    /// Hidden arranged views and everything inside them: their required constraints are
    /// solved at 999 so that the hiding wins without a conflict (§8).
    package private(set) var relaxed: Set<String> = []
    /// Views inside a hidden arranged view: their frames are not specified, so they are
    /// not reported ambiguous (§8).
    package private(set) var insideHidden: Set<String> = []

    /// The offset that separates tied priorities along a stack's axis.
    static let tieStep = 0.001

    /// No stacks: nothing generated.
    package init() {}

    package init(views: [ViewDeclaration]) {
        var children: [String: [ViewDeclaration]] = [:]
        for view in views { children[view.parent, default: []].append(view) }
        for stack in views {
            guard let arrangement = stack.stack else { continue }
            let arranged = (children[stack.name] ?? []).filter { $0.kind != .guide }
            generate(stack, arrangement, arranged)
        }
        // Everything below a hidden arranged view, however deep.
        var pending = Array(relaxed)
        while let name = pending.popLast() {
            for child in children[name] ?? [] where !relaxed.contains(child.name) {
                relaxed.insert(child.name)
                insideHidden.insert(child.name)
                pending.append(child.name)
            }
        }
        for name in relaxed {
            for child in children[name] ?? [] { insideHidden.insert(child.name) }
        }
    }

    /// A term: view (or guide) name, attribute, coefficient.
    private typealias T = (String, Attribute, Double)

    private mutating func generate(
        _ stackView: ViewDeclaration, _ a: StackArrangement, _ views: [ViewDeclaration]
    ) {
        let stack = stackView.name
        let h = a.axis == .horizontal
        let lead: Attribute = h ? .leading : .top
        let trail: Attribute = h ? .trailing : .bottom
        let size: Attribute = h ? .width : .height
        let mid: Attribute = h ? .centerX : .centerY
        let ctop: Attribute = h ? .top : .leading
        let cbot: Attribute = h ? .bottom : .trailing
        let csize: Attribute = h ? .height : .width
        let cmid: Attribute = h ? .centerY : .centerX
        // The canvas: the stack, or its margins (isLayoutMarginsRelativeArrangement).
        let inMargins = stackView.margins != nil
        func canvas(_ attribute: Attribute) -> Attribute {
            inMargins ? Attribute(attribute, on: .margins) : attribute
        }
        let head = "stack \(stack) (\(a.distribution.rawValue), align \(a.alignment.rawValue))"
        func add(
            _ identifier: String, _ lhs: [T], _ relation: Relation, _ rhs: [T],
            _ constant: Double = 0, _ priority: Double = 1000
        ) {
            var c = Constraint(
                lhs: LinearExpression(
                    terms: lhs.map { Term(view: $0.0, attribute: $0.1, coefficient: $0.2) }),
                relation: relation,
                rhs: LinearExpression(
                    terms: rhs.map { Term(view: $0.0, attribute: $0.1, coefficient: $0.2) },
                    constant: constant),
                priority: Priority(rawValue: priority) ?? .required, kind: .stack)
            c.source = "\(head): \(identifier): \(ScriptWriter.text(of: c))"
            constraints.append(c)
            owners.append(stack)
        }
        let n = views.count
        let visible = views.filter { !$0.isHidden }
        let m = visible.count
        for (place, view) in visible.enumerated() {
            tieBreak[view.name] = (a.axis, place + 1)
        }
        for view in views where view.isHidden { relaxed.insert(view.name) }

        // Along the axis (§7.2).
        // With every arranged view hidden, the connections go to the hidden first and last
        // ones, below required (UIKit connects an empty spacer that nothing sizes): a stack
        // nothing else sizes closes to nothing along its axis (to its margins where the
        // arrangement is relative to them), where without them its size was free, and one
        // its frame or a required constraint sizes keeps that size, where required they
        // conflicted with the hidden views' zero length.
        if let first = visible.first ?? views.first, let last = visible.last ?? views.last {
            let priority = m == 0 ? Priority.emptyStackConnection.rawValue : 1000
            add(
                "canvas-connection", [(stack, canvas(lead), 1)], .equal, [(first.name, lead, 1)],
                0, priority)
            add(
                "canvas-connection", [(stack, canvas(trail), 1)], .equal, [(last.name, trail, 1)],
                0, priority)
        }
        let spaced = a.distribution == .equalSpacing || a.distribution == .equalCentering
        if n > 1 {
            for i in 0..<(n - 1) {
                let (v, next) = (views[i], views[i + 1])
                var c: Double
                if next.name == visible.first?.name || v.name == visible.last?.name {
                    c = 0
                } else {
                    let k = Double((v.isHidden ? 1 : 0) + (next.isHidden ? 1 : 0))
                    c = a.spacing - a.spacing / 2 * k
                }
                if m == 0 { c = 0 }
                add(
                    "spacing", [(next.name, lead, 1)], spaced ? .greaterOrEqual : .equal,
                    [(v.name, trail, 1)], c)
            }
        }
        for view in views where view.isHidden {
            add("hiding", [(view.name, size, 1)], .equal, [], 0)
        }

        // The distribution (§7.3).
        func fillEqually() {
            guard let first = visible.first else { return }
            for u in visible.dropFirst() {
                add("fill-equally", [(u.name, size, 1)], .equal, [(first.name, size, 1)])
            }
        }
        switch a.distribution {
        case .fill: break
        case .fillEqually: fillEqually()
        case .fillProportionally:
            func intrinsic(_ v: ViewDeclaration) -> Double? {
                guard let value = h ? v.intrinsic?.width : v.intrinsic?.height, value > 0 else {
                    return nil
                }
                return value
            }
            let proportional = visible.filter { intrinsic($0) != nil }
            let total =
                proportional.reduce(0) { $0 + (intrinsic($1) ?? 0) } + a.spacing * Double(m - 1)
            // A negative spacing whose overlap eats all the content leaves no length to
            // measure proportions by (UIKit would divide by zero or by a negative total):
            // the views share the stack equally, as when none has an intrinsic size (§7.3).
            if proportional.isEmpty || total <= 0 {
                fillEqually()
            } else {
                let single = proportional.count == 1 && (m == 1 || a.spacing == 0)
                for (j, u) in visible.enumerated() {
                    let priority = single ? 1000 : max(1, 999 - Double(j))
                    if let value = intrinsic(u) {
                        add(
                            "fill-proportionally", [(u.name, size, 1)], .equal,
                            [(stack, size, value / total)], 0, priority)
                    } else {
                        add("fill-proportionally", [(u.name, size, 1)], .equal, [], 0, priority)
                    }
                }
            }
        case .equalSpacing, .equalCentering:
            let centres = a.distribution == .equalCentering
            var gaps: [String] = []
            for k in 0..<max(0, m - 1) {
                let g = "\(stack).gap\(k + 1)"
                guides.append(g)
                gaps.append(g)
                let (u, next) = (visible[k], visible[k + 1])
                add(
                    "distributing-edge", [(g, lead, 1)], .equal,
                    [(u.name, centres ? mid : trail, 1)])
                add(
                    "distributing-edge", [(g, trail, 1)], .equal,
                    [(next.name, centres ? mid : lead, 1)])
            }
            for g in gaps.dropFirst() {
                add(
                    "fill-equally", [(g, size, 1)], .equal, [(gaps[0], size, 1)], 0,
                    centres ? 149 : 1000)
            }
            add("canvas-fit", [(stack, size, 1)], .equal, [], 0, 49)
        }

        // Across the axis (§7.4).
        guard let v1 = views.first else { return }
        let alignment = a.alignment.canonical
        if alignment == .fill {
            for v in views.dropFirst() {
                add("alignment", [(v.name, ctop, 1)], .equal, [(v1.name, ctop, 1)])
                add("alignment", [(v.name, cbot, 1)], .equal, [(v1.name, cbot, 1)])
            }
            add("canvas-connection", [(stack, canvas(ctop), 1)], .equal, [(v1.name, ctop, 1)])
            add("canvas-connection", [(stack, canvas(cbot), 1)], .equal, [(v1.name, cbot, 1)])
            return
        }
        let aligned: Attribute
        switch alignment {
        case .leading: aligned = ctop
        case .center: aligned = cmid
        case .trailing: aligned = cbot
        case .firstBaseline: aligned = .firstBaseline
        default: aligned = .lastBaseline
        }
        for v in views.dropFirst() {
            add("alignment", [(v.name, aligned, 1)], .equal, [(v1.name, aligned, 1)])
        }
        for v in views {
            add("ambiguity-suppression", [(v.name, csize, 1)], .equal, [], 0, 25)
        }
        let baseline = alignment == .firstBaseline || alignment == .lastBaseline
        if n == 1 {
            // No spanner: the connections become inequalities where the view may be smaller.
            let topRelation: Relation =
                alignment == .leading ? .equal : .lessOrEqual
            let bottomRelation: Relation =
                alignment == .trailing ? .equal : .greaterOrEqual
            add("canvas-connection", [(stack, canvas(ctop), 1)], topRelation, [(v1.name, ctop, 1)])
            add(
                "canvas-connection", [(stack, canvas(cbot), 1)], bottomRelation,
                [(v1.name, cbot, 1)])
            if alignment == .center {
                add("canvas-connection", [(stack, canvas(cmid), 1)], .equal, [(v1.name, cmid, 1)])
            }
            add("canvas-fit", [(stack, csize, 1)], .equal, [], 0, 49)
            return
        }
        let spanner = "\(stack).spanner"
        guides.append(spanner)
        for u in visible {
            switch alignment {
            case .leading:
                add(
                    "spanning-boundary", [(spanner, ctop, 1)], .equal, [(u.name, ctop, 1)], 0, 999.5
                )
                add("spanning-boundary", [(spanner, cbot, 1)], .greaterOrEqual, [(u.name, cbot, 1)])
            case .trailing:
                add("spanning-boundary", [(spanner, ctop, 1)], .lessOrEqual, [(u.name, ctop, 1)])
                add(
                    "spanning-boundary", [(spanner, cbot, 1)], .equal, [(u.name, cbot, 1)], 0, 999.5
                )
            default:
                add("spanning-boundary", [(spanner, ctop, 1)], .lessOrEqual, [(u.name, ctop, 1)])
                add("spanning-boundary", [(spanner, cbot, 1)], .greaterOrEqual, [(u.name, cbot, 1)])
            }
        }
        switch alignment {
        case .leading:
            add("canvas-connection", [(stack, canvas(ctop), 1)], .equal, [(v1.name, ctop, 1)])
            add("canvas-connection", [(stack, canvas(cbot), 1)], .equal, [(spanner, cbot, 1)])
        case .center:
            add("canvas-connection", [(stack, canvas(ctop), 1)], .equal, [(spanner, ctop, 1)])
            add("canvas-connection", [(stack, canvas(cbot), 1)], .equal, [(spanner, cbot, 1)])
            add("canvas-connection", [(stack, canvas(cmid), 1)], .equal, [(v1.name, cmid, 1)])
        case .trailing:
            add("canvas-connection", [(stack, canvas(ctop), 1)], .equal, [(spanner, ctop, 1)])
            add("canvas-connection", [(stack, canvas(cbot), 1)], .equal, [(v1.name, cbot, 1)])
        case .firstBaseline:
            add("canvas-connection", [(stack, canvas(ctop), 1)], .lessOrEqual, [(v1.name, ctop, 1)])
            add("canvas-connection", [(stack, canvas(cbot), 1)], .equal, [(spanner, cbot, 1)])
        default:  // lastBaseline
            add("canvas-connection", [(stack, canvas(ctop), 1)], .equal, [(spanner, ctop, 1)])
            add(
                "canvas-connection", [(stack, canvas(cbot), 1)], .greaterOrEqual,
                [(v1.name, cbot, 1)])
        }
        add("spanning-fit", [(spanner, csize, 1)], .equal, [], 0, 51)
        if baseline { add("canvas-fit", [(stack, csize, 1)], .equal, [], 0, 49) }
    }
}

extension Priority {
    /// What a required constraint on a hidden arranged view (or inside one) is solved at,
    /// so that the stack's hiding wins without a conflict (docs/vocabulary.md §8).
    static let hiddenRelaxed = Priority(999)
    /// What a stack's connection to its hidden first and last arranged views is solved at
    /// where every one is hidden: below ``hiddenRelaxed``, so their hiding wins.
    static let emptyStackConnection = Priority(998)
}
