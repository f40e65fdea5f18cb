/// A tableau row: `basic = constant + Σ coefficient × symbol`, sparse and sorted by symbol.
///
/// Flat parallel arrays keep rows cache-friendly; merges are linear in both rows.
struct Row {
    var symbols: [Int32] = []
    var coefficients: [Double] = []
    var constant: Double

    init(constant: Double = 0) { self.constant = constant }

    init(constant: Double, capacity: Int) {
        self.constant = constant
        symbols.reserveCapacity(capacity)
        coefficients.reserveCapacity(capacity)
    }

    var isConstant: Bool { symbols.isEmpty }

    @inline(__always) func position(of symbol: Int32) -> (found: Bool, index: Int) {
        var lo = 0
        var hi = symbols.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            let s = symbols[mid]
            if s == symbol { return (true, mid) }
            if s < symbol { lo = mid + 1 } else { hi = mid }
        }
        return (false, lo)
    }

    func coefficient(of symbol: Int32) -> Double {
        let p = position(of: symbol)
        return p.found ? coefficients[p.index] : 0
    }

    /// Adds `coefficient × symbol`, dropping the cell when it cancels to zero.
    mutating func insert(_ symbol: Int32, _ coefficient: Double) {
        let p = position(of: symbol)
        if p.found {
            let c = coefficients[p.index] + coefficient
            if nearZero(c) {
                symbols.remove(at: p.index)
                coefficients.remove(at: p.index)
            } else {
                coefficients[p.index] = c
            }
        } else if !nearZero(coefficient) {
            symbols.insert(symbol, at: p.index)
            coefficients.insert(coefficient, at: p.index)
        }
    }

    /// Adds `coefficient × other` (constant included), merging the sorted cells.
    mutating func insert(_ other: Row, _ coefficient: Double) {
        constant += other.constant * coefficient
        if other.symbols.isEmpty { return }
        if other.symbols.count == 1 {
            insert(other.symbols[0], other.coefficients[0] * coefficient)
            return
        }
        var s: [Int32] = []
        var c: [Double] = []
        s.reserveCapacity(symbols.count + other.symbols.count)
        c.reserveCapacity(symbols.count + other.symbols.count)
        var i = 0
        var j = 0
        while i < symbols.count || j < other.symbols.count {
            if j == other.symbols.count || (i < symbols.count && symbols[i] < other.symbols[j]) {
                s.append(symbols[i]); c.append(coefficients[i]); i += 1
            } else if i == symbols.count || other.symbols[j] < symbols[i] {
                let v = other.coefficients[j] * coefficient
                if !nearZero(v) { s.append(other.symbols[j]); c.append(v) }
                j += 1
            } else {
                let v = coefficients[i] + other.coefficients[j] * coefficient
                if !nearZero(v) { s.append(symbols[i]); c.append(v) }
                i += 1; j += 1
            }
        }
        symbols = s
        coefficients = c
    }

    mutating func remove(_ symbol: Int32) {
        let p = position(of: symbol)
        if p.found {
            symbols.remove(at: p.index)
            coefficients.remove(at: p.index)
        }
    }

    mutating func reverseSign() {
        constant = -constant
        for i in coefficients.indices { coefficients[i] = -coefficients[i] }
    }

    /// Turns `0 = row` into `symbol = row'` (the symbol leaves the cells); returns the
    /// factor the row (its constant included) was multiplied by.
    @discardableResult
    mutating func solve(for symbol: Int32) -> Double {
        let p = position(of: symbol)
        precondition(p.found, "solve(for:) on a symbol not in the row")
        let k = -1 / coefficients[p.index]
        symbols.remove(at: p.index)
        coefficients.remove(at: p.index)
        constant *= k
        for i in coefficients.indices { coefficients[i] *= k }
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
        let c = coefficients[p.index]
        symbols.remove(at: p.index)
        coefficients.remove(at: p.index)
        insert(row, c)
        return c
    }
}
