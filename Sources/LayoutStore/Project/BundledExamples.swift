import LayoutScript

/// Example projects compiled into the library, so `layoutdb demo` needs no source tree.
/// `examples/phone.layout` is the same text (a test keeps the two equal).
package enum BundledExamples {
    /// A phone screen: header, form, tab bar; variants `compact` and `tablet`.
    package static let phone = #"""
        # A phone screen: a header with a centred title, a two-row form, a tab bar.
        # Variants: a compact phone (other canvas, shorter header) and a tablet.
        canvas 375 812
        metric margin 16

        view header
        view title in header intrinsic 120 22
        view form
        view nameLabel in form intrinsic 60 20
        view nameField in form
        view emailLabel in form intrinsic 60 20
        view emailField in form
        view tabbar
        view tab1 in tabbar
        view tab2 in tabbar

        # Header: pinned to the top, full width.
        header.top == |.top; header.left == |.left; header.right == |.right
        header.height: header.height == 70
        title.center == header.center

        # Form: below the header, inset by the margin.
        H:|-margin-[form]-margin-|
        form.gap: form.top == header.bottom + 20
        form.height == 100

        # Each row: a label that hugs its text, a field that takes the rest.
        H:|-[nameLabel]-8-[nameField]-|
        H:|-[emailLabel]-8-[emailField]-|
        V:|-8-[nameLabel]-12-[emailLabel]
        nameField.centerY == nameLabel.centerY; nameField.height == 32
        emailField.centerY == emailLabel.centerY; emailField.height == 32
        nameField.width >= 120 @ high

        # Tab bar: at the bottom, two equal tabs.
        tabbar.left == |.left; tabbar.right == |.right; tabbar.bottom == |.bottom
        tabbar.height: tabbar.height == 83
        H:|[tab1][tab2(==tab1)]|
        tab1.top == tabbar.top; tab1.height == 49
        tab2.top == tabbar.top; tab2.height == tab1.height

        variant compact canvas 320 568
        set header.height 44 in compact
        set tabbar.height 49 in compact

        variant tablet canvas 768 1024
        set form.gap 40 in tablet

        """#

    /// A sign-in screen built from stacks, margins, the safe area, baselines and a hidden
    /// error line; variants `compact`, `arabic` (right to left) and `failed`.
    /// `examples/signin.layout` is the same text (a test keeps the two equal).
    package static let signin = #"""
        # A sign-in screen built from the layout vocabulary of docs/vocabulary.md: a vertical
        # stack inside the root's layout margins, below the safe area; a row of two links
        # aligned on their first baselines and spread apart; a footer placed by its baseline;
        # an error line hidden until sign-in fails. Variants: a small phone (compact), Arabic
        # (right-to-left) and the failed state.
        #
        # Expected frames (x, y, w, h) in root coordinates, computed by hand below each part.
        # Root: 390 x 844, safe area 47 0 34 0; its margins are 16 left and right (390 < 414),
        # measured from the safe area: x 16 ... 374.

        canvas 390 844 safe 47 0 34 0

        stack column V spacing 16
        column.top: column.top == |.safe.top + 32
        column.leading == |.leadingMargin
        column.trailing == |.trailingMargin

        view title in column intrinsic 200 41
        view email in column intrinsic - 44
        view password in column intrinsic - 44
        stack options in column H distribute equalSpacing align firstBaseline
        view remember in options intrinsic 120 20 baseline 16 4
        view forgot in options intrinsic 110 18 baseline 14 4
        view signIn in column intrinsic 100 50
        view error in column intrinsic 200 20
        hide error

        view footer intrinsic 240 18 baseline 14 4
        footer.centerX == |.centerX
        footer.lastBaseline == |.safe.bottom - 12

        # base
        #   column   (16, 79, 358, 263)   top 47 + 32; x 16, w 374 - 16; h = 342 - 79
        #   title    (16, 79, 358, 41)    align fill: every arranged view is 358 wide
        #   email    (16, 136, 358, 44)   79 + 41 + 16
        #   password (16, 196, 358, 44)   136 + 44 + 16
        #   options  (16, 256, 358, 20)   196 + 44 + 16; height: first baselines equal,
        #   remember (16, 256, 120, 20)     forgot.top = remember.top + 16 - 14, so both
        #   forgot   (264, 258, 110, 18)    end at 276; the row is 20 high. equalSpacing:
        #                                   remember at the leading edge, forgot's right at
        #                                   374, one gap 264 - 136 = 128
        #   signIn   (16, 292, 358, 50)   256 + 20 + 16
        #   error    (16, 342, 358, 0)    hidden, last: no gap (signIn is the last visible
        #                                   view), size 0 along the axis; hidden = 1
        #   footer   (75, 784, 240, 18)   centre 195 - 120; last baseline 844 - 34 - 12 = 798
        #                                   = bottom - 4, so bottom 802

        variant compact canvas 320 568 safe 20 0 0 0
        set column.top 16 in compact
        set column.spacing 12 in compact
        hide title in compact

        # compact (margins still 16: x 16 ... 304, w 288)
        #   column   (16, 36, 288, 194)   top 20 + 16; h = 230 - 36
        #   title    (16, 36, 288, 0)     hidden, first: no gap before email (email is the
        #                                   first visible view)
        #   email    (16, 36, 288, 44)
        #   password (16, 92, 288, 44)    36 + 44 + 12
        #   options  (16, 148, 288, 20)   92 + 44 + 12
        #   remember (16, 148, 120, 20)
        #   forgot   (194, 150, 110, 18)  right at 304; gap 194 - 136 = 58
        #   signIn   (16, 180, 288, 50)   148 + 20 + 12
        #   error    (16, 230, 288, 0)
        #   footer   (40, 542, 240, 18)   centre 160 - 120; baseline 568 - 0 - 12 = 556, bottom 560

        variant arabic direction rtl

        # arabic: as base (the column is symmetric in the margins, and the vertical stack's
        # order does not depend on direction) except the row of links, whose order runs from
        # the leading (right) edge:
        #   remember (254, 256, 120, 20)  right at 374
        #   forgot   (16, 258, 110, 18)   left at 16

        variant failed
        show error in failed

        # failed: as base, and
        #   error    (16, 358, 358, 20)   292 + 50 + 16
        #   column   (16, 79, 358, 299)   378 - 79

        """#
}
