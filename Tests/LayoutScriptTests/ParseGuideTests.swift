import Testing

@testable import LayoutScript

/// Compound attributes and shared attributes against the margins and safe-area guides
/// (`a.edges == |.safe`), what a layout guide does not have (margins, baselines, `hide`),
/// and the words of two messages (docs/vocabulary.md §3, §4, §5, §13).
@Suite("Parsing guides: compound attributes on margins and the safe area; what a guide has not")
struct ParseGuideTests {
    /// The constraints of `text` without what differs between two spellings of them (the
    /// statement's text and place).
    func bare(_ text: String) throws -> [Constraint] {
        try constraints(text).map {
            var c = $0
            c.source = ""
            c.origin = nil
            return c
        }
    }

    @Test(
        "a compound attribute on a guide, or a guide without one, is its written-out equations",
        arguments: [
            (
                "a.edges == card.margins",
                "a.top == card.margins.top; a.left == card.margins.left; "
                    + "a.bottom == card.margins.bottom; a.right == card.margins.right"
            ),
            (
                "a.edges == card.margins.edges",
                "a.top == card.margins.top; a.left == card.margins.left; "
                    + "a.bottom == card.margins.bottom; a.right == card.margins.right"
            ),
            (
                "a.edges == |.safe",
                "a.top == |.safe.top; a.left == |.safe.left; a.bottom == |.safe.bottom; "
                    + "a.right == |.safe.right"
            ),
            (
                "a.edges == root.safe.edges",
                "a.top == |.safe.top; a.left == |.safe.left; a.bottom == |.safe.bottom; "
                    + "a.right == |.safe.right"
            ),
            (
                "a.edges == |.margins.edges + 8",
                "a.top == |.margins.top + 8; a.left == |.margins.left + 8; "
                    + "a.bottom == |.margins.bottom - 8; a.right == |.margins.right - 8"
            ),
            (
                "a.edges >= |.safe",
                "a.top >= |.safe.top; a.left >= |.safe.left; a.bottom <= |.safe.bottom; "
                    + "a.right <= |.safe.right"
            ),
            (
                "|.safe.edges == a.edges",
                "|.safe.top == a.top; |.safe.left == a.left; |.safe.bottom == a.bottom; "
                    + "|.safe.right == a.right"
            ),
            (
                "card.margins == a.edges",
                "card.margins.top == a.top; card.margins.left == a.left; "
                    + "card.margins.bottom == a.bottom; card.margins.right == a.right"
            ),
            // A plain term beside a guide's compound takes the plain component.
            (
                "|.safe.edges == a",
                "|.safe.top == a.top; |.safe.left == a.left; |.safe.bottom == a.bottom; "
                    + "|.safe.right == a.right"
            ),
            (
                "a.center == |.margins.center",
                "a.centerX == |.margins.centerX; a.centerY == |.margins.centerY"
            ),
            ("a.center == |.safe", "a.centerX == |.safe.centerX; a.centerY == |.safe.centerY"),
            (
                "a.size == |.margins.size",
                "a.width == |.margins.width; a.height == |.margins.height"
            ),
            (
                "a.size == card.margins * 0.5 - 4 @ high",
                "a.width == card.margins.width * 0.5 - 4 @ high; "
                    + "a.height == card.margins.height * 0.5 - 4 @ high"
            ),
            // A single attribute is shared with a guide as with a view.
            ("a.top == |.safe", "a.top == |.safe.top"),
            ("a.leading == card.margins + 4", "a.leading == card.margins.leading + 4"),
            ("a.trailingMargin == |.margins", "a.trailingMargin == |.margins.trailing"),
            ("a.margins.bottom <= |.safe - 8", "a.margins.bottom <= |.safe.bottom - 8"),
        ])
    func compoundOnGuides(compound: String, writtenOut: String) throws {
        let expected = try bare("view card; view a\n" + writtenOut)
        #expect(try bare("view card; view a\n" + compound) == expected)
        #expect(expected.count >= 1)
    }

