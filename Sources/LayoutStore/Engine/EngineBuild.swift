import LayoutScript
import LayoutSolver

/// One solve of a layout: variables for the views, solver constraints for the user's and
/// the generated constraints, frames back.
struct EngineBuild {
    enum Origin {
        case user(Int)
        case generated(String)
    }

    /// Per solver constraint, its ``Origin`` in four bytes: a user constraint's input
    /// index, or minus one less the index of a generated one's words, kept aside. An
    /// array of the enum was 24 bytes a constraint: 110 MB of a million-view solve.
    struct Origins: RandomAccessCollection {
        private var codes: [Int32] = []
        private var generated: [String] = []

        var startIndex: Int { 0 }
        var endIndex: Int { codes.count }

        subscript(k: Int) -> Origin {
            let code = Int(codes[k])
            return code >= 0 ? .user(code) : .generated(generated[-code - 1])
        }

        mutating func append(_ origin: Origin) {
            switch origin {
            case .user(let i): codes.append(Int32(i))
            case .generated(let text):
                generated.append(text)
                codes.append(-Int32(generated.count))
            }
        }

        mutating func reserveCapacity(_ n: Int) { codes.reserveCapacity(n) }
    }

    var input: EngineInput
    var solver = Solver()
    /// The solver's variable count once ``letSolverGo()`` has emptied it.
    private(set) var solvedVariableCount: Int?
    var index: [String: Int] = [:]
    /// Per view (then per stack guide), its four variables, flat: view `i`'s attribute
    /// `b` is at `4 * i + b.rawValue`; nil where the value is fixed. An array per view was
    /// a million allocations in a million-view solve.
    var variables: [Variable?] = []
    var origins = Origins()
    var batch = ConstraintBatch()
    /// Per entry of `origins`, the solver's handle (after `solve`).
    var handles: [ConstraintHandle] = []
    /// The root's width and height variables where the canvas fits them (nil: the
    /// canvas's constant).
    var rootSize: [Variable?] = [nil, nil]
    /// The user's required constraints solved at 999 because they name a hidden arranged
    /// view or a view inside one.
    var relaxedUsers: Set<Int> = []
    /// The indices of the views inside a hidden arranged view: never reported ambiguous
    /// (§8).
    var insideHidden: [Int] = []
    /// The number of input views: the input's views may be let go during the solve.
    let viewCount: Int
    /// Per view, its known values (``EngineView/fixed``), flat, four a view, once the
    /// input's views are let go (``EngineInput/quotesConflicts``); empty where none has one.
    private var known: [Double?] = []
    private var viewsLetGo = false
    /// Per solver constraint, how its constant was made from the input's (for a
    /// ``SolveImage``): the margin/baseline shift, then the known values subtracted in
    /// order. Kept so that a changed constant is folded with the same arithmetic.
    var foldShifts: [Double] = []
    var foldProducts: [Double] = []
    var foldEnds: [Int32] = []
    /// Per input constraint, whether it is required: what the output still needs of the
    /// constraints once the input lets them go (``EngineInput/quotesConflicts``).
    private var userRequired: [Bool] = []
    private var pendingShift = 0.0
    /// A constraint's terms in base attributes, gathered by
    /// ``add(written:_:_:_:_:_:solved:)`` and handed on: one array for all of them, where
    /// one a constraint (grown twice on average) cost a form-10000 apply 30M instructions.
    private var baseTerms: [(Int, BaseAttribute, Double)] = []
    /// A constraint's terms as written, gathered for ``add(written:_:_:_:_:_:solved:)``:
    /// one array for all of them, as for ``baseTerms``.
    private var writtenTerms: [(Int, Attribute, Double)] = []
    /// A constraint's variable terms, gathered by ``add(_:_:_:_:_:)`` to find those that
    /// cancel: one array for all of them, as for ``baseTerms``.
    private var variableTerms: [(Variable, Double)] = []
    /// Per user constraint term whose coefficients cancel (`a.centerX == a.trailing - 10`
    /// says nothing of `a.left`): the solver constraint's number and the variable. The
    /// solver drops such a term, so the variable is in none of the constraint's components;
    /// the store finds a constraint's component from its views' as written (the
    /// `constraint_components` view), so ``output(_:)`` joins them again.
    private var cancelled: [(constraint: Int32, variable: Variable)] = []

