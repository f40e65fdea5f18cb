import Foundation
import Testing

/// VFL `H:` lines run from leading to trailing (Apple's default
/// `directionLeadingToTrailing`), so a right-to-left variant mirrors them; `V:` lines
/// and `left`/`right` never flip (docs/vocabulary.md §9).
@Suite("Right-to-left VFL")
struct RightToLeftVFLTests {
    func frames(_ box: Sandbox, variant: String = "base") -> String {
        box.run(["frames", "--format", "csv", "--variant", variant]).stdout
    }

    @Test("R1: a form written with VFL and leading, left to right and in an RTL variant")
    func formR1() {
        let box = Sandbox()
        let script = """
            canvas 320 200
            view nameLabel intrinsic 60 20
            view nameField
            H:|-16-[nameLabel]-8-[nameField]-16-|
            nameLabel.top == |.top + 20
            nameField.centerY == nameLabel.centerY; nameField.height == 30
            view hint intrinsic 100 16
            hint.leading == nameField.leading; hint.top == nameField.bottom + 4
            view badge intrinsic 20 20
            badge.left == |.left + 4; badge.top == |.top + 4
            variant arabic direction rtl
            """
        let r = box.run(["apply", box.write("r1.layout", script), "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        // LTR: nameLabel at 16; nameField from 16 + 60 + 8 = 84 to 320 − 16 = 304 (220);
        // nameField's centre y = 20 + 10 = 30 → y 15; hint y = 15 + 30 + 4 = 49.
        #expect(
            frames(box) == """
                view,x,y,width,height,stale
                nameLabel,16,20,60,20,0
                nameField,84,15,220,30,0
                hint,84,49,100,16,0
                badge,4,4,20,20,0

                """)
        // RTL: nameLabel's right at 320 − 16 = 304 → x 244; nameField's right at
        // 244 − 8 = 236, its left at 16 (220 wide); hint's leading (right) at 236 → x 136;
        // badge is placed by `left`, which does not flip.
        #expect(
            frames(box, variant: "arabic") == """
                view,x,y,width,height,stale
                nameLabel,244,20,60,20,0
                nameField,16,15,220,30,0
                hint,136,49,100,16,0
                badge,4,4,20,20,0

                """)
        // The VFL line is stored leading/trailing (as `list` shows), and exported as written.
        #expect(box.run(["list"]).stdout.contains("nameField.leading == nameLabel.trailing + 8"))
        #expect(box.run(["export"]).stdout.contains("H:|-16-[nameLabel]-8-[nameField]-16-|"))
    }

    @Test("V: lines do not flip under right-to-left")
    func verticalLines() {
        let box = Sandbox()
        let script = """
            canvas 100 100
            view a
            V:|-10-[a(30)]
            H:|-5-[a(20)]
            variant rtl direction rtl
            """
        #expect(box.run(["apply", box.write("v.layout", script), "-q"]).status == 0)
        // a: y 10, height 30 in both; x 5 (LTR), 100 − 5 − 20 = 75 (RTL).
        #expect(frames(box) == "view,x,y,width,height,stale\na,5,10,20,30,0\n")
        #expect(frames(box, variant: "rtl") == "view,x,y,width,height,stale\na,75,10,20,30,0\n")
    }
}