    @Test("a labelled compound on a guide labels its components as on a view")
    func labelledCompound() throws {
        #expect(
            try bare("pin: a.edges == |.safe")
                == bare(
                    "pin.top: a.top == |.safe.top; pin.left: a.left == |.safe.left; "
                        + "pin.bottom: a.bottom == |.safe.bottom; pin.right: a.right == |.safe.right"
                ))
        #expect(
            try bare("mid: a.center == card.margins")
                == bare(
                    "mid.x: a.centerX == card.margins.centerX; "
                        + "mid.y: a.centerY == card.margins.centerY"))
    }

    @Test(
        "what a guide's compound or shared attribute cannot be",
        arguments: [
            (
                "a.firstBaseline == |.safe",
                "1:20: 'root.safe' has no baseline: a baseline is a view's own"
            ),
            (
                "a.baseline == card.margins",
                "1:15: 'card.margins' has no baseline: a baseline is a view's own"
            ),
            (
                "|.margins.firstBaseline == a.top",
                "1:11: the margins have no baseline: a baseline is a view's own"
            ),
            (
                "a.edges == |.safe.top",
                "1:12: cannot mix the compound attribute 'edges' with 'safe.top' in one constraint"
            ),
            (
                "a.edges == |.margins.center",
                "1:12: cannot mix compound attributes 'edges' and 'center' in one constraint"
            ),
            (
                "a.edges == card.safe",
                "1:17: only the root has a safe area; 'card.safe' is not an attribute"
            ),
            (
                "a.edges == card.safe.edges",
                "1:17: only the root has a safe area; 'card.safe' is not an attribute"
            ),
            // Shared from the root's safe area, the attribute would be a view's safe area.
            (
                "|.safe.top == a",
                "1:15: only the root has a safe area; 'a' would share 'safe.top' from the other side"
            ),
            (
                "|.safe == card.margins",
                "1:1: 'root.safe' has no attribute and no other term has one to share"
            ),
        ])
    func guideCompoundErrors(text: String, expected: String) {
        #expect(failure(text) == expected)
    }

    @Test("an unknown attribute of a guide names the compound ones too, with a hint")
    func unknownGuideAttribute() throws {
        let error = try #require(parseError("a.edges == |.margins.edgs"))
        #expect(error.message.contains("center, size or edges"))
        #expect(error.hint == "did you mean 'edges'?")
    }

    // MARK: What a layout guide has not

    /// A script declaring guide `g` (owned by `card`) and view `a`, then `line`.
    static func withGuide(_ line: String) -> String {
        "view card\nguide g in card\nview a\n\(line)"
    }

    @Test(
        "a layout guide has no margins and no baselines: refused at the word, with what to write",
        arguments: [
            ("a.left == g.leftMargin", "4:13", "layout margins"),
            ("a.left == g.margins.left", "4:13", "layout margins"),
            ("a.centerX == g.centerXWithinMargins", "4:16", "layout margins"),
            ("g.trailingMargin == a.trailing", "4:3", "layout margins"),
            ("a.edges == g.margins", "4:14", "layout margins"),
            ("a.center == g.margins.center", "4:15", "layout margins"),
            ("a.leftMargin == g", "4:17", "layout margins"),
            ("a.top == g.firstBaseline", "4:12", "baseline"),
            ("a.top == g.lastBaseline", "4:12", "baseline"),
            ("a.bottom == g.baseline + 4", "4:15", "baseline"),
            ("a.firstBaseline == g", "4:20", "baseline"),
            ("H:|[a]|; a.top == g.baseline", "4:21", "baseline"),
        ])
    func guideHasNoMarginsOrBaselines(line: String, place: String, what: String) throws {
        let error = try #require(parseError(Self.withGuide(line)))
        let at = "\(error.location.line):\(error.location.column)"
        #expect(at == place, "\(error.description)")
        #expect(error.message.hasPrefix("'g' is a guide, and a guide has no \(what)"))
        #expect(error.hint?.isEmpty == false)
    }

    @Test("the hints say what to write instead")
    func guideHints() throws {
        let margin = try #require(parseError(Self.withGuide("a.left == g.leftMargin")))
        #expect(
            margin.message
                == "'g' is a guide, and a guide has no layout margins "
                + "(UILayoutGuide has no layoutMarginsGuide)")
        #expect(
            margin.hint
                == "use the guide's own edge, 'g.left', or the margins of the view that owns "
                + "it, 'card.margins.left'")
        let baseline = try #require(parseError(Self.withGuide("a.top == g.firstBaseline")))
        #expect(
            baseline.message
                == "'g' is a guide, and a guide has no baseline (UILayoutGuide has no "
                + "baseline anchors)")
        #expect(baseline.hint == "use the guide's own edge, 'g.top', or a baseline of a view")
        let last = try #require(parseError(Self.withGuide("a.top == g.baseline")))
        #expect(last.hint == "use the guide's own edge, 'g.bottom', or a baseline of a view")
    }

    @Test("hide and show refuse a guide, in the base and in a variant")
    func hideGuide() {
        #expect(
            failure("guide g\nhide g")
                == "2:6: 'g' is a guide, and a guide cannot be hidden or shown: it is never "
                + "drawn (UILayoutGuide has no isHidden)")
        #expect(
            failure("guide g\nvariant v\nshow g in v")?.hasPrefix("3:6: 'g' is a guide") == true)
        #expect(
            failure("guide g\nvariant v\nhide g in v")?.hasPrefix("3:6: 'g' is a guide") == true)
        #expect(parseError("guide g\nhide g")?.hint == "hide the views placed against it instead")
    }

    @Test("a guide's name is a guide only in its layout; views keep their margins and baselines")
    func guidesPerLayout() {
        #expect(
            failure(
                "guide g\nlayout other\nview g\nview a\na.left == g.leftMargin\nhide g\n"
                    + "a.top == g.firstBaseline") == nil)
        #expect(failure(Self.withGuide("a.left == card.leftMargin; a.top == card.baseline")) == nil)
        #expect(failure(Self.withGuide("a.edges == g; a.center == g.center; hide a")) == nil)
    }

    @Test("parseConstraints (layoutdb add) knows the project's guides")
    func addKnowsGuides() throws {
        do {
            _ = try ScriptParser.parseConstraints(
                "a.left == g.leftMargin", file: "<add>",
                parents: ["a": "root", "g": "card", "card": "root"], guides: ["g"])
            Issue.record("a guide's margin was accepted")
        } catch {
            #expect(error.location.description == "<add>:1:13")
            #expect(error.message.hasPrefix("'g' is a guide, and a guide has no layout margins"))
            #expect(error.hint?.contains("'card.margins.left'") == true)
        }
        #expect(
            try ScriptParser.parseConstraints(
                "a.edges == card.margins", parents: ["a": "root", "card": "root"]
            ).count == 4)
    }

    // MARK: Two messages

    @Test(
        "a priority or direction that is missing is named after the word that wants it",
        arguments: [
            (
                "view a intrinsic 10 20 hug",
                "1:27: expected a priority after 'hug' (a number from 1 to 1000, 'required', "
                    + "'high' or 'low'), found the end of the statement"
            ),
            (
                "view a intrinsic 10 20 resist",
                "1:30: expected a priority after 'resist' (a number from 1 to 1000, 'required', "
                    + "'high' or 'low'), found the end of the statement"
            ),
            (
                "view a intrinsic 10 20 hug 250 resist ;",
                "1:38: expected a priority after 'resist' (a number from 1 to 1000, 'required', "
                    + "'high' or 'low'), found the end of the statement"
            ),
            (
                "priority w",
                "1:11: expected a priority after the label 'w' (a number from 1 to 1000, "
                    + "'required', 'high' or 'low'), found the end of the statement"
            ),
            (
                "a.width == 10 @",
                "1:16: expected a priority after '@' (a number from 1 to 1000, 'required', "
                    + "'high' or 'low'), found the end of the statement"
            ),
            (
                "variant v direction",
                "1:20: expected a direction after 'direction', 'ltr' (left to right) or 'rtl' "
                    + "(right to left), found the end of the statement"
            ),
            (
                "canvas 10 10 direction 1",
                "1:24: expected a direction after 'direction', 'ltr' (left to right) or 'rtl' "
                    + "(right to left), found '1'"
            ),
            (
                "variant v direction rlt",
                "1:21: unknown direction 'rlt'; expected 'ltr' (left to right) or 'rtl' "
                    + "(right to left)"
            ),
        ])
    func missingWords(text: String, expected: String) {
        #expect(failure(text) == expected)
    }
}
