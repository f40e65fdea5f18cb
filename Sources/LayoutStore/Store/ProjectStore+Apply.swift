import LayoutSQLite
import LayoutScript

extension ProjectStore {
    /// Writes a whole script in one transaction: all of it, or (on any error) none of it.
    ///
    /// Statements add to the project: `layout` switches to (and creates) a layout, `view`
    /// declares a view under an already declared parent, constraints must name declared
    /// views, labels are unique per layout, `set` needs an existing label (and variant).
    /// Every layout the script changes is marked wholly dirty, for base and variants.
    /// Statements before the first `layout` go into `layout`. Names follow ``Identifier``.
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
    ///
    /// `progress`, when given, is called with the number of statements written so far,
    /// every few thousand statements and at the end.
    @discardableResult
    package func apply(
        _ statements: [LocatedStatement], layout: String = defaultLayoutName,
        progress: ((Int) -> Void)? = nil
    ) throws -> [AppliedLayout] {
        var index = statements.startIndex
        return try apply(layout: layout, progress: progress) {
            guard index < statements.endIndex else { return nil }
            defer { index += 1 }
            return statements[index]
        }
    }

    /// ``apply(_:layout:progress:)`` for statements read one at a time: `next` gives the
    /// next statement, or nil after the last, and may throw (a parse error) to refuse the
    /// whole script. A caller that reads a script as it is written holds no array of its
    /// statements.
    ///
    /// `lineCount` (0: unknown) is the script's line count: see ``ScriptApplier``.
    /// `onThreads` false writes the rows on the caller's thread (see ``RowWriter``).
    package func apply(
        layout: String = defaultLayoutName, progress: ((Int) -> Void)? = nil, lineCount: Int = 0,
        onThreads: Bool = true, reading next: () throws -> LocatedStatement?
    ) throws -> [AppliedLayout] {
        try database.withoutForeignKeyChecks {
            try database.savepoint(.immediate) {
                // The store's one bypass of the dirty-marking triggers: they would mark
                // every inserted row, where one whole-layout mark per touched layout says
                // the same, and a statement that may fire a trigger keeps a statement
                // journal (a copy of each page it touches) even when the trigger's WHEN is
                // false.
                try database.withoutTriggers {
                    let applier = try ScriptApplier(
                        store: self, layout: layout, lineCount: lineCount, holdingRows: true,
                        writingOnThread: onThreads)
                    // Before the savepoint rolls back, on an error: the writer's thread
                    // must be done with the connection.
                    defer { applier.close() }
                    var count = 0
                    while let statement = try next() {
                        try applier.apply(statement)
                        count += 1
                        if let progress, count % storeProgressInterval == 0 { progress(count) }
                    }
                    progress?(count)
                    let applied = try applier.finish()
                    for layoutID in applier.touchedLayouts {
                        try markDirty(layoutID: layoutID)
                    }
                    return applied
                }
            }
        }
    }
}
