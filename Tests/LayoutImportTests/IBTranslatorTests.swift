import Foundation
import LayoutImport
import Testing

/// The translated layouts of a test document, by layout name, with their statements.
func translated(_ text: String, file: String) throws -> (
    IBTranslation, [String: (layout: ImportedLayout, statements: [ScriptStatement])]
) {
    let translation = IBTranslator.translate(try read(text, file: file))
    var byName: [String: (ImportedLayout, [ScriptStatement])] = [:]
    for layout in translation.layouts {
        byName[layout.name] = (layout, statements(of: layout.script))
    }
    return (translation, byName)
}

/// SF's ascender and descender (hhea 1950 and 494 of 2048 units per em), times the size.
func sfAscender(_ size: Double) -> Double { size * 1950 / 2048 }
func sfDescender(_ size: Double) -> Double { size * 494 / 2048 }

func number(_ word: String?) -> Double? { word.flatMap { Double($0) } }

@Suite("IB translator")
struct IBTranslatorTests {
    @Test("a XIB's top-level view: canvas, views, content sizes, baselines, stack, hide, guide")
    func cardViews() throws {
        let (translation, layouts) = try translated(cardXIB, file: "Card.xib")
        #expect(translation.layouts.map(\.name) == ["CardView"])
        let (layout, s) = try #require(layouts["CardView"])
        // The header says where the script came from.
        #expect(layout.script.hasPrefix("# Imported from Card.xib"))
        #expect(s.first { $0.keyword == "layout" }?.words == ["layout", "CardView"])
        // A XIB's top-level view is laid out as its File's Owner's root view: its sides at
        // the system minimum (16 under 414 points wide), top and bottom UIView's 8.
        #expect(s.first { $0.keyword == "canvas" }?.text == "canvas 390 300 margins 8 16 8 16")

        // A label: its saved frame, its content size from the saved frame, IB's per-axis
        // priorities, and its baselines from the system font at 17 points.
        let title = "label_Ttl-aa-001"
        #expect(s.clause("view", title, "frame", count: 4) == ["20", "40", "100", "20.5"])
        #expect(
            s.clause("view", title, "intrinsic", count: 8)
                == ["100", "20.5", "hug", "251", "252", "resist", "749", "751"])
        let baseline = try #require(s.clause("view", title, "baseline", count: 2))
        let pad = (20.5 - (sfAscender(17) + sfDescender(17))) / 2
        #expect(abs(try #require(number(baseline[0])) - (pad + sfAscender(17))) < 0.001)
        #expect(abs(try #require(number(baseline[1])) - (pad + sfDescender(17))) < 0.001)
        #expect(s.first("view", title)?.comment == "ib:Ttl-aa-001")