    /// Takes `input` whole: what it lets go of during the solve is freed, not kept alive
    /// by the caller's copy.
    init(_ input: consuming EngineInput) throws(EngineError) {
        self.input = consume input
        // The canvas is folded into constraints as constants: a canvas plain SQL made
        // infinite would otherwise be blamed on the first constraint to reach the root.
        do {
            try NumberRule.size.check(self.input.canvas.width, "a canvas width")
            try NumberRule.size.check(self.input.canvas.height, "a canvas height")
        } catch {
            throw .invalidCanvas(error)
        }
        viewCount = self.input.views.count
        index.reserveCapacity(self.input.views.count)
        for (i, v) in self.input.views.enumerated() { index[v.declaration.name] = i }
        if self.input.fit.width { rootSize[0] = solver.makeVariable() }
        if self.input.fit.height { rootSize[1] = solver.makeVariable() }
        variables.reserveCapacity(4 * self.input.views.count)
        for view in self.input.views {
            for known in view.fixed { variables.append(known == nil ? solver.makeVariable() : nil) }
        }
    }

    /// View `view`'s variable of `attribute`; nil where its value is fixed.
    func variable(_ view: Int, _ attribute: BaseAttribute) -> Variable? {
        variables[4 * view + attribute.rawValue]
    }

    /// A view's base attribute as a term, or its known value (root, fixed views).
    func base(_ view: Int, _ attribute: BaseAttribute) -> (Variable?, Double) {
        if view < 0 {
            switch attribute {
            case .left, .top: return (nil, 0)
            case .width: return rootSize[0].map { ($0, 0) } ?? (nil, input.canvas.width)
            case .height: return rootSize[1].map { ($0, 0) } ?? (nil, input.canvas.height)
            }
        }
        if let v = variable(view, attribute) { return (v, 0) }
        return (nil, knownValue(view, attribute))
    }

    /// View `view`'s known value of `attribute`: it has one wherever it has no variable.
    private func knownValue(_ view: Int, _ attribute: BaseAttribute) -> Double {
        let value =
            viewsLetGo
            ? known[4 * view + attribute.rawValue] : input.views[view].fixed[attribute.rawValue]
        return value!
    }

    /// An attribute of view `view` (-1 for the root) as variables and a constant: margins,
    /// the safe area and baselines are the view's edges plus constants.
    ///
    /// With `mirror` (right to left, in a constraint that names a leading or trailing
    /// attribute), a horizontal position `X` is read as `W − X'`, `X'` the mirrored
    /// attribute and `W` the root's width: `b.leading == a.trailing + 8` becomes
    /// `b.right == a.left − 8` and `a.leading == |.leading + 10` puts `a` 10 from the right.
    func expansion(_ view: Int, _ attribute: Attribute, mirror: Bool = false) -> (
        terms: [(BaseAttribute, Double)], constant: Double
    ) {
        if mirror, let mirrored = attribute.mirrored {
            let (terms, constant) = expansion(view, mirrored)
            return (terms.map { ($0.0, -$0.1) }, input.canvas.width - constant)
        }
        if attribute.guide == nil, attribute.base == attribute { return (attribute.expansion, 0) }
        if attribute == .leading || attribute == .trailing {
            return (attribute.absolute(rightToLeft: false).expansion, 0)
        }
        if view < 0 {
            let margins =
                input.rootMargins ?? defaultRootMargins(canvasWidth: input.canvas.width)
            return attribute.expansion(
                margins: input.safe + margins, safe: input.safe, baseline: nil)
        }
        let declaration = input.views[view].declaration
        return attribute.expansion(
            margins: declaration.margins ?? ViewDeclaration.defaultMargins, safe: .zero,
            baseline: declaration.baseline)
    }

