import Testing

@testable import LayoutScript

/// A declaration's clauses in any order (UIKit sets a view's properties in any order), each
/// once; `hug` and `resist` are the intrinsic size's priorities and need `intrinsic`.
@Suite("Parsing: declaration clauses in any order")
struct ParseClauseOrderTests {
    /// The one view (or stack) a one-line script declares.
    func declared(_ text: String) throws -> ViewDeclaration {
        let parsed = try statements(text)
        guard case .view(let view) = try #require(parsed.last) else {
            Issue.record("not a declaration: \(parsed)")
            return ViewDeclaration(name: "")
        }
        return view
    }

    @Test("hug and resist may follow any clause, and come before intrinsic")
    func hugAndResistAnywhere() throws {
        let expected = ViewDeclaration(
            name: "time", parent: "header",
            intrinsic: IntrinsicSize(
                width: 50, height: 16, hug: Priority(750), resist: Priority(800)),
            baseline: Baselines(first: 12, last: 4))
        let header = "view header\n"
        for line in [
            "view time in header intrinsic 50 16 hug 750 resist 800 baseline 12 4",
            "view time in header intrinsic 50 16 baseline 12 4 hug 750 750 resist 800",
            "view time in header resist 800 hug 750 baseline 12 4 intrinsic 50 16",
            "view time baseline 12 4 hug 750 intrinsic 50 16 resist 800 800 in header",
            "view time intrinsic 50 16 resist 800 hug 750 in header baseline 12 4",
        ] {
            #expect(try declared(header + line) == expected, "\(line)")
        }
    }

    @Test("per-axis priorities keep their axes wherever they are written")
    func perAxis() throws {
        let view = try declared("view t baseline 12 hug 700 300 intrinsic 50 16 resist 900 100")
        let intrinsic = try #require(view.intrinsic)
        #expect(intrinsic.hug == Priority(700) && intrinsic.verticalHug == Priority(300))
        #expect(intrinsic.resist == Priority(900) && intrinsic.verticalResist == Priority(100))
    }

    @Test("hug or resist without intrinsic says to give the intrinsic size")
    func hugWithoutIntrinsic() {
        #expect(
            failure("view t baseline 12 4 hug 750")
                == "1:22: 'hug' is a priority of the intrinsic size, and view 't' has none")
        #expect(
            parseError("view t resist 700")?.hint
                == "give the view's content size with it, e.g. 'intrinsic 50 16 resist 750', "
                + "or leave 'resist' out")
    }

    @Test("a clause given twice is refused where it is given the second time")
    func givenTwice() {
        #expect(
            failure("view t intrinsic 50 16 hug 750 baseline 12 hug 250")
                == "1:44: 'hug' is given twice for view 't'")
        #expect(
            failure("view t resist 700 intrinsic 1 2 resist 750")
                == "1:33: 'resist' is given twice for view 't'")
        #expect(
            failure("view t intrinsic 1 2 frame 0 0 1 1 intrinsic 3 4")
                == "1:36: 'intrinsic' is given twice for view 't'")
        #expect(
            failure("stack s H spacing 8 V")
                == "1:21: the axis is given twice for stack 's', after 'H'")
        #expect(
            failure("stack s H spacing 8 align center spacing 4")
                == "1:34: 'spacing' is given twice for stack 's'")
        #expect(
            failure("intrinsic t 1 2 hug 700 resist 750 hug 250")?.hasPrefix(
                "1:36: 'hug' is given twice") == true)
    }

    @Test("the intrinsic statement takes resist before hug")
    func intrinsicStatement() throws {
        let parsed = try statements("view t\nintrinsic t 10 20 resist 700 hug 300 in v")
        #expect(
            parsed.last
                == .intrinsic(
                    view: "t",
                    size: IntrinsicSize(
                        width: 10, height: 20, hug: Priority(300), resist: Priority(700)),
                    variant: "v"))
    }

    @Test("a stack's axis, parent and autoresizing may come in any order")
    func stackClauses() throws {
        var expected = ViewDeclaration(name: "faces", parent: "card", kind: .stack)
        expected.stack = StackArrangement(
            axis: .horizontal, spacing: -10, alignment: .center)
        expected.frame = Rect(x: 0, y: 0, width: 100, height: 40)
        expected.autoresize = [.left, .width]
        for line in [
            "stack faces in card H spacing -10 align center frame 0 0 100 40 autoresize left,width",
            "stack faces H in card autoresize left,width align center spacing -10 frame 0 0 100 40",
            "stack faces spacing -10 frame 0 0 100 40 H autoresize left,width in card align center",
        ] {
            #expect(try declared("view card\n" + line) == expected, "\(line)")
        }
        // `H` after a stack's one margin is its axis, even where a metric is called H.
        let stack = try declared("metric H 5\nstack s margins 8 H")
        #expect(stack.margins == Insets(all: 8))
        #expect(stack.stack?.axis == .horizontal)
    }

    @Test("a stack without an axis is refused at the end, with both axes in the hint")
    func stackWithoutAxis() {
        #expect(
            failure("stack s spacing 8")
                == "1:18: expected the stack's axis, 'H' (a row) or 'V' (a column), found the end of the statement"
        )
        #expect(parseError("stack s")?.hint == "write 'stack s H' or 'stack s V'")
    }
}
