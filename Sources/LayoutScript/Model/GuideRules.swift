/// What a layout guide (`guide NAME`) does not have, because UILayoutGuide has none of it:
/// layout margins (no `layoutMarginsGuide`), baselines (no baseline anchors) and a hidden
/// flag (no `isHidden`); docs/vocabulary.md §3. One wording for the parser, which refuses
/// at the word, and for the store, which refuses what reaches it another way (Swift, a
/// command, a re-apply's lines read without the project's guides).
package enum GuideRule {
    /// Why guide `guide` has no `attribute`, and what to write instead; nil where it has it.
    /// `owner` is the view that owns the guide, where known, named in the hint.
    package static func refusal(of attribute: Attribute, guide: String, owner: String?)
        -> (message: String, hint: String)?
    {
        if attribute.guide == .margins {
            let own = attribute.withoutGuide.rawValue
            return (
                "'\(guide)' is a guide, and a guide has no layout margins "
                    + "(UILayoutGuide has no layoutMarginsGuide)",
                "use the guide's own edge, '\(guide).\(own)', or the margins of the view that "
                    + "owns it" + (owner.map { ", '\($0).margins.\(own)'" } ?? "")
            )
        }
        if attribute.isBaseline {
            // The edge a plain view's baseline falls back to (docs/vocabulary.md §6).
            let edge = attribute == .firstBaseline ? "top" : "bottom"
            return (
                "'\(guide)' is a guide, and a guide has no baseline "
                    + "(UILayoutGuide has no baseline anchors)",
                "use the guide's own edge, '\(guide).\(edge)', or a baseline of a view"
            )
        }
        return nil
    }

    /// Why `hide` and `show` cannot name guide `guide`, and what to do instead.
    package static func hiding(guide: String) -> (message: String, hint: String) {
        (
            "'\(guide)' is a guide, and a guide cannot be hidden or shown: it is never drawn "
                + "(UILayoutGuide has no isHidden)",
            "hide the views placed against it instead"
        )
    }
}