    private func viewNumber(_ name: String, in c: Constraint) throws(EngineError) -> Int {
        if name == rootViewName { return -1 }
        guard let i = index[name] else { throw .unknownView(name, in: c) }
        return i
    }

    /// `Σ coefficient × (view, base attribute)  relation  constant`, folding known values.
    /// The numbers are checked here, the one place the engine hands them to the solver:
    /// finite inputs can still multiply or add up to infinity (a multiplier of 1e300 on a
    /// margin), and rows written with plain SQL were never checked at all.
    private mutating func add(
        _ terms: [(Int, BaseAttribute, Double)], _ relation: Relation, _ constant: Double,
        _ priority: Priority, _ origin: Origin
    ) throws(EngineError) {
        var k = constant
        var unknowns = Self.emptied(&variableTerms)
        defer { variableTerms = unknowns }
        let foldStart = foldProducts.count
        for (view, attribute, coefficient) in terms {
            let (v, value) = base(view, attribute)
            if let v {
                batch.appendTerm(v, coefficient)
                unknowns.append((v, coefficient))
            } else {
                let product = coefficient * value
                k -= product
                foldProducts.append(product)
            }
        }
        do {
            for (_, _, coefficient) in terms {
                try NumberRule.finite.check(coefficient, "a multiplier")
            }
            try NumberRule.finite.check(k, "a constant")
        } catch {
            throw .invalidNumber(error, in: source(of: origin))
        }
        // An optional constraint over known values only has nothing to move: left out.
        let shift = pendingShift
        pendingShift = 0
        if unknowns.isEmpty && !priority.isRequired {
            foldProducts.removeSubrange(foldStart...)
            return
        }
        if case .user = origin { noteCancelled(unknowns, constraint: Int32(origins.count)) }
        batch.endConstraint(relation, k, priority: priority)
        origins.append(origin)
        foldShifts.append(shift)
        foldEnds.append(Int32(foldProducts.count))
    }

    /// Notes the variables of `terms` whose coefficients add up to what the solver drops
    /// (``SolverTerms``: below 1e-12), each once.
    private mutating func noteCancelled(_ terms: [(Variable, Double)], constraint: Int32) {
        for (j, (v, _)) in terms.enumerated() where !terms[..<j].contains(where: { $0.0 == v }) {
            var sum = 0.0
            for (w, coefficient) in terms[j...] where w == v { sum += coefficient }
            if abs(sum) < 1e-12 { cancelled.append((constraint, v)) }
        }
    }

