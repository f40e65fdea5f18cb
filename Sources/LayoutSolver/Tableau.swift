/// The Cassowary simplex tableau for one core of a component: the constraints that
/// forward substitution and pendant elimination could not settle (inequalities,
/// optional constraints, required equalities that must be solved simultaneously).
///
/// Algorithm after Badros, Borning & Stuckey (TOCHI 2001), with two departures:
/// the objective is lexicographic — one row per priority level, highest first, so a
/// higher priority beats any number of lower ones — and a constraint's constant can be
/// changed in place through its marker symbol followed by a dual-simplex pass.
struct Tableau {
    enum Kind: UInt8 { case external, slack, error, dummy }

    /// The symbols a constraint added to the tableau; `marker` appears in the
    /// constraint's original row with coefficient `markerCoefficient`.
    struct Tag {
        var marker: Int32
        var markerCoefficient: Double
        var other: Int32 = -1
        /// A required equality without a marker that was implied by the rows already there,
        /// so it has no row of its own: its constant cannot move without a conflict.
        var isRedundant = false
    }

    /// One operation on row constants, as `history` records it. Every constant in the
    /// tableau is a linear function of the constraints' constants, built by these steps.
    enum Step {
        /// A new row from constraint `owner`: its constant starts at minus the constraint's.
        case begin(owner: Int32)
        /// The new row adds `coefficient ×` the row of a basic symbol.
        case addRow(basic: Int32, coefficient: Double)
        /// The new row is negated.
        case negate
        /// The new row, multiplied by `factor`, becomes the row of `basic`.
        case settle(basic: Int32, factor: Double)
        /// The row of `target` adds `coefficient ×` the row of `source`.
        case addScaled(target: Int32, source: Int32, coefficient: Double)
        /// The row of `leaving`, multiplied by `factor`, becomes the row of `entering`.
        case pivot(leaving: Int32, entering: Int32, factor: Double)
    }

    /// Required constraints (their owner numbers) that cannot hold together.
    struct Conflict: Error { var owners: [Int32] }

    /// Per symbol, in one array (a core is built with a handful of symbols, and four
    /// arrays were four allocations per core):
    /// - `kind`;
    /// - `owner`: the constraint (owner number) whose marker it is, or -1;
    /// - `rowIndex`: index into `rows`, or -1 when the symbol is not basic;
    /// - `seen`: whether any row has ever held it. A subject no row holds needs no
    ///   substitution at all — the common case when layouts are added in reading order.
    ///   (The objective does not count: it is substituted into on every pivot anyway.
    ///   Counting it would make every optional row whose subject is its error symbol
    ///   scan all rows.)
    struct SymbolInfo {
        var kind: Kind
        var seen = false
        var owner: Int32
        var rowIndex: Int32 = -1
    }
    private var info: [SymbolInfo] = []
    private var rows: [Row] = []
    private var basics: [Int32] = []
    /// One objective row per priority level, highest priority first.
    private var objective: [Row]
    private let levels: [Double]
    private var artificial: Row? = nil
    private var infeasible: [Int32] = []
    /// Every step that moved row constants, in order. Replayed with one constraint's
    /// constant at 1 and every other at 0, it gives the column that constraint's marker
    /// would have had (`addMarker(owner:)`): a required equality added without one can get
    /// it later without rebuilding the tableau. A few steps per row, against the rows'
    /// cells; kept from growing without bound by `trimHistory()`.
    private var history: [Step] = []
    /// `history.count` when the tableau was first changed after its build, or -1.
    private var builtHistoryCount = -1
    /// Off when every required equality has a marker (nothing would ever replay it), and
    /// from the moment the history outgrows its budget (`trimHistory`).
    private(set) var recordsHistory: Bool

    @inline(__always) private mutating func record(_ step: Step) {
        if recordsHistory { history.append(step) }
    }

    /// Whether required equalities get a dummy marker. Markers let conflicts be explained
    /// and constants change in place, but every row derived from a chain of equalities
    /// then carries one marker per link: rows grow with the chain (kiwi's quadratic cost).
    /// Without them rows stay short; a constant change gives the equality its marker then
    /// (`addMarker(owner:)`, or a rebuild), and a conflict is explained by rebuilding once
    /// with markers.
    let tracksEqualities: Bool

    /// `priorities`: every optional priority that constraints will use.
    /// Required equalities (owner numbers) that get a marker even when `tracksEqualities`
    /// is off: those whose constant is expected to change again. One marker adds at most
    /// one cell per row, so a few of them keep rows short.
    let trackedOwners: Set<Int32>

