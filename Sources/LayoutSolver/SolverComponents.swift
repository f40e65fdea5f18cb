// Finding the connected components of the constraint graph that need solving again.

extension Solver {
    /// Breadth-first search over live constraints; unlinks dead occurrences on the way.
    mutating func discoverComponents(from seeds: [Int32]) -> [([Int32], [Int32])] {
        // Each component gets its own epoch, so its marks alone can be scanned; a seed
        // marked at or after the pass's first epoch is already in a component.
        let passStart = scratch.startPass()
        var stamp = passStart
        var found: [([Int32], [Int32])] = []
        var first = true
        for seed in seeds where scratch.variableMark(Int(seed)) < passStart {
            if !first { stamp = scratch.nextEpochInPass() }
            first = false
            _ = scratch.mark(variable: Int(seed), stamp)
            var vars: [Int32] = [seed]
            var cons: [Int32] = []
            var head = 0
            while head < vars.count {
                let v = Int(vars[head])
                head += 1
                var previous: Int32 = -1
                var t = termTable.firstOccurrence(of: v)
                while t >= 0 {
                    let c = Int(termTable.owner(t))
                    let next = termTable.next(t)
                    if constraintTable[role: c] == .dead {
                        termTable.unlink(t, of: v, after: previous)
                        t = next
                        continue
                    }
                    if scratch.mark(constraint: c, stamp) {
                        cons.append(Int32(c))
                        for u in terms(of: c) {
                            let w = Int(termTable.variable(u))
                            if scratch.mark(variable: w, stamp) {
                                vars.append(Int32(w))
                            }
                        }
                    }
                    previous = t
                    t = next
                }
                termTable.setTail(previous, of: v)
            }
            if cons.isEmpty {
                variableTable.setUnconstrained(Int(seed))
                continue
            }
            found.append(
                (
                    scratch.variablesInIndexOrder(vars, stamp: stamp),
                    scratch.constraintsInIndexOrder(cons, stamp: stamp)
                ))
        }
        return found
    }

    /// The components of every live constraint whose variables belong to no component
    /// (those of dropped components and of new constraints), by union-find over the
    /// constraints in index order. Reads memory in order where the search would chase
    /// occurrence lists across it, which grows faster than the system once it outgrows
    /// the cache. Gives what the search gives: each component's variables and
    /// constraints in index order; components by their first variable.
    mutating func discoverComponentsInBulk() -> [([Int32], [Int32])] {
        let stamp = scratch.startPass()
        // The marks are moved out of `self` for the pass, which reads and writes the rest
        // of `self` while it writes them; as buffers, because a write through `self`
        // checks uniqueness every time. The variable counters hold the parents.
        var marks = ScratchMarks()
        swap(&marks, &scratch)
        defer { swap(&marks, &scratch) }
        let sawDead = marks.withVariableBuffers { parent, marks in
            unionVariables(parent: parent, marks: marks, stamp: stamp)
        }
        if sawDead { relinkOccurrences() }
        return marks.withVariableBuffers { parent, marks in
            groupComponents(parent: parent, marks: UnsafeBufferPointer(marks), stamp: stamp)
        }
    }

    /// Joins the variables of every live constraint in no component; marks them with
    /// `stamp`. `parent` of a marked variable is never above it (the smaller root wins),
    /// so a set's root is its smallest variable. Whether a dead constraint was met.
    private func unionVariables(
        parent: UnsafeMutableBufferPointer<Int32>, marks: UnsafeMutableBufferPointer<UInt32>,
        stamp: UInt32
    ) -> Bool {
        @inline(__always) func findRoot(_ v: Int) -> Int {
            var x = v
            while Int(parent[x]) != x {
                let grandparent = parent[Int(parent[x])]
                parent[x] = grandparent
                x = Int(grandparent)
            }
            return x
        }
        var sawDead = false
        for c in 0..<constraintTable.committed where hasTerms(c) {
            let range = terms(of: c)
            guard variableTable[component: Int(termTable.variable(range.lowerBound))] < 0 else {
                continue
            }
            guard constraintTable[role: c] != .dead else {
                sawDead = true
                continue
            }
            var root = -1
            for t in range {
                let v = Int(termTable.variable(t))
                if marks[v] != stamp {
                    marks[v] = stamp
                    parent[v] = Int32(v)
                }
                let r = findRoot(v)
                if root < 0 {
                    root = r
                } else if r < root {
                    parent[root] = Int32(r)
                    root = r
                } else if r > root {
                    parent[r] = Int32(root)
                }
            }
        }
        return sawDead
    }