    /// Solves the layout. `componentsKnown` gets the components once the solver has found
    /// them, before it solves them.
    mutating func solve(componentsKnown: ((EngineComponents) -> Void)? = nil) throws(EngineError)
        -> EngineOutput
    {
        var mentioned = input.views.map(\.mentionedElsewhere)
        // Most layouts have no stack: nothing to build (a 100k-view layout would pay a copy).
        let stacks =
            input.views.contains { $0.declaration.stack != nil }
            ? StackConstraints(views: input.views.map(\.declaration)) : StackConstraints()
        // A stack's internal guides get variables after the views' (never output).
        for guide in stacks.guides {
            index[guide] = variables.count / 4
            for _ in 0..<4 { variables.append(solver.makeVariable()) }
        }
        func relaxed(_ c: Constraint) -> Bool {
            !stacks.relaxed.isEmpty && c.priority.isRequired
                && (c.lhs.terms.contains { stacks.relaxed.contains($0.view) }
                    || c.rhs.terms.contains { stacks.relaxed.contains($0.view) })
        }
        // Room for the user's constraints and four generated ones a view, each term of
        // an attribute being at most two variables, reserved once: grown by doubling, a
        // million-view batch held its largest arrays twice over while they moved. Room
        // never written to is never resident.
        let expected = input.constraints.count + 4 * input.views.count
        batch = ConstraintBatch(
            reservingConstraints: expected,
            terms: 4 * input.constraints.count + 8 * input.views.count)
        origins.reserveCapacity(expected)
        foldShifts.reserveCapacity(expected)
        foldEnds.reserveCapacity(expected)
        userRequired.reserveCapacity(input.constraints.count)
        // A first apply's constraints are packed: each is read where it is, and a term's
        // view by its index in the packed names, each name looked up once. Not where
        // stacks relax constraints: that reads each constraint's views by name.
        let packedViews =
            stacks.relaxed.isEmpty ? input.constraints.packedNames.map(viewNumbers) : nil
        // By index: an iterator would hold a second reference to the constraints, and the
        // first change below would copy them all.
        for i in 0..<input.constraints.count {
            if let packedViews, let packed = input.constraints.packedConstraint(at: i) {
                userRequired.append(packed.priority.isRequired)
                try add(packed, views: packedViews, user: i, &mentioned)
                continue
            }
            let c = input.constraints[i]
            userRequired.append(c.priority.isRequired)
            let relax = relaxed(c)
            if relax { relaxedUsers.insert(i) }
            // An inactive constraint is not solved, but still mentions its views.
            try add(
                c, priority: relax ? .hiddenRelaxed : c.priority, .user(i), &mentioned,
                solved: c.isActive)
            if !input.quotesConflicts {
                // Its terms are the batch's now: as arrays of their own (a reader's rows)
                // they go one by one as the batch grows.
                input.constraints.releaseTerms(at: i)
            }
        }
        for (c, owner) in zip(stacks.constraints, stacks.owners) {
            // A hidden stack's own arrangement gives way to its hiding (§8); the hiding
            // and the parent stack's constraints on it are the parent stack's.
            let own = !stacks.relaxed.isEmpty && stacks.relaxed.contains(owner)
            // A stack's arrangement mentions its arranged views, not the stack: a stack
            // that no constraint places keeps its drawn frame and arranges its views in
            // it, as a UIStackView positioned by its autoresizing mask does.
            let stack = index[owner]
            let placed = stack.map { mentioned[$0] } ?? true
            try add(
                c, priority: own && c.priority.isRequired ? .hiddenRelaxed : c.priority,
                .generated(c.source), &mentioned)
            if let stack, !placed { mentioned[stack] = false }
        }
        for (i, view) in input.views.enumerated() {
            if view.declaration.intrinsic != nil { mentioned[i] = true }
        }
        // systemLayoutSizeFitting with layoutFittingCompressedSize: each fitted dimension
        // is pulled toward 0 at fittingSizeLevel (50), so it is as small as the
        // constraints above 50 allow; layoutdb's frame fallbacks (below 1) never hold it.
        for (k, attribute) in [(0, BaseAttribute.width), (1, .height)] where rootSize[k] != nil {
            let name = k == 0 ? "width" : "height"
            try add(
                [(-1, attribute, 1)], .greaterOrEqual, 0, .required,
                .generated("the fitted root's \(name) >= 0"))
            try add(
                [(-1, attribute, 1)], .equal, 0, .fittingSize,
                .generated("the fitted root's \(name) == 0 @ 50"))
        }
        for (i, view) in input.views.enumerated() {
            let relaxView =
                !stacks.relaxed.isEmpty && stacks.relaxed.contains(view.declaration.name)
            try generateFrameConstraints(
                i, view.declaration, mentioned: mentioned[i], relaxed: relaxView)
            let tie = stacks.tieBreak.isEmpty ? nil : stacks.tieBreak[view.declaration.name]
            for c in IntrinsicConstraints.generate(for: view.declaration, saying: true) {
                let attribute: BaseAttribute = c.lhs.terms[0].attribute == .width ? .width : .height
                var priority = c.priority
                if let tie, (tie.axis == .horizontal) == (attribute == .width),
                    priority.rawValue + Double(tie.place) * StackConstraints.tieStep < 1000,
                    let separated = Priority(
                        rawValue: priority.rawValue + Double(tie.place) * StackConstraints.tieStep)
                {
                    priority = separated
                }
                try add(
                    [(i, attribute, 1)], c.relation, c.constant, priority, .generated(c.source))
            }
        }
        if !stacks.insideHidden.isEmpty {
            insideHidden = input.views.indices.filter {
                stacks.insideHidden.contains(input.views[$0].declaration.name)
            }
        }
        if !input.quotesConflicts {
            input.constraints = []
            index = [:]
            // Of the views, only their known values are read from here on: the
            // declarations (240 bytes a view) go before the solver's rows are made.
            if input.views.contains(where: { $0.fixed.contains { $0 != nil } }) {
                known = input.views.flatMap(\.fixed)
            }
            input.views = []
            viewsLetGo = true
        }
        // Made for `componentsKnown` while the solver works, then kept for the output.
        var early: EngineComponents?
        let grouped = componentsKnown.map { known in
            let (origins, users, cancelled) = (origins, userRequired.count, cancelled)
            let viewVariables = variables.prefix(4 * viewCount)
            return { (handles: [ConstraintHandle], numbers: Solver.ComponentNumbers) in
                let components = Self.components(
                    variables: numbers.variables, constraints: numbers.constraints,
                    handles: handles, origins: origins, users: users, cancelled: cancelled,
                    viewVariables: viewVariables)
                early = components
                known(components)
            }
        }
        do {
            handles = try solver.add(batch, grouped: grouped)
        } catch {
            throw describe(error)
        }
        var output = output(handles, early: early)
        for i in insideHidden { output.ambiguous[i] = false }
        return output
    }