    /// `symbols`, `rows`: expected counts, reserved up front (a core is built in one go).
    /// `recordsHistory`: whether a required equality may be added without a marker and get
    /// one later (`addMarker(owner:)`).
    init(
        symbols: Int = 0, rows expectedRows: Int = 0, priorities: [Double],
        tracksEqualities: Bool = false,
        trackedOwners: Set<Int32> = [], recordsHistory: Bool = true
    ) {
        self.recordsHistory = recordsHistory && !tracksEqualities
        if self.recordsHistory { history.reserveCapacity(4 * expectedRows) }
        info.reserveCapacity(symbols)
        rows.reserveCapacity(expectedRows)
        basics.reserveCapacity(expectedRows)
        self.tracksEqualities = tracksEqualities
        self.trackedOwners = trackedOwners
        // Sorted and deduplicated without a Set: a Set<Double> per core costs a
        // generic-metadata lookup, and a layout has many small cores.
        var levels: [Double] = []
        for p in priorities {
            // Distinct, highest first, by insertion: most cores have one or two levels.
            var lo = 0
            var hi = levels.count
            while lo < hi {
                let mid = (lo + hi) >> 1
                if levels[mid] > p { lo = mid + 1 } else { hi = mid }
            }
            if lo == levels.count || levels[lo] != p { levels.insert(p, at: lo) }
        }
        self.levels = levels
        objective = []
        objective.reserveCapacity(levels.count)
        // Room for a few error symbols each: an objective row grows one cell at a time.
        for _ in levels { objective.append(Row(constant: 0, capacity: 4)) }
    }

    mutating func makeSymbol(_ kind: Kind, owner: Int32 = -1) -> Int32 {
        info.append(SymbolInfo(kind: kind, owner: owner))
        return Int32(info.count - 1)
    }

    /// The current value of a symbol: its row's constant when basic, else 0.
    func value(of symbol: Int32) -> Double {
        let r = info[Int(symbol)].rowIndex
        return r < 0 ? 0 : rows[Int(r)].constant
    }

    func isBasic(_ symbol: Int32) -> Bool { info[Int(symbol)].rowIndex >= 0 }

    /// Whether a (basic or not) external symbol can move without changing anything the
    /// objective sees: it is a free parameter, or its row depends on one.
    func dependsOnFreeParameter(_ symbol: Int32) -> Bool {
        let r = info[Int(symbol)].rowIndex
        if r < 0 { return true }
        for s in rows[Int(r)].symbols where info[Int(s)].kind == .external { return true }
        return false
    }

    // MARK: Adding constraints

    /// Adds `Σ terms + (-constant) relation 0` (terms over external symbols).
    mutating func add(
        terms: [(symbol: Int32, coefficient: Double)], relation: Relation, constant: Double,
        priority: Double, owner: Int32
    ) throws(Conflict) -> Tag {
        var row = Row(constant: -constant, capacity: terms.count + 2)
        record(.begin(owner: owner))
        for (symbol, coefficient) in terms where !nearZero(coefficient) {
            let r = info[Int(symbol)].rowIndex
            if r >= 0 {
                row.insert(rows[Int(r)], coefficient)
                record(.addRow(basic: symbol, coefficient: coefficient))
            } else {
                row.insert(symbol, coefficient)
            }
        }
        let isRequired = priority >= 1000
        let tag: Tag
        switch relation {
        case .lessOrEqual, .greaterOrEqual:
            // expr <= 0 is expr + slack = 0; expr >= 0 is expr - slack = 0 (slack >= 0).
            let sign: Double = relation == .lessOrEqual ? 1 : -1
            let slack = makeSymbol(.slack, owner: isRequired ? owner : -1)
            row.insert(slack, sign)
            var t = Tag(marker: slack, markerCoefficient: sign)
            if !isRequired {
                let error = makeSymbol(.error)
                row.insert(error, -sign)
                objective[level(of: priority)].insert(error, 1)
                t.other = error
            }
            tag = t
        case .equal:
            if isRequired && !tracksEqualities && !trackedOwners.contains(owner) {
                tag = Tag(marker: -1, markerCoefficient: 0)
            } else if isRequired {
                let dummy = makeSymbol(.dummy, owner: owner)
                row.insert(dummy, 1)
                tag = Tag(marker: dummy, markerCoefficient: 1)
            } else {
                let plus = makeSymbol(.error)
                let minus = makeSymbol(.error)
                row.insert(plus, -1)
                row.insert(minus, 1)
                let l = level(of: priority)
                objective[l].insert(plus, 1)
                objective[l].insert(minus, 1)
                tag = Tag(marker: minus, markerCoefficient: 1, other: plus)
            }
        }
        if row.constant < 0 {
            row.reverseSign()
            record(.negate)
        }

        var subject = chooseSubject(row, tag)
        if subject < 0 && onlyDummies(row) {
            guard nearZero(row.constant) else {
                throw Conflict(owners: requiredOwners(in: row, plus: owner))
            }
            // Redundant: implied by what is there. Without a marker there is nothing to keep.
            if tag.marker < 0 { return Tag(marker: -1, markerCoefficient: 0, isRedundant: true) }
            subject = tag.marker
        }
        if subject < 0 {
            guard try addWithArtificialVariable(row) else {
                throw Conflict(owners: requiredOwners(in: row, plus: owner))
            }
        } else {
            record(.settle(basic: subject, factor: row.solve(for: subject)))
            substitute(subject, row)
            appendRow(basic: subject, row)
        }
        try optimizeObjective()
        return tag
    }

