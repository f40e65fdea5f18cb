import LayoutScript

/// A layout model's constraints, in declaration order: the rows a reader made, or, for
/// the model a first apply builds as it goes, the same values packed.
///
/// A `StoredConstraint` is 168 bytes and each side of its constraint an array of its own:
/// at a million views a first apply's 4.6M constraints were 1.2 GB of its peak. Packed,
/// a constraint is a 56-byte record and its terms 16 bytes each in one array, with the
/// view and layout names written once, and the file as its number. Reading an element builds the
/// `StoredConstraint` it stands for; writing one packs it again. The two forms are the
/// same collection: equal when their elements are, whatever the form.
package struct StoredConstraints: RandomAccessCollection, MutableCollection, Hashable, Sendable,
    ExpressibleByArrayLiteral
{
    /// The elements, where ``packed`` is nil.
    private var rows: [StoredConstraint]
    /// The elements packed, or nil. Kept beside ``rows`` rather than in an enum with it:
    /// an enum's payload is moved out and back in for every change, a retain and release
    /// of each of its arrays per constraint appended.
    private var packed: PackedConstraints?

    package init(_ rows: [StoredConstraint] = []) {
        self.rows = rows
    }

    package init(arrayLiteral rows: StoredConstraint...) {
        self.rows = rows
    }

    /// An empty collection that packs what is appended to it.
    package static func packed() -> StoredConstraints {
        var constraints = StoredConstraints()
        constraints.packed = PackedConstraints()
        return constraints
    }

    package var startIndex: Int { 0 }

    package var endIndex: Int { packed?.count ?? rows.count }

    package subscript(position: Int) -> StoredConstraint {
        get { packed?[position] ?? rows[position] }
        set {
            if packed == nil {
                rows[position] = newValue
            } else if packed?.replace(at: position, with: newValue) != true {
                unpack()
                rows[position] = newValue
            }
        }
    }

    package mutating func append(_ element: StoredConstraint) {
        if packed == nil {
            rows.append(element)
        } else if packed?.append(element) != true {
            // A value the packed form cannot hold (a term count or position past its
            // fields): the collection goes on as rows.
            unpack()
            rows.append(element)
        }
    }

    package mutating func reserveCapacity(_ n: Int) {
        if packed == nil {
            rows.reserveCapacity(n)
        } else {
            packed?.reserveCapacity(n)
        }
    }

    private mutating func unpack() {
        guard let packed else { return }
        rows = Array(packed.elements)
        self.packed = nil
    }

    /// The constraint of element `position`, without the rest of its row.
    package func constraint(at position: Int) -> Constraint {
        packed?.constraint(position) ?? rows[position].constraint
    }

    /// The names packed terms refer to (``PackedTerm/view``); nil where not packed.
    package var packedNames: [String]? { packed?.names }

    /// What a solve reads of element `position`, where the packed form keeps it; nil where
    /// not packed.
    package func packedConstraint(at position: Int) -> PackedConstraint? {
        packed?.solved(position)
    }

    /// Each constraint's row id, read without building the constraints.
    package var ids: [Int64?] { packed?.ids ?? rows.map(\.id) }

    /// Lets go of the terms of constraint `position` where they are its own arrays (the
    /// engine has copied them); packed terms take no memory of their own and stay.
    package mutating func releaseTerms(at position: Int) {
        guard packed == nil else { return }
        rows[position].constraint.lhs.terms = []
        rows[position].constraint.rhs.terms = []
    }

    package static func == (a: StoredConstraints, b: StoredConstraints) -> Bool {
        a.elementsEqual(b)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for c in self { hasher.combine(c) }
    }
}

/// A term of a packed constraint (``StoredConstraints/packed()``): its view as an index
/// into the collection's names (``StoredConstraints/packedNames``).
package struct PackedTerm: Sendable {
    package var coefficient: Double
    package var view: Int32
    package var attribute: Attribute
}

/// What a solve reads of a packed constraint, where the collection keeps it: no
/// `Constraint` made of it, no array of its own for either side.
package struct PackedConstraint {
    package let lhs: ArraySlice<PackedTerm>
    package let rhs: ArraySlice<PackedTerm>
    package let relation: Relation
    /// The right side's constant less the left side's (``Constraint/constant``).
    package let constant: Double
    package let priority: Priority
    package let isActive: Bool
}

