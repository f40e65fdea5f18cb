import LayoutScript
import LayoutSolver

/// A constraint as stored: its row id, its layout and its solver component.
///
/// Generated constraints (a view's intrinsic size) have no row: `id` is nil.
public struct StoredConstraint: Hashable, Sendable {
    public var id: Int64?
    public var layout: String
    public var constraint: Constraint
    /// The solver component, derived when read (not stored): the component of the first
    /// non-root term's variable. nil before the first solve or with only root terms.
    public var component: Int?

    public init(id: Int64?, layout: String, constraint: Constraint, component: Int? = nil) {
        self.id = id
        self.layout = layout
        self.constraint = constraint
        self.component = component
    }
}

/// A view as stored: its row id, declaration, order and the components of its variables.
public struct StoredView: Hashable, Sendable {
    public var id: Int64
    public var declaration: ViewDeclaration
    /// Declaration order in the layout; the root is 0.
    public var ordinal: Int
    /// Solver component of `left`, `top`, `width`, `height` (``BaseAttribute`` order).
    public var components: [Int?]

    public var name: String { declaration.name }
    /// The root view has no parent; ``ViewDeclaration/parent`` is "" for it.
    public var isRoot: Bool { declaration.name == rootViewName && declaration.parent.isEmpty }

    public init(id: Int64, declaration: ViewDeclaration, ordinal: Int, components: [Int?]) {
        self.id = id
        self.declaration = declaration
        self.ordinal = ordinal
        self.components = components
    }
}

/// A variant of a layout: its own canvas (nil = the layout's) and constant overrides.
public struct VariantModel: Hashable, Sendable {
    public var id: Int64
    public var name: String
    public var canvas: Size?
    /// Constraint id → the variant's own constant.
    public var overrides: [Int64: Double]

    public init(id: Int64, name: String, canvas: Size?, overrides: [Int64: Double] = [:]) {
        self.id = id
        self.name = name
        self.canvas = canvas
        self.overrides = overrides
    }
}

/// What the engine needs to solve one layout (or some of its components).
public struct LayoutModel: Hashable, Sendable {
    public var id: Int64
    public var name: String
    /// nil until a `canvas` statement set it.
    public var canvas: Size?
    /// Views in declaration order, the root first.
    public var views: [StoredView]
    /// Active stored constraints in declaration order (base constants).
    public var constraints: [StoredConstraint]
    public var variants: [VariantModel]

    public init(
        id: Int64, name: String, canvas: Size?, views: [StoredView],
        constraints: [StoredConstraint], variants: [VariantModel]
    ) {
        self.id = id
        self.name = name
        self.canvas = canvas
        self.views = views
        self.constraints = constraints
        self.variants = variants
    }
}

/// What ``ProjectStore/apply(_:)`` wrote into one layout: the ids it assigned.
///
///     let applied = try store.apply(statements)
///     let main = applied.first { $0.name == "main" }!
///     main.viewIDs["header"]      // row id of view `header`
///     main.constraintIDs.first    // row id of the script's first constraint in `main`
public struct AppliedLayout: Hashable, Sendable {
    public var name: String
    public var layoutID: Int64
    /// The layout did not exist before this apply.
    public var createdLayout: Bool
    /// Every view of the layout by name, the root included (not only the new ones).
    public var viewIDs: [String: Int64]
    /// The ids of the constraints this apply inserted into the layout, in statement order.
    public var constraintIDs: [Int64]

    public init(
        name: String, layoutID: Int64, createdLayout: Bool, viewIDs: [String: Int64],
        constraintIDs: [Int64]
    ) {
        self.name = name
        self.layoutID = layoutID
        self.createdLayout = createdLayout
        self.viewIDs = viewIDs
        self.constraintIDs = constraintIDs
    }
}

/// A layout's name and canvas, as `layouts()` lists them.
public struct LayoutSummary: Hashable, Sendable {
    public var id: Int64
    public var name: String
    public var canvas: Size?
}

/// Which variant of a layout: the layout itself or a named variant.
public enum VariantRef: Hashable, Sendable, CustomStringConvertible {
    case base
    case named(String)

    /// `nil` or `"base"` is the base layout.
    public init(_ name: String?) {
        if let name, name != baseVariantName { self = .named(name) } else { self = .base }
    }

    public var description: String {
        switch self {
        case .base: baseVariantName
        case .named(let name): name
        }
    }
}

/// Something to re-solve: a component (nil = everything) of a variant of a layout.
public struct DirtyMark: Hashable, Sendable {
    public var variant: VariantRef
    /// The variant's id in `frames`/`dirty`: 0 for base.
    public var variantID: Int64
    public var component: Int?

    public init(variant: VariantRef, variantID: Int64, component: Int?) {
        self.variant = variant
        self.variantID = variantID
        self.component = component
    }
}

/// A solved frame in root coordinates, as the engine hands it to the store.
public struct SolvedFrame: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var ambiguous: Bool

    public init(x: Double, y: Double, width: Double, height: Double, ambiguous: Bool = false) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.ambiguous = ambiguous
    }
}
