import Testing

@testable import LayoutScript

/// `priority`, `activate`, `deactivate`, `intrinsic` (each `[in VARIANT]`) and the `fit`
/// canvas dimensions, as the parser reads them and the writer writes them back.
@Suite("Parse: variant overrides and fitted canvases")
struct ParseOverrideTests {
    @Test("override statements, with and without a variant")
    func overrides() throws {
        #expect(
            try statements(
                """
                view a
                priority a.gap 200 in narrow
                priority wide high
                activate split in regular
                deactivate collapsed
                intrinsic a 280 100 hug 300 200 in long
                intrinsic a - -
                """
            ).dropFirst() == [
                .priority(label: "a.gap", priority: Priority(200), variant: "narrow"),
                .priority(label: "wide", priority: .high, variant: nil),
                .activate(label: "split", isActive: true, variant: "regular"),
                .activate(label: "collapsed", isActive: false, variant: nil),
                .intrinsic(
                    view: "a",
                    size: IntrinsicSize(
                        width: 280, height: 100, hug: Priority(300), verticalHug: Priority(200)),
                    variant: "long"),
                .intrinsic(view: "a", size: IntrinsicSize(width: nil, height: nil), variant: nil),
            ])
    }

    @Test("a label or a view named like a keyword is still an equation")
    func keywordsAsNames() throws {
        #expect(
            try equations("view intrinsic\nintrinsic.width == 10\npriority: intrinsic.height == 4")
                == ["intrinsic.width == 10", "priority: intrinsic.height == 4"])
    }

    @Test("canvas and variant canvases with fit")
    func fit() throws {
        #expect(
            try statements("canvas 320 fit safe 0 0 0 0") == [
                .canvas(Size(width: 320, height: 0), safe: .zero),
                .fit(width: false, height: true, variant: nil),
            ])
        #expect(
            try statements("canvas fit fit") == [
                .canvas(Size(width: 0, height: 0)), .fit(width: true, height: true, variant: nil),
            ])
        #expect(
            try statements("variant card canvas fit 44 direction rtl") == [
                .variant(
                    name: "card", canvas: Size(width: 0, height: 44), direction: .rightToLeft),
                .fit(width: true, height: false, variant: "card"),
            ])
        #expect(try statements("canvas 320 480") == [.canvas(Size(width: 320, height: 480))])
    }

    @Test("the writer writes each statement so that it reads back the same")
    func roundTrip() throws {
        let lines = [
            "priority a.gap 200 in narrow", "activate split in regular", "deactivate collapsed",
            "intrinsic a 280 100 hug 300 200 in long", "intrinsic a - -",
        ]
        for line in lines {
            let parsed = try statements("view a\n" + line).dropFirst()
            #expect(parsed.map { ScriptWriter.text(of: $0) } == [line])
        }
        let canvas = try statements("canvas 320 fit")
        #expect(ScriptWriter.text(of: canvas[0], fitting: (false, true)) == "canvas 320 fit")
    }

    @Test(
        "override and fit errors name the place",
        arguments: [
            ("priority wide", "1:14: expected a priority"),
            ("activate wide in", "1:17: expected a variant name after 'in'"),
            (
                "deactivate wide in v extra",
                "1:22: unexpected 'extra' after the variant name; expected the end"
            ),
            ("intrinsic a 10", "1:15: expected the intrinsic height (or '-')"),
            ("canvas fit 0", "1:12: a fitted canvas needs a positive fixed height, found 0"),
            ("canvas 0 fit", "1:8: a fitted canvas needs a positive fixed width, found 0"),
        ])
    func errors(script: String, expected: String) {
        let message = failure(script)
        #expect(message?.hasPrefix(expected) == true, "\(message ?? "parsed")")
    }
}