/// The packed form of ``StoredConstraints``: one record a constraint, the terms of all in
/// one array, every name once in a table.
private struct PackedConstraints: Sendable {
    private struct Record: Sendable {
        var id: Int64
        var lhsConstant: Double
        var rhsConstant: Double
        var priority: Priority
        var firstTerm: Int32
        var originLine: Int32
        var originColumn: Int32
        /// The origin's file (``SourceLocation/fileID``); -1 for no origin.
        var originFile: Int32
        var lhsCount: UInt16
        var rhsCount: UInt16
        var relation: Relation
        var kind: Constraint.Kind
        var isActive: Bool
        var hasID: Bool

        /// Where each side's terms are in ``PackedConstraints/terms``.
        var lhsTerms: Range<Int> { Int(firstTerm)..<(Int(firstTerm) + Int(lhsCount)) }
        var rhsTerms: Range<Int> { lhsTerms.upperBound..<(lhsTerms.upperBound + Int(rhsCount)) }
    }

    private typealias Term = PackedTerm

    private var records: [Record] = []
    private var terms: [Term] = []
    /// Views' names, each once; a term's view is an index here.
    private(set) var names: [String] = []
    private var nameIndex: [String: Int32] = [:]
    /// An index of `names` never changes.
    private var recentNames = RecentNames<Int32>()
    /// Of each constraint, what few have: a label, a statement text, a component, and a
    /// layout other than the first one's (each model holds one layout).
    private var labels: [Int: String] = [:]
    private var sources: [Int: String] = [:]
    private var components: [Int: Int] = [:]
    private var layout: String?
    private var otherLayouts: [Int: String] = [:]

    var count: Int { records.count }

    var ids: [Int64?] { records.map { $0.hasID ? $0.id : nil } }

    var elements: LazyMapSequence<Range<Int>, StoredConstraint> {
        (0..<count).lazy.map { self[$0] }
    }

    subscript(i: Int) -> StoredConstraint {
        let r = records[i]
        return StoredConstraint(
            id: r.hasID ? r.id : nil,
            layout: otherLayouts.isEmpty ? layout ?? "" : otherLayouts[i] ?? layout ?? "",
            constraint: constraint(i), component: components.isEmpty ? nil : components[i])
    }

    /// What a solve reads of constraint `i`, where it is.
    func solved(_ i: Int) -> PackedConstraint {
        let r = records[i]
        return PackedConstraint(
            lhs: terms[r.lhsTerms], rhs: terms[r.rhsTerms], relation: r.relation,
            constant: r.rhsConstant - r.lhsConstant, priority: r.priority, isActive: r.isActive)
    }

    /// Constraint `i` alone, without the rest of its row.
    func constraint(_ i: Int) -> Constraint {
        let r = records[i]
        let origin =
            r.originFile < 0
            ? nil
            : SourceLocation(
                fileID: r.originFile, line: Int(r.originLine), column: Int(r.originColumn))
        return Constraint(
            label: labels.isEmpty ? nil : labels[i],
            lhs: LinearExpression(terms: unpacked(r.lhsTerms), constant: r.lhsConstant),
            relation: r.relation,
            rhs: LinearExpression(terms: unpacked(r.rhsTerms), constant: r.rhsConstant),
            priority: r.priority, isActive: r.isActive, kind: r.kind,
            source: sources.isEmpty ? "" : sources[i] ?? "", origin: origin)
    }

    /// The terms in `range`, each with its view's name. A loop: `map(unpacked)` with a
    /// method took a copy of the whole struct (a retain and a release of each of its
    /// arrays) for every side of every constraint, 44M instructions at form-10000.
    private func unpacked(_ range: Range<Int>) -> [LayoutScript.Term] {
        guard !range.isEmpty else { return [] }
        var unpacked: [LayoutScript.Term] = []
        unpacked.reserveCapacity(range.count)
        for t in terms[range] {
            unpacked.append(
                LayoutScript.Term(
                    view: names[Int(t.view)], attribute: t.attribute, coefficient: t.coefficient))
        }
        return unpacked
    }

