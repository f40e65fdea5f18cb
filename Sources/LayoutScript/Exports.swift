// What a number must be is the solver's rule too: one home, every layer checks with it.
@_exported import struct LayoutSolver.InvalidNumber
@_exported import enum LayoutSolver.NumberRule
@_exported import struct LayoutSolver.Priority
// The solver's priorities and relations are the model's too: a script's `@ high` and
// `<=` mean what the solver makes of them. Re-exported one by one, so that importing
// the model does not bring the solver with it. The number formats are the ones every
// table, report and script prints with.
@_exported import enum LayoutSolver.Relation
@_exported import func LayoutSolver.exactNumber
@_exported import func LayoutSolver.formatNumber
@_exported import func LayoutSolver.plainWholeNumber
@_exported import func LayoutSolver.shortDecimal
@_exported import func LayoutSolver.withExactNumber
@_exported import func LayoutSolver.withFormattedNumber
