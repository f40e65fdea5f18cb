import LayoutSQLite
import LayoutScript

extension ProjectStore {
    /// Writes a whole script in one transaction: all of it, or (on any error) none of it.
    ///
    /// Statements add to the project: `layout` switches to (and creates) a layout, `view`
    /// declares a view under an already declared parent, constraints must name declared
    /// views, labels are unique per layout, `set` needs an existing label (and variant).
    /// Every layout the script changes is marked wholly dirty, for base and variants.
    ///
    /// Returns, per layout the script used (in the order it first did), the ids it
    /// assigned, so a caller can solve from the statements it already has without
    /// reading the rows back.
    ///
    ///     let applied = try store.apply([
    ///         LocatedStatement(statement: .view(ViewDeclaration(name: "header")),
    ///                          location: SourceLocation(file: "a.layout", line: 1, column: 1),
    ///                          text: "view header"),
    ///     ])
    ///     applied[0].viewIDs["header"]  // the new view's row id
    @discardableResult
    package func apply(_ statements: [LocatedStatement]) throws -> [AppliedLayout] {
        try database.withoutForeignKeyChecks {
            try applyInTransaction(statements)
        }
    }

    private func applyInTransaction(_ statements: [LocatedStatement]) throws -> [AppliedLayout] {
        try database.savepoint(.immediate) {
            // The triggers would mark every inserted row; one mark per layout does the same.
            // Off, not just quiet: a statement that may fire a trigger keeps a statement
            // journal, a copy of each page it touches.
            try database.withoutTriggers {
                let applier = try ScriptApplier(store: self)
                for statement in statements { try applier.apply(statement) }
                for layoutID in applier.touchedLayouts {
                    try markDirty(layoutID: layoutID, components: nil)
                }
                return applier.applied
            }
        }
    }
}
