import LayoutScript
import LayoutSolver

/// A constraint as stored: its row id, its layout and its solver component.
///
/// Generated constraints (a view's intrinsic size) have no row: `id` is nil.
package struct StoredConstraint: Hashable, Sendable {
    package var id: Int64?
    package var layout: String
    package var constraint: Constraint
    /// The solver component, derived when read (not stored): the component of the first
    /// non-root term's variable. nil before the first solve or with only root terms.
    package var component: Int?

    package init(id: Int64?, layout: String, constraint: Constraint, component: Int? = nil) {
        self.id = id
        self.layout = layout
        self.constraint = constraint
        self.component = component
    }
}

/// A view as stored: its row id, declaration, order and the components of its variables.
package struct StoredView: Hashable, Sendable {
    package var id: Int64
    package var declaration: ViewDeclaration
    /// Declaration order in the layout; the root is 0.
    package var ordinal: Int
    /// Solver component of `left`, `top`, `width`, `height` (``BaseAttribute`` order).
    package var components: [Int?]

    package var name: String { declaration.name }
    /// The root view has no parent; ``ViewDeclaration/parent`` is "" for it.
    package var isRoot: Bool { declaration.name == rootViewName && declaration.parent.isEmpty }

    package init(id: Int64, declaration: ViewDeclaration, ordinal: Int, components: [Int?]) {
        self.id = id
        self.declaration = declaration
        self.ordinal = ordinal
        self.components = components
    }

    /// The components of a view never solved: one array shared by all of them, where a
    /// literal made one allocation per view.
    package static let unsolved: [Int?] = [nil, nil, nil, nil]
}

/// A variant of a layout: its own canvas (nil = the layout's) and constant overrides.
package struct VariantModel: Hashable, Sendable {
    package var id: Int64
    package var name: String
    package var canvas: Size?
    /// The variant's own safe area (nil: the layout's).
    package var safe: Insets?
    /// The variant's own direction (nil: the layout's).
    package var direction: LayoutDirection?
    /// Constraint id → the variant's own constant.
    package var overrides: [Int64: Double]
    /// Constraint id → the variant's own priority (`priority LABEL P in V`).
    package var priorities: [Int64: Priority] = [:]
    /// Constraint id → whether the variant holds it (`activate`/`deactivate LABEL in V`).
    package var activations: [Int64: Bool] = [:]
    /// View id → the view's intrinsic size in the variant (`intrinsic VIEW W H in V`;
    /// both dimensions nil: none).
    package var intrinsics: [Int64: IntrinsicSize] = [:]
    /// The variant's own `fit` dimensions (nil: the layout's).
    package var fit: Fit?

    /// Whether the variant changes more than constants, canvas, safe area or direction:
    /// then its solver components may differ from the base's, and it is solved whole.
    package var changesStructure: Bool {
        !priorities.isEmpty || !activations.isEmpty || !intrinsics.isEmpty
    }
    /// View name → the variant's own `hide` (true) or `show` (false).
    package var hidden: [String: Bool] = [:]
    /// Stack name → the variant's own spacing (`set STACK.spacing N in VARIANT`).
    package var spacing: [String: Double] = [:]

    package init(
        id: Int64, name: String, canvas: Size?, safe: Insets? = nil,
        direction: LayoutDirection? = nil, overrides: [Int64: Double] = [:]
    ) {
        self.direction = direction
        self.id = id
        self.name = name
        self.canvas = canvas
        self.safe = safe
        self.overrides = overrides
    }
}

/// Which dimensions of a canvas are fitted (`canvas 320 fit`: height).
package struct Fit: Hashable, Sendable {
    package var width: Bool
    package var height: Bool
    package init(width: Bool, height: Bool) {
        self.width = width
        self.height = height
    }
    package static let none = Fit(width: false, height: false)
    package var any: Bool { width || height }
}