    mutating func reserveCapacity(_ n: Int) {
        records.reserveCapacity(n)
        // Most constraints have a term on each side, or one and a constant.
        terms.reserveCapacity(2 * n)
    }

    /// Packs `element` at the end; false (and nothing changed) where it does not fit.
    mutating func append(_ element: StoredConstraint) -> Bool {
        guard let record = record(of: element, index: records.count, firstTerm: terms.count)
        else { return false }
        records.append(record)
        for t in element.constraint.lhs.terms { terms.append(packed(t)) }
        for t in element.constraint.rhs.terms { terms.append(packed(t)) }
        keepRare(of: element, at: records.count - 1)
        return true
    }

    /// Packs `element` in place of constraint `i`; its terms go where the old ones were
    /// when they fit there, else at the end. False (and nothing changed) where it does
    /// not fit the packed form.
    mutating func replace(at i: Int, with element: StoredConstraint) -> Bool {
        let old = records[i]
        let needed = element.constraint.lhs.terms.count + element.constraint.rhs.terms.count
        let inPlace = needed <= Int(old.lhsCount) + Int(old.rhsCount)
        let first = inPlace ? Int(old.firstTerm) : terms.count
        guard let record = record(of: element, index: i, firstTerm: first) else { return false }
        let new = element.constraint.lhs.terms + element.constraint.rhs.terms
        if inPlace {
            for (k, t) in new.enumerated() { terms[first + k] = packed(t) }
        } else {
            for t in new { terms.append(packed(t)) }
        }
        records[i] = record
        keepRare(of: element, at: i)
        return true
    }

    private mutating func record(of element: StoredConstraint, index: Int, firstTerm: Int)
        -> Record?
    {
        let c = element.constraint
        let lhsCount = c.lhs.terms.count
        let rhsCount = c.rhs.terms.count
        let limit = Int(Int32.max)
        guard lhsCount <= Int(UInt16.max), rhsCount <= Int(UInt16.max),
            firstTerm + lhsCount + rhsCount <= limit, index < limit
        else { return nil }
        if let origin = c.origin {
            guard (0...limit).contains(origin.line), (0...limit).contains(origin.column) else {
                return nil
            }
        }
        return Record(
            id: element.id ?? 0, lhsConstant: c.lhs.constant, rhsConstant: c.rhs.constant,
            priority: c.priority, firstTerm: Int32(firstTerm),
            originLine: Int32(c.origin?.line ?? 0), originColumn: Int32(c.origin?.column ?? 0),
            originFile: c.origin?.fileID ?? -1, lhsCount: UInt16(lhsCount),
            rhsCount: UInt16(rhsCount), relation: c.relation, kind: c.kind,
            isActive: c.isActive, hasID: element.id != nil)
    }

    private mutating func keepRare(of element: StoredConstraint, at i: Int) {
        let c = element.constraint
        labels.keep(c.label, at: i)
        sources.keep(c.source.isEmpty ? nil : c.source, at: i)
        components.keep(element.component, at: i)
        if layout == nil { layout = element.layout }
        otherLayouts.keep(element.layout == layout ? nil : element.layout, at: i)
    }

    private mutating func packed(_ t: LayoutScript.Term) -> Term {
        Term(coefficient: t.coefficient, view: name(t.view), attribute: t.attribute)
    }

    /// The index of `text` in the names table, added if new.
    private mutating func name(_ text: String) -> Int32 {
        if let i = recentNames.cached(text) { return i }
        let i: Int32
        if let known = nameIndex[text] {
            i = known
        } else {
            i = Int32(names.count)
            names.append(text)
            nameIndex[text] = i
        }
        recentNames.keep(text, i)
        return i
    }
}

extension Dictionary where Key == Int {
    /// Sets `value` at `key`, or removes what is there. Most constraints have no label,
    /// text or component: an empty table is not looked into for a removal.
    fileprivate mutating func keep(_ value: Value?, at key: Int) {
        if let value {
            self[key] = value
        } else if !isEmpty {
            self[key] = nil
        }
    }
}