    /// Adds one constraint (a user's or a generated one) at `priority`, marking the views
    /// it names as mentioned.
    private mutating func add(
        _ c: Constraint, priority: Priority, _ origin: Origin, _ mentioned: inout [Bool],
        solved: Bool = true
    ) throws(EngineError) {
        var written = Self.emptied(&writtenTerms)
        for sign in [1.0, -1.0] {
            for t in sign > 0 ? c.lhs.terms : c.rhs.terms {
                written.append((try viewNumber(t.view, in: c), t.attribute, t.coefficient * sign))
            }
        }
        try add(
            written: written, c.relation, c.constant, priority, origin, &mentioned, solved: solved)
    }

    /// ``add(_:priority:_:_:solved:)`` for user constraint `i` as the packed collection
    /// keeps it, each term's view found in `views` (``viewNumbers(_:)`` of its names).
    private mutating func add(
        _ c: PackedConstraint, views: [Int], user i: Int, _ mentioned: inout [Bool]
    ) throws(EngineError) {
        var written = Self.emptied(&writtenTerms)
        for sign in [1.0, -1.0] {
            for t in sign > 0 ? c.lhs : c.rhs {
                let view = views[Int(t.view)]
                if view == Self.unknownView {
                    // Made only for the error: the name and the constraint to quote.
                    let name = input.constraints.packedNames?[Int(t.view)] ?? ""
                    throw .unknownView(name, in: input.constraints[i])
                }
                written.append((view, t.attribute, t.coefficient * sign))
            }
        }
        try add(
            written: written, c.relation, c.constant, c.priority, .user(i), &mentioned,
            solved: c.isActive)
    }

    /// `kept`, emptied with its capacity, handed over (`kept` is left empty, so the array
    /// is not shared and appending to it copies nothing); the caller puts it back.
    private static func emptied<T>(_ kept: inout [T]) -> [T] {
        var array = kept
        kept = []
        array.removeAll(keepingCapacity: true)
        return array
    }

