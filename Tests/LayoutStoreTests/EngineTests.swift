import Testing

@testable import LayoutStore

/// `view.attribute` as a one-term expression.
private func a(_ view: String, _ attribute: Attribute, _ k: Double = 1) -> LinearExpression {
    LinearExpression(terms: [Term(view: view, attribute: attribute, coefficient: k)])
}

private func eq(
    _ lhs: LinearExpression, _ rhs: LinearExpression, _ relation: Relation = .equal,
    label: String? = nil, priority: Priority = .required
) -> Constraint {
    Constraint(
        label: label, lhs: lhs, relation: relation, rhs: rhs, priority: priority, source: "test")
}

private func solve(
    canvas: Size, drawn: Size? = nil, _ views: [ViewDeclaration], _ constraints: [Constraint] = []
) throws -> [String: Rect] {
    let out = try LayoutEngine.solve(
        EngineInput(
            canvas: canvas, drawnCanvas: drawn, views: views.map { EngineView($0) },
            constraints: constraints))
    return Dictionary(uniqueKeysWithValues: zip(views.map(\.name), out.frames))
}

@Suite("Layout engine")
struct EngineTests {
    let phone = Size(width: 320, height: 480)
    let wide = Size(width: 420, height: 480)

    @Test("right, centerX and friends are expressions of left and width, in root coordinates")
    func attributeAlgebra() throws {
        let f = try solve(
            canvas: phone, [ViewDeclaration(name: "a")],
            [
                eq(a("a", .centerX), a(rootViewName, .centerX)), eq(a("a", .width), .constant(100)),
                eq(a("a", .bottom), a(rootViewName, .bottom) + .constant(-10)),
                eq(a("a", .height), .constant(40)),
            ])
        #expect(f["a"] == Rect(x: 110, y: 430, width: 100, height: 40))
    }