    // Loops rather than closures over `self` here: a closure would copy the tableau.
    private func onlyDummies(_ row: Row) -> Bool {
        for s in row.symbols where info[Int(s)].kind != .dummy { return false }
        return true
    }

    private func level(of priority: Double) -> Int {
        levels.firstIndex(of: priority)!
    }

    /// An external symbol if there is one — preferably one no other row holds, so the
    /// tableau stays sparse and nothing needs substituting; else a new slack or error
    /// marker with a negative coefficient (so it can be basic with a non-negative value).
    private func chooseSubject(_ row: Row, _ tag: Tag) -> Int32 {
        var external: Int32 = -1
        for s in row.symbols where info[Int(s)].kind == .external {
            if !info[Int(s)].seen { return s }
            if external < 0 { external = s }
        }
        if external >= 0 { return external }
        for s in [tag.marker, tag.other] where s >= 0 {
            let k = info[Int(s)].kind
            if (k == .slack || k == .error) && row.coefficient(of: s) < 0 { return s }
        }
        return -1
    }

    private mutating func addWithArtificialVariable(_ row: Row) throws(Conflict) -> Bool {
        let art = makeSymbol(.slack)
        record(.settle(basic: art, factor: 1))
        appendRow(basic: art, row)
        artificial = row
        try optimize(artificialObjective: true)
        let success = nearZero(artificial!.constant)
        artificial = nil
        let r = info[Int(art)].rowIndex
        if r >= 0 {
            var basicRow = removeRow(basic: art)
            if basicRow.isConstant { return success }
            guard
                let entering = basicRow.symbols.first(where: {
                    info[Int($0)].kind == .slack || info[Int($0)].kind == .error
                })
            else { return false }
            let factor = basicRow.solve(for: art, in: entering)
            record(.pivot(leaving: art, entering: entering, factor: factor))
            substitute(entering, basicRow)
            appendRow(basic: entering, basicRow)
        }
        for i in rows.indices { rows[i].remove(art) }
        for l in objective.indices { objective[l].remove(art) }
        return success
    }

    // MARK: Row bookkeeping

    private mutating func appendRow(basic: Int32, _ row: Row) {
        info[Int(basic)].seen = true
        for s in row.symbols { info[Int(s)].seen = true }
        info[Int(basic)].rowIndex = Int32(rows.count)
        rows.append(row)
        basics.append(basic)
    }

    private mutating func removeRow(basic: Int32) -> Row {
        let i = Int(info[Int(basic)].rowIndex)
        let row = rows[i]
        let last = rows.count - 1
        if i != last {
            rows[i] = rows[last]
            basics[i] = basics[last]
            info[Int(basics[i])].rowIndex = Int32(i)
        }
        rows.removeLast()
        basics.removeLast()
        info[Int(basic)].rowIndex = -1
        return row
    }

    private mutating func substitute(_ symbol: Int32, _ row: Row) {
        for s in row.symbols { info[Int(s)].seen = true }
        if info[Int(symbol)].seen {
            for i in rows.indices {
                let c = rows[i].substitute(symbol, row)
                if c != 0 { record(.addScaled(target: basics[i], source: symbol, coefficient: c)) }
                if info[Int(basics[i])].kind != .external && rows[i].constant < 0 {
                    infeasible.append(basics[i])
                }
            }
        }
        for l in objective.indices { objective[l].substitute(symbol, row) }
        artificial?.substitute(symbol, row)
    }