/// What the engine needs to solve one layout (or some of its components).
package struct LayoutModel: Hashable, Sendable {
    package var id: Int64
    package var name: String
    /// nil until a `canvas` statement set it.
    package var canvas: Size?
    /// The root's safe-area insets (`canvas W H safe T L B R`).
    package var safe: Insets = .zero
    /// `canvas ... direction rtl`.
    package var direction = LayoutDirection.leftToRight
    /// Views in declaration order, the root first.
    package var views: [StoredView]
    /// Active stored constraints in declaration order (base constants).
    package var constraints: StoredConstraints
    package var variants: [VariantModel]
    /// The base canvas's fitted dimensions (`canvas W fit`).
    package var fit = Fit.none
    /// Inactive constraints some variant activates (`activate LABEL in V`), in
    /// declaration order; loaded with whole layouts only.
    package var activatedByVariants: [StoredConstraint] = []

    package init(
        id: Int64, name: String, canvas: Size?, views: [StoredView],
        constraints: [StoredConstraint], variants: [VariantModel]
    ) {
        self.id = id
        self.name = name
        self.canvas = canvas
        self.views = views
        self.constraints = StoredConstraints(constraints)
        self.variants = variants
    }

    /// The index in ``constraints`` of the constraint with row id `id`. A model read or
    /// applied holds them in declaration order, which is id order when one apply inserted
    /// them all (each row takes the next id): a binary search finds it there, and any
    /// other order is searched in full.
    package func constraintIndex(id: Int64) -> Int? {
        var low = 0
        var high = constraints.count
        while low < high {
            let middle = (low + high) / 2
            if let other = constraints[middle].id, other < id {
                low = middle + 1
            } else {
                high = middle
            }
        }
        if low < constraints.count, constraints[low].id == id { return low }
        return constraints.firstIndex { $0.id == id }
    }
}

/// What ``ProjectStore/apply(_:)`` wrote into one layout: the ids it assigned.
///
///     let applied = try store.apply(statements)
///     let main = applied.first { $0.name == "main" }!
///     main.viewIDs["header"]      // row id of view `header`
///     main.constraintIDs.first    // row id of the script's first constraint in `main`
package struct AppliedLayout: Hashable, Sendable {
    package var name: String
    package var layoutID: Int64
    /// The layout did not exist before this apply.
    package var createdLayout: Bool
    /// Every view of the layout by name, the root included (not only the new ones).
    package var viewIDs: [String: Int64]
    /// The ids of the constraints this apply inserted into the layout, in statement order.
    package var constraintIDs: [Int64]
    /// For a layout this apply created, the layout as `loadLayout` would read it back,
    /// except that its constraints carry no statement text (``Constraint/source`` is
    /// empty): what solving needs, not what a refusal quotes.
    package var model: LayoutModel?

    package init(
        name: String, layoutID: Int64, createdLayout: Bool, viewIDs: [String: Int64],
        constraintIDs: [Int64], model: LayoutModel? = nil
    ) {
        self.model = model
        self.name = name
        self.layoutID = layoutID
        self.createdLayout = createdLayout
        self.viewIDs = viewIDs
        self.constraintIDs = constraintIDs
    }
}

/// A layout's name and canvas, as `layouts()` lists them.
package struct LayoutSummary: Hashable, Sendable {
    package var id: Int64
    package var name: String
    package var canvas: Size?
    /// The root's safe-area insets.
    package var safe: Insets = .zero
    package var direction = LayoutDirection.leftToRight
    package var fit = Fit.none
}

/// Which variant of a layout: the layout itself or a named variant.
package enum VariantRef: Hashable, Sendable, CustomStringConvertible {
    case base
    case named(String)

    /// `nil` or `"base"` is the base layout.
    package init(_ name: String?) {
        if let name, name != baseVariantName { self = .named(name) } else { self = .base }
    }

    package var description: String {
        switch self {
        case .base: baseVariantName
        case .named(let name): name
        }
    }
}

/// Something to re-solve: a component (nil = everything) of a variant of a layout.
package struct DirtyMark: Hashable, Sendable {
    package var variant: VariantRef
    /// The variant's id in `frames`/`dirty`: 0 for base.
    package var variantID: Int64
    package var component: Int?

    package init(variant: VariantRef, variantID: Int64, component: Int?) {
        self.variant = variant
        self.variantID = variantID
        self.component = component
    }
}

/// A solved frame in root coordinates, as the engine hands it to the store.
package struct SolvedFrame: Hashable, Sendable {
    package var x: Double
    package var y: Double
    package var width: Double
    package var height: Double
    package var ambiguous: Bool

    package init(x: Double, y: Double, width: Double, height: Double, ambiguous: Bool = false) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.ambiguous = ambiguous
    }
    /// The frame's rectangle, without the ambiguity flag.
    package var rect: Rect { Rect(x: x, y: y, width: width, height: height) }
}