    /// A constraint's terms as written (each with its view's number and its side's sign in
    /// the coefficient) as terms of base attributes: margins, the safe area and baselines
    /// are the view's edges plus constants, moved right; leading and trailing mirror in a
    /// right-to-left layout.
    private mutating func add(
        written: [(Int, Attribute, Double)], _ relation: Relation, _ constant: Double,
        _ priority: Priority, _ origin: Origin, _ mentioned: inout [Bool], solved: Bool
    ) throws(EngineError) {
        var terms = Self.emptied(&baseTerms)
        defer { (writtenTerms, baseTerms) = (written, terms) }
        var shift = 0.0
        let mirror = input.rightToLeft && written.contains { $0.1.isDirectional }
        for (view, attribute, coefficient) in written {
            if view >= 0, view < mentioned.count { mentioned[view] = true }
            let (bases, moved) = expansion(view, attribute, mirror: mirror)
            for (b, k) in bases { terms.append((view, b, k * coefficient)) }
            shift += moved * coefficient
            // Mirrored about a fitted width: `W` is the root's variable, not the canvas
            // constant the expansion folded in.
            if mirror, input.fit.width, attribute.mirrored != nil {
                terms.append((-1, .width, coefficient))
                shift -= input.canvas.width * coefficient
            }
        }
        if solved {
            pendingShift = shift
            try add(terms, relation, constant - shift, priority, origin)
        }
    }

    /// What a term's view stands for in ``viewNumber(_:in:)``'s numbering, by name: -1
    /// for the root, ``unknownView`` for a name the layout does not have.
    private func viewNumbers(_ names: [String]) -> [Int] {
        names.map { $0 == rootViewName ? -1 : index[$0] ?? Self.unknownView }
    }

    /// ``viewNumbers(_:)``'s mark for a name that is no view of the layout.
    private static let unknownView = Int.min

    /// Drawn frames: springs and struts for unmentioned views, fallbacks for the others.
    private mutating func generateFrameConstraints(
        _ i: Int, _ view: ViewDeclaration, mentioned: Bool, relaxed: Bool = false
    ) throws(EngineError) {
        // Inside a hidden arranged view, the drawn frame gives way to the hiding (§8).
        let required: Priority = relaxed ? .hiddenRelaxed : .required
        guard let frame = view.frame else { return }
        let parent = view.parent == rootViewName ? -1 : (index[view.parent] ?? -1)
        let name = view.name
        // In a partial solve, a variable outside the solved part keeps its value: what
        // was generated for it belongs to another component.
        func solved(_ b: BaseAttribute) -> Bool { variable(i, b) != nil }
        if mentioned {
            if solved(.width) {
                try add(
                    [(i, .width, 1)], .equal, frame.width, .fallbackSize,
                    .generated("\(name)'s drawn width"))
            }
            if solved(.height) {
                try add(
                    [(i, .height, 1)], .equal, frame.height, .fallbackSize,
                    .generated("\(name)'s drawn height"))
            }
            if solved(.left) {
                try add(
                    [(i, .left, 1), (parent, .left, -1)], .equal, frame.x, .fallbackPosition,
                    .generated("\(name)'s drawn x"))
            }
            if solved(.top) {
                try add(
                    [(i, .top, 1), (parent, .top, -1)], .equal, frame.y, .fallbackPosition,
                    .generated("\(name)'s drawn y"))
            }
            return
        }
        let drawn = drawnSize(of: parent)
        let mask = view.autoresize
        for axis in [Axis.horizontal, .vertical] {
            let h = axis == .horizontal
            let origin = h ? frame.x : frame.y
            let size = h ? frame.width : frame.height
            let position: BaseAttribute = h ? .left : .top
            let dimension: BaseAttribute = h ? .width : .height
            let flexible =
                h
                ? (mask.contains(.left), mask.contains(.width), mask.contains(.right))
                : (mask.contains(.top), mask.contains(.height), mask.contains(.bottom))
            var share = (0.0, 0.0)  // of the parent's change, to the leading margin and to the size
            let parentSize = h ? drawn?.width : drawn?.height
            if let parentSize {
                let parts = [origin, size, parentSize - origin - size]
                let flags = [flexible.0, flexible.1, flexible.2]
                let total = zip(parts, flags).reduce(0.0) { $0 + ($1.1 ? max(0, $1.0) : 0) }
                let count = Double(flags.filter { $0 }.count)
                if count > 0 {
                    // UIKit shares the change among flexible parts in proportion to their
                    // drawn sizes (equally when those are all zero).
                    func part(_ k: Int) -> Double {
                        guard flags[k] else { return 0 }
                        return total > 0 ? max(0, parts[k]) / total : 1 / count
                    }
                    share = (part(0), part(1))
                }
            }
            // position - parent.position = origin + share.0 × (parent.size - drawn parent size)
            let p0 = parentSize ?? 0
            if solved(position) {
                try add(
                    [(i, position, 1), (parent, position, -1), (parent, dimension, -share.0)],
                    .equal,
                    origin - share.0 * p0, required,
                    .generated("\(name)'s autoresizing \(h ? "x" : "y")"))
            }
            if solved(dimension) {
                try add(
                    [(i, dimension, 1), (parent, dimension, -share.1)], .equal,
                    size - share.1 * p0, required,
                    .generated("\(name)'s autoresizing \(h ? "width" : "height")"))
            }
        }
    }