        // Content sizes from the document where it has them: a designable's, an image's.
        #expect(
            s.clause("view", "BodyLabel_Bdy-aa-002", "intrinsic", count: 2) == ["36.5", "18"])
        #expect(s.clause("view", "imageView_Img-aa-003", "intrinsic", count: 2) == ["24", "23"])
        // UIKit's 250 and 750 where IB wrote no priorities.
        #expect(
            s.clause("view", "imageView_Img-aa-003", "intrinsic", count: 8)?.suffix(6)
                == ["hug", "250", "250", "resist", "750", "750"])
        // A placeholder size: a number, or `-` for "infinite"; the hidden view is hidden.
        #expect(s.clause("view", "Badge", "intrinsic", count: 2) == ["24", "-"])
        #expect(s.contains { $0.keyword == "hide" && $0.words == ["hide", "Badge"] })
        // A plain view has no content size.
        #expect(s.first("view", "view_Old-aa-010")?.words.contains("intrinsic") == false)

        // The stack: its axis, spacing, modes and margins, its arranged views inside it in order.
        // A baseline alignment is valid only for horizontal stacks (UIStackView.Alignment):
        // this vertical one fills its column.
        let stack = try #require(s.first("stack", "stackView_Stk-aa-007"))
        #expect(
            stack.text
                == "stack stackView_Stk-aa-007 V spacing 6.5 distribute equalSpacing "
                + "align fill margins 8 8 8 12 frame 20 100 200 80")
        let arranged = s.filter {
            $0.words.count > 3 && $0.words[2...3] == ["in", "stackView_Stk-aa-007"]
        }
        #expect(arranged.map { $0.words[1] } == ["label_One-aa-008", "label_Two-aa-009"])
        // A text style's size: Body is 17 points.
        let one = try #require(s.clause("view", "label_One-aa-008", "baseline", count: 2))
        let onePad = max(0, (20 - (sfAscender(17) + sfDescender(17))) / 2)  // 20 < one line
        #expect(abs(try #require(number(one[0])) - (onePad + sfAscender(17))) < 0.001)

        // A view laid out by its mask keeps it; its own margins are written.
        #expect(s.clause("view", "view_Old-aa-010", "autoresize", count: 1) == ["right,top"])
        #expect(s.clause("view", "view_Old-aa-010", "margins", count: 4) == ["4", "6", "4", "6"])
        #expect(s.first("guide", "Column")?.comment == "ib:Gde-aa-011")
        #expect(layout.sourceIDs["Column"] == "Gde-aa-011")
        #expect(layout.sourceIDs["root"] == "Crd-00-Vw1")
        #expect(layout.sourceIDs["stackView_Stk-aa-007"] == "Stk-aa-007")

        // What the vocabulary cannot say is reported with its line, not dropped silently.
        #expect(
            layout.skipped.map(\.description) == [
                "Card.xib:\(lineOf("id=\"Stk-aa-007\"", in: cardXIB) ?? 0): <stackView id=Stk-aa-007>: "
                    + "baselineRelativeArrangement: the vocabulary measures a stack's spacing "
                    + "between frames; spacing kept, baseline measurement left out"
            ])
    }

    @Test("every constraint form IB writes maps onto the contract's attributes, one to one")
    func cardConstraints() throws {
        let (_, layouts) = try translated(cardXIB, file: "Card.xib")
        let s = try #require(layouts["CardView"]).statements
        // The root's safe area is root.safe.
        #expect(
            s.constraint(ib: "Con-aa-101")?.text
                == "label_Ttl-aa-001.leading == root.safe.leading + 20")
        // An identifier that is a valid label labels the constraint.
        let labelled = try #require(s.constraint(ib: "Con-aa-102"))
        #expect(labelled.label == "title.top")
        #expect(labelled.text == "label_Ttl-aa-001.top == root.safe.top + 40")
        // No firstItem: the view holding the constraint; a margin attribute by Apple's name.
        #expect(
            s.constraint(ib: "Con-aa-103")?.text
                == "root.trailingMargin >= BodyLabel_Bdy-aa-002.trailing")
        // The ratio multiplier 3:2 is 1.5.
        #expect(
            s.constraint(ib: "Con-aa-104")?.text
                == "imageView_Img-aa-003.width == imageView_Img-aa-003.height * 1.5")
        // Baselines, a multiplier, a negative constant, a priority.
        #expect(
            s.constraint(ib: "Con-aa-105")?.text
                == "BodyLabel_Bdy-aa-002.firstBaseline == label_Ttl-aa-001.lastBaseline * 0.5 - 8.5 @ 750"
        )
        #expect(
            s.constraint(ib: "Con-aa-106")?.text
                == "stackView_Stk-aa-007.width <= root.width * 0.5 @ 250")
        // A placeholder is not installed.
        #expect(s.constraint(ib: "Con-aa-107") == nil)
        // A custom guide takes part like a view.
        #expect(
            s.constraint(ib: "Con-aa-108")?.text == "Column.centerX == root.centerXWithinMargins")
        // Constraints nobody needs to address carry no label.
        #expect(s.constraint(ib: "Con-aa-101")?.label == nil)
    }

    @Test("storyboard scenes: top and bottom guides, scroll guides, cells, size-class variants")
    func storyboardScenes() throws {
        let (_, layouts) = try translated(screensStoryboard, file: "Screens.storyboard")
        // One layout per controller with a view; the navigation controller has none.
        #expect(Set(layouts.keys) == ["Profile", "SettingsViewController"])
        let (profile, s) = try #require(layouts["Profile"])
        // The safe area's top is where the document's own constraint to the top guide puts it
        // (32: a landscape navigation bar), not the device table's 0.
        #expect(s.first { $0.keyword == "canvas" }?.text == "canvas 667 375 safe 32 0 0 0")
        #expect(profile.safeArea.top == 32)
        #expect(profile.safeAreaSources.first?.hasPrefix("top 32: from 1 of 1 constraint") == true)
        // The controller's guides are guides at the safe area's top and bottom.
        #expect(s.first("guide", "topLayoutGuide") != nil)
        #expect(s.contains { $0.text == "topLayoutGuide.bottom == root.safe.top" })
        #expect(s.contains { $0.text == "bottomLayoutGuide.top == root.safe.bottom" })
        #expect(
            s.constraint(ib: "Cst-bb-001")?.text
                == "scrollView_Scr-bb-002.top == topLayoutGuide.bottom")
        // Scroll guides: the frame guide is the scroll view's frame; an edge of the scroll view
        // constrained to its content attaches to the content area (the content guide).
        #expect(
            s.first("guide", "scrollView_Scr-bb-002_frame")?.words == [
                "guide", "scrollView_Scr-bb-002_frame", "in", "scrollView_Scr-bb-002",
            ])
        #expect(
            s.contains {
                $0.text == "scrollView_Scr-bb-002_frame.edges == scrollView_Scr-bb-002.edges"
            })
        #expect(
            s.constraint(ib: "Cst-bb-012")?.text
                == "Content.top == scrollView_Scr-bb-002_content.top + 8")
        #expect(
            s.constraint(ib: "Cst-bb-013")?.text
                == "Content.width == scrollView_Scr-bb-002_frame.width - 32")

        // Variations: what the default size class excludes is deactivated in the base; each
        // size class is a variant that activates and deactivates by label.
        let c5 = try #require(s.constraint(ib: "Cst-bb-005"))
        let c3 = try #require(s.constraint(ib: "Cst-bb-003"))
        let label5 = try #require(c5.label)
        let label3 = try #require(c3.label)
        #expect(isLabel(label5) && isLabel(label3) && label5 != label3)
        #expect(s.contains { $0.words == ["deactivate", label5] })
        #expect(s.contains { $0.words == ["variant", "heightClass_compact"] })
        #expect(s.contains { $0.words == ["activate", label5, "in", "heightClass_compact"] })
        #expect(s.contains { $0.words == ["deactivate", label3, "in", "heightClass_compact"] })
        // A subview the size class does not install is hidden there, and every constraint on it
        // or inside it is deactivated there.
        let variant = "heightClass_regular-widthClass_compact"
        #expect(s.contains { $0.words == ["hide", "scrollView_Scr-bb-002", "in", variant] })
        let c10 = try #require(s.constraint(ib: "Cst-bb-010")?.label)
        #expect(s.contains { $0.words == ["deactivate", c10, "in", variant] })
        #expect(profile.constraintIDs[c10] == "Cst-bb-010")
        // Variant statements come after the variant is declared.
        let declared = try #require(s.firstIndex { $0.words == ["variant", variant] })
        let hidden = try #require(
            s.firstIndex { $0.words.first == "hide" && $0.words.last == variant })
        #expect(declared < hidden)

        // A table cell: 11 at top and bottom and the table's side margins (20 at 667 wide);
        // its contentView follows the cell.
        let settings = try #require(layouts["SettingsViewController"]).statements
        #expect(
            settings.clause("view", "RowCell_Cel-bb-003", "margins", count: 4) == [
                "11", "20", "11", "20",
            ])
        #expect(
            settings.clause("view", "tableViewCellContentView_Ccv-bb-003", "autoresize", count: 1)
                == ["width,height"])
        #expect(
            settings.clause("view", "tableViewCellContentView_Ccv-bb-003", "margins", count: 4)
                == ["11", "20", "11", "20"])
    }

    @Test("a cell XIB is its own layout at the cell's size, its id-less contentView inside it")
    func cellLayout() throws {
        let (_, layouts) = try translated(cellXIB, file: "Cell.xib")
        let (layout, s) = try #require(layouts["PhotoCell"])
        #expect(s.first { $0.keyword == "canvas" }?.text == "canvas 160 120 margins 8 16 8 16")
        // The content view preserves the cell's margins.
        #expect(
            s.first("view", "view_Cel-cc-001_contentView")?.text
                == "view view_Cel-cc-001_contentView frame 0 0 160 120 autoresize width,height "
                + "margins 8 16 8 16")
        #expect(layout.sourceIDs["view_Cel-cc-001_contentView"] == "Cel-cc-001.contentView")
        #expect(
            s.constraint(ib: "Cst-cc-003")?.text
                == "imageView_Pho-cc-002.leading == root.safe.leading + 4")
    }

    @Test(
        "safe area from the document's own frames, the device table for the rest; margins as UIKit computes them"
    )
    func safeAreaAndMargins() throws {
        let (_, layouts) = try translated(phoneStoryboard, file: "Phone.storyboard")
        let (layout, s) = try #require(layouts["PhoneViewController"])
        // Top: the title is 10 below the safe area's top and saved at 58, so the top inset is
        // 48 (not the table's 44); the bottom is the table's 34 for a 414x896 iPhone.
        #expect(s.first { $0.keyword == "canvas" }?.text == "canvas 414 896 safe 48 0 34 0")
        #expect(layout.safeAreaSources.contains { $0.hasPrefix("bottom 34: device table") })
        // A view under the status bar: its margins are measured from its safe area (8 + 48);
        // its own left margin of 24 is kept.
        #expect(s.clause("view", "Header", "margins", count: 4) == ["56", "24", "8", "8"])
        // preservesSuperviewLayoutMargins: the header's 24 reaches into the child at x 0.
        #expect(s.clause("view", "Child", "margins", count: 4) == ["8", "24", "8", "8"])
        // A view in the bottom strip: 8 + 34 at the bottom. One wholly below the canvas (as
        // content further down a scroll view) overlaps no inset.
        #expect(s.clause("view", "Footer", "margins", count: 4) == ["8", "8", "42", "8"])
        #expect(s.first("view", "Below")?.words.contains("margins") == false)
        // insetsLayoutMarginsFromSafeArea NO: UIView's plain 8, so no margins clause.
        #expect(s.first("view", "Plain")?.words.contains("margins") == false)
    }

    @Test(
        "labels: valid and unique identifiers only; what cannot be mapped is reported and left out")
    func labelsAndReports() throws {
        let (translation, layouts) = try translated(phoneStoryboard, file: "Phone.storyboard")
        let (layout, s) = try #require(layouts["PhoneViewController"])
        #expect(s.constraint(ib: "Cst-dd-001")?.label == nil)  // "not a label"
        #expect(s.constraint(ib: "Cst-dd-002")?.label == "dup")
        #expect(s.constraint(ib: "Cst-dd-003")?.label == nil)  // "dup" again
        #expect(s.constraint(ib: "Cst-dd-007")?.label == nil)  // "H" is VFL's
        #expect(s.constraint(ib: "Cst-dd-007")?.text == "Title.firstBaseline <= Header.bottom - 8")
        #expect(s.constraint(ib: "Cst-dd-004")?.text == "Header.height == 100")
        #expect(layout.constraintIDs == ["dup": "Cst-dd-002"])
        // Reported with file and line, and not in the script.
        #expect(s.constraint(ib: "Cst-dd-005") == nil)
        #expect(s.constraint(ib: "Cst-dd-006") == nil)
        let line5 = lineOf("id=\"Cst-dd-005\"", in: phoneStoryboard) ?? 0
        let line6 = lineOf("id=\"Cst-dd-006\"", in: phoneStoryboard) ?? 0
        #expect(
            layout.skipped.map(\.description) == [
                "Phone.storyboard:\(line5): <constraint id=Cst-dd-005>: item Zzz-zz-999 is not a "
                    + "view or guide of this layout; skipped",
                "Phone.storyboard:\(line6): <constraint id=Cst-dd-006>: topMargin of the safe "
                    + "area; skipped",
            ])
        #expect(translation.skipped == layout.skipped)
    }

    @Test("labels made from IB ids are valid labels, also for ids that start with a digit")
    func labelsFromIDs() throws {
        let text = screensStoryboard.replacingOccurrences(of: "Cst-bb-005", with: "5Cs-bb-005")
        let (_, layouts) = try translated(text, file: "Screens.storyboard")
        let s = try #require(layouts["Profile"]).statements
        let label = try #require(s.constraint(ib: "5Cs-bb-005")?.label)
        #expect(label == "_5Cs-bb-005")
        #expect(s.contains { $0.words == ["activate", label, "in", "heightClass_compact"] })
    }

    @Test(
        "before iOS 11: the table's status bar, a scroll view's content area, a view only one size class installs"
    )
    func legacyStoryboardLayout() throws {
        let (_, layouts) = try translated(legacyStoryboard, file: "Legacy.storyboard")
        let (layout, s) = try #require(layouts["LegacyViewController"])
        // No constraint gives the safe area: the table's 20-point status bar for 320x568. The
        // root's margins are raised to the system minimum of 16 at the sides.
        #expect(
            s.first { $0.keyword == "canvas" }?.text
                == "canvas 320 568 safe 20 0 0 0 margins 0 16 0 24")
        // Edge constraints between the scroll view and its content attach to a content guide
        // made for it; the width stays on the scroll view's frame.
        #expect(
            s.first("guide", "Scroll_content")?.words == [
                "guide", "Scroll_content", "in", "Scroll",
            ])
        #expect(s.contains { $0.text == "Scroll_content.top == Scroll.top" })
        #expect(s.constraint(ib: "Cst-ee-001")?.text == "Document.top == Scroll_content.top")
        #expect(s.constraint(ib: "Cst-ee-002")?.text == "Scroll_content.bottom == Document.bottom")
        #expect(
            s.constraint(ib: "Cst-ee-003")?.text == "Document.leading == Scroll_content.leading")
        #expect(s.constraint(ib: "Cst-ee-004")?.text == "Document.width == Scroll.width")
        #expect(layout.sourceIDs["Scroll_content"] == "Scr-ee-002")
        // Installed only in the compact width: hidden, its constraints off, in the base; shown
        // and on in the variant.
        let label = try #require(s.constraint(ib: "Cst-ee-005")?.label)
        #expect(s.contains { $0.words == ["hide", "Extra"] })
        #expect(s.contains { $0.words == ["deactivate", label] })
        #expect(s.contains { $0.words == ["show", "Extra", "in", "widthClass_compact"] })
        #expect(s.contains { $0.words == ["activate", label, "in", "widthClass_compact"] })
    }

    @Test("every emitted statement of the test documents matches the contract's grammar")
    func grammarOfTestDocuments() throws {
        let grammar = Grammar()
        for (text, file) in [
            (cardXIB, "Card.xib"), (screensStoryboard, "Screens.storyboard"),
            (cellXIB, "Cell.xib"), (phoneStoryboard, "Phone.storyboard"),
            (legacyStoryboard, "Legacy.storyboard"),
        ] {
            for layout in IBTranslator.translate(try read(text, file: file)).layouts {
                checkScript(layout, file: file, grammar: grammar)
            }
        }
    }
}