    @Test("an unmentioned view without flags keeps its left margin and size (struts)")
    func strutsOnly() throws {
        let v = ViewDeclaration(name: "v", frame: Rect(x: 20, y: 30, width: 100, height: 50))
        #expect(
            try solve(canvas: wide, drawn: phone, [v])["v"]
                == Rect(x: 20, y: 30, width: 100, height: 50))
    }

    @Test(
        "each autoresizing flag alone takes the whole change",
        arguments: [
            (AutoresizingMask.left, Rect(x: 120, y: 30, width: 100, height: 50)),
            (.width, Rect(x: 20, y: 30, width: 200, height: 50)),
            (.right, Rect(x: 20, y: 30, width: 100, height: 50)),
        ])
    func singleFlag(mask: AutoresizingMask, expected: Rect) throws {
        let v = ViewDeclaration(
            name: "v", frame: Rect(x: 20, y: 30, width: 100, height: 50), autoresize: mask)
        #expect(try solve(canvas: wide, drawn: phone, [v])["v"] == expected)
    }

    @Test("several flexible parts share the change in proportion to their drawn sizes")
    func sharedChange() throws {
        // Drawn in 320: left margin 20, width 100, right margin 200. Growing by 100:
        // left+right flexible: 20/220 and 200/220 of it; left+width: 20/120 and 100/120.
        let frame = Rect(x: 20, y: 0, width: 100, height: 10)
        let margins = try solve(
            canvas: wide, drawn: phone,
            [ViewDeclaration(name: "v", frame: frame, autoresize: [.left, .right])])
        #expect(abs(margins["v"]!.x - (20 + 100 * 20 / 220)) < 1e-9)
        #expect(margins["v"]!.width == 100)
        let both = try solve(
            canvas: wide, drawn: phone,
            [ViewDeclaration(name: "v", frame: frame, autoresize: [.left, .width])])
        #expect(abs(both["v"]!.x - (20 + 100 * 20 / 120)) < 1e-9)
        #expect(abs(both["v"]!.width - (100 + 100 * 100 / 120)) < 1e-9)
        // Shrinking works the same way.
        let shrunk = try solve(
            canvas: Size(width: 220, height: 480), drawn: phone,
            [ViewDeclaration(name: "v", frame: frame, autoresize: [.width])])
        #expect(shrunk["v"] == Rect(x: 20, y: 0, width: 0, height: 10))
    }

    @Test(
        "vertical flags follow the same rules as horizontal ones, growing and shrinking",
        arguments: [
            (AutoresizingMask.top, 580.0, Rect(x: 20, y: 130, width: 100, height: 50)),
            (.height, 580, Rect(x: 20, y: 30, width: 100, height: 150)),
            (.bottom, 580, Rect(x: 20, y: 30, width: 100, height: 50)),
            (.top, 430, Rect(x: 20, y: -20, width: 100, height: 50)),
            (.height, 430, Rect(x: 20, y: 30, width: 100, height: 0)),
        ])
    func verticalFlags(mask: AutoresizingMask, height: Double, expected: Rect) throws {
        let v = ViewDeclaration(
            name: "v", frame: Rect(x: 20, y: 30, width: 100, height: 50), autoresize: mask)
        #expect(
            try solve(canvas: Size(width: 320, height: height), drawn: phone, [v])["v"] == expected)
    }

    @Test("all three flexible: margins and size share the change by their drawn sizes")
    func allFlexible() throws {
        // Drawn in 320 wide: 20 + 100 + 200. Growing by 320 (to 640): 20, 100 and 200
        // thirds of... shares 20/320, 100/320, 200/320 → +20, +100, +200.
        let v = ViewDeclaration(
            name: "v", frame: Rect(x: 20, y: 0, width: 100, height: 10),
            autoresize: [.left, .width, .right])
        let f = try solve(canvas: Size(width: 640, height: 480), drawn: phone, [v])["v"]!
        #expect(f == Rect(x: 40, y: 0, width: 200, height: 10))
        let none = ViewDeclaration(
            name: "w", frame: Rect(x: 0, y: 0, width: 0, height: 10),
            autoresize: [.left, .width, .right])
        // Zero-sized parts... only the right margin (320) has size: it takes all.
        #expect(
            try solve(canvas: Size(width: 640, height: 480), drawn: phone, [none])["w"]
                == Rect(x: 0, y: 0, width: 0, height: 10))
    }

    @Test("autoresizing nests: a child follows its autoresized parent's change")
    func nested() throws {
        let parent = ViewDeclaration(
            name: "p", frame: Rect(x: 10, y: 10, width: 300, height: 100), autoresize: [.width])
        let child = ViewDeclaration(
            name: "c", parent: "p", frame: Rect(x: 5, y: 5, width: 290, height: 20),
            autoresize: [.width])
        let f = try solve(canvas: wide, drawn: phone, [parent, child])
        #expect(f["p"] == Rect(x: 10, y: 10, width: 400, height: 100))
        #expect(f["c"] == Rect(x: 15, y: 15, width: 390, height: 20))
    }

    @Test(
        "a constrained view keeps from its frame what constraints leave free, size before position")
    func frameFallback() throws {
        let v = ViewDeclaration(name: "v", frame: Rect(x: 20, y: 30, width: 100, height: 50))
        let f = try solve(canvas: phone, [v], [eq(a("v", .centerX), a(rootViewName, .centerX))])
        #expect(f["v"] == Rect(x: 110, y: 30, width: 100, height: 50))
    }

    @Test("intrinsic sizes hug and resist at their priorities")
    func intrinsic() throws {
        let label = ViewDeclaration(
            name: "label", frame: Rect(x: 0, y: 0, width: 10, height: 10),
            intrinsic: IntrinsicSize(width: 120, height: 20))
        let relaxed = try solve(canvas: phone, [label], [eq(a("label", .left), .constant(8))])
        #expect(relaxed["label"]!.width == 120)
        #expect(relaxed["label"]!.height == 20)
        // A required maximum beats compression resistance; a low preference does not beat it.
        let squeezed = try solve(
            canvas: phone, [label],
            [
                eq(a("label", .width), .constant(80), .lessOrEqual),
                eq(a("label", .width), .constant(500), priority: Priority(700)),
            ])
        #expect(squeezed["label"]!.width == 80)
        let stretched = try solve(
            canvas: phone, [label],
            [eq(a("label", .width), .constant(500), priority: Priority(800))])
        #expect(stretched["label"]!.width == 500)
    }

    @Test("a view nothing determines is reported ambiguous; a drawn frame removes the ambiguity")
    func ambiguity() throws {
        let views = [
            ViewDeclaration(name: "free"),
            ViewDeclaration(name: "drawn", frame: Rect(x: 0, y: 0, width: 10, height: 10)),
        ]
        let out = try LayoutEngine.solve(
            EngineInput(
                canvas: phone, views: views.map { EngineView($0) },
                constraints: [
                    eq(a("free", .left), .constant(10)), eq(a("drawn", .left), .constant(10)),
                ]))
        #expect(out.ambiguous == [true, false])
    }

    @Test("conflicts name the user's constraints by label and source")
    func conflict() throws {
        let views = [ViewDeclaration(name: "a")]
        #expect {
            _ = try LayoutEngine.solve(
                EngineInput(
                    canvas: phone, views: views.map { EngineView($0) },
                    constraints: [
                        eq(a("a", .width), .constant(100), label: "a.w"),
                        eq(a("a", .width), .constant(50), .lessOrEqual, label: "a.max"),
                    ]))
        } throws: { error in
            guard case EngineError.unsatisfiable(let conflicts, _) = error else { return false }
            return conflicts.map(\.label) == ["a.w", "a.max"]
                && "\(error)".contains("a.w: test") && "\(error)".contains("hint:")
        }
    }

    @Test("views pinned to the root are independent components, per axis")
    func componentsIgnoreTheRoot() throws {
        let views = [ViewDeclaration(name: "a"), ViewDeclaration(name: "b")]
        let out = try LayoutEngine.solve(
            EngineInput(
                canvas: phone, views: views.map { EngineView($0) },
                constraints: [
                    eq(a("a", .left), a(rootViewName, .left)),
                    eq(a("a", .top), a(rootViewName, .top)),
                    eq(a("b", .left), a(rootViewName, .left)),
                ]))
        #expect(Set(out.components.constraints.filter { $0 >= 0 }).count == 3)
    }

    @Test(
        "a variable a constraint names but cancels is in that constraint's component",
        arguments: [
            // centerX = left + width/2 and trailing = left + width: `a.left` cancels.
            (a("a", .centerX), a("a", .trailing) + .constant(-10), [(0, 0), (0, 2)]),
            // Every term cancels: the constraint and `a.left` get a component of their own.
            (a("a", .left), a("a", .left), [(0, 0)]),
            // A zero multiplier names `b.width` and says nothing of it.
            (a("a", .width), a("b", .width, 0) + .constant(20), [(0, 2), (1, 2)]),
        ])
    func cancelledVariablesJoinTheirConstraint(
        lhs: LinearExpression, rhs: LinearExpression, named: [(view: Int, attribute: Int)]
    ) throws {
        let views = [ViewDeclaration(name: "a"), ViewDeclaration(name: "b")]
        let out = try LayoutEngine.solve(
            EngineInput(
                canvas: phone, views: views.map { EngineView($0) },
                constraints: [
                    eq(lhs, rhs), eq(a("b", .left), .constant(5)), eq(a("a", .top), .constant(0)),
                ]))
        let own = try #require(out.components.constraint(0))
        // The store finds a constraint's component from its views' as written: every
        // variable the constraint names must be in it.
        for (view, attribute) in named {
            #expect(out.components.variable(view: view, attribute: attribute) == own)
        }
        // The other constraints keep components of their own.
        #expect(out.components.constraint(1) != own)
        #expect(out.components.constraint(2) != own)
    }

    @Test("a partial solve treats known views as constants")
    func partial() throws {
        let views = [
            EngineView.known(
                ViewDeclaration(name: "a"), frame: Rect(x: 10, y: 10, width: 50, height: 50)),
            EngineView(ViewDeclaration(name: "b")),
        ]
        let out = try LayoutEngine.solve(
            EngineInput(
                canvas: phone, views: views,
                constraints: [
                    eq(a("b", .left), a("a", .right) + .constant(8)),
                    eq(a("b", .width), a("a", .width)),
                    eq(a("b", .top), .constant(0)), eq(a("b", .height), .constant(5)),
                ]))
        #expect(out.frames[1] == Rect(x: 68, y: 0, width: 50, height: 5))
        #expect(out.frames[0] == Rect(x: 10, y: 10, width: 50, height: 50))
    }
}