    private enum Axis { case horizontal, vertical }

    /// The size the parent was drawn at: the base canvas for the root, its frame otherwise.
    private func drawnSize(of parent: Int) -> Size? {
        if parent < 0 { return input.drawnCanvas }
        guard let f = input.views[parent].declaration.frame else { return nil }
        return Size(width: f.width, height: f.height)
    }

    /// The text a constraint of the solver came from: the user's source or the words of
    /// a generated one.
    func source(of origin: Origin) -> String {
        switch origin {
        case .user(let i): i < input.constraints.count ? input.constraints[i].source : ""
        case .generated(let text): text
        }
    }

    func describe(_ error: SolverError) -> EngineError {
        // The engine makes every handle and variable it passes: nothing else can fail.
        guard case .unsatisfiable(let conflicts) = error else {
            preconditionFailure("the engine misused its solver: \(error)")
        }
        var users: [Constraint] = []
        var generated: [String] = []
        for h in conflicts {
            switch origins[Int(h.index)] {
            case .user(let i) where i < input.constraints.count:
                users.append(input.constraints[i])
            case .user: break
            case .generated(let text): generated.append(text)
            }
        }
        return .unsatisfiable(conflicts: users, generated: generated)
    }

    /// Per view, its frame now (cheaper than ``output(_:)`` when only frames are wanted).
    func frames() -> [Rect] {
        var frames: [Rect] = []
        frames.reserveCapacity(viewCount)
        for i in 0..<viewCount {
            // Not `v.map(solver.value(of:))`: the method reference copied the solver (a
            // retain and a release of each of its arrays) once a variable.
            func value(_ b: BaseAttribute) -> Double {
                let (v, known) = base(i, b)
                guard let v else { return known }
                return solver.value(of: v)
            }
            frames.append(
                Rect(x: value(.left), y: value(.top), width: value(.width), height: value(.height)))
        }
        return frames
    }

    /// Empties the solver once its output is read, keeping its variable count.
    mutating func letSolverGo() {
        solvedVariableCount = solver.variableCount
        solver = Solver()
    }

    /// Puts each of `cancelled`'s variables in its constraint's component, merging the two
    /// where both have one (union-find over the solver's component numbers) and making a
    /// new one where neither has (`a.left == a.left`).
    private static func joinCancelled(
        _ cancelled: [(constraint: Int32, variable: Variable)], handles: [ConstraintHandle],
        variables: inout [Int32], constraints: inout [Int32]
    ) {
        var parent = Array(0..<Int32(max(variables.max() ?? -1, constraints.max() ?? -1) + 1))
        func root(_ c: Int32) -> Int32 {
            var c = c
            while parent[Int(c)] != c {
                parent[Int(c)] = parent[Int(parent[Int(c)])]
                c = parent[Int(c)]
            }
            return c
        }
        for (k, v) in cancelled {
            let handle = Int(handles[Int(k)].index)
            let variable = Int(v.index)
            let (a, b) = (constraints[handle], variables[variable])
            switch (a >= 0, b >= 0) {
            case (true, true):
                let (ra, rb) = (root(a), root(b))
                parent[Int(rb)] = ra
            case (true, false): variables[variable] = a
            case (false, true): constraints[handle] = b
            case (false, false):
                let new = Int32(parent.count)
                parent.append(new)
                (constraints[handle], variables[variable]) = (new, new)
            }
        }
        for i in variables.indices where variables[i] >= 0 { variables[i] = root(variables[i]) }
        for i in constraints.indices where constraints[i] >= 0 {
            constraints[i] = root(constraints[i])
        }
    }

