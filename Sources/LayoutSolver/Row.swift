/// A tableau row: `basic = constant + Σ coefficient × symbol`, sparse and sorted by symbol.
///
/// One array of cells, not one of symbols and one of coefficients: a core is a few short
/// rows, and two arrays per row would double the allocations of every build. Merges are
/// linear in both rows.
struct Row {
    struct Cell {
        var symbol: Int32
        var coefficient: Double
    }

    private(set) var cells: [Cell] = []
    var constant: Double

    init(constant: Double = 0) { self.constant = constant }

    init(constant: Double, capacity: Int) {
        self.constant = constant
        cells.reserveCapacity(capacity)
    }

    var isConstant: Bool { cells.isEmpty }

    /// The symbols of the cells, in order.
    var symbols: LazyMapSequence<[Cell], Int32> { cells.lazy.map(\.symbol) }

    @inline(__always) func position(of symbol: Int32) -> (found: Bool, index: Int) {
        var lo = 0
        var hi = cells.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            let s = cells[mid].symbol
            if s == symbol { return (true, mid) }
            if s < symbol { lo = mid + 1 } else { hi = mid }
        }
        return (false, lo)
    }

    func coefficient(of symbol: Int32) -> Double {
        let p = position(of: symbol)
        return p.found ? cells[p.index].coefficient : 0
    }

    /// Adds `coefficient × symbol`, dropping the cell when it cancels to zero.
    mutating func insert(_ symbol: Int32, _ coefficient: Double) {
        let p = position(of: symbol)
        if p.found {
            let c = cells[p.index].coefficient + coefficient
            if nearZero(c) {
                cells.remove(at: p.index)
            } else {
                cells[p.index].coefficient = c
            }
        } else if !nearZero(coefficient) {
            cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: p.index)
        }
    }

    /// Adds `coefficient × other` (constant included), merging the sorted cells.
    ///
    /// In place, from the back: the cells make room for `other`'s at their end and the
    /// merge fills that room from the highest symbol down, so a row with capacity to
    /// spare allocates nothing (a new array per merge was a large share of a small
    /// core's allocations). A sum that cancels leaves a gap, closed at the end.
    mutating func insert(_ other: Row, _ coefficient: Double) {
        constant += other.constant * coefficient
        if other.cells.isEmpty { return }
        if other.cells.count == 1 {
            insert(other.cells[0].symbol, other.cells[0].coefficient * coefficient)
            return
        }
        let n = cells.count
        let m = other.cells.count
        cells.append(contentsOf: repeatElement(Cell(symbol: -1, coefficient: 0), count: m))
        var i = n - 1  // the next of self's cells, from the back
        var j = m - 1  // the next of other's cells, from the back
        var k = n + m - 1  // where the next merged cell goes
        while j >= 0 {
            let o = other.cells[j]
            if i >= 0 && cells[i].symbol > o.symbol {
                cells[k] = cells[i]
                i -= 1
                k -= 1
                continue
            }
            let v: Double
            if i >= 0 && cells[i].symbol == o.symbol {
                v = cells[i].coefficient + o.coefficient * coefficient
                i -= 1
            } else {
                v = o.coefficient * coefficient
            }
            j -= 1
            if !nearZero(v) {
                cells[k] = Cell(symbol: o.symbol, coefficient: v)
                k -= 1
            }
        }
        // Self's cells 0...i are in place; the merged ones start at k + 1.
        let gap = k - i
        if gap > 0 {
            for r in (k + 1)..<(n + m) { cells[r - gap] = cells[r] }
            cells.removeLast(gap)
        }
    }

    mutating func remove(_ symbol: Int32) {
        let p = position(of: symbol)
        if p.found { cells.remove(at: p.index) }
    }

    mutating func reverseSign() {
        constant = -constant
        for i in cells.indices { cells[i].coefficient = -cells[i].coefficient }
    }

    /// Turns `0 = row` into `symbol = row'` (the symbol leaves the cells); returns the
    /// factor the row (its constant included) was multiplied by.
    @discardableResult
    mutating func solve(for symbol: Int32) -> Double {
        let p = position(of: symbol)
        precondition(p.found, "solve(for:) on a symbol not in the row")
        let k = -1 / cells[p.index].coefficient
        cells.remove(at: p.index)
        constant *= k
        for i in cells.indices { cells[i].coefficient *= k }
        return k
    }

    /// Turns `lhs = row` (lhs basic) into `rhs = row'`; returns the factor the constant
    /// was multiplied by.
    mutating func solve(for lhs: Int32, in rhs: Int32) -> Double {
        insert(lhs, -1)
        return solve(for: rhs)
    }

    /// Replaces `symbol` by the expression `row`; returns the coefficient `row` was added
    /// with (0 when the symbol was not in this row).
    @discardableResult
    mutating func substitute(_ symbol: Int32, _ row: Row) -> Double {
        let p = position(of: symbol)
        guard p.found else { return 0 }
        let c = cells[p.index].coefficient
        cells.remove(at: p.index)
        insert(row, c)
        return c
    }
}