    // MARK: Simplex

    private mutating func optimizeObjective() throws(Conflict) {
        try optimize(artificialObjective: false)
    }

    /// Primal simplex on the lexicographic objective (or the artificial one).
    private mutating func optimize(artificialObjective: Bool) throws(Conflict) {
        while true {
            let entering = artificialObjective ? enteringForArtificial() : enteringSymbol()
            if entering < 0 { return }
            let leaving = leavingRow(for: entering)
            // The objective is a sum of non-negative errors: it cannot be unbounded.
            guard leaving >= 0 else { throw Conflict(owners: []) }
            var row = removeRow(basic: leaving)
            let factor = row.solve(for: leaving, in: entering)
            record(.pivot(leaving: leaving, entering: entering, factor: factor))
            substitute(entering, row)
            appendRow(basic: entering, row)
        }
    }

    private func enteringForArtificial() -> Int32 {
        let a = artificial!
        for cell in a.cells where cell.coefficient < 0 && info[Int(cell.symbol)].kind != .dummy {
            return cell.symbol
        }
        return -1
    }

    /// The first symbol whose reduced-cost vector is lexicographically negative.
    private func enteringSymbol() -> Int32 {
        for l in objective.indices {
            let o = objective[l]
            for cell in o.cells where cell.coefficient < 0 && info[Int(cell.symbol)].kind != .dummy
            {
                let s = cell.symbol
                var higherLevelsIgnoreIt = true
                for h in 0..<l where !nearZero(objective[h].coefficient(of: s)) {
                    higherLevelsIgnoreIt = false
                }
                if higherLevelsIgnoreIt { return s }
            }
        }
        return -1
    }

    private func leavingRow(for entering: Int32) -> Int32 {
        var best = Double.infinity
        var leaving: Int32 = -1
        for i in rows.indices where info[Int(basics[i])].kind != .external {
            let c = rows[i].coefficient(of: entering)
            if c < 0 {
                let ratio = -rows[i].constant / c
                if ratio < best || (ratio == best && basics[i] < leaving) {
                    best = ratio
                    leaving = basics[i]
                }
            }
        }
        return leaving
    }

    /// Dual simplex: restores feasibility after constants changed, keeping optimality.
    private mutating func dualOptimize() throws(Conflict) {
        while let leaving = infeasible.popLast() {
            let r = info[Int(leaving)].rowIndex
            guard r >= 0, rows[Int(r)].constant < 0, !nearZero(rows[Int(r)].constant) else {
                continue
            }
            let entering = dualEntering(rows[Int(r)])
            guard entering >= 0 else {
                infeasible.removeAll()
                throw Conflict(owners: requiredOwners(in: rows[Int(r)], basic: leaving))
            }
            var row = removeRow(basic: leaving)
            let factor = row.solve(for: leaving, in: entering)
            record(.pivot(leaving: leaving, entering: entering, factor: factor))
            substitute(entering, row)
            appendRow(basic: entering, row)
        }
    }

    private func dualEntering(_ row: Row) -> Int32 {
        var entering: Int32 = -1
        var best: [Double] = []
        for cell in row.cells where cell.coefficient > 0 && info[Int(cell.symbol)].kind != .dummy {
            let (s, c) = (cell.symbol, cell.coefficient)
            let ratio = objective.map { $0.coefficient(of: s) / c }
            if entering < 0 || ratio.lexicographicallyPrecedes(best) {
                entering = s
                best = ratio
            }
        }
        return entering
    }

    private func requiredOwners(in row: Row, basic: Int32) -> [Int32] {
        requiredOwners(in: row, plus: info[Int(basic)].owner)
    }

    /// The constraints whose markers are in `row`, and `extra` (if not -1): what a failing
    /// row was derived from. (Worked out only on failure: keeping a set per added row
    /// would cost every build.)
    private func requiredOwners(in row: Row, plus extra: Int32) -> [Int32] {
        var found = Set<Int32>()
        if extra >= 0 { found.insert(extra) }
        for s in row.symbols where info[Int(s)].owner >= 0 { found.insert(info[Int(s)].owner) }
        return found.sorted()
    }

    // MARK: Changing a constant in place