    /// Per user constraint and per view variable, its component's number: the solver's
    /// (``Solver/componentNumbers()``), with the cancelled terms joined again. Static, and
    /// given what it reads: the solver calls for it in the middle of its own work.
    private static func components(
        variables componentOfVariable: consuming [Int32],
        constraints componentOfHandle: consuming [Int32], handles: [ConstraintHandle],
        origins: Origins, users: Int, cancelled: [(constraint: Int32, variable: Variable)],
        viewVariables: ArraySlice<Variable?>
    ) -> EngineComponents {
        if !cancelled.isEmpty {
            joinCancelled(
                cancelled, handles: handles, variables: &componentOfVariable,
                constraints: &componentOfHandle)
        }
        var constraints = [Int32](repeating: -1, count: users)
        for (k, origin) in origins.enumerated() {
            guard case .user(let i) = origin else { continue }
            constraints[i] = componentOfHandle[Int(handles[k].index)]
        }
        // Each let go of once read: a number per solver variable and per solver
        // constraint, at the solve's peak. As `var`s (for `joinCancelled`) they lived to
        // the end of the scope, 16 MB more at the peak of a million-view apply.
        componentOfHandle = []
        let variables = viewVariables.map { $0.map { componentOfVariable[Int($0.index)] } ?? -1 }
        componentOfVariable = []
        return EngineComponents(constraints: constraints, variables: variables)
    }

    /// The solve's output; `early`: the components where they were made while the solver
    /// worked (``components(variables:constraints:handles:origins:users:cancelled:viewVariables:)``).
    private func output(_ handles: [ConstraintHandle], early: EngineComponents?) -> EngineOutput {
        let frames = frames()
        var ambiguousVariable = [Bool](repeating: false, count: solver.variableCount)
        for v in solver.ambiguousVariables() { ambiguousVariable[Int(v.index)] = true }
        let viewVariables = variables.prefix(4 * viewCount)
        let ambiguous = (0..<viewCount).map { i in
            viewVariables[(4 * i)..<(4 * i + 4)].contains {
                $0.map { ambiguousVariable[Int($0.index)] } ?? false
            }
        }
        func isFree(_ i: Int) -> Bool {
            viewVariables[i].map { ambiguousVariable[Int($0.index)] } ?? false
        }
        let freeSizes = (0..<viewCount).map { i in
            (isFree(4 * i + 2), isFree(4 * i + 3))
        }
        let components: EngineComponents
        if let early {
            components = early
        } else {
            let (variables, constraints) = solver.componentNumbers()
            components = Self.components(
                variables: consume variables, constraints: consume constraints, handles: handles,
                origins: origins, users: userRequired.count, cancelled: cancelled,
                viewVariables: viewVariables)
        }
        var unsatisfied: [Int] = []
        var relaxedByHiding: [Int] = []
        for (k, origin) in origins.enumerated() {
            guard case .user(let i) = origin else { continue }
            let relaxed = !relaxedUsers.isEmpty && relaxedUsers.contains(i)
            guard !userRequired[i] || relaxed,
                (try? solver.isSatisfied(handles[k])) == false
            else { continue }
            if relaxed { relaxedByHiding.append(i) } else { unsatisfied.append(i) }
        }
        var result = EngineOutput(
            frames: frames, ambiguous: ambiguous, freeSizes: freeSizes,
            unsatisfied: unsatisfied,
            relaxedByHiding: relaxedByHiding, components: components)
        if input.fit.any {
            let (w, width) = base(-1, .width)
            let (h, height) = base(-1, .height)
            result.root = Rect(
                x: 0, y: 0, width: w.map { solver.value(of: $0) } ?? width,
                height: h.map { solver.value(of: $0) } ?? height)
        }
        return result
    }
}