    /// The sets of `unionVariables` as components, numbered in the order of their roots.
    /// A root's `parent` becomes -(number + 1), any other variable's its root.
    private mutating func groupComponents(
        parent: UnsafeMutableBufferPointer<Int32>, marks: UnsafeBufferPointer<UInt32>, stamp: UInt32
    ) -> [([Int32], [Int32])] {
        var variableCounts: [Int32] = []
        for v in 0..<variableTable.count where variableTable[component: v] < 0 {
            guard marks[v] == stamp else {
                variableTable.setUnconstrained(v)  // a seed left without live constraints
                continue
            }
            let p = Int(parent[v])
            if p == v {
                parent[v] = -Int32(variableCounts.count) - 1
                variableCounts.append(1)
            } else {
                let q = Int(parent[p])
                let root = q < 0 ? p : q
                parent[v] = Int32(root)
                variableCounts[Int(-parent[root] - 1)] += 1
            }
        }
        @inline(__always) func number(_ v: Int) -> Int {
            let p = Int(parent[v])
            return p < 0 ? -p - 1 : Int(-parent[p] - 1)
        }
        var constraintCounts = [Int32](repeating: 0, count: variableCounts.count)
        for c in 0..<constraintTable.committed
        where hasTerms(c) && constraintTable[role: c] != .dead {
            let v = Int(termTable.firstVariable(of: c))
            if variableTable[component: v] < 0 { constraintCounts[number(v)] += 1 }
        }
        // A counting sort into flat storage, then one copy per component: appending to
        // an array of arrays checks two uniquenesses per item.
        var cursor = startOffsets(variableCounts)
        let variableStarts = cursor
        let flatVariables = [Int32](unsafeUninitializedCapacity: Int(cursor.last!)) { out, filled in
            for v in 0..<variableTable.count
            where variableTable[component: v] < 0 && marks[v] == stamp {
                let k = number(v)
                out[Int(cursor[k])] = Int32(v)
                cursor[k] += 1
            }
            filled = out.count
        }
        cursor = startOffsets(constraintCounts)
        let constraintStarts = cursor
        let flatConstraints = [Int32](unsafeUninitializedCapacity: Int(cursor.last!)) {
            out, filled in
            for c in 0..<constraintTable.committed
            where hasTerms(c) && constraintTable[role: c] != .dead {
                let v = Int(termTable.firstVariable(of: c))
                guard variableTable[component: v] < 0 else { continue }
                let k = number(v)
                out[Int(cursor[k])] = Int32(c)
                cursor[k] += 1
            }
            filled = out.count
        }
        return variableCounts.indices.map { k in
            (
                Array(flatVariables[Int(variableStarts[k])..<Int(variableStarts[k + 1])]),
                Array(flatConstraints[Int(constraintStarts[k])..<Int(constraintStarts[k + 1])])
            )
        }
    }

    /// Where each bucket starts when buckets of these sizes are laid end to end, and
    /// where the last ends.
    private func startOffsets(_ counts: [Int32]) -> [Int32] {
        var starts: [Int32] = [0]
        starts.reserveCapacity(counts.count + 1)
        for n in counts { starts.append(starts.last! + n) }
        return starts
    }

    /// Rebuilds the occurrence lists of the variables in no component, dropping dead
    /// constraints (the search unlinks them as it meets them). In term order, as `append`
    /// builds them.
    private mutating func relinkOccurrences() {
        // Copies for the closures (no copy is made: nothing writes them meanwhile), which
        // must not read `self` while its term table is being written.
        let variables = variableTable
        let constraints = constraintTable
        termTable.relink(
            variables: { variables[component: $0] < 0 },
            constraints: { c, first in constraints.isLive(c) && variables[component: first] < 0 })
    }
}