/// The grammar, the names, and that every name a statement uses is declared before.
func checkScript(_ layout: ImportedLayout, file: String, grammar: Grammar) {
    let all = statements(of: layout.script)
    for s in all {
        if let problem = grammar.problem(s) { Issue.record("\(file) \(layout.name): \(problem)") }
    }
    var declared: Set<String> = ["root", "|"]
    for s in all {
        switch s.keyword {
        case "view", "stack", "guide":
            let name = s.words[1]
            #expect(isIdentifier(name), "\(file): \(name)")
            #expect(!declared.contains(name), "\(file): \(name) declared twice")
            if let i = s.words.firstIndex(of: "in") {
                #expect(declared.contains(s.words[i + 1]), "\(file): parent of \(name)")
            }
            declared.insert(name)
        case "constraint":
            for name in referencedNames(s) {
                #expect(declared.contains(name), "\(file) line \(s.line): \(name) not declared")
            }
        case "hide", "show":
            #expect(declared.contains(s.words[1]), "\(file) line \(s.line)")
        default: break
        }
    }
    // Labels are unique, and every label a statement addresses is given to a constraint.
    let labels = all.compactMap(\.label)
    #expect(Set(labels).count == labels.count, "\(file): labels repeat")
    for s in all where s.keyword == "activate" || s.keyword == "deactivate" {
        #expect(labels.contains(s.words[1]), "\(file) line \(s.line): \(s.words[1])")
    }
    #expect(all.filter { $0.keyword == "layout" }.map { $0.words[1] } == [layout.name])
    #expect(isIdentifier(layout.name))
}

