import Testing

@testable import LayoutScript

@Suite("Parse errors")
struct ParseErrorTests {
    @Test("the description shows place, line, caret and hint")
    func description() throws {
        let error = try #require(parseError("view title\ntitle.heigth == 24  # typo"))
        #expect(
            error.description == """
                t.layout:2:7: unknown attribute 'heigth'; expected left, right, top, bottom, width, \
                height, centerX, centerY, an alias (leading, minX, ...), center, size, edges, \
                margins.ATTR, a margin (leftMargin, ...) or a baseline (firstBaseline, lastBaseline)
                  title.heigth == 24  # typo
                        ^
                hint: did you mean 'height'?
                """)
        #expect(error.lineText == "title.heigth == 24  # typo")
    }

    @Test(
        "a merge conflict marker git left is named as one, whichever side comes first",
        arguments: ["<<<<<<< HEAD", "=======", "||||||| base", ">>>>>>> feature"])
    func mergeConflictMarker(marker: String) throws {
        let error = try #require(parseError("view a\n\(marker)\na.width == 10\n"))
        #expect(error.location.line == 2 && error.location.column == 1)
        #expect(
            error.message
                == "unresolved merge conflict marker '\(marker.prefix(7))'")
        #expect(error.hint == "keep the side you want, remove the markers, and apply again")
        // Six signs, or a seventh sign that is not followed by a space, are not a marker.
        #expect(parseError("view a\n<<<<<<\n")?.message.contains("merge") == false)
        #expect(parseError("view a\n=======x\n")?.message.contains("merge") == false)
    }

    @Test("a character outside ASCII in a name says the rule names follow")
    func nonASCIIName() throws {
        let error = try #require(parseError("view café\n"))
        #expect(error.message == "unexpected character 'é'")
        #expect(
            error.hint
                == "a name is an ASCII letter or '_' followed by ASCII letters, digits, '_' "
                + "and '-'; other text goes in a comment")
        // In a comment it is text.
        #expect(parseError("view cafe  # café\n") == nil)
        // A sign from a word processor, a space or a mark one cannot see: what to write.
        for (text, message, hint) in [
            (
                "view a\na.width == \u{2212}5\n", "unexpected character '\u{2212}'",
                "write an ASCII '-'"
            ),
            ("view a\na.width \u{2265} 5\n", "unexpected character '\u{2265}'", "write '>='"),
            (
                "view a\na.width\u{A0}== 5\n", "unexpected character U+A0 NO-BREAK SPACE",
                "write a plain space"
            ),
            (
                "view a\na.width == 5\u{200B}\n", "unexpected character U+200B ZERO WIDTH SPACE",
                "an invisible character: delete it"
            ),
        ] {
            let error = try #require(parseError(text))
            #expect(error.message == message && error.hint == hint, "\(error)")
        }
    }

    @Test("without a hint there is no hint line; tabs keep the caret aligned")
    func descriptionWithoutHint() throws {
        let error = try #require(parseError("\ta.width == 1 / 0"))
        #expect(
            error.description
                == "t.layout:1:15: division by zero\n  \ta.width == 1 / 0\n  \t             ^")
    }

    @Test("a long line is shown around the caret, 160 characters, each cut marked")
    func longLineWindow() {
        let line = String(repeating: "a", count: 300) + "X" + String(repeating: "b", count: 300)
        let error = ParseError(
            location: SourceLocation(file: "t.layout", line: 1, column: 301),
            lineText: line, message: "m")
        let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines[1] == "  …" + String(repeating: "a", count: 80) + "X"
                + String(repeating: "b", count: 79) + "…")
        #expect(lines[2] == "  " + String(repeating: " ", count: 81) + "^")
        // At the start of the line: no cut before it.
        let first = ParseError(
            location: SourceLocation(file: "t.layout", line: 1, column: 1), lineText: line,
            message: "m")
        #expect(first.description.contains("\n  " + String(repeating: "a", count: 160) + "…\n  ^"))
    }

    @Test("every helper statement parses; views and labels named like them still work")
    func helperStatements() {
        #expect(failure("stack buttons H spacing 8\nview a in buttons\nhide a\nshow a") == nil)
        #expect(
            failure("view a\nintrinsic a 10 10\nw: a.width == 5 @ 400\ndeactivate w") == nil)
        #expect(failure("view a\nw: a.width == 5\npriority w 500\nactivate w") == nil)
        // A view called stack, and a label called priority, are not statements.
        #expect(failure("view stack\nstack.width == 40\npriority: stack.height == 10") == nil)
    }

    @Test("columns count characters, not bytes")
    func unicodeColumn() {
        #expect(failure("a.width == 1 # é\nx.left == ü.left") == "2:11: unexpected character 'ü'")
        #expect(failure("metric é 1") == "1:8: unexpected character 'é'")
    }

    @Test(
        "equation errors",
        arguments: [
            (
                "a.width == b.width * c.width",
                "1:20: non-linear product: both factors of '*' mention a view; one factor must be a number"
            ),
            (
                "a.width == 10 / b.width",
                "1:15: cannot divide by a view's attribute; the divisor must be a number"
            ),
            ("a.width == 1 / (2 - 2)", "1:14: division by zero"),
            ("a.width = 10", "1:9: '=' is not a relation; expected '==', '<=' or '>='"),
            ("a.width < 10", "1:9: '<' is not a relation; expected '==', '<=' or '>='"),
            ("a.width 10", "1:9: expected '==', '<=' or '>=' after the left side, found '10'"),
            (
                "a.width ==",
                "1:11: expected a number, a view or '(', found the end of the statement"
            ),
            (
                "a.width == (b.width + 2",
                "1:24: expected ')' to close the '(' at column 12, found the end of the statement"
            ),
            ("a.width == 10 @ 0", "1:17: priority 0 is out of range; expected 1 to 1000"),
            ("a.width == 10 @ 1001", "1:17: priority 1001 is out of range; expected 1 to 1000"),
            (
                "a.width == 10 @ hihg",
                "1:17: unknown priority 'hihg'; expected a number from 1 to 1000, 'required', 'high', 'low' or a metric"
            ),
            (
                "a.width == 10 @",
                "1:16: expected a priority after '@' (a number from 1 to 1000, 'required', 'high' or 'low'), found the end of the statement"
            ),
            (
                "a.width == 10 10",
                "1:15: unexpected '10' after the constraint; expected the end of the statement"
            ),
            ("a.width == 1e400", "1:12: number '1e400' is out of range"),
            (
                "a.width == 12px",
                "1:12: malformed number '12px'; expected digits with an optional fraction and exponent, like 12, 0.5 or 1e3"
            ),
            (
                "a.width == 1e300 * 1e300 * b.width",
                "1:1: a number in the constraint is out of range"
            ),
            ("a == b", "1:1: 'a' has no attribute and no other term has one to share"),
            ("10 == 20", "1:1: the constraint mentions no view; expected e.g. 'a.width == 40'"),
            (
                "a.center == b.left",
                "1:13: cannot mix the compound attribute 'center' with 'left' in one constraint"
            ),
            (
                "a.center == b.size",
                "1:13: cannot mix compound attributes 'center' and 'size' in one constraint"
            ),
            ("a. == b.left", "1:4: expected an attribute after 'a.', found '=='"),
            ("a.left == b.left $", "1:18: unexpected character '$'"),
        ])
    func equationErrors(text: String, expected: String) {
        #expect(failure(text) == expected)
    }

    @Test("hints name the likely fix")
    func hints() throws {
        #expect(parseError("a.widht == 1")?.hint == "did you mean 'width'?")
        #expect(parseError("a.centr == b")?.hint == "did you mean 'center'?")
        #expect(
            parseError("a.width-8 == b.width")?.hint == "names may contain '-': write 'width - 8'")
        #expect(
            parseError("a.width == b.width-8")?.hint == "names may contain '-': write 'width - 8'")
        #expect(parseError("a.width = 1")?.hint == "did you mean '=='?")
        #expect(parseError("a.width == 1 @ hihg")?.hint == "did you mean 'high'?")
        #expect(parseError("a.width == b.width * c.width")?.hint != nil)
        #expect(parseError("view a autoresize widht")?.hint == "did you mean 'width'?")
        #expect(parseError("view a frme 0 0 1 1")?.hint == "did you mean 'frame'?")
        #expect(parseError("metric pad 8\n[a]-pda-[b]")?.hint == "did you mean 'pad'?")
        #expect(parseError("a.width == 1 @ 5000")?.hint == nil)
    }

    @Test(
        "statement errors",
        arguments: [
            (
                "layout",
                "1:7: expected a layout name after 'layout', found the end of the statement"
            ),
            (
                "layout a b",
                "1:10: unexpected 'b' after 'layout a'; expected the end of the statement"
            ),
            (
                "canvas 375",
                "1:11: expected a height after the width, found the end of the statement"
            ),
            ("canvas -375 812", "1:8: the width must not be negative, found -375"),
            ("canvas 1 - 2", "1:10: expected a height after the width, found '-'"),
            (
                "canvas w 2",
                "1:8: expected a width after 'canvas', found 'w', which is not a number or a known metric"
            ),
            ("metric 5 5", "1:8: expected a metric name after 'metric', found '5'"),
            ("view root", "1:6: 'root' is the layout's root view and cannot be declared"),
            ("view a in a", "1:11: view 'a' cannot be its own parent"),
            ("view a in b in c", "1:13: 'in' is given twice for view 'a'"),
            (
                "view a frame 0 0 10",
                "1:20: expected a height after the width, found the end of the statement"
            ),
            ("view a frame 0 0 -1 10", "1:18: the width must not be negative, found -1"),
            (
                "view a autoresize left,",
                "1:24: expected an autoresize flag (left, right, top, bottom, width, height), found the end of the statement"
            ),
            (
                "view a autoresize up",
                "1:19: unknown autoresize flag 'up'; expected left, right, top, bottom, width or height"
            ),
            (
                "view a intrinsic 10",
                "1:20: expected the intrinsic height (or '-'), found the end of the statement"
            ),
            (
                "view a intrinsic 10 10 hug 0",
                "1:28: priority 0 is out of range; expected 1 to 1000"
            ),
            (
                "view a 10",
                "1:8: unexpected '10' in the view declaration; expected 'in', 'frame', 'autoresize', 'intrinsic', 'hug', 'resist', 'margins', 'baseline' or the end"
            ),
            (
                "variant v canvas 1",
                "1:19: expected a height after the width, found the end of the statement"
            ),
            ("set", "1:4: expected a constraint label after 'set', found the end of the statement"),
            (
                "set a.b",
                "1:8: expected the new constant after the label, found the end of the statement"
            ),
            (
                "set a.b 1 in",
                "1:13: expected a variant name after 'in', found the end of the statement"
            ),
        ])
    func statementErrors(text: String, expected: String) {
        #expect(failure(text) == expected)
    }

    @Test(
        "VFL errors",
        arguments: [
            (
                "H:",
                "1:3: expected '|' or '[' to start the visual format, found the end of the statement"
            ),
            (
                "H:|",
                "1:4: expected a view '[name]' in the visual format, found the end of the statement"
            ),
            ("V: V:|[c]", "1:4: expected '|' or '[' to start the visual format, found 'V'"),
            (
                "H:[a",
                "1:5: expected ']' to close the '[' at column 3, found the end of the statement"
            ),
            (
                "H:[a]-",
                "1:7: expected a spacing after '-' (a number, a metric, '(predicates)', '[' or '|'), found the end of the statement"
            ),
            ("H:[a]-8", "1:8: expected '-' after the spacing, found the end of the statement"),
            (
                "H:[a]-8-",
                "1:9: expected a view '[name]' or '|' after the spacing, found the end of the statement"
            ),
            (
                "H:[a]-pad-[b]",
                "1:7: unknown metric 'pad'; define it first with 'metric pad NUMBER'"
            ),
            ("H:[a(>=)]", "1:8: expected a number or a metric, found ')'"),
            ("H:[a(==1]", "1:9: expected ')' or ',' after a predicate, found ']'"),
            (
                "H:[a]|x",
                "1:7: unexpected 'x' after the visual format; expected the end of the statement"
            ),
            (
                "H:[a]x",
                "1:6: unexpected 'x' after the visual format; expected the end of the statement"
            ),
            ("H:[a(==1@0)]", "1:10: priority 0 is out of range; expected 1 to 1000"),
        ])
    func visualFormatErrors(text: String, expected: String) {
        #expect(failure(text) == expected)
    }

    @Test("errors report the line they are on, after comments and semicolons")
    func lineNumbers() {
        #expect(
            failure("# one\nview a\n\nview b; b.left === 3")
                == "4:18: '=' is not a relation; expected '==', '<=' or '>='")
    }

    @Test("deep nesting is an error, not a stack overflow")
    func deepNesting() {
        let depth = 100_000
        let text =
            "a.width == " + String(repeating: "(", count: depth) + "1"
            + String(repeating: ")", count: depth)
        #expect(failure(text) == "1:268: parentheses nested too deeply (more than 256)")
        let signs = "a.width == " + String(repeating: "- ", count: depth) + "1"
        #expect(failure(signs) == nil)
        #expect(
            failure(
                "a.width == " + String(repeating: "(", count: 256) + "1"
                    + String(repeating: ")", count: 256)) == nil)
    }

    @Test(
        "no input crashes the parser",
        arguments: [
            "", ";;;", "#", "a", ".", ":", "a:", "a.b.c", "@", "|", "[", "]", "(", ")", "-", "--",
            "H", "H:",
            "V:|-(", "[a(", "[a(==", "[a(==b@", "a.width == @", "a: b: c.left == 0", "\u{0}", "ü",
            "\u{7F}",
            "view", "view a in", "set a", "canvas", "metric", "variant", "1e", "1e+", "1.", ".5",
            "a.width == 99999999999999999999999999999999", "[a]-(>=8,)-[b]", "|-|", "||", "[a]||",
        ])
    func noCrash(text: String) {
        _ = parseError(text)
    }
}