@Suite("The engine's constraints")
struct EngineConstraintsTests {
    @Test("read from stored constraints in place, they change as a value: the stored ones stay")
    func storedConstraintsAreAValue() {
        let stored = [10.0, 20, 30].enumerated().map { i, k in
            StoredConstraint(
                id: Int64(i + 1), layout: "main",
                constraint: eq(a("v", .width), .constant(k), label: "w\(i)"))
        }
        var constraints = EngineConstraints(stored: StoredConstraints(stored))
        #expect(constraints.map(\.constant) == [10, 20, 30])
        #expect(constraints.map(\.label) == ["w0", "w1", "w2"])
        constraints[1].constant = 25
        constraints[2].lhs.terms = []
        #expect(constraints.map(\.constant) == [10, 25, 30])
        #expect(constraints[2].lhs.terms.isEmpty)
        #expect(stored.map(\.constraint.constant) == [10, 20, 30])
        #expect(stored[2].constraint.lhs.terms.count == 1)
    }

    @Test(
        "the engine solves stored constraints, as rows or packed, as it solves an array of its own")
    func storedAndOwnSolveAlike() throws {
        let views = [EngineView(ViewDeclaration(name: "v"))]
        let own = [
            eq(a("v", .left), .constant(5)), eq(a("v", .top), .constant(6)),
            eq(a("v", .width), .constant(70)), eq(a("v", .height), a("v", .width, 0.5)),
        ]
        var input = EngineInput(
            canvas: Size(width: 100, height: 100), views: views, constraints: own)
        let fromOwn = try LayoutEngine.solve(input)
        let rows = own.map { StoredConstraint(id: nil, layout: "main", constraint: $0) }
        var packed = StoredConstraints.packed()
        for row in rows { packed.append(row) }
        input.quotesConflicts = false
        input.constraints = EngineConstraints(stored: StoredConstraints(rows))
        let fromStored = try LayoutEngine.solve(input)
        input.constraints = EngineConstraints(stored: packed)
        let fromPacked = try LayoutEngine.solve(input)
        #expect(fromOwn.frames == [Rect(x: 5, y: 6, width: 70, height: 35)])
        #expect(fromStored.frames == fromOwn.frames)
        #expect(fromStored.components.constraints == fromOwn.components.constraints)
        #expect(fromPacked.frames == fromOwn.frames)
        #expect(fromPacked.components.constraints == fromOwn.components.constraints)
    }
}