    /// Moves the constants of constraints by their deltas (Σ terms relation constant + delta),
    /// all at once, and re-optimises with the dual simplex.
    ///
    /// The original row reads `expr - constant + m·marker + ... = 0`; lowering the
    /// expression's constant by `delta` is the same as replacing `marker` by
    /// `marker + delta / m` everywhere, which only shifts row constants. All shifts go in
    /// before any row is judged: one forward value moves every constraint over it, and
    /// taken one at a time they can pass through a state no solution satisfies (found by
    /// the property tests: `v0 + v1 <= 22` and `v0 + v1 >= -35` with `v0` moving by 58).
    mutating func shiftConstants(_ shifts: [(tag: Tag, delta: Double, owner: Int32)])
        throws(Conflict)
    {
        if builtHistoryCount < 0 { builtHistoryCount = history.count }
        var touched: [Int] = []
        for (tag, delta, _) in shifts {
            let shift = -delta / tag.markerCoefficient
            let marker = tag.marker
            let r = info[Int(marker)].rowIndex
            if r >= 0 {
                rows[Int(r)].constant -= shift
                touched.append(Int(r))
            } else {
                for i in rows.indices {
                    let c = rows[i].coefficient(of: marker)
                    if c != 0 {
                        rows[i].constant += c * shift
                        touched.append(i)
                    }
                }
            }
        }
        let shiftedOwners = shifts.map(\.owner)
        for i in touched { try checkRow(i, owners: shiftedOwners) }
        try dualOptimize()
        // The dual pass restores feasibility; with lexicographic levels its ratio test can
        // stop on a basis a lower level could still improve (found by the property tests),
        // so finish with the primal pass, which costs nothing when already optimal.
        try optimizeObjective()
        trimHistory()
    }

    // MARK: Markers after the fact

    /// Whether `addMarker(owner:)` can be used; when not, the core must be rebuilt.
    var canAddMarker: Bool { recordsHistory }

    /// Each dual-simplex pass after a change adds to the history; past four times what the
    /// build recorded (a long drag of an edit variable), replaying it would cost more than
    /// a rebuild, and keeping it would hold memory for nothing: it is dropped.
    private mutating func trimHistory() {
        if recordsHistory && history.count > 4 * builtHistoryCount + 4096 {
            recordsHistory = false
            history = []
        }
    }

    /// Gives required equality `owner`, added without a marker, the marker it would have
    /// had from the start, and returns its tag; its constant can then change in place.
    ///
    /// The marker's column is how every row constant depends on the constraint's constant:
    /// `history` replayed with that constant at 1 and all others at 0. One pass over the
    /// history instead of a rebuild.
    mutating func addMarker(owner: Int32) -> Tag {
        precondition(recordsHistory, "addMarker(owner:) without a history (check canAddMarker)")
        if builtHistoryCount < 0 { builtHistoryCount = history.count }
        var column = [Double](repeating: 0, count: info.count)
        var pending = 0.0
        for step in history {
            switch step {
            case .begin(let o): pending = o == owner ? -1 : 0
            case .addRow(let basic, let coefficient): pending += coefficient * column[Int(basic)]
            case .negate: pending = -pending
            case .settle(let basic, let factor): column[Int(basic)] = pending * factor
            case .addScaled(let target, let source, let coefficient):
                column[Int(target)] += coefficient * column[Int(source)]
            case .pivot(let leaving, let entering, let factor):
                column[Int(entering)] = column[Int(leaving)] * factor
                column[Int(leaving)] = 0
            }
        }
        // `shiftConstants` moves a row by minus its marker coefficient per unit of constant
        // (markerCoefficient 1); the row must move by its column: the coefficient is -column.
        let dummy = makeSymbol(.dummy, owner: owner)
        info[Int(dummy)].seen = true
        for i in rows.indices {
            let c = column[Int(basics[i])]
            if !nearZero(c) { rows[i].insert(dummy, -c) }
        }
        return Tag(marker: dummy, markerCoefficient: 1)
    }

    private mutating func checkRow(_ i: Int, owners shifted: [Int32]) throws(Conflict) {
        let basic = basics[i]
        switch info[Int(basic)].kind {
        case .external: break
        case .dummy:
            // A basic dummy marks a redundant required equality: it must stay exactly 0.
            if !nearZero(rows[i].constant) {
                infeasible.removeAll()
                var o = Set(requiredOwners(in: rows[i], basic: basic))
                o.formUnion(shifted)
                throw Conflict(owners: o.sorted())
            }
        case .slack, .error:
            if rows[i].constant < 0 { infeasible.append(basic) }
        }
    }
}
