/// How a solver component is named in the store (`views.comp_*`, `dirty.component`): an
/// id that stays the same across partial re-solves, so a dirty mark written before a
/// solve still names the same component after it.
package enum ComponentID {
    /// In `dirty`, the mark that stands for the whole layout (`component` is NOT NULL).
    package static let wholeLayout = -1

    /// A component with at least one stored constraint is named by its smallest
    /// constraint id: adding constraints elsewhere never renames it.
    package static func ofConstraints(smallestID: Int64) -> Int { Int(smallestID) }

    /// A component of generated constraints only (a view's intrinsic size, a drawn
    /// frame) has no stored constraint: it is named by its first variable (the view's id
    /// and the variable's ``BaseAttribute`` index), beyond any constraint id (2^40).
    package static func ofVariable(viewID: Int64, attribute k: Int) -> Int {
        (1 << 40) + Int(viewID) * 4 + k
    }
}
