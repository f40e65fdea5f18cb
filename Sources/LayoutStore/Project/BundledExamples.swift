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
}