@Suite("IB translator on the sample documents")
struct IBTranslatorSampleTests {
    @Test(
        "every sample translates; every statement matches the contract's grammar; names are valid and declared",
        .enabled(if: !sampleDocuments().isEmpty, "../shared/ib-samples is absent"))
    func samples() throws {
        let grammar = Grammar()
        var totals = (layouts: 0, lines: 0, skipped: 0)
        for url in sampleDocuments() {
            let doc = try IBReader.read(contentsOf: url, file: url.lastPathComponent)
            let translation = IBTranslator.translate(doc)
            #expect(!translation.layouts.isEmpty, "\(url.lastPathComponent)")
            for layout in translation.layouts {
                checkScript(layout, file: url.lastPathComponent, grammar: grammar)
                // Every view of the tree is declared, and traced back to its IB id.
                let all = statements(of: layout.script)
                let names = Set(declaredNames(all))
                #expect(Set(layout.sourceIDs.keys) == names.union(["root"]), "\(layout.name)")
                totals.lines += all.count
            }
            let declaredViews = translation.layouts.map {
                statements(of: $0.script).filter { ["view", "stack"].contains($0.keyword) }.count
                    + 1
            }.reduce(0, +)
            let treeViews = doc.rootViews.map(\.allViews.count).reduce(0, +)
            #expect(declaredViews == treeViews, "\(url.lastPathComponent)")
            totals.layouts += translation.layouts.count
            totals.skipped += translation.skipped.count
        }
        print(
            "IB translator: \(totals.layouts) layouts, \(totals.lines) statements, "
                + "\(totals.skipped) elements reported")
    }
}

@Suite("Contract grammar checker")
struct ContractGrammarCheckerTests {
    @Test("the checker accepts the contract's own examples and rejects statements outside it")
    func checker() {
        let grammar = Grammar()
        let good = """
            canvas 390 844 safe 47 0 34 0
            view title in header frame 0 0 10 10 intrinsic 40 - hug 251 250 resist 750 749 margins 8 baseline 13 4
            stack buttons in footer H spacing 8 distribute fillEqually align center
            title.leading == card.leadingMargin
            header.height: header.height == 70
            a.width == b.height * 1.5 @ 999
            deactivate wide.top in compact
            """
        for s in statements(of: good) { #expect(grammar.problem(s) == nil, "\(s.text)") }
        let bad = """
            view 2title
            stack buttons D spacing 8
            canvas 390
            title.diagonal == root.left
            H: title.top == root.top
            hide
            """
        for s in statements(of: bad) { #expect(grammar.problem(s) != nil, "\(s.text)") }
    }
}
